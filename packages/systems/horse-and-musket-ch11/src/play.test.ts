import { nextUint32, seedPrng } from "@tercio/core";
import { describe, expect, it } from "vitest";
import type { Action } from "./actions.js";
import { positionIssues } from "./position-check.js";
import { builtInScenarios } from "./scenarios/load.js";
import { horseAndMusket as sys } from "./system.js";

/** Random games biased towards fighting, counting what happened. */
function play(scenario: string, seed: number): Record<string, number> {
  const setup = sys.parseSetup({ scenario, options: {} });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = sys.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const opened = sys.open(ctx.value, setup.value, seedPrng(seed));
  if (!opened.ok) throw new Error(opened.error.message);
  let pos = opened.value.position;
  let picker = seedPrng(seed + 99);
  const counts: Record<string, number> = {};
  while (sys.toAct(pos) !== null) {
    const offered = sys.legalActions(ctx.value, pos);
    const r = nextUint32(picker);
    picker = r.state;
    const fights = offered.filter((a) => a.type === "charge" || a.type === "shoot");
    const moves = offered.filter((a) => a.type === "move" && a.program.some((op) => op.op === "advance"));
    const end = offered.find((a) => a.type === "end-phase") as Action;
    const pick =
      fights[r.value % Math.max(1, fights.length)] ??
      (r.value % 4 === 0 ? end : (moves[r.value % Math.max(1, moves.length)] ?? end));
    const step = sys.apply(ctx.value, pos, pick);
    if (!step.ok) throw new Error(step.error.message);
    for (const e of step.value.events) counts[e.type] = (counts[e.type] ?? 0) + 1;
    pos = step.value.position;
    const issues = positionIssues(ctx.value, pos);
    if (issues.length > 0) throw new Error(JSON.stringify(issues));
  }
  return counts;
}

describe("random play", () => {
  it("[004 Sequence of Play] games biased to fight reach charges, combats, retreats and eliminations", () => {
    const total: Record<string, number> = {};
    for (const s of builtInScenarios())
      for (const seed of [1, 2])
        for (const [k, v] of Object.entries(play(s.id, seed))) total[k] = (total[k] ?? 0) + v;
    for (const kind of ["charged", "fought", "retreated", "eliminated", "shot", "moved", "game-ended"])
      expect(total[kind] ?? 0, kind).toBeGreaterThan(0);
  }, 120_000);
});
