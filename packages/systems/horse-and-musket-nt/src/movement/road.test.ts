import type { Length } from "@tercio/tabletop";
import { describe, expect, it } from "vitest";
import type { ProgramOp } from "../actions.js";
import { exactJudge } from "../grey-areas.js";
import { fireCover, meleeCover, onRoad } from "../terrain.js";
import { rect } from "../test-support/pieces.js";
import { INCH, inch, play, refusal, rolled, type TestUnit, table } from "../test-support/table.js";
import type { AreaTerrain, Formation, UnitType } from "../vocabulary.js";
import { checkMove } from "./check-move.js";

/**
 * Terrain vi: "Roads. Linear, any length. Units in column and following a
 * road cancel terrain restrictions but lose Shot or Melee Bonuses and may
 * not Charge." Following a road: in column, the centre within half the
 * road's width of its line (inclusive), along the whole leg of a `road` op.
 *
 * The road runs north along x = 20, 2" wide: a centre at x = 21 is on it,
 * a tick further east is not.
 */
const ROAD = {
  id: "pike",
  name: "Pike",
  line: [
    [20, 0],
    [20, 48],
  ] as [Length, Length][],
  width: 2,
};
const justOff: Length = { in: 21, num: 1, den: INCH };

function field(
  mover: { type: UnitType; x?: Length; y?: Length; facing?: number; formation?: Formation },
  area?: { kind: AreaTerrain; y0: number; y1: number },
  extra: TestUnit[] = [],
) {
  return table({
    units: [
      {
        id: "C",
        type: mover.type,
        x: mover.x ?? 20,
        y: mover.y ?? 12,
        facing: mover.facing ?? 0,
        formation: mover.formation ?? "column",
      },
      ...extra,
    ],
    roads: [ROAD],
    areas: area ? [rect("piece", area.kind, 14, area.y0, 26, area.y1)] : [],
    options: { greyAreas: "exact" },
  });
}

const road = (ticks: number): ProgramOp[] => [{ op: "road", ticks }];
const ahead = (ticks: number): ProgramOp[] => [{ op: "advance", ticks }];

describe("Terrain vi: a column following a road cancels terrain restrictions", () => {
  it("[003 Terrain vi] [003 Terrain ii] an infantry column marches by road into a wood it may not otherwise enter", () => {
    const { ctx, position } = field({ type: "infantry" }, { kind: "woods", y0: 20, y1: 30 });
    const p = rolled(position, "C", 6);
    // The column's 6" depth runs from y = 9 to 15: 8" takes its head to 23, inside the wood.
    expect(checkMove(ctx, p, "C", road(inch(8)), exactJudge)).toMatchObject({
      legal: true,
      keepsBonus: true,
    });
    const off = checkMove(ctx, p, "C", ahead(inch(8)), exactJudge);
    expect(off.error?.code).toBe("move/terrain");
    expect(off.error?.rule).toBe("Terrain ii");
    const moved = play(ctx, p, { type: "move", unit: "C", program: road(inch(8)) });
    expect(moved.position.units.C).toMatchObject({ x: inch(20), y: inch(20), acted: "moved" });
  });

  it("[003 Terrain vi] [003 Terrain iv] a cavalry column marches by road through a town", () => {
    const { ctx, position } = field({ type: "cavalry" }, { kind: "town", y0: 18, y1: 24 });
    const p = rolled(position, "C", 6);
    expect(checkMove(ctx, p, "C", road(inch(12)), exactJudge).legal).toBe(true);
    expect(checkMove(ctx, p, "C", ahead(inch(12)), exactJudge).error?.rule).toBe("Terrain iii");
  });

  it("[003 Terrain vi] golden: a leg whose centre stays exactly at the road's edge follows it; a tick outside does not", () => {
    const at = field({ type: "infantry", x: 21 });
    expect(checkMove(at.ctx, rolled(at.position, "C", 3), "C", road(inch(5)), exactJudge).legal).toBe(true);
    const off = field({ type: "infantry", x: justOff });
    const e = checkMove(off.ctx, rolled(off.position, "C", 3), "C", road(inch(5)), exactJudge).error;
    expect(e?.code).toBe("move/off-road");
    expect(e?.rule).toBe("Terrain vi");
  });

  it("[003 Terrain vi] only Units in column: a line may not march by road", () => {
    const { ctx, position } = field({ type: "infantry", formation: "line" });
    const e = refusal(ctx, rolled(position, "C", 3), { type: "move", unit: "C", program: road(inch(2)) });
    expect(e.code).toBe("move/off-road");
  });

  it("[003 Terrain vi] a leg that leaves the road is refused where it leaves: a column marching across it", () => {
    const { ctx, position } = field({ type: "infantry", facing: 9000 });
    const c = checkMove(ctx, rolled(position, "C", 3), "C", road(inch(2)), exactJudge);
    expect(c.error?.code).toBe("move/off-road");
    expect(c.legalOps).toBe(0);
  });
});

