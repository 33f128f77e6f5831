import type { HexId } from "./hex/offset.js";
import type { UnitId } from "./state/position.js";
import type { Phase, Side } from "./vocabulary.js";

/** What happened, for the log and the UI. Each event names the rule that applied where one did. */
export type GameEvent =
  | { readonly type: "unit-deployed"; readonly unit: UnitId; readonly hex: HexId }
  | { readonly type: "unit-undeployed"; readonly unit: UnitId }
  | {
      readonly type: "unit-moved";
      readonly unit: UnitId;
      /** The hex the unit started from, or "off-map" for a unit entering. */
      readonly from: HexId | "off-map";
      readonly steps: readonly string[];
      /** Where it ended, or "exited" when it left the map. */
      readonly to: HexId | "exited";
      /** Movement Points spent, in MP (halves allowed). */
      readonly cost: number;
    }
  | { readonly type: "stack-reordered"; readonly hex: HexId; readonly order: readonly UnitId[] }
  | { readonly type: "control-changed"; readonly hex: HexId; readonly side: Side }
  | { readonly type: "phase-ended"; readonly side: Side; readonly phase: Phase; readonly gameTurn: number }
  | { readonly type: "phase-began"; readonly side: Side; readonly phase: Phase; readonly gameTurn: number }
  | { readonly type: "player-turn-ended"; readonly side: Side; readonly gameTurn: number }
  | { readonly type: "game-turn-recorded"; readonly gameTurn: number }
  | { readonly type: "game-ended"; readonly gameTurn: number; readonly reason: string };
