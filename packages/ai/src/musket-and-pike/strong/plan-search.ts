import { type Action, apply, assessAttack, type GameContext, type Position } from "@tercio/musket-and-pike";
import { END_PHASE } from "../policy.js";
import { analyse } from "./analysis.js";
import { nextAllocation } from "./combat-plan.js";
import { evaluate } from "./evaluate.js";
import { DEFAULT_WEIGHTS, type MoveWeights, type PlannedMove, planMovement } from "./move-plan.js";
import { rolloutWorth } from "./rollouts.js";
import { expectedWorth } from "./worth.js";

/**
 * The plans a Movement Phase search chooses among: the same planner with
 * its weights set for a balanced and a bold phase (a portfolio, as in
 * portfolio greedy search, of whole-phase scripts). A careful third
 * (risk x1.8) lost more games than it won and was dropped (docs/ai.md).
 */
export const PORTFOLIO: readonly MoveWeights[] = [
  DEFAULT_WEIGHTS,
  {
    progress: DEFAULT_WEIGHTS.progress * 1.6,
    risk: DEFAULT_WEIGHTS.risk * 0.5,
    attack: DEFAULT_WEIGHTS.attack * 1.5,
  },
];

/**
 * 5.0 then 6.0: makes a plan for each set of weights (up to `plans`, the
 * search's budget), plays each through the engine (movement rolls no dice),
 * declares the melee attacks it sets up as the strong player would, and
 * keeps the plan whose outcome is worth most (stopping early when
 * `outOfTime` says so): the static evaluation of the
 * position after the moves plus the expected worth of those attacks. Ties
 * keep the earlier plan.
 */
export function searchMovement(
  ctx: GameContext,
  position: Position,
  portfolio: readonly MoveWeights[],
  plans: number,
  outOfTime?: () => boolean,
  /** Weigh the plans by rollouts on these seeds (rollouts.ts) rather than statically. */
  rolloutSeeds?: readonly number[],
): PlannedMove[] {
  const candidates = portfolio.slice(0, Math.max(1, plans));
  if (candidates.length === 1) return planMovement(ctx, position, candidates[0]);
  let best: PlannedMove[] | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  const tried = new Set<string>();
  let made = 0;
  for (const weights of candidates) {
    if (made++ > 0 && outOfTime?.()) break;
    const plan = planMovement(ctx, position, weights);
    const key = JSON.stringify(plan.map((m) => m.action));
    if (tried.has(key)) continue;
    tried.add(key);
    const score =
      rolloutSeeds && rolloutSeeds.length > 0
        ? rolloutWorth(ctx, position, plan, rolloutSeeds)
        : outcomeOf(ctx, position, plan);
    // The first plan made is kept whatever its score (one that cannot end the phase scores -Infinity).
    if (best === undefined || score > bestScore) {
      bestScore = score;
      best = plan;
    }
  }
  return best ?? [];
}

/** What a plan leads to: the position after its moves, evaluated, plus the melee it sets up in expectation. */
export function outcomeOf(ctx: GameContext, position: Position, plan: readonly PlannedMove[]): number {
  const side = position.phasing;
  let moved = position;
  for (const m of plan) {
    const step = apply(ctx, moved, m.action);
    if (step.ok) moved = step.value.position;
  }
  const ended = apply(ctx, moved, END_PHASE);
  if (!ended.ok || ended.value.position.phase !== "melee") return evaluate(ctx, moved, side);
  let melee = ended.value.position;
  for (let n = 0; n < 200; n++) {
    const next: Action | undefined = nextAllocation(ctx, melee, "melee");
    if (!next) break;
    const step = apply(ctx, melee, next);
    if (!step.ok) break;
    melee = step.value.position;
  }
  const a = analyse(ctx, melee, side);
  let attacks = 0;
  for (const attack of melee.attacks) {
    const assessed = assessAttack(ctx, melee, {
      kind: attack.kind,
      attackers: attack.attackers,
      targets: attack.targets,
    });
    if (assessed.ok) attacks += expectedWorth(a, assessed.value, 0);
  }
  return evaluate(ctx, melee, side) + attacks;
}
