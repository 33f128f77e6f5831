import { seedPrng } from "@tercio/core";
import type { Ctx, Position, UnitState } from "@tercio/horse-and-musket-nt";
import { describe, expect, it } from "vitest";
import { crossingAhead, crossingAims, inApproach, misalignment, slideToAxis } from "./crossings.js";
import { INCH } from "./geometry.js";
import { centroid, objectivesOf } from "./objectives.js";
import { analyse } from "./strong/analysis.js";
import { HMNT, ntGame } from "./test-support/games.js";

/**
 * The players' plan for a river (Terrain iv: crossed only at a bridge or
 * ford): which crossing lies between a unit and its goal, how far a pose is
 * off its axis or turned from square to it, the slide onto the axis, the
 * ground kept clear before it, and the queue (the nearest goes first, the
 * others wait a column's length and an inch further back).
 */
function opened(scenario: string): { ctx: Ctx; position: Position } {
  const { ctx, setup } = ntGame(scenario, { greyAreas: "exact" });
  const o = HMNT.open(ctx, setup, seedPrng(1));
  if (!o.ok) throw new Error(o.error.message);
  return { ctx, position: o.value.position };
}

const at = (x: number, y: number) => ({ x: x * INCH, y: y * INCH });

describe("crossings: the way over a river", () => {
  const { ctx, position } = opened("arcole-bridge");
  const town = centroid(objectivesOf(ctx).hold[0]?.zone ?? []);

  it("finds the bridge between the west bank and Arcole, and the facing square to it", () => {
    const ahead = crossingAhead(ctx, at(20, 20), town);
    expect(ahead).toBeDefined();
    expect(ahead?.crossing.mid).toEqual(at(34, 20));
    expect(ahead?.crossing.half).toBe(4 * INCH);
    // East: square to the Alpone, which runs north-south.
    expect(ahead?.facing).toBe(9000);
    expect(ahead?.over).toEqual({ x: 1, y: 0 });
  });

  it("finds none when the goal is on the unit's own bank", () => {
    expect(crossingAhead(ctx, at(40, 20), town)).toBeUndefined();
    expect(crossingAhead(ctx, at(10, 10), at(20, 30))).toBeUndefined();
  });

  it("measures a pose off the axis beyond what its width leaves free, and turned from square", () => {
    const ahead = crossingAhead(ctx, at(20, 20), town);
    if (!ahead) throw new Error("no crossing");
    const line = { frontage: 6 * INCH, depth: 3 * INCH };
    const column = { frontage: 3 * INCH, depth: 6 * INCH };
    // A line square to the 8" bridge and centred: 1" free either side.
    expect(misalignment(ahead, { ...at(31, 20), facing: 9000 }, line)).toMatchObject({ off: 0, turn: 0 });
    expect(misalignment(ahead, { ...at(31, 21), facing: 9000 }, line).off).toBe(0);
    expect(misalignment(ahead, { ...at(31, 22), facing: 9000 }, line).off).toBe(1);
    // A column 2" off is within its 2.5" of play; turned, it is wider along the river.
    expect(misalignment(ahead, { ...at(31, 22), facing: 9000 }, column).off).toBe(0);
    const turned = misalignment(ahead, { ...at(31, 22), facing: 11000 }, column);
    expect(turned.turn).toBeGreaterThan(0);
    expect(turned.off).toBeGreaterThan(0);
    // Nothing counts 14" away or more.
    expect(misalignment(ahead, { ...at(20, 25), facing: 0 }, line).near).toBe(0);
  });

  it("slides onto the axis by at most the reform's 2\"", () => {
    const ahead = crossingAhead(ctx, at(20, 20), town);
    if (!ahead) throw new Error("no crossing");
    expect(slideToAxis(ahead, at(31, 18), 2 * INCH)).toEqual({ x: 0, y: 2 * INCH });
    expect(slideToAxis(ahead, at(31, 21), 2 * INCH)).toEqual({ x: 0, y: -INCH });
    expect(slideToAxis(ahead, at(31, 20), 2 * INCH)).toBeUndefined();
  });

  it("aims before the crossing on its axis (the front an inch from the bank) and beyond it", () => {
    const ahead = crossingAhead(ctx, at(20, 20), town);
    if (!ahead) throw new Error("no crossing");
    const u = { x: 20 * INCH, y: 20 * INCH } as UnitState;
    expect(crossingAims(ahead, u, 6 * INCH)).toEqual([at(30, 20), at(42, 20)]);
  });

  it("keeps clear the ground before and beyond a crossing, graded in inches", () => {
    const c = crossingAhead(ctx, at(20, 20), town)?.crossing;
    if (!c) throw new Error("no crossing");
    expect(inApproach(c, at(33, 20), 4 * INCH, 10 * INCH)).toBe(9);
    expect(inApproach(c, at(38, 21), 4 * INCH, 10 * INCH)).toBe(6);
    expect(inApproach(c, at(23, 20), 4 * INCH, 10 * INCH)).toBe(0);
    // Wide of the crossing (half its width, half the base and 3" of room): not in the way.
    expect(inApproach(c, at(33, 30), 4 * INCH, 10 * INCH)).toBe(0);
  });

  it("queues the units for a crossing: the nearest first, the others a column's length and an inch behind it", () => {
    // The French columns closed up on the bridge: F-Lan nearest, F-Gr and F-51 behind.
    const units = { ...position.units } as Record<string, UnitState>;
    const put = (id: string, x: number, y: number) => {
      const u = units[id] as UnitState;
      units[id] = { ...u, x: x * INCH, y: y * INCH, facing: 9000, formation: "column" };
    };
    put("F-Lan", 28, 20);
    put("F-Gr", 20, 20);
    put("F-51", 22, 25);
    const an = analyse(ctx, { ...position, units });
    expect(an.heads.has("F-Lan")).toBe(true);
    expect(an.behind.get("F-Gr")).toBe(6 * INCH + 6 * INCH + INCH);
    expect(an.behind.has("F-Lan")).toBe(false);
    expect(an.queued.get("F-Lan")).toBeGreaterThanOrEqual(2);
    // Guns fire over the river; they never queue.
    expect(an.behind.has("F-Art")).toBe(false);
    expect(an.heads.has("F-Art")).toBe(false);
  });

  it("forms no queue while the first is still far from the crossing", () => {
    const an = analyse(ctx, position);
    expect(an.behind.size).toBe(0);
  });
});
