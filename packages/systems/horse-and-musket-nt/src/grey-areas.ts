import { otherSeat, type Seat } from "@tercio/core";
import type { Ctx } from "./context.js";
import type { DiceSource } from "./dice-source.js";
import type { GameEvent } from "./events.js";
import type { Position } from "./position.js";
import { type Out, yes } from "./rule-error.js";

/**
 * Grey Areas: "a measurement that is 'too close to call', should be defined
 * in 'either/or' terms and resolved with a friendly roll off in the
 * winner's favor." A measurement within the rules data's band of a limit
 * (1/16") is too close to call when the game's greyAreas option is
 * "roll-off": each side rolls Dx, ties roll again, and the answer is the
 * winner's (the acting player wants it within). The answer is kept in the
 * position for the rest of the phase under the question's key, so asking
 * again (a shorter move, the same shot) gets the same answer, not a new
 * roll. With "exact", every measurement is exact and inclusive.
 */
export interface Measured {
  readonly within: boolean;
  readonly events: readonly GameEvent[];
  /** The settled question to record, when a roll-off decided it. */
  readonly settled?: { readonly key: string; readonly answer: boolean };
}

/** Whether a length whose square is d2 is within the band of `limit` (both ticks). */
export function tooCloseToCall(ctx: Ctx, d2: number, limit: number): boolean {
  if (ctx.options.greyAreas !== "roll-off") return false;
  const band = ctx.rules.data.greyAreas.tooCloseToCall;
  const lo = Math.max(0, limit - band);
  const hi = limit + band;
  return lo * lo <= d2 && d2 <= hi * hi;
}

/** The same for a travel measured as a float (an arc): within the band of the limit. */
export function travelTooCloseToCall(ctx: Ctx, travel: number, limit: number): boolean {
  if (ctx.options.greyAreas !== "roll-off") return false;
  const band = ctx.rules.data.greyAreas.tooCloseToCall;
  return travel >= limit - band && travel <= limit + band;
}

const MAX_ROUNDS = 20;

/** A roll-off between the acting side and the other: the rounds and the winner. */
export function rollOff(
  dice: DiceSource,
  acting: Seat,
): Out<{ rounds: (readonly [number, number])[]; winner: Seat; events: GameEvent[] }> {
  const rounds: (readonly [number, number])[] = [];
  const events: GameEvent[] = [];
  for (let i = 0; i < MAX_ROUNDS; i++) {
    const a = dice.roll();
    if (!a.ok) return a;
    const b = dice.roll();
    if (!b.ok) return b;
    events.push({ type: "die-rolled", value: a.value, purpose: "roll-off" });
    events.push({ type: "die-rolled", value: b.value, purpose: "roll-off" });
    rounds.push([a.value, b.value]);
    if (a.value !== b.value)
      return yes({ rounds, winner: a.value > b.value ? acting : otherSeat(acting), events });
  }
  // Twenty ties in a row: the acting side's (a measure-zero case the loop must still end).
  return yes({ rounds, winner: acting, events });
}

/**
 * A measurement against a limit: exact when clear of the band; too close
 * to call, settled (or already settled this phase) by a roll-off.
 */
export function measureWithin(
  _ctx: Ctx,
  position: Position,
  dice: DiceSource,
  q: { readonly key: string; readonly question: string; readonly acting: Seat },
  exact: boolean,
  close: boolean,
): Out<Measured> {
  if (!close) return yes({ within: exact, events: [] });
  const known = position.settled[q.key];
  if (known !== undefined) return yes({ within: known, events: [] });
  const r = rollOff(dice, q.acting);
  if (!r.ok) return r;
  const answer = r.value.winner === q.acting;
  return yes({
    within: answer,
    events: [
      ...r.value.events,
      {
        type: "roll-off",
        question: q.question,
        key: q.key,
        acting: q.acting,
        rounds: r.value.rounds,
        winner: r.value.winner,
        answer,
      },
    ],
    settled: { key: q.key, answer },
  });
}
