import { describe, expect, it } from "vitest";
import type { Position } from "./position.js";
import { type TestTable, type TestUnit, table } from "./test-support/table.js";
import { finalResult, holder, losses, removalsToDestroy, suddenDeath } from "./victory.js";

/**
 * Victory is designed (the text has no scenarios): each scenario's sudden
 * deaths (a fraction of the enemy destroyed, units brought into a zone),
 * objectives held at the end, and who wins when those are level. The Play
 * Sequence judges them at the end of each half (sequence.test.ts).
 */
const square = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

const RED: TestUnit[] = [
  { id: "R1", type: "infantry", x: 10, y: 5 },
  { id: "R2", type: "infantry", x: 20, y: 5 },
  { id: "R3", type: "infantry", x: 30, y: 5 },
];
const BLUE: TestUnit[] = [
  { id: "B1", side: "second", type: "infantry", x: 10, y: 43, facing: 18000 },
  { id: "B2", side: "second", type: "infantry", x: 20, y: 43, facing: 18000 },
  { id: "B3", side: "second", type: "infantry", x: 30, y: 43, facing: 18000 },
];

function game(
  victory: NonNullable<TestTable["victory"]>,
  units: TestUnit[] = [...RED, ...BLUE],
  extra: Partial<TestTable> = {},
) {
  return table({ ...extra, units, victory });
}

/** The position with these units taken off the table, in order. */
function without(position: Position, ...ids: string[]): Position {
  const units = { ...position.units };
  for (const id of ids) delete units[id];
  return { ...position, units, removed: [...position.removed, ...ids] };
}

/** The position with one unit's centre moved (inches). */
function at(position: Position, id: string, x: number, y: number): Position {
  const u = position.units[id];
  if (!u) throw new Error(id);
  return { ...position, units: { ...position.units, [id]: { ...u, x: x * 6096, y: y * 6096 } } };
}

describe("[003 Play Sequence] victory: sudden death", () => {
  const half = {
    suddenDeath: [{ kind: "destroy" as const, side: "first" as const, fraction: { num: 1, den: 2 } }],
    atEnd: [],
    otherwise: "draw" as const,
  };

  it("[003 Play Sequence] destroying half the enemy's starting units, exactly (2 of 3; 1 is not enough)", () => {
    const { ctx, position } = game(half);
    const one = without(position, "B1");
    expect(losses(ctx, one, "second")).toBe(1);
    expect(suddenDeath(ctx, one, "first")).toBeUndefined();
    const two = without(one, "B2");
    expect(suddenDeath(ctx, two, "first")).toEqual({
      winner: "first",
      reason: "Red destroyed 2 of 3 enemy units",
    });
    // Judged at the end of either side's half: the destruction is what it is.
    expect(suddenDeath(ctx, two, "second")?.winner).toBe("first");
  });

  it("[003 Play Sequence] the removals still needed to destroy half the enemy: 2 of 3, then 1, then none", () => {
    const { ctx, position } = game(half);
    expect(removalsToDestroy(ctx, position, "first")).toBe(2);
    expect(removalsToDestroy(ctx, without(position, "B1"), "first")).toBe(1);
    expect(removalsToDestroy(ctx, without(position, "B1", "B2"), "first")).toBe(0);
    // Its own losses change nothing; the side with no destroy condition has no count.
    expect(removalsToDestroy(ctx, without(position, "R1"), "first")).toBe(2);
    expect(removalsToDestroy(ctx, position, "second")).toBeUndefined();
  });

  it("[003 Play Sequence] a side's own losses do not count towards its destruction condition", () => {
    const { ctx, position } = game(half);
    expect(suddenDeath(ctx, without(position, "R1", "R2"), "first")).toBeUndefined();
  });

  it("[003 Play Sequence] reaching a zone with the named number of units, at the end of that side's half", () => {
    const reach = {
      suddenDeath: [
        {
          kind: "reach" as const,
          side: "first" as const,
          name: "the ridge",
          zone: square(0, 30, 72, 40),
          count: 2,
        },
      ],
      atEnd: [],
      otherwise: "draw" as const,
    };
    const { ctx, position } = game(reach);
    const one = at(position, "R1", 10, 35);
    expect(suddenDeath(ctx, one, "first")).toBeUndefined();
    const two = at(one, "R2", 20, 30);
    expect(suddenDeath(ctx, two, "first")).toEqual({
      winner: "first",
      reason: "Red reached the ridge with 2 units",
    });
    expect(suddenDeath(ctx, two, "second")).toBeUndefined();
  });

  it("[003 Play Sequence] a side with no units left loses", () => {
    const { ctx, position } = game(half);
    expect(suddenDeath(ctx, without(position, "R1", "R2", "R3"), "first")).toEqual({
      winner: "second",
      reason: "Red have no units left on the table",
    });
  });
});

describe("[003 Play Sequence] victory at the end: objectives held, otherwise", () => {
  const town = { id: "town", kind: "town" as const, name: "Village", polygon: square(33, 21, 39, 27) };
  const holds = (otherwise: "draw" | "first" | "second" | "fewer-losses") => ({
    suddenDeath: [],
    atEnd: [
      { kind: "hold" as const, name: "the village", piece: "town", points: 2 },
      { kind: "hold" as const, name: "the bridge", zone: square(60, 20, 66, 28), points: 1 },
    ],
    otherwise,
  });

  it("[003 Play Sequence] an objective is held by the only side with a unit's centre in it", () => {
    const { ctx, position } = game(holds("draw"), undefined, { areas: [town] });
    const hold = { kind: "hold" as const, name: "the village", piece: "town", points: 1 };
    expect(holder(ctx, position, hold)).toBeUndefined();
    const red = at(position, "R1", 36, 24);
    expect(holder(ctx, red, hold)).toBe("first");
    expect(holder(ctx, at(red, "B1", 36, 26), hold)).toBeUndefined();
  });

  it("[003 Play Sequence] more points of objectives held wins", () => {
    const { ctx, position } = game(holds("draw"), undefined, { areas: [town] });
    const p = at(at(position, "R1", 36, 24), "B1", 63, 24);
    expect(finalResult(ctx, p)).toEqual({
      winner: "first",
      reason: "Red hold the village; Blue hold the bridge after 6 turns",
    });
  });

  it("[003 Play Sequence] level objectives: otherwise names a side, or a draw", () => {
    for (const otherwise of ["first", "second"] as const) {
      const { ctx, position } = game(holds(otherwise), undefined, { areas: [town] });
      expect(finalResult(ctx, position).winner).toBe(otherwise);
    }
    const { ctx, position } = game(holds("draw"), undefined, { areas: [town] });
    expect(finalResult(ctx, position)).toEqual({
      winner: "draw",
      reason: "neither side prevailed after 6 turns",
    });
  });

  it("[003 Play Sequence] level objectives, otherwise fewer losses: the side that lost fewer units, else a draw", () => {
    const { ctx, position } = game(holds("fewer-losses"), undefined, { areas: [town] });
    const p = without(position, "R1", "B1", "B2");
    expect(finalResult(ctx, p)).toEqual({
      winner: "first",
      reason: "Red lost fewer units (1 to 2) after 6 turns",
    });
    expect(finalResult(ctx, without(position, "R1", "B1")).winner).toBe("draw");
  });
});
