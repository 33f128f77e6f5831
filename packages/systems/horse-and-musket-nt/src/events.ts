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
  | { readonly type: "move-rolled"; readonly unit: string; readonly roll: number }
  | {
      readonly type: "moved";
      readonly unit: string;
      readonly x: number;
      readonly y: number;
      readonly facing: number;
      readonly formation: Formation;
      /** The longest corner travel in ticks (rounded up), against the allowance. */
      readonly travel: number;
      readonly allowance: number;
      readonly doubled: boolean;
    }
  | { readonly type: "drill-failed"; readonly unit: string; readonly roll: number }
  | {
      readonly type: "fell-back";
      readonly unit: string;
      readonly x: number;
      readonly y: number;
      readonly facing: number;
      readonly distance: number;
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
      readonly distance: number;
    }
  | {
      readonly type: "fired";
      readonly unit: string;
      readonly target: string;
      readonly roll: number;
      readonly hits: number;
      readonly steps: readonly WorkingStep[];
      /** 1.1: the share of a split volley (of the whole), when firing at two units. */
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
  | { readonly type: "rallied"; readonly unit: string; readonly roll: number; readonly removed: number }
  | { readonly type: "removed"; readonly unit: string; readonly hits: number }
  | { readonly type: "phase-began"; readonly turn: number; readonly side: Seat; readonly phase: Phase }
  | { readonly type: "game-ended"; readonly winner: Seat | "draw"; readonly reason: string };
