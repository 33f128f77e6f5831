import { seedPrng } from "@tercio/core";
import { describe, expect, it } from "vitest";
import { sideSegment } from "../bases.js";
import { builtInScenarios } from "../scenarios/load.js";
import { horseAndMusketNtSystem as system } from "../system.js";
import { rect } from "../test-support/pieces.js";
import { table, withUnits } from "../test-support/table.js";
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
    // About 5,000 sight lines: a few seconds, more on a busy machine.
  }, 30_000);

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

describe("sightWorking: what stops each line, in words", () => {
  const named = (kind: "woods" | "hill") => ({ ...rect("W", kind, 30, 16, 42, 20), name: "Hougoumont wood" });

  it("[003 Line of Sight III] a wood seen through two sides stops every line, and says so", () => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        { id: "B", type: "infantry", x: 36, y: 26, facing: 18000, side: "second" },
      ],
      areas: [named("woods")],
    });
    const w = sightWorking(ctx, position, "A", "B");
    const block = { kind: "area", id: "W", why: "two-sides" } as const;
    expect(w?.centreBlock).toEqual(block);
    expect(w?.parts.every((p) => p.block?.kind === "area" && !p.seen)).toBe(true);
    expect(w?.why).toBe("the line to the side's centre is blocked");
    expect(blockWords(ctx, block)).toBe("Hougoumont wood blocks the line (it would pass through two sides)");
    expect(blockWords(ctx, { kind: "area", id: "W", why: "too-deep" })).toBe(
      'Hougoumont wood blocks the line (more than 4" into it)',
    );
  });

  it("[003 Line of Sight II] parts out of the front arc are drawn clear but not counted", () => {
    // B far to A's right front: its west parts in A's arc, its east parts beyond A's right-hand ray.
    const { ctx, position } = table({
      units: [
        { id: "V", type: "cavalry", x: 20, y: 10 },
        { id: "T", type: "infantry", x: 30, y: 20.5, facing: 18000, side: "second" },
      ],
    });
    const w = sightWorking(ctx, position, "V", "T", "front");
    expect(w?.parts.map((p) => [p.inArc, p.block === undefined, p.seen])).toEqual([
      ...Array.from({ length: 4 }, () => [false, true, false]),
      ...Array.from({ length: 4 }, () => [true, true, true]),
    ]);
    expect(w?.seen).toBe(4);
  });

  it("[003 Line of Sight II] the parts tile the side, end to end, each line drawn to its part's midpoint", () => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        { id: "B", type: "infantry", x: 37, y: 22, facing: 3000, side: "second" },
      ],
    });
    const w = sightWorking(ctx, position, "A", "B", "front");
    const [a, b] = sideSegment(ctx, position.units.B as NonNullable<typeof position.units.B>, "front");
    const parts = w?.parts ?? [];
    expect(parts).toHaveLength(8);
    expect(parts[0]?.from).toEqual(a);
    expect(parts[7]?.to).toEqual(b);
    for (let k = 0; k + 1 < parts.length; k++) expect(parts[k]?.to).toEqual(parts[k + 1]?.from);
    for (const p of parts) {
      expect(Math.abs(2 * p.mid.x - p.from.x - p.to.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(2 * p.mid.y - p.from.y - p.to.y)).toBeLessThanOrEqual(2);
    }
  });

  it("[003 Line of Sight] by default the side the viewer's front centre is in; nothing for a unit gone or a viewer inside its target", () => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        { id: "B", type: "infantry", x: 42, y: 22, facing: 27000, side: "second" },
      ],
    });
    expect(sightWorking(ctx, position, "A", "B")?.side).toBe("left");
    expect(sightWorking(ctx, position, "A", "Nobody")).toBeUndefined();
    const inside = withUnits(position, {
      A: { x: position.units.B?.x ?? 0, y: (position.units.B?.y ?? 0) - 6096 },
    });
    expect(sightWorking(ctx, inside, "A", "B")).toBeUndefined();
  });
});
