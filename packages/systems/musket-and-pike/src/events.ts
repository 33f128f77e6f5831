import type { HexId } from "./hex/offset.js";
import type { GameResult, UnitId } from "./state/position.js";
import type { CombatResult, Odds, Phase, Side } from "./vocabulary.js";

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
  | {
      readonly type: "game-ended";
      readonly gameTurn: number;
      readonly reason: string;
      /** The winner and level; absent only for games whose scenario names no result. */
      readonly result?: GameResult;
    }
  | {
      readonly type: "attack-declared";
      readonly kind: "fire" | "melee";
      readonly unit: UnitId;
      readonly targets: readonly HexId[];
    }
  | { readonly type: "attack-withdrawn"; readonly unit: UnitId }
  | {
      /** A die rolled: by the seeded PRNG or given from outside (a table die, a test). */
      readonly type: "die-rolled";
      readonly value: number;
      readonly source: "prng" | "external";
      /** What the roll decides, e.g. "fire on 1407" or "recovery of B-MA01". */
      readonly purpose: string;
      readonly rule: string;
    }
  | {
      readonly type: "combat-resolved";
      readonly kind: "fire" | "melee";
      readonly attackers: readonly UnitId[];
      readonly targets: readonly HexId[];
      readonly defenders: readonly UnitId[];
      /** Total strengths compared (7.2, 6.3). */
      readonly attack: number;
      readonly defence: number;
      readonly odds: Odds;
      readonly roll: number;
      /** 8.4: +1 where an attacked hex holds a disrupted unit. */
      readonly modifier: number;
      readonly result: CombatResult;
      /** 8.11 for melee, 8.12 for fire. */
      readonly rule: string;
    }
  | {
      /** A declared attack with nothing left to attack (its defenders already gone). */
      readonly type: "attack-lapsed";
      readonly kind: "fire" | "melee";
      readonly targets: readonly HexId[];
    }
  | { readonly type: "unit-disrupted"; readonly unit: UnitId; readonly hex: HexId; readonly rule: string }
  | {
      /** A result a special rule says to ignore (16.24: ferocious units are never disrupted). */
      readonly type: "result-ignored";
      readonly unit: UnitId;
      readonly hex: HexId;
      readonly rule: string;
      readonly reason: string;
    }
  | {
      readonly type: "unit-eliminated";
      readonly unit: UnitId;
      readonly hex: HexId;
      readonly rule: string;
      readonly reason: string;
    }
  | {
      readonly type: "unit-retreated";
      readonly unit: UnitId;
      readonly from: HexId;
      readonly to: HexId;
      readonly path: readonly HexId[];
      readonly rule: string;
    }
  | { readonly type: "unit-advanced"; readonly unit: UnitId; readonly from: HexId; readonly to: HexId }
  | {
      /** 15.0 (optional): an enemy gun taken by an advance, now the captor's. */
      readonly type: "unit-captured";
      readonly unit: UnitId;
      readonly hex: HexId;
      readonly side: Side;
      readonly rule: string;
    }
  | { readonly type: "unit-recovered"; readonly unit: UnitId; readonly rule: string }
  | { readonly type: "unit-dismounted"; readonly unit: UnitId; readonly rule: string }
  | { readonly type: "square-formed"; readonly hex: HexId; readonly rule: string }
  | { readonly type: "square-removed"; readonly hex: HexId; readonly rule: string }
  | { readonly type: "unit-remounted"; readonly unit: UnitId; readonly rule: string };
