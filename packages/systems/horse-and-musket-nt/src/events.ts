import type { Seat } from "@tercio/core";
import type { Formation, Phase, UnitSide } from "./vocabulary.js";

/**
 * What happened, as plain data: the log's lines, the board's animation, a
 * replay's check. Every die is its own event, in the order rolled, so the
 * dice of an action are read back from its events.
 */

/** One step of a modifier sequence (1.1 i-vi, 2 i-iv): the rule, what it did, the running total. */
export interface WorkingStep {
  readonly rule: string;
  readonly text: string;
  /** The running total after the step: a fraction num/den (den 1 while whole). */
  readonly num: number;
  readonly den: number;
}

export type GameEvent =
  | {
      readonly type: "die-rolled";
      /** The face shown (a unit's quality modifier is applied by the rule, not here). */
      readonly value: number;
      readonly purpose: "fire" | "move" | "fall-back" | "melee" | "rally" | "roll-off" | "drill";
      readonly unit?: string;
      /** Variable Quality: the modifier the unit's quality adds to this die. */
      readonly modifier?: number;
    }
  | {
      readonly type: "roll-off";
      /** Grey Areas: the either/or, in words. */
      readonly question: string;
      readonly key: string;
      readonly acting: Seat;
      /** Each round's dice: the acting side's, the other's (ties roll again). */
      readonly rounds: readonly (readonly [number, number])[];
      readonly winner: Seat;
      /** The answer, in the winner's favour. */
      readonly answer: boolean;
    }
  | {
      /** An action whose roll-off went against it: the dice and answer kept, nothing else done. */
      readonly type: "refused-after-roll-off";
      readonly unit: string;
      readonly rule: string;
      readonly message: string;
    }
  | { readonly type: "move-rolled"; readonly unit: string; readonly roll: number }
  | {
      readonly type: "moved";
      readonly unit: string;
      readonly x: number;
      readonly y: number;
      readonly facing: number;
      /** The longest corner travel in ticks (rounded up), against the allowance. */
      readonly travel: number;
      /** The limit applied, ticks (doubled where the move was). */
      readonly allowance: number;
      readonly keepsBonus: boolean;
      readonly doubled: boolean;
    }
  | {
      readonly type: "reformed";
      readonly unit: string;
      readonly x: number;
      readonly y: number;
      readonly formation: Formation;
      /** Terrain iii: the town it now holds. */
      readonly holds?: string;
    }
  | { readonly type: "drill-failed"; readonly unit: string; readonly roll: number }
  | {
      readonly type: "fell-back";
      readonly unit: string;
      readonly x: number;
      readonly y: number;
      readonly facing: number;
      /** Ticks moved back. */
      readonly distance: number;
      /** What stopped it short: a unit's id, "terrain" or "the table's edge". */
      readonly blockedBy?: string;
    }
  | {
      readonly type: "charged";
      readonly unit: string;
      readonly target: string;
      readonly side: UnitSide;
      readonly x: number;
      readonly y: number;
      readonly facing: number;
      /** The LoS distance, ticks (rounded down). */
      readonly distance: number;
      readonly touching: "edge-edge" | "corner-edge" | "corner-corner";
    }
  | {
      readonly type: "fired";
      readonly unit: string;
      readonly target: string;
      /** The target's side the shot came to (1.1 i). */
      readonly side: UnitSide;
      readonly band: "point-blank" | "effective" | "long";
      readonly roll: number;
      /** This target's hits. */
      readonly hits: number;
      /** The volley's hits before a split. */
      readonly total: number;
      readonly steps: readonly WorkingStep[];
      /** 1.1: the share of a split volley, when firing at two units. */
      readonly share?: "closer" | "other";
    }
  | { readonly type: "out-of-ammunition"; readonly unit: string }
  | {
      readonly type: "melee";
      readonly unit: string;
      readonly target: string;
      readonly side: UnitSide;
      readonly roll: number;
      readonly hits: number;
      readonly steps: readonly WorkingStep[];
    }
  | { readonly type: "stood"; readonly unit: string; readonly target: string }
  | {
      readonly type: "rallied";
      readonly unit: string;
      readonly roll: number;
      readonly removed: number;
      readonly hits: number;
      /** Whether the terrain's extra Hit was removed. */
      readonly cover: boolean;
      /** Ammunition Supply: its ammunition replenished. */
      readonly replenished: boolean;
    }
  | { readonly type: "removed"; readonly unit: string; readonly hits: number }
  | { readonly type: "phase-began"; readonly turn: number; readonly side: Seat; readonly phase: Phase }
  | { readonly type: "game-ended"; readonly winner: Seat | "draw"; readonly reason: string };
