import { seedPrng } from "@tercio/core";
import { apply, type GameContext, type Position, type Side } from "@tercio/musket-and-pike";
import { seatRngs } from "../../play.js";
import { greedyPolicy } from "../greedy.js";
import { playOut } from "../playout.js";
import { END_PHASE, type MpPolicy } from "../policy.js";
import { combatStep } from "./combat-plan.js";
import { evaluate } from "./evaluate.js";
import type { PlannedMove } from "./move-plan.js";

/**
 * Weighing a Movement Phase plan by playing on rather than by a static
 * evaluation: the plan's moves, then the rest of this Player-Turn and the
 * enemy's whole next one, played out on the fast path (playout.ts) with
 * dice of the rollout's own, and the position where this side's next
 * Movement Phase begins evaluated. A static evaluation guesses what the
 * enemy's reply costs (threat maps); a rollout plays a reply, with its
 * retreats, advances and counter-attacks.
 *
 * The dice are the rollout's seeds, never the game's: the policy must not
 * foresee the game's own rolls (the position's PRNG state is replaced).
 * Every plan is played out on the same seeds (common random numbers), so
 * plans are compared on the same luck.
 */

/** A win or loss outweighs any material count (evaluate's unit-worth points). */
const DECIDED = 1000;

/** The longest a rollout may run: a Player-Turn pair is a few hundred actions at most. */
const MAX_ROLLOUT_ACTIONS = 5000;

/**
 * Plays both sides in a rollout: the strong player's combat (allocations by
 * marginal worth, every attack resolved), greedy's movement and decisions.
 * Cheap enough to run a few times per plan: greedy moves a phase in
 * milliseconds, where the strong planner takes tenths of a second.
 */
export const rolloutPolicy: MpPolicy = {
  name: "rollout",
  choose(ctx, position, rng) {
    if (!position.decision) {
      if (position.phase === "fire") return combatStep(ctx, position, ["fire"]);
      if (position.phase === "melee") return combatStep(ctx, position, ["fire", "melee"]);
    }
    return greedyPolicy.choose(ctx, position, rng);
  },
};

/** The mean worth to the phasing side of `plan` over rollouts on `seeds`. */
export function rolloutWorth(
  ctx: GameContext,
  position: Position,
  plan: readonly PlannedMove[],
  seeds: readonly number[],
): number {
  const side = position.phasing;
  let moved = position;
  for (const m of plan) {
    const step = apply(ctx, moved, m.action);
    if (step.ok) moved = step.value.position;
  }
  const ended = endMovement(ctx, moved);
  if (!ended) return Number.NEGATIVE_INFINITY;
  let total = 0;
  for (const seed of seeds) {
    const start: Position = { ...ended, prng: seedPrng(seed) };
    const end = playOut(ctx, start, rolloutPolicy, seatRngs(seed), nextTurnOf(side), MAX_ROLLOUT_ACTIONS);
    total += worthAt(ctx, end.position, side);
  }
  return total / seeds.length;
}

/**
 * The phase's end as the strong player reaches it after its plan: at once,
 * or, where 10.0 refuses the end (a hex left over the limit), after
 * greedy's cure, as strong.ts does. Movement rolls no dice. Undefined if
 * the phase cannot be ended.
 */
function endMovement(ctx: GameContext, position: Position): Position | undefined {
  let at = position;
  for (let n = 0; n < 100 && at.phase === "movement"; n++) {
    const ended = apply(ctx, at, END_PHASE);
    if (ended.ok) return ended.value.position;
    const cure = apply(ctx, at, greedyPolicy.choose(ctx, at, { state: 1 }));
    if (!cure.ok) return undefined;
    at = cure.value.position;
  }
  return at.phase === "movement" ? undefined : at;
}

/** Stops at the start of `side`'s next Player-Turn: once the enemy has phased and `side` phases again. */
function nextTurnOf(side: Side): (position: Position) => boolean {
  let enemyPhased = false;
  return (position) => {
    if (position.phasing !== side) enemyPhased = true;
    return enemyPhased && position.phasing === side;
  };
}

/** A finished game by its result, else the static evaluation. */
function worthAt(ctx: GameContext, position: Position, side: Side): number {
  const result = position.result;
  if (!result) return evaluate(ctx, position, side);
  if (result.winner === side) return DECIDED;
  if (result.winner === "draw") return 0;
  return -DECIDED;
}
