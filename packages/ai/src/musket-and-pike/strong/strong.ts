import {
  type Action,
  apply,
  endPhase,
  type GameContext,
  indexOfId,
  legalActions,
  type Position,
} from "@tercio/musket-and-pike";
import { type PolicyRng, rngUint32 } from "../../rng.js";
import { greedyPolicy } from "../greedy.js";
import { deploymentAction, END_PHASE, type MpPolicy, where } from "../policy.js";
import { chooseAdvance } from "./advance.js";
import { analyse } from "./analysis.js";
import { combatStep } from "./combat-plan.js";
import type { MoveWeights, PlannedMove } from "./move-plan.js";
import { PORTFOLIO, searchMovement } from "./plan-search.js";

export interface StrongOptions {
  /** One set of weights: no search, that plan is followed. */
  readonly weights?: MoveWeights;
  /** The search's candidate plans (default PORTFOLIO). */
  readonly portfolio?: readonly MoveWeights[];
  /**
   * The search's node budget: how many of the portfolio's plans to make and
   * weigh per Movement Phase. Default 1: measured against greedy, weighing
   * two plans won no more games at twice the time (docs/ai.md).
   */
  readonly plans?: number;
  /**
   * A wall-clock budget, kept outside this pure package: the host's clock
   * says when the time is up, and the search then stops after the plan it
   * is weighing (at least one plan is always made). Games are reproducible
   * only without it, or with a budget never reached.
   */
  readonly outOfTime?: () => boolean;
  /**
   * Rollouts per plan: weigh the portfolio's plans by playing each on
   * through the enemy's next Player-Turn that many times (rollouts.ts), on
   * seeds drawn from the policy's generator, rather than by the static
   * evaluation. 0 (the default) weighs statically. With rollouts, `plans`
   * defaults to the whole portfolio.
   */
  readonly rollouts?: number;
}

/** The Movement Phase plan being followed, and where it stands. */
interface FollowedPlan {
  /** The phase it was made for: scenario, Game-Turn, phasing player (movement rolls no dice). */
  readonly phase: string;
  readonly moves: readonly PlannedMove[];
  next: number;
  /** `position.moved` as it should be before the next planned move. */
  expected: readonly string[];
}

/**
 * The strong level: plans each phase as a whole from the scenario's goals,
 * the enemy's threat and the exact combat chances.
 *
 * - Fire and melee (7.0, 6.0): allocations by marginal expected worth
 *   (combat-plan.ts), then every attack resolved.
 * - Movement (5.0): a whole-phase plan (move-plan.ts), made once and followed
 *   move by move; if the position is not the one the plan expects (a move
 *   was refused, or another caller moved units), it plans again from here.
 * - Retreats the enemy's units make (8.2, this player chooses): the option
 *   farthest from their goals. Advances (8.3): as many as allowed, unless
 *   that leaves a goal behind (advance.ts).
 *
 * A policy object keeps its current plan, so use one per game (findPolicy
 * makes a new one each time). Given the same positions in the same order it
 * makes the same choices: the plan depends on nothing else.
 */
export function createStrongPolicy(options: StrongOptions = {}): MpPolicy {
  const portfolio = options.weights ? [options.weights] : (options.portfolio ?? PORTFOLIO);
  const rollouts = options.rollouts ?? 0;
  const plans = options.plans ?? (rollouts > 0 ? portfolio.length : 1);
  let followed: FollowedPlan | undefined;

  function moveAction(ctx: GameContext, position: Position, rng: PolicyRng): Action {
    const phase = `${ctx.scenario.id} ${position.gameTurn} ${position.phasing}`;
    const fresh = (): FollowedPlan => ({
      phase,
      moves: searchMovement(ctx, position, portfolio, plans, options.outOfTime, rolloutSeeds(rng, rollouts)),
      next: 0,
      expected: [...position.moved],
    });
    if (!followed || followed.phase !== phase || !sameList(followed.expected, position.moved))
      followed = fresh();
    let replanned = false;
    for (;;) {
      const plan: FollowedPlan = followed;
      const planned = plan.moves[plan.next++];
      if (!planned) break;
      if (position.moved.includes(planned.unit)) continue;
      if (apply(ctx, position, planned.action).ok) {
        plan.expected = [...position.moved, planned.unit];
        return planned.action;
      }
      // A move planned at the start can be refused later (an earlier move changed a path's cost):
      // plan again from here, once; a move refused even then is left out.
      if (!replanned) {
        followed = fresh();
        replanned = true;
      }
    }
    if (endPhase(ctx, position).ok) return END_PHASE;
    // 10.0: a hex left over the stacking limit: the greedy player's cure.
    followed = undefined;
    return greedyPolicy.choose(ctx, position, { state: 1 });
  }

  return {
    name: "strong",
    choose(ctx, position, rng) {
      if (position.decision) return decide(ctx, position);
      switch (position.phase) {
        case "deployment":
          return deploymentAction(ctx, position);
        case "fire":
          return combatStep(ctx, position, ["fire"]);
        case "movement":
          return moveAction(ctx, position, rng);
        case "melee":
          // 11.0 (optional): caracolla fire is allocated in the Melee Combat Phase too.
          return combatStep(ctx, position, ["fire", "melee"]);
        case "game-over":
          throw new Error(`strong: the game is over (${where(ctx, position)})`);
      }
      return greedyPolicy.choose(ctx, position, rng);
    },
  };
}

/** The seeds of a phase's rollouts, drawn only when there are rollouts to make (a static strong player draws none). */
function rolloutSeeds(rng: PolicyRng, rollouts: number): number[] | undefined {
  if (rollouts <= 0) return undefined;
  return Array.from({ length: rollouts }, () => rngUint32(rng));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * 8.2: the retreat of enemy units is this player's to choose: the legal end
 * hex farthest from their goals. 8.3: the advance that weighs most, its
 * units against the objectives they would leave (advance.ts).
 */
function decide(ctx: GameContext, position: Position): Action {
  const legal = legalActions(ctx, position);
  const decision = position.decision;
  if (decision?.kind === "advance") {
    const chosen = chooseAdvance(ctx, position);
    if (chosen) return chosen;
  }
  if (decision?.kind === "retreat") {
    const retreating = position.units[decision.units[0] ?? ""]?.side;
    if (retreating) {
      const field = analyse(ctx, position, retreating).field;
      let best: Action | undefined;
      let far = -1;
      for (const a of legal) {
        if (a.type !== "retreat") continue;
        const d = field[indexOfId(ctx.map.grid, a.to)] as number;
        if (d > far) {
          far = d;
          best = a;
        }
      }
      if (best) return best;
    }
  }
  const first = legal[0];
  if (!first) throw new Error(`strong: no legal answer to the decision (${where(ctx, position)})`);
  return first;
}
