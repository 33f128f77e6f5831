import { conformanceSuite } from "@tercio/core/test-support/conformance";
import { describe } from "vitest";
import type { Action } from "./actions.js";
import { positionIssues } from "./position-check.js";
import { builtInScenarios } from "./scenarios/load.js";
import { horseAndMusket } from "./system.js";

/**
 * Ends the phase one time in three, and otherwise prefers charges and shots
 * (so random games reach hand-to-hand, retreats and eliminations).
 */
function choose(offered: readonly Action[], roll: number): Action {
  const end = offered.find((a) => a.type === "end-phase");
  if (end && roll % 3 === 0) return end;
  const fights = offered.filter((a) => a.type === "charge" || a.type === "shoot");
  const from = fights.length > 0 && roll % 2 === 0 ? fights : offered;
  return from[(roll >>> 2) % from.length] as Action;
}

describe("Horse and Musket ch11 through the RuleSystem interface", () => {
  conformanceSuite({
    system: horseAndMusket,
    setups: [
      ...builtInScenarios().map((s) => ({ scenario: s.id, options: {} })),
      { scenario: "random", options: { units: 6, tableSeed: 7 } },
      { scenario: "random", options: { units: 11, tableSeed: 8 } },
      {
        scenario: "pitched-battle",
        options: {
          fieldOfFire: "wedge-22.5",
          rangeFrom: "centre",
          lineOfSight: "simple",
          pivotCountsAsMove: "no",
        },
      },
      {
        scenario: "hill-to-take",
        options: {
          fieldOfFire: "wedge-45",
          fireOnRay: "out",
          contactOnRay: "flank",
          rangeFrom: "front-centre",
          inTerrainBy: "overlap",
          modifierRounding: "each-step",
          retreatFacing: "target-centre",
          squares: "on",
        },
      },
    ],
    seeds: [1, 2],
    maxActions: 3000,
    choose,
    invariants: (ctx, position) => positionIssues(ctx, position).map((i) => `${i.path}: ${i.message}`),
    every: 7,
    timeout: 240_000,
  });
});
