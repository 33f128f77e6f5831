import { conformanceSuite } from "@tercio/core/test-support/conformance";
import { describe } from "vitest";
import type { Action } from "./actions.js";
import { positionIssues } from "./position-check.js";
import { builtInScenarios } from "./scenarios/load.js";
import { horseAndMusketNtSystem } from "./system.js";

/**
 * Ends the phase one time in four, and otherwise prefers charges, shots,
 * moves and rallies over rolling (so random games reach melee, removals and
 * rallies and end).
 */
function choose(offered: readonly Action[], roll: number): Action {
  const end = offered.find((a) => a.type === "end-phase");
  if (end && roll % 4 === 0) return end;
  const fights = offered.filter((a) => a.type === "charge" || a.type === "fire" || a.type === "rally");
  if (fights.length > 0 && roll % 2 === 0) return fights[(roll >>> 3) % fights.length] as Action;
  const moves = offered.filter((a) => a.type !== "end-phase");
  const from = moves.length > 0 ? moves : offered;
  return from[(roll >>> 2) % from.length] as Action;
}

describe("Horse and Musket (003) through the RuleSystem interface", () => {
  conformanceSuite({
    system: horseAndMusketNtSystem,
    setups: [
      ...builtInScenarios().map((s) => ({ scenario: s.id, options: {} })),
      { scenario: "random", options: { units: 6, tableSeed: 7 } },
      {
        scenario: "fontenoy-redoubt",
        options: {
          dice: "average",
          greyAreas: "exact",
          onRay: "flank",
          variableQuality: "off",
          ammunition: "on",
        },
      },
      {
        scenario: "antietam-bridge",
        options: { dice: "average", ammunition: "on", chargingInfantry: "on" },
      },
    ],
    seeds: [1],
    maxActions: 4000,
    choose,
    invariants: (ctx, position) => positionIssues(ctx, position).map((i) => `${i.path}: ${i.message}`),
    every: 11,
    timeout: 240_000,
  });
});
