import type { Seat } from "@tercio/core";
import type { Effectiveness, Part } from "./vocabulary.js";

/**
 * What happened, for logs and the browser: plain data. A strike records
 * its LF as an exact fraction (num/den) beside the DF it was read against.
 */
export type GameEvent =
  | { readonly type: "part-began"; readonly turn: number; readonly part: Part; readonly side: Seat }
  /** The Game Turn: "Each side rolls d% and the high scorer must move first" (a tie is rolled again). */
  | {
      readonly type: "initiative";
      readonly turn: number;
      readonly first: number;
      readonly second: number;
      readonly mover: Seat;
    }
  | { readonly type: "moved"; readonly unit: string; readonly what: string; readonly spent: number }
  | {
      readonly type: "engaged";
      readonly unit: string;
      readonly target: string;
      readonly charge: boolean;
      readonly struck: "front" | "flank" | "rear";
      readonly length: number;
    }
  | { readonly type: "charge-short"; readonly unit: string; readonly target: string }
  | {
      readonly type: "counter-roll";
      readonly unit: string;
      readonly score: number;
      readonly options: readonly string[];
    }
  | { readonly type: "reacted"; readonly unit: string; readonly option: string }
  | { readonly type: "officer-moved"; readonly officer: string; readonly unit?: string }
  | {
      readonly type: "fire-declared";
      readonly unit: string;
      readonly target: string;
      readonly hailshot: boolean;
      /** At the target gun's horse team. */
      readonly team?: true;
    }
  | {
      readonly type: "firing-first";
      readonly a: string;
      readonly b: string;
      readonly scoreA: number;
      readonly scoreB: number;
    }
  | {
      readonly type: "strike";
      readonly unit: string;
      readonly target: string;
      readonly kind: "fire" | "melee" | "collapse";
      /** Fire at the target gun's horse team. */
      readonly team?: true;
      readonly d10: number;
      readonly lf: { readonly num: number; readonly den: number };
      readonly df: number;
      readonly hits: number;
    }
  | { readonly type: "casualties"; readonly unit: string; readonly lost: number; readonly left: number }
  | { readonly type: "building-hit"; readonly building: string; readonly lost: number; readonly left: number }
  | { readonly type: "leader-lost"; readonly unit: string; readonly roll: number; readonly officer?: string }
  | { readonly type: "team-hit"; readonly unit: string; readonly lost: number; readonly left: number }
  | {
      readonly type: "team-lost";
      readonly unit: string;
      readonly how: "shot" | "overrun";
      readonly by?: string;
    }
  | { readonly type: "guns-hit"; readonly unit: string; readonly roll: number; readonly lost: number }
  | { readonly type: "melee-began"; readonly melee: string; readonly round: number }
  | {
      readonly type: "fatigue";
      readonly unit: string;
      readonly roll: number;
      readonly points: number;
      readonly fellBack: boolean;
    }
  | { readonly type: "fell-back"; readonly unit: string; readonly why: string; readonly muddled?: string }
  | { readonly type: "flag"; readonly unit: string; readonly score: number; readonly lost: boolean }
  | { readonly type: "pursuit"; readonly unit: string; readonly score: number; readonly pursues: boolean }
  | { readonly type: "melee-ended"; readonly melee: string; readonly winner?: Seat }
  | { readonly type: "rally"; readonly unit: string; readonly score: number; readonly back: number }
  | {
      readonly type: "level";
      readonly unit: string;
      readonly from: Effectiveness;
      readonly to: Effectiveness;
    }
  | { readonly type: "gone"; readonly unit: string; readonly how: "routed" | "destroyed" | "pursued" }
  | { readonly type: "army-withdraws"; readonly side: Seat; readonly remaining: number }
  | {
      readonly type: "army-score";
      readonly side: Seat;
      readonly effectiveness: number;
      readonly modifiers: number;
      readonly d10: number;
      readonly rally: number;
      readonly total: number;
    }
  | { readonly type: "game-ended"; readonly winner: Seat | "draw"; readonly reason: string };
