import { seedPrng } from "@tercio/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { positionIssues } from "./position-check.js";
import { builtInScenarios } from "./scenarios/load.js";
import { pluckyPikesSystem as system } from "./system.js";

/**
 * Invariants over random play: from any built-in scenario and seed, a game
 * of legal actions keeps every position consistent (positionIssues), and
 * the same seed and choices give the same game, hash for hash.
 */
function playOut(scenario: string, seed: number, choices: readonly number[]) {
  const setup = system.parseSetup({ scenario, options: {} });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = system.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const opened = system.open(ctx.value, setup.value, seedPrng(seed));
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  const hashes: string[] = [system.hash(position)];
  for (const c of choices) {
    if (system.result(position)) break;
    const offered = system.legalActions(ctx.value, position);
    const action = offered[c % offered.length];
    if (!action) throw new Error("nothing offered");
    const step = system.apply(ctx.value, position, action);
    if (!step.ok) throw new Error(`${JSON.stringify(action)}: ${step.error.message}`);
    position = step.value.position;
    const issues = positionIssues(ctx.value, position);
    if (issues.length > 0) throw new Error(`${JSON.stringify(action)}: ${JSON.stringify(issues)}`);
    hashes.push(system.hash(position));
  }
  return hashes;
}

describe("[001 The Game Turn] random play keeps the position consistent and replays exactly", () => {
  const ids = builtInScenarios().map((s) => s.id);
  it("any scenario, seed and choices", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ids),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.nat(1000), { minLength: 20, maxLength: 120 }),
        (scenario, seed, choices) => {
          const a = playOut(scenario, seed, choices);
          expect(playOut(scenario, seed, choices)).toEqual(a);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
