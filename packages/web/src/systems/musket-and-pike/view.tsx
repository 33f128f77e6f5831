import {
  type Action,
  type GameContext,
  type GameEvent,
  type Position,
  UNDO_OFF_TEXT,
} from "@tercio/musket-and-pike";
import { renderScenario } from "@tercio/render";
import type { SystemView } from "../../shell/system-view.js";
import { actionWords } from "./action-words.js";
import { MpControls, MpStatus } from "./Controls.js";
import { HexTable } from "./HexTable.js";
import { locateEvent } from "./locate.js";
import { MpSummary } from "./Summary.js";

const COMBAT = new Set([
  "attack-declared",
  "attack-withdrawn",
  "die-rolled",
  "combat-resolved",
  "attack-lapsed",
  "unit-disrupted",
  "unit-eliminated",
  "unit-retreated",
  "unit-advanced",
  "result-ignored",
  "unit-captured",
  "unit-recovered",
]);
const MOVEMENT = new Set([
  "unit-deployed",
  "unit-undeployed",
  "unit-moved",
  "stack-reordered",
  "control-changed",
  "square-formed",
  "square-removed",
  "unit-dismounted",
  "unit-remounted",
]);
const TURNS = new Set(["phase-began", "game-turn-recorded", "game-ended"]);

/** Musket & Pike in the browser: the hex board, its phase bar, its log filters and its end-of-game account. */
export const mpView: SystemView<GameContext, Position, Action, GameEvent> = {
  table: (props) => <HexTable {...props} />,
  controls: (props) => <MpControls {...props} />,
  status: (props) => <MpStatus {...props} />,
  announce(_ctx, events) {
    const words = events.flatMap((e) =>
      e.type === "combat-resolved"
        ? [
            `${e.kind} on ${e.targets.join(" and ")}: ${e.odds}, die ${e.roll}, ${e.result === "-" ? "no effect" : e.result}`,
          ]
        : e.type === "game-ended"
          ? [`game over: ${e.result?.reason ?? e.reason}`]
          : [],
    );
    return words.length > 0 ? words.join(". ") : undefined;
  },
  preview(ctx) {
    // The renderer's scenario sheet, from engine data only (escaped), as an image.
    const svg = renderScenario(ctx, { zones: true });
    return (
      <img
        className="scenario-picture"
        alt=""
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      />
    );
  },
  eventKind(e) {
    if (COMBAT.has(e.type)) return "combat";
    if (MOVEMENT.has(e.type)) return "movement";
    return TURNS.has(e.type) ? "turns" : undefined;
  },
  actionWords,
  undoOff: () => UNDO_OFF_TEXT,
  locate: (ctx, event, position) => locateEvent(ctx, event, position),
  summary: (game) => <MpSummary game={game} />,
};
