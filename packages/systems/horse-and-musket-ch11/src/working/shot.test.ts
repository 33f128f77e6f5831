import { convexWithin } from "@tercio/geometry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unitFrontEdge, unitPolygon } from "../bases.js";
import type { Readings } from "../options.js";
import { fieldOfFire, inFieldOfFire } from "../shooting/field-of-fire.js";
import { inRange } from "../shooting/range.js";
import { expectedShotHits, shotRefusal } from "../shooting/shoot.js";
import { IN, play, shooting, table, withUnits } from "../test-support/table.js";
import type { UnitType } from "../vocabulary.js";
import { type ShotWorking, shotWorking } from "./shot.js";

const rect = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const wood = { id: "w", kind: "woods" as const, name: "the Copse", polygon: rect(18, 20, 30, 28) };
const town = { id: "t", kind: "town" as const, name: "Dorf", polygon: rect(18, 6, 30, 14) };

/** Shooter S at (24, 10) facing north; target E where given, facing south; the Shooting phase. */
function duel(
  at: { x: number; y: number; facing?: number },
  extra: Partial<Parameters<typeof table>[0]> = {},
  type: UnitType = "infantry",
) {
  const t = table({
    ...extra,
    units: [
      { id: "S", type, x: 24, y: 10 },
      { id: "E", type: "infantry", x: at.x, y: at.y, facing: at.facing ?? 18000, side: "second" },
      ...(extra.units ?? []),
    ],
  });
  return { ctx: t.ctx, position: shooting(t.position) };
}

function must(w: ShotWorking | undefined): ShotWorking {
  if (!w) throw new Error("no working");
  return w;
}

const sum = (w: ShotWorking) =>
  w.distribution.reduce(
    (acc, d) => ({ num: acc.num * d.chance.den + d.chance.num * acc.den, den: acc.den * d.chance.den }),
    { num: 0, den: 1 },
  );

