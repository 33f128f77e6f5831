/**
 * Horse and Musket (chapter 11) in the browser: the measured table, its
 * tools and panels, behind the shell's SystemView seam. The board holds no
 * rule: legality, distances, arcs, paths and odds come from
 * @tercio/horse-and-musket-ch11 (checkMove, chargePath, shotRefusal,
 * fieldOfFire, shootingHits, handToHandHits, retreat); refusals are the
 * engine's RuleError messages.
 *
 * Stable test ids (the e2e tests and players' scripts rely on them):
 *   table                 the board's SVG (focusable; keys: + − 0 zoom, arrows pan or draw, Enter, Escape)
 *   terrain, grid         the terrain layer; the inch grid when on
 *   unit-<id>             a unit's base (focusable, Tab order = id order; data-x/-y/-facing/-hits)
 *   unit-panel            the selected unit's words
 *   ghost                 the end pose of the move being drawn (data-x/-y/-facing)
 *   pivot-handle          the ring to pivot at the start; pivot-handle-end: at the end (after a leg)
 *   move-readout          program, allowance used and left; move-refusal: the rule that stops the move
 *   move-degrees, move-inches, move-end-degrees, set-move   the typed move (Enter sets, Enter again moves)
 *   road-toggle           a move by road: a drag follows the roads round bends and crossroads, Up/Down step along them
 *   commit-move, cancel-move
 *   field-of-fire, ghost-field-of-fire   arc and range band of the selected unit / of its ghost
 *   charge-target-<id>    a target the selected cavalry can charge (its path and end base); click to charge
 *   charge-option-<id>    the same in the panel; charge-preview: the odds of the hand-to-hand; charge-side: its words
 *   charge-aim-<id>       aim at a target with a turn of one's own; charge-turn-handle (data-turn, its knob to drag),
 *                         charge-aim-line, charge-turn (typed degrees), charge-commit, charge-refusal (that turn's rule)
 *   shot-target-<id>      a target in arc and range; shot-option-<id> in the panel
 *   shot-preview, shot-odds, shoot   the chosen target's modifiers and odds, and the Shoot button
 *   fight-preview, fight-<attacker>, fight-odds-<attacker>, retreat-<attacker>   contacts awaiting hand-to-hand
 *   working-toggle, working (on the table), working-list (in the panel)
 *   working-last, working-last-check (data-agrees)   the last action's working measured again, against its events
 *   ruler-tool, ruler, ruler-readout, tool-select; ruler-cursor (data-x/-y): the keyboard's (arrows, Enter)
 *   grid-toggle, zoom-in, zoom-out, zoom-home
 *   form-square, leave-square
 *   end-phase             (in controls)
 *   preview-<scenario>    the chooser's picture
 */
import type { Action, Ctx, GameEvent, Position } from "@tercio/horse-and-musket-ch11";
import "./hm11.css";
import type { SystemView } from "../../shell/system-view.js";
import { Controls } from "./Controls.js";
import { Hm11Table } from "./Hm11Table.js";
import { hm11ActionWords, hm11EventKind } from "./log-words.js";
import { Preview } from "./Preview.js";
import { Hm11Summary } from "./Summary.js";
import { resultSentence } from "./words.js";

export const hm11View: SystemView<Ctx, Position, Action, GameEvent> = {
  table: (props) => <Hm11Table {...props} />,
  controls: (props) => <Controls {...props} />,
  announce: (ctx, events) => resultSentence(ctx, events),
  preview: (ctx, position) => <Preview ctx={ctx} position={position} />,
  eventKind: (event) => hm11EventKind(event),
  actionWords: (action) => hm11ActionWords(action),
  summary: (game) => <Hm11Summary game={game} />,
};
