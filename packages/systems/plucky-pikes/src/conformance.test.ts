import { conformanceSuite } from "@tercio/core/test-support/conformance";
import { describe } from "vitest";
import type { Action } from "./actions.js";
import { positionIssues } from "./position-check.js";
import { builtInScenarios } from "./scenarios/load.js";
import { pluckyPikesSystem } from "./system.js";

/**
 * Ends a side's move or declaring one time in four; otherwise prefers
 * engaging and firing (so random games reach melee, morale and the army's
 * score) over the other moves.
 */
function choose(offered: readonly Action[], roll: number): Action {
  const end = offered.find((a) => a.type === "end-phase");
  if (end && roll % 4 === 0) return end;
  const fights = offered.filter((a) => a.type === "engage" || a.type === "fire" || a.type === "react");
  if (fights.length > 0 && roll % 2 === 0) return fights[(roll >>> 3) % fights.length] as Action;
  const moves = offered.filter((a) => a.type !== "end-phase");
  const from = moves.length > 0 ? moves : offered;
  return from[(roll >>> 2) % from.length] as Action;
}

describe("Plucky Pikes and Stalwart Shot (001) through the RuleSystem interface", () => {
  conformanceSuite({
    system: pluckyPikesSystem,
    setups: [
      ...builtInScenarios().map((s) => ({ scenario: s.id, options: {} })),
      { scenario: "random", options: { units: 6, tableSeed: 7 } },
    ],
    seeds: [1],
    maxActions: 4000,
    choose,
    invariants: (ctx, position) => positionIssues(ctx, position).map((i) => `${i.path}: ${i.message}`),
    every: 7,
    timeout: 240_000,
  });
});
