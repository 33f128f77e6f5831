import { conformanceSuite } from "@tercio/core/test-support/conformance";
import { describe } from "vitest";
import type { Action } from "./actions.js";
import { positionIssues } from "./state/parse.js";
import { musketAndPike } from "./system.js";

/**
 * Ends the phase one time in two when it may, so random games finish in a
 * few hundred actions; takes a deployed unit back only when nothing else is
 * offered (a placement that left no room for the rest).
 */
function choose(offered: readonly Action[], roll: number): Action {
  const end = offered.find((a) => a.type === "end-phase");
  if (end && roll % 2 === 0) return end;
  const forward = offered.filter((a) => a.type !== "undeploy");
  const from = forward.length > 0 ? forward : offered;
  return from[(roll >>> 1) % from.length] as Action;
}

describe("Musket & Pike through the RuleSystem interface", () => {
  conformanceSuite({
    system: musketAndPike(),
    setups: [
      { scenario: "16.11", options: { optionalRules: [] } },
      { scenario: "16.24", options: { optionalRules: ["infantry-squares", "road-movement"] } },
      { scenario: "16.51", options: { optionalRules: ["dismounting-cavalry", "artillery-capture"] } },
    ],
    seeds: [1, 2],
    maxActions: 5000,
    choose,
    invariants: (ctx, position) => positionIssues(ctx, position).map((i) => `${i.path}: ${i.message}`),
    every: 25,
    timeout: 120_000,
  });
});
