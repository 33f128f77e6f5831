import { type Action, type Ctx, type Position, positionHash } from "@tercio/plucky-pikes";
import { applied } from "../moves.js";
import { END_PHASE, INITIATIVE, isFirePart, isMovePart, type PpPolicy } from "../policy.js";
import { bestReaction } from "../react.js";
import { bestDeclaration } from "./fire-plan.js";
import { DEFAULT_WEIGHTS, planHalf, type Weights } from "./plan.js";
import { meleeValue, valuesOf } from "./value.js";

/**
 * Strong: plans each move half whole (plan.ts) and plays it out one
 * action a call; replans when the position is not the one the plan
 * expected (a counter roll answered by the enemy). Fires by expected
 * Victory Points (fire-plan.ts), answers counter rolls by the melee's
 * worth in Victory Points, flags included.
 */
export interface StrongOptions {
  readonly weights?: Partial<Weights>;
}

interface Planned {
  /** The hash of the position the next action is for (the engine's positionHash). */
  expect: string | undefined;
  queue: { action: Action; after: Position }[];
}

export function createStrongPolicy(options: StrongOptions = {}): PpPolicy {
  const w: Weights = { ...DEFAULT_WEIGHTS, ...options.weights };
  const plan: Planned = { expect: undefined, queue: [] };
  let values: ReturnType<typeof valuesOf> | undefined;
  let valuesFor: Ctx | undefined;
  const v = (ctx: Ctx) => {
    if (!values || valuesFor !== ctx) {
      values = valuesOf(ctx);
      valuesFor = ctx;
    }
    return values;
  };
  const replan = (ctx: Ctx, position: Position) => {
    const actions = planHalf(ctx, position, w);
    plan.queue = [];
    let p = position;
    for (const action of actions) {
      const after = applied(ctx, p, action);
      if (!after) break;
      plan.queue.push({ action, after });
      p = after;
    }
    plan.expect = positionHash(position);
  };
  return {
    name: "strong",
    choose(ctx, position) {
      if (position.part === "initiative") return INITIATIVE;
      if (position.reaction)
        return bestReaction(ctx, position, (c, p, m, side) => meleeValue(c, v(c), p, m, side));
      if (isFirePart(position)) return bestDeclaration(ctx, v(ctx), position);
      if (!isMovePart(position)) return END_PHASE;
      if (plan.expect !== positionHash(position)) replan(ctx, position);
      const next = plan.queue.shift();
      if (!next) {
        plan.expect = undefined;
        return END_PHASE;
      }
      plan.expect = positionHash(next.after);
      return next.action;
    },
  };
}