describe("the working of a shot", () => {
  it("[004 Shooting: Measure Range] exactly 12\": the two points measured, front edge to the target's front edge, and the decision", () => {
    const { ctx, position } = duel({ x: 24, y: 24 });
    const w = must(shotWorking(ctx, position, "S", "E"));
    expect(w.refusal).toBeUndefined();
    expect(w.range.fromPart).toBe("front-edge");
    expect(w.range.fromShape).toEqual(unitFrontEdge(must2(position.units.S)));
    // The shooter's front edge is at y = 11", the target's (it faces south) at y = 23".
    expect(w.range.from.y).toBe(IN(11));
    expect(w.range.to.y).toBe(IN(23));
    expect(w.range.from.x).toBe(w.range.to.x);
    expect(w.range.from.x).toBeGreaterThanOrEqual(IN(21, 1, 2));
    expect(w.range.from.x).toBeLessThanOrEqual(IN(26, 1, 2));
    expect(w.range).toMatchObject({
      ticks: IN(12),
      limit: IN(12),
      inRange: true,
      exact: true,
      text: "12 inches",
    });
    const beyond = must(shotWorking(ctx, withUnits(position, { E: { y: IN(24) + 1 } }), "S", "E"));
    expect(beyond.range).toMatchObject({ ticks: IN(12) + 1, inRange: false, text: "12.01 inches" });
    expect(beyond.refusal?.code).toBe("shoot/out-of-range");
  });

  it("[004 Shooting: Measure Range] a target off to one side: the nearest corner, measured on the slant", () => {
    // The target faces north at (34", 22"): its rear-left corner (31.5", 21") is nearest the shooter's front-right corner (26.5", 11").
    const { ctx, position } = duel({ x: 34, y: 22, facing: 0 });
    const w = must(shotWorking(ctx, position, "S", "E"));
    expect(w.range.from).toEqual({ x: IN(26, 1, 2), y: IN(11) });
    expect(w.range.to).toEqual({ x: IN(31, 1, 2), y: IN(21) });
    // √(5² + 10²) = 11.18": in range, the ticks rounded up.
    expect(w.range.ticks).toBe(Math.ceil(Math.sqrt(IN(5) ** 2 + IN(10) ** 2)));
    expect(w.range.inRange).toBe(true);
    expect(w.range.text).toBe("11.19 inches");
  });

  it("[004 Shooting: Measure Range] rangeFrom: centre to centre, and front centre to the base", () => {
    const c = duel({ x: 24, y: 23.5 }, { options: { rangeFrom: "centre" } });
    const wc = must(shotWorking(c.ctx, c.position, "S", "E"));
    expect(wc.range).toMatchObject({
      fromPart: "centre",
      toPart: "centre",
      from: { x: IN(24), y: IN(10) },
      to: { x: IN(24), y: IN(23, 1, 2) },
      ticks: IN(13, 1, 2),
      inRange: false,
    });
    const f = duel({ x: 34, y: 22, facing: 0 }, { options: { rangeFrom: "front-centre" } });
    const wf = must(shotWorking(f.ctx, f.position, "S", "E"));
    expect(wf.range.from).toEqual({ x: IN(24), y: IN(11) });
    expect(wf.range.to).toEqual({ x: IN(31, 1, 2), y: IN(21) });
    expect(wf.range.inRange).toBe(false);
    expect(wf.refusal?.code).toBe("shoot/out-of-range");
  });

  it("[004 Shooting: Adjudge Field of Fire] the arc drawn is the arc tested; out of it, the range is still measured", () => {
    const { ctx, position } = duel({ x: 24, y: 4 });
    const w = must(shotWorking(ctx, position, "S", "E"));
    const s = must2(position.units.S);
    expect(w.fieldOfFire).toEqual(fieldOfFire(ctx, s, "corner-rays"));
    expect(w.fieldOfFireReading).toBe("corner-rays");
    expect(w.inArc).toBe(false);
    expect(w.allRound).toBe(false);
    expect(w.refusal?.code).toBe("shoot/field-of-fire");
    // Behind: measured from the front edge (y = 11") to the target's rear edge (it faces south: y = 5").
    expect(w.range.ticks).toBe(IN(6));
  });

  it("[004 Shooting: Units in Towns] all-round fire from the town: the whole base is measured from", () => {
    const { ctx, position } = duel({ x: 24, y: 2 }, { terrain: [town] });
    const w = must(shotWorking(ctx, position, "S", "E"));
    expect(w.allRound).toBe(true);
    expect(w.allRoundArea?.name).toBe("Dorf");
    expect(w.inArc).toBe(false);
    expect(w.refusal).toBeUndefined();
    expect(w.range.fromPart).toBe("base");
    // The shooter's rear edge (y = 9") to the target's rear edge (y = 3").
    expect(w.range.from.y).toBe(IN(9));
    expect(w.range.to.y).toBe(IN(3));
  });

  it("[004 Shooting: Assess Casualties] skirmishers and artillery −2, never below the floor: the odds over the d6", () => {
    const inf = must(shotWorking(duel({ x: 24, y: 18 }).ctx, duel({ x: 24, y: 18 }).position, "S", "E"));
    expect(inf.modifiers).toEqual([]);
    expect(inf.distribution.map((d) => d.hits)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(inf.expected).toEqual({ num: 7, den: 2 });
    const sk = duel({ x: 24, y: 18 }, {}, "skirmishers");
    const w = must(shotWorking(sk.ctx, sk.position, "S", "E"));
    expect(w.modifiers).toEqual([
      { value: -2, rule: "Shooting: Assess Casualties", text: "Skirmishers: the score is reduced by 2" },
    ]);
    expect(w.floor).toBe(0);
    expect(w.distribution).toEqual([
      { hits: 0, faces: [1, 2], chance: { num: 1, den: 3 } },
      { hits: 1, faces: [3], chance: { num: 1, den: 6 } },
      { hits: 2, faces: [4], chance: { num: 1, den: 6 } },
      { hits: 3, faces: [5], chance: { num: 1, den: 6 } },
      { hits: 4, faces: [6], chance: { num: 1, den: 6 } },
    ]);
    expect(w.expected).toEqual({ num: 5, den: 3 });
  });

  it("[004 Shooting: Cover] a target in a wood suffers half, rounded for the shooter: the working's odds are the shot's", () => {
    const { ctx, position } = duel({ x: 24, y: 22 }, { terrain: [wood] });
    const w = must(shotWorking(ctx, position, "S", "E"));
    expect(w.cover).toMatchObject({
      rule: "Shooting: Cover",
      fraction: { num: 1, den: 2 },
      area: { id: "w", name: "the Copse", kind: "woods" },
      reading: "centre",
    });
    expect(w.distribution.map((d) => [d.hits, d.faces])).toEqual([
      [1, [1, 2]],
      [2, [3, 4]],
      [3, [5, 6]],
    ]);
    expect(w.expected).toEqual({ num: 2, den: 1 });
    // Each face, actually rolled, gives the hits the working lists for it.
    for (const d of w.distribution)
      for (const face of d.faces)
        expect(
          play(ctx, position, { type: "shoot", unit: "S", target: "E" }, [face]).position.units.E?.hits,
        ).toBe(d.hits);
    expect(
      must(shotWorking(duel({ x: 24, y: 18 }).ctx, duel({ x: 24, y: 18 }).position, "S", "E")).cover,
    ).toBeNull();
  });

  it("[004 Shooting] lineOfSight simple: the line between the centres and the polygon that blocks it", () => {
    const between = { ...wood, polygon: rect(18, 14, 30, 16) };
    const { ctx, position } = duel(
      { x: 24, y: 20 },
      { terrain: [between], options: { lineOfSight: "simple" } },
    );
    const w = must(shotWorking(ctx, position, "S", "E"));
    expect(w.lineOfSight).toEqual({
      rule: "Shooting",
      from: { x: IN(24), y: IN(10) },
      to: { x: IN(24), y: IN(20) },
      blocker: { kind: "terrain", id: "w", name: "the Copse", polygon: ctx.terrain.woods[0]?.polygon },
    });
    expect(w.refusal?.code).toBe("shoot/line-of-sight");
    const screened = duel(
      { x: 24, y: 20 },
      { options: { lineOfSight: "simple" }, units: [{ id: "F", type: "infantry", x: 24, y: 15 }] },
    );
    const ws = must(shotWorking(screened.ctx, screened.position, "S", "E"));
    expect(ws.lineOfSight?.blocker).toEqual({
      kind: "unit",
      id: "F",
      name: "F",
      polygon: unitPolygon(must2(screened.position.units.F)),
    });
    // As printed there is no line of sight to show.
    expect(
      must(shotWorking(duel({ x: 24, y: 20 }).ctx, duel({ x: 24, y: 20 }).position, "S", "E")).lineOfSight,
    ).toBe(undefined);
  });

  it("[004 Shooting] property: over random placements and readings the working agrees with every rule decision", () => {
    const readings = fc.record({
      fieldOfFire: fc.constantFrom<Readings["fieldOfFire"][]>("corner-rays", "wedge-45", "wedge-22.5"),
      fireOnRay: fc.constantFrom<Readings["fireOnRay"][]>("in", "out"),
      rangeFrom: fc.constantFrom<Readings["rangeFrom"][]>("front-edge", "front-centre", "centre"),
      inTerrainBy: fc.constantFrom<Readings["inTerrainBy"][]>("centre", "overlap"),
      lineOfSight: fc.constantFrom<Readings["lineOfSight"][]>("none", "simple"),
    });
    const place = fc.record({
      x: fc.integer({ min: IN(3), max: IN(45) }),
      y: fc.integer({ min: IN(3), max: IN(45) }),
      facing: fc.integer({ min: 0, max: 35999 }),
    });
    const type = fc.constantFrom<UnitType[]>("infantry", "skirmishers", "artillery", "cavalry");
    let inRangeSeen = 0;
    let inArcSeen = 0;
    fc.assert(
      fc.property(readings, type, place, place, place, (options, shooterType, s, e, f) => {
        const { ctx, position } = duel(
          { x: 24, y: 30 },
          { options, terrain: [wood, town], units: [{ id: "F", type: "infantry", x: 40, y: 40 }] },
          shooterType,
        );
        const p = withUnits(position, { S: s, E: e, F: f });
        const w = must(shotWorking(ctx, p, "S", "E"));
        const shooter = must2(p.units.S);
        const target = must2(p.units.E);
        expect(w.refusal).toEqual(shotRefusal(ctx, p, "S", "E"));
        expect(w.inArc).toBe(inFieldOfFire(ctx, shooter, target));
        expect(w.range.inRange).toBe(inRange(ctx, shooter, target, w.allRound));
        // The distance shown decides: rounded up to a tick, it is within the range exactly when the rule says so.
        expect(w.range.inRange).toBe(w.range.limit !== null && w.range.ticks <= w.range.limit);
        // The two points are on the parts measured (within the half-tick rounding) and as far apart as the distance.
        expect(convexWithin([w.range.from], w.range.fromShape, 1)).toBe(true);
        expect(convexWithin([w.range.to], w.range.toShape, 1)).toBe(true);
        const dx = w.range.to.x - w.range.from.x;
        const dy = w.range.to.y - w.range.from.y;
        expect(Math.abs(Math.sqrt(dx * dx + dy * dy) - w.range.ticks)).toBeLessThanOrEqual(2);
        // The odds: the chances sum to 1 and their mean is expectedShotHits.
        expect(sum(w).num).toBe(sum(w).den);
        expect(w.expected).toEqual(expectedShotHits(ctx, p, "S", "E"));
        if (w.range.inRange) inRangeSeen++;
        if (w.inArc) inArcSeen++;
      }),
      { numRuns: 300 },
    );
    expect(inRangeSeen).toBeGreaterThan(20);
    expect(inArcSeen).toBeGreaterThan(20);
  });

  it("an unknown unit has no working", () => {
    const { ctx, position } = duel({ x: 24, y: 18 });
    expect(shotWorking(ctx, position, "S", "nobody")).toBeUndefined();
  });
});

function must2<T>(v: T | undefined): T {
  if (v === undefined) throw new Error("missing");
  return v;
}
