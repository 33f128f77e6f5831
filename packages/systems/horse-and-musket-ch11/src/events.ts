import type { Seat } from "@tercio/core";
import type { ContactSide, Phase } from "./vocabulary.js";

/** What happened, for the log and for clients replaying the server's dice (every roll is a die-rolled event). */
export type GameEvent =
  | {
      readonly type: "die-rolled";
      readonly value: number;
      readonly purpose: "shooting" | "hand-to-hand";
      readonly unit: string;
    }
  | {
      readonly type: "moved";
      readonly unit: string;
      readonly x: number;
      readonly y: number;
      readonly facing: number;
      readonly travel: number;
      readonly byRoad: boolean;
    }
  | {
      readonly type: "charged";
      readonly unit: string;
      readonly target: string;
      readonly side: ContactSide;
      readonly x: number;
      readonly y: number;
      readonly facing: number;
      readonly travel: number;
    }
  | {
      readonly type: "shot";
      readonly unit: string;
      readonly target: string;
      readonly roll: number;
      readonly hits: number;
      readonly cover: boolean;
      /** The shooter's modifier to the die (004 Shooting: Assess Casualties: Skirmishers and Artillery −2). */
      readonly modifier: number;
    }
  | {
      readonly type: "fought";
      readonly attacker: string;
      readonly defender: string;
      readonly roll: number;
      /** Added to the die (004 Hand-to-Hand Combat: Assess Casualties: +2). */
      readonly add: number;
      /** The modifiers that applied: halved on a hilltop, halved for a cavalry target, doubled in flank or rear. */
      readonly factors: readonly ("hilltop" | "cavalry-target" | "flank-or-rear")[];
      readonly hits: number;
      readonly side: ContactSide;
    }
  | {
      readonly type: "retreated";
      readonly unit: string;
      readonly travel: number;
      readonly x: number;
      readonly y: number;
    }
  | { readonly type: "stood"; readonly unit: string; readonly target: string }
  | { readonly type: "formed-square"; readonly unit: string }
  | { readonly type: "left-square"; readonly unit: string }
  | { readonly type: "eliminated"; readonly unit: string; readonly hits: number }
  | { readonly type: "phase-began"; readonly turn: number; readonly side: Seat; readonly phase: Phase }
  | { readonly type: "game-ended"; readonly winner: Seat | "draw"; readonly reason: string };
