/**
 * Horse and Musket, the NT-inspired rules (003), in the browser: the
 * measured table behind the shell's SystemView seam. The board holds no
 * rule: legality, corner travel, sight, targets, charge paths, modifier
 * sequences and roll-offs come from @tercio/horse-and-musket-nt (checkMove,
 * sightWorking, priorityTargets, planShot, hitsByFace, chargePlan,
 * rallyRefusal); the picture of terrain, bases and overlays is
 * @tercio/render/tabletop-nt's; refusals are the engine's RuleError messages.
 *
 * Stable test ids:
 *   table, terrain, units, unit-<id> (data-x/-y/-facing/-hits/-formation/-acted)
 *   unit-panel; roll-move; fire-section, fire-option-<id>, fire-preview, fire, fire-target-<id> (on the table)
 *   reform-formation, reform-dx, reform-dy, reform
 *   move-section, move-readout, corner-meters, move-refusal, move-roll-offs, move-inches, add-advance,
 *   wheel-degrees, wheel-left, wheel-right, road-toggle, commit-move, cancel-move, fall-back, fall-back-keep
 *   ghost (data-x/-y/-facing/-legal), wheel-hinge, corner-fl/-fr/-rl/-rr (data-travel/-limit/-over)
 *   charge-section, charge-<id>, charge-target-<id>, charge-path-<id> (data-side), charge-contact
 *   rally-section, rally, rally-refusal
 *   toggle-threats (T), toggle-protected (P), toggle-sight (L), toggle-ranges (G), ruler-tool (M)
 *   threat-overlay, protected-overlay, range-overlay, contacts, ruler, ruler-readout
 *   sight (data-visible/-seen/-side), sight-part-<n> (data-seen/-in-arc), sight-blocker-<id>, sight-section, sight-side, sight-words
 *   located-<id>         a unit a log line is about, shown when the log's line is asked for
 *   last-action, roll-off (data-winner/-answer), fire-working, melee-working
 *   end-phase (in controls), preview-<scenario>, nt-losses (the end screen's account)
 */
import type { Action, Ctx, GameEvent, Position } from "@tercio/horse-and-musket-nt";
import type { SystemView } from "../../shell/system-view.js";
import { Controls } from "./Controls.js";
import { NtTable } from "./NtTable.js";
import { Preview } from "./Preview.js";
import { NtSummary } from "./Summary.js";
import { ntActionWords, ntAnnounce, ntEventKind, ntLocate } from "./words.js";

export const ntView: SystemView<Ctx, Position, Action, GameEvent> = {
  table: (props) => <NtTable {...props} />,
  controls: (props) => <Controls {...props} />,
  announce: (ctx, events) => ntAnnounce(ctx, events),
  preview: (ctx, position) => <Preview ctx={ctx} position={position} />,
  eventKind: (event) => ntEventKind(event),
  actionWords: (action) => ntActionWords(action),
  locate: (_ctx, event, position) => ntLocate(event, position),
  summary: (game) => <NtSummary game={game} />,
};
