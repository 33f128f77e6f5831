import { greedyPolicy } from "../greedy.js";
import type { Hm11Policy } from "../policy.js";

export interface StrongOptions {
  readonly name?: string;
}

export function createStrongPolicy(options: StrongOptions = {}): Hm11Policy {
  return {
    name: options.name ?? "strong",
    choose: (ctx, position, rng) => greedyPolicy.choose(ctx, position, rng),
  };
}
