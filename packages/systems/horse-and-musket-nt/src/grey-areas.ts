import { otherSeat, type Seat } from "@tercio/core";
import type { Ctx } from "./context.js";
import type { DiceSource } from "./dice-source.js";
import type { GameEvent } from "./events.js";
import type { RuleError } from "./rule-error.js";

/**
 * Grey Areas: "a measurement that is 'too close to call', should be defined
 * in 'either/or' terms and resolved with a friendly roll off in the
 * winner's favor."
 *
 * Every measurement a rule makes against a limit (a range, a move's
 * allowance, the 12" of the double move, the 1" of a protected flank, a
 * charge's reach, the point blank range that stops a rally) is a Question:
 * the exact answer, whether it is too close to call (the measurement lies
 * within the rules data's band of the limit, and the game's greyAreas
 * option is "roll-off"), and the answer the acting player wants. A Judge
 * answers it. The rules are written once over a Judge:
 *
 * - `previewJudge` (legal actions, the board's previews, the AI): a close
 *   question gets the acting player's answer and is listed as pending, so
 *   an action that a roll-off may allow is offered;
 * - `rollOffJudge` (apply): a close question is rolled off, each side a
 *   Dx, ties again, the winner's answer taken, the dice logged.
 *
 * Answers are kept in the position (`settled`) for the rest of the phase,
 * so the same question asked again while it is still too close to call (a
 * slightly shorter move, the same shot) gets the same answer, and a lost
 * roll-off cannot be rolled again by asking again; a measurement clear of
 * the band is always exact.
 */
export interface Question {
  /** Stable within a phase: "range:A-1:B-2:point-blank". */
  readonly key: string;
  /** The either/or, in words: "is B-2 within A-1's point blank range?" */
  readonly text: string;
  /** What the exact measurement says. */
  readonly exact: boolean;
  /** Within the band of the limit (never when the game measures exactly). */
  readonly close: boolean;
  /** The answer the acting player wants. */
  readonly wanted: boolean;
}

export interface Judge {
  answer(q: Question): boolean;
}

/** The band of "too close to call" in ticks, or 0 when the game measures exactly. */
export function band(ctx: Ctx): number {
  return ctx.options.greyAreas === "roll-off" ? ctx.rules.data.greyAreas.tooCloseToCall : 0;
}

/** Whether a length whose square is d2 lies within the band of `limit` (ticks). */
export function squaredNear(ctx: Ctx, d2: number, limit: number): boolean {
  const b = band(ctx);
  if (b === 0) return false;
  const lo = Math.max(0, limit - b);
  const hi = limit + b;
  return lo * lo <= d2 && d2 <= hi * hi;
}

/**
 * A length the player chose (a move's travel, a reform's slide) against its
 * limit: too close to call only when it goes past the limit by no more than
 * the band. Up to the limit the engine measured exactly what the player
 * asked for, so there is nothing to call (a reading: the band is for what
 * the table measures between things, docs/rules).
 */
export function travelNear(ctx: Ctx, travel: number, limit: number): boolean {
  const b = band(ctx);
  return b > 0 && travel > limit && travel <= limit + b;
}

/** The same for a chosen length given squared (exact in integers). */
export function squaredPast(ctx: Ctx, d2: number, limit: number): boolean {
  const b = band(ctx);
  return b > 0 && d2 > limit * limit && d2 <= (limit + b) * (limit + b);
}

/** A question about a length d (given squared) against an inclusive limit: "within" is d <= limit. */
export function withinQuestion(
  ctx: Ctx,
  key: string,
  text: string,
  d2: number,
  limit: number,
  wanted: boolean,
): Question {
  return { key, text, exact: d2 <= limit * limit, close: squaredNear(ctx, d2, limit), wanted };
}

/** Measures exactly: what a hypothetical position (a move's end, a board's what-if) is judged with. */
export const exactJudge: Judge = { answer: (q) => q.exact };

/** The optimistic judge of legal actions and previews: close questions are pending, answered the acting player's way. */
export class PreviewJudge implements Judge {
  readonly pending: Question[] = [];
  private readonly asked = new Map<string, boolean>();
  constructor(private readonly settled: Readonly<Record<string, boolean>>) {}

  answer(q: Question): boolean {
    if (!q.close) return q.exact;
    const known = this.settled[q.key] ?? this.asked.get(q.key);
    if (known !== undefined) return known;
    this.pending.push(q);
    this.asked.set(q.key, q.wanted);
    return q.wanted;
  }
}

const MAX_ROUNDS = 20;

/** The judge of apply: close questions rolled off, in the order the rules ask them. */
export class RollOffJudge implements Judge {
  readonly events: GameEvent[] = [];
  readonly settled: Record<string, boolean> = {};
  /** The dice ran out or were not the game's faces: the action is refused with this. */
  error: RuleError | undefined;

  constructor(
    private readonly before: Readonly<Record<string, boolean>>,
    private readonly dice: DiceSource,
    private readonly acting: Seat,
  ) {}

  answer(q: Question): boolean {
    if (!q.close) return q.exact;
    const known = this.before[q.key] ?? this.settled[q.key];
    if (known !== undefined) return known;
    const rounds: (readonly [number, number])[] = [];
    let winner: Seat = this.acting;
    for (let i = 0; i < MAX_ROUNDS; i++) {
      const a = this.dice.roll();
      const b = a.ok ? this.dice.roll() : a;
      if (!a.ok || !b.ok) {
        this.error ??= a.ok ? (b.ok ? undefined : b.error) : a.error;
        return q.exact;
      }
      this.events.push({ type: "die-rolled", value: a.value, purpose: "roll-off" });
      this.events.push({ type: "die-rolled", value: b.value, purpose: "roll-off" });
      rounds.push([a.value, b.value]);
      if (a.value !== b.value) {
        winner = a.value > b.value ? this.acting : otherSeat(this.acting);
        break;
      }
      // Twenty ties in a row stay with the acting side: a case of measure nearly zero the loop must still end.
    }
    const answer = winner === this.acting ? q.wanted : !q.wanted;
    this.settled[q.key] = answer;
    this.events.push({
      type: "roll-off",
      question: q.text,
      key: q.key,
      acting: this.acting,
      rounds,
      winner,
      answer,
    });
    return answer;
  }

  /** Whether a roll-off was made (its dice and answer are kept even when the action is then refused). */
  get rolled(): boolean {
    return this.events.length > 0;
  }
}

/** The refusal a lost roll-off led to, as an event: the action is spent on the roll-off alone. */
export function refusedEvent(unit: string, error: RuleError): GameEvent {
  return { type: "refused-after-roll-off", unit, rule: error.rule, message: error.message };
}
