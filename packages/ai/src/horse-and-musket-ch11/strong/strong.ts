import type { Action } from "@tercio/horse-and-musket-ch11";
import type { Hm11Policy } from "../policy.js";
import { analyse } from "./analysis.js";
import { DEFAULT_WEIGHTS, type Weights } from "./evaluate.js";
import { type MovementPlan, planMovement, positionKey } from "./plan.js";
import { nextShot } from "./shooting.js";

export interface StrongOptions {
  readonly name?: string;
  readonly weights?: Weights;
}

/**
 * The strong player: plans each Movement phase whole (strong/plan.ts) and
 * plays it out one action a call, keeping the plan while the position is
 * the one it planned for and planning again from where it stands when not
 * (a host that replays, a refused step); shoots one best shot a call.
 */
export function createStrongPolicy(options: StrongOptions = {}): Hm11Policy {
  const weights = options.weights ?? DEFAULT_WEIGHTS;
  let plan: MovementPlan | undefined;
  let next = 0;
  return {
    name: options.name ?? "strong",
    choose(ctx, position): Action {
      if (position.phase !== "movement") {
        plan = undefined;
        return nextShot(ctx, position, analyse(ctx, position));
      }
      const key = positionKey(position);
      if (!plan || plan.keys[next] !== key) {
        plan = planMovement(ctx, position, weights);
        next = 0;
      }
      const action = plan.actions[next] as Action;
      next++;
      return action;
    },
  };
}
