/**
 * Plucky Pikes and Stalwart Shot (001) in the browser: the measured table
 * behind the shell's SystemView seam. The board holds no rule: moves are
 * checked by the engine's own apply, the actions offered are legalActions',
 * the ranks are ranksOf's, refusals are the engine's RuleError messages.
 *
 * Stable test ids:
 *   table, terrain, units, unit-<id> (data-x/-y/-facing/-formation/-strength/-level/-used/-moved/-fired/-disordered/-leaders-lost)
 *   figures-<id> (data-present/-empty), urt-clock-<id> (data-used/-segments), morale-<id>, objective-<id>
 *   officers, officer-<id> (data-rank/-with), melees, melee-<id> (data-round/-struck), declared-fire, fire-declared-<unit>
 *   unit-panel, unit-details, unit-formation, unit-ranks, unit-level, unit-clock, unit-leaders
 *   move-section, move-readout, move-refusal, move-program, move-inches, add-advance, pivot-end, pivot-degrees, add-pivot,
 *   pivot-cost, face-about/-left/-right, form-formation, add-form, form-cost, add-reorganise, add-reload, add-untangle,
 *   add-limber, add-unlimber, run-toggle, commit-move, remove-op, cancel-move
 *   ghost (data-x/-y/-facing/-formation/-legal), pivot-hinge, pivot-grips, grip-fr, grip-fl
 *   engage-section, engage-show-<t>, engage-charge-<t>, engage-<t>, engage-path-<t>, engage-contact, engage-target-<id>
 *   fire-section, fire-declared, fire-choices, fire-<unit>-<target>, fire-hail-<unit>-<target>, fire-target-<id>
 *   officer-section, officer-row-<id>, officer-unit-<id>, officer-join-<id>, officer-alone-<id>
 *   counter-roll, counter-roll-words, react-accept, react-face, react-counter-charge, react-withdraw, react-form-<f>, reacting-<id>
 *   melee-list, off-table, gone-<id> (data-how), officer-lost-<id>, vp-tally, pp-tally, vp-first, vp-second, last-action
 *   ruler-tool (M), toggle-clocks (U), ruler, ruler-readout, located-<id>
 *   end-phase (in controls), status, pp-parts, pp-initiative (in the status), preview-<scenario>, pp-losses (the end screen)
 */
import type { Action, Ctx, GameEvent, Position } from "@tercio/plucky-pikes";
import type { SystemView } from "../../shell/system-view.js";
import { Controls } from "./Controls.js";
import { PpTable } from "./PpTable.js";
import { Preview } from "./Preview.js";
import { Status } from "./Status.js";
import { PpSummary } from "./Summary.js";
import { ppActionWords, ppAnnounce, ppEventKind, ppLocate } from "./words.js";
import "./pp.css";

export const ppView: SystemView<Ctx, Position, Action, GameEvent> = {
  table: (props) => <PpTable {...props} />,
  controls: (props) => <Controls {...props} />,
  status: (props) => <Status {...props} />,
  announce: (ctx, events) => ppAnnounce(ctx, events),
  preview: (ctx, position) => <Preview ctx={ctx} position={position} />,
  eventKind: (event) => ppEventKind(event),
  actionWords: (action) => ppActionWords(action),
  locate: (_ctx, event, position) => ppLocate(event, position),
  summary: (game) => <PpSummary game={game} />,
};
