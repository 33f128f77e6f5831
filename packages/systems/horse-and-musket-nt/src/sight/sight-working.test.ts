import { seedPrng } from "@tercio/core";
import { describe, expect, it } from "vitest";
import { builtInScenarios } from "../scenarios/load.js";
import { horseAndMusketNtSystem as system } from "../system.js";
import { table } from "../test-support/table.js";
import { SIDES } from "../vocabulary.js";
import { sideSight } from "./line-of-sight.js";
import { blockWords, sightWorking } from "./sight-working.js";

function opening(id: string) {
  const setup = system.parseSetup({ scenario: id, options: {} });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = system.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const open = system.open(ctx.value, setup.value, seedPrng(1));
  if (!open.ok) throw new Error(open.error.message);
  return { ctx: ctx.value, position: open.value.position };
}

describe("sightWorking: the lines the rule traces, for the board", () => {
  it("[003 Line of Sight II] agrees with sideSight on every pair of units of every opening, every side", () => {
    let pairs = 0;
    for (const s of builtInScenarios()) {
      const { ctx, position } = opening(s.id);
      const ids = Object.keys(position.units);
      for (const a of ids)
        for (const b of ids) {
          if (a === b || position.units[a]?.side === position.units[b]?.side) continue;
          for (const side of SIDES) {
            const w = sightWorking(ctx, position, a, b, side);
            const v = sideSight(ctx, position, a, b, side);
            expect(w?.visible).toBe(v.visible);
            expect(w?.d2).toBe(v.d2);
            // The parts seen are counted only when the line to the centre is clear (sightFrom).
            if (w && !w.centreBlock) expect(w.parts.filter((p) => p.seen).length).toBe(v.seen);
            pairs++;
          }
        }
    }
    expect(pairs).toBeGreaterThan(1000);
  });

  it("[003 Line of Sight I] names the unit in the way and the parts it hides", () => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        { id: "M", type: "infantry", x: 36, y: 16 },
        { id: "B", type: "infantry", x: 36, y: 22, facing: 18000, side: "second" },
      ],
    });
    const w = sightWorking(ctx, position, "A", "B");
    expect(w?.side).toBe("front");
    expect(w?.visible).toBe(false);
    expect(w?.centreBlock).toEqual({ kind: "unit", id: "M" });
    expect(w?.parts.every((p) => p.block?.kind === "unit")).toBe(true);
    expect(blockWords(ctx, { kind: "unit", id: "M" })).toBe("M is in the way");
  });
});