describe("Terrain vi: a column on a road loses Shot and Melee Bonuses", () => {
  it("[003 Terrain vi] [003 Fire v] Skirmishers in column on the road in a wood are not halved; a tick off the road they are", () => {
    const on = field({ type: "skirmishers", x: 21, y: 25 }, { kind: "woods", y0: 20, y1: 30 });
    const column = on.position.units.C;
    expect(column && onRoad(on.ctx, column)).toBe(true);
    expect(fireCover(on.ctx, on.position, "C", "front")).toBeUndefined();
    const off = field({ type: "skirmishers", x: justOff, y: 25 }, { kind: "woods", y0: 20, y1: 30 });
    expect(fireCover(off.ctx, off.position, "C", "front")).toBe("piece");
    // In line on the same spot it is no column following a road: halved.
    const line = field(
      { type: "skirmishers", x: 20, y: 25, formation: "line" },
      { kind: "woods", y0: 20, y1: 30 },
    );
    expect(fireCover(line.ctx, line.position, "C", "front")).toBe("piece");
  });

  it("[003 Terrain vi] [003 Melee i] a column on the road up a hill is not uphill of its charger; a tick off the road it is", () => {
    const A: TestUnit = { id: "A", type: "cavalry", x: 20, y: 14, side: "second" };
    const on = field({ type: "infantry", x: 21, y: 25, facing: 18000 }, { kind: "hill", y0: 20, y1: 30 }, [
      A,
    ]);
    expect(meleeCover(on.ctx, on.position, "C", "A", "front")).toBeUndefined();
    const off = field(
      { type: "infantry", x: justOff, y: 25, facing: 18000 },
      { kind: "hill", y0: 20, y1: 30 },
      [A],
    );
    expect(meleeCover(off.ctx, off.position, "C", "A", "front")).toEqual({
      rule: "2 i",
      text: "defending uphill on piece",
    });
  });
});

describe("Terrain vi: a column on a road may not Charge", () => {
  const target: TestUnit = { id: "E", type: "infantry", x: 20, y: 19, facing: 18000, side: "second" };

  it("[003 Terrain vi] golden: a cavalry column centred on the road's edge may not charge; a tick off the road it may", () => {
    // The column's head at y = 12, E's front at 17.5: 5.5", within 2 + 6".
    const on = field({ type: "cavalry", x: 21, y: 10 }, undefined, [target]);
    const e = refusal(on.ctx, rolled(on.position, "C", 2), { type: "charge", unit: "C", target: "E" });
    expect(e.code).toBe("charge/on-road");
    expect(e.rule).toBe("Terrain vi");
    const off = field({ type: "cavalry", x: justOff, y: 10 }, undefined, [target]);
    const charged = play(off.ctx, rolled(off.position, "C", 2), { type: "charge", unit: "C", target: "E" });
    expect(charged.position.contacts).toEqual([{ attacker: "C", defender: "E", side: "front" }]);
  });
});
