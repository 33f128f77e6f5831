import { describe, expect, it } from "vitest";
import { IN, play, refusal, shooting, table, withUnits } from "../test-support/table.js";
import { expectedShootingHits, shootingHits } from "./casualties.js";
import { inFieldOfFire } from "./field-of-fire.js";
import { inRange } from "./range.js";
import { shotRefusal } from "./shoot.js";

type T = Parameters<typeof table>[0];
const wood = {
  id: "w",
  kind: "woods" as const,
  name: "the Copse",
  polygon: [
    [18, 20],
    [30, 20],
    [30, 28],
    [18, 28],
  ] as [number, number][],
};
const town = {
  id: "t",
  kind: "town" as const,
  name: "Dorf",
  polygon: [
    [18, 6],
    [30, 6],
    [30, 14],
    [18, 14],
  ] as [number, number][],
};

/** Shooter S (infantry unless given) at (24, 10) facing north; target E as given; the Shooting phase. */
function duel(
  target: { x: number; y: number; facing?: number; type?: "infantry" | "cavalry" },
  extra: Partial<T> = {},
  shooter: T["units"][number]["type"] = "infantry",
) {
  const t = table({
    ...extra,
    units: [
      { id: "S", type: shooter, x: 24, y: 10 },
      {
        id: "E",
        type: target.type ?? "infantry",
        x: target.x,
        y: target.y,
        facing: target.facing ?? 18000,
        side: "second",
      },
      ...(extra.units ?? []),
    ],
  });
  return { ctx: t.ctx, position: shooting(t.position) };
}

describe("004 Shooting", () => {
  it("[004 Shooting] cavalry units do not shoot; all other units can", () => {
    const { ctx, position } = duel({ x: 24, y: 18 }, {}, "cavalry");
    expect(refusal(ctx, position, { type: "shoot", unit: "S", target: "E" }).code).toBe("shoot/cavalry");
    for (const type of ["infantry", "skirmishers", "artillery"] as const) {
      const d = duel({ x: 24, y: 18 }, {}, type);
      expect(shotRefusal(d.ctx, d.position, "S", "E")).toBeUndefined();
    }
  });

  it("[004 Shooting: Adjudge Field of Fire] a single target: one shot a turn", () => {
    const { ctx, position } = duel({ x: 24, y: 18 });
    const shot = play(ctx, position, { type: "shoot", unit: "S", target: "E" }, [3]).position;
    expect(refusal(ctx, shot, { type: "shoot", unit: "S", target: "E" }, [3]).code).toBe(
      "shoot/already-acted",
    );
  });

  it("[004 Shooting: Adjudge Field of Fire] corner rays: a target whose corner is exactly on the ray is in (fireOnRay in), out (fireOnRay out)", () => {
    // The front-right ray leaves (26.5", 11") at 45º; the target's front-left corner (32.5", 17") is on it.
    for (const [fireOnRay, inArc] of [
      ["in", true],
      ["out", false],
    ] as const) {
      const { ctx, position } = duel({ x: 35, y: 16, facing: 0 }, { options: { fireOnRay } });
      const s = position.units.S;
      const e = position.units.E;
      if (!s || !e) throw new Error("units");
      expect(inFieldOfFire(ctx, s, e)).toBe(inArc);
      expect(inFieldOfFire(ctx, s, { ...e, x: e.x + 1 })).toBe(false);
      expect(inFieldOfFire(ctx, s, { ...e, x: e.x - 1 })).toBe(true);
    }
  });

  it("[004 Shooting: Adjudge Field of Fire] fieldOfFire: corner rays are wider than a ±45º wedge from the front centre", () => {
    // The target's front-left corner (29.5", 16") is inside the corner rays, outside the ±45º wedge from (24", 11").
    const rays = duel({ x: 32, y: 15, facing: 0 });
    const wedge = duel({ x: 32, y: 15, facing: 0 }, { options: { fieldOfFire: "wedge-45" } });
    const [s, e] = [rays.position.units.S, rays.position.units.E];
    if (!s || !e) throw new Error("units");
    expect(inFieldOfFire(rays.ctx, s, e)).toBe(true);
    expect(inFieldOfFire(wedge.ctx, s, e)).toBe(false);
  });

  it("[004 Shooting: Adjudge Field of Fire] fieldOfFire: a ±22.5º wedge (45º in all) is narrower than ±45º", () => {
    const at = { x: 31, y: 19.5, facing: 0 };
    const wide = duel(at, { options: { fieldOfFire: "wedge-45" } });
    const narrow = duel(at, { options: { fieldOfFire: "wedge-22.5" } });
    const [s, e] = [wide.position.units.S, wide.position.units.E];
    if (!s || !e) throw new Error("units");
    expect(inFieldOfFire(wide.ctx, s, e)).toBe(true);
    expect(inFieldOfFire(narrow.ctx, s, e)).toBe(false);
    expect(inFieldOfFire(narrow.ctx, s, { ...e, x: IN(24) })).toBe(true);
  });

  it("[004 Shooting: Adjudge Field of Fire] a target behind or beside is out of the field of fire", () => {
    const { ctx, position } = duel({ x: 24, y: 4 });
    expect(refusal(ctx, position, { type: "shoot", unit: "S", target: "E" }).code).toBe(
      "shoot/field-of-fire",
    );
  });

  it("[004 Shooting: Units in Towns] units in towns have a field of fire of 360º", () => {
    const { ctx, position } = duel({ x: 24, y: 2 }, { terrain: [town] });
    expect(shotRefusal(ctx, position, "S", "E")).toBeUndefined();
    const outside = duel({ x: 24, y: 2 });
    expect(shotRefusal(outside.ctx, outside.position, "S", "E")?.code).toBe("shoot/field-of-fire");
  });

  it('[004 Shooting: Measure Range] 12" for infantry: exactly 12" in range, 12" and a tick out', () => {
    // The target faces south, its front edge at y - 1"; the shooter's front edge is at 11".
    const { ctx, position } = duel({ x: 24, y: 24 });
    expect(shotRefusal(ctx, position, "S", "E")).toBeUndefined();
    const beyond = withUnits(position, { E: { y: IN(24) + 1 } });
    const e = shotRefusal(ctx, beyond, "S", "E");
    expect(e?.code).toBe("shoot/out-of-range");
    expect(e?.message).toMatch(/^004 Shooting: Measure Range: /);
  });

  it('[004 Shooting: Measure Range] 12" for skirmishers, 48" for artillery', () => {
    const sk = duel({ x: 24, y: 24 }, {}, "skirmishers");
    // Skirmishers are 1" deep: their front edge is at 10.5".
    expect(shotRefusal(sk.ctx, withUnits(sk.position, { E: { y: IN(23, 1, 2) } }), "S", "E")).toBeUndefined();
    expect(shotRefusal(sk.ctx, withUnits(sk.position, { E: { y: IN(23, 1, 2) + 1 } }), "S", "E")?.code).toBe(
      "shoot/out-of-range",
    );
    const art = table({
      units: [
        { id: "S", type: "artillery", x: 24, y: 0.75 },
        { id: "E", type: "infantry", x: 24, y: 47.5 - 0.25, facing: 18000, side: "second" },
      ],
    });
    const s = art.position.units.S;
    const e = art.position.units.E;
    if (!s || !e) throw new Error("units");
    // The gun's front edge at 1.5"; the target's front edge at 46.25": 44.75", in range.
    expect(inRange(art.ctx, s, e, false)).toBe(true);
    expect(inRange(art.ctx, s, { ...e, y: IN(50, 1, 2) }, false)).toBe(true);
    expect(inRange(art.ctx, s, { ...e, y: IN(50, 1, 2) + 1 }, false)).toBe(false);
  });

  it("[004 Shooting: Measure Range] rangeFrom: front edge, front centre or centre", () => {
    const ahead = { x: 24, y: 23.5 };
    const expectations = [
      ["front-edge", true],
      ["front-centre", true],
      ["centre", false],
    ] as const;
    for (const [rangeFrom, inside] of expectations) {
      const { ctx, position } = duel(ahead, { options: { rangeFrom } });
      expect(shotRefusal(ctx, position, "S", "E") === undefined).toBe(inside);
    }
    const aside = { x: 34, y: 22, facing: 0 };
    expect(shotRefusal(duel(aside).ctx, duel(aside).position, "S", "E")).toBeUndefined();
    const fc = duel(aside, { options: { rangeFrom: "front-centre" } });
    expect(shotRefusal(fc.ctx, fc.position, "S", "E")?.code).toBe("shoot/out-of-range");
  });

  it("[004 Shooting: Assess Casualties] infantry use the score; skirmishers and artillery subtract 2 (never below 0)", () => {
    expect([1, 2, 3, 4, 5, 6].map((r) => shootingHits(r, 0, 0, null))).toEqual([1, 2, 3, 4, 5, 6]);
    expect([1, 2, 3, 4, 5, 6].map((r) => shootingHits(r, -2, 0, null))).toEqual([0, 0, 1, 2, 3, 4]);
    expect(expectedShootingHits(0, 0, null)).toEqual({ num: 7, den: 2 });
    expect(expectedShootingHits(-2, 0, null)).toEqual({ num: 5, den: 3 });
    for (const [type, roll, hits] of [
      ["infantry", 5, 5],
      ["skirmishers", 5, 3],
      ["artillery", 2, 0],
    ] as const) {
      const { ctx, position } = duel({ x: 24, y: 18 }, {}, type);
      const step = play(ctx, position, { type: "shoot", unit: "S", target: "E" }, [roll]);
      expect(step.position.units.E?.hits).toBe(hits);
      expect(step.events[0]).toEqual({ type: "die-rolled", value: roll, purpose: "shooting", unit: "S" });
    }
  });

  it("[004 Shooting: Cover] units in woods or towns suffer half, fractions rounded in favour of the shooter", () => {
    expect([1, 2, 3, 4, 5, 6].map((r) => shootingHits(r, 0, 0, { num: 1, den: 2 }))).toEqual([
      1, 1, 2, 2, 3, 3,
    ]);
    expect([1, 2, 3, 4, 5, 6].map((r) => shootingHits(r, -2, 0, { num: 1, den: 2 }))).toEqual([
      0, 0, 1, 1, 2, 2,
    ]);
    const inWood = duel({ x: 24, y: 22 }, { terrain: [wood] });
    expect(
      play(inWood.ctx, inWood.position, { type: "shoot", unit: "S", target: "E" }, [5]).position.units.E
        ?.hits,
    ).toBe(3);
    const townTarget = duel(
      { x: 24, y: 18 },
      {
        terrain: [
          {
            ...town,
            polygon: [
              [18, 16],
              [30, 16],
              [30, 20],
              [18, 20],
            ],
          },
        ],
      },
    );
    expect(
      play(townTarget.ctx, townTarget.position, { type: "shoot", unit: "S", target: "E" }, [1]).position.units
        .E?.hits,
    ).toBe(1);
  });

  it('[004 Shooting: Cover] inTerrainBy: a base half in the wood, its centre outside, is in cover only under "overlap"', () => {
    const edge = {
      ...wood,
      polygon: [
        [18, 22.5],
        [30, 22.5],
        [30, 28],
        [18, 28],
      ] as [number, number][],
    };
    for (const [inTerrainBy, hits] of [
      ["centre", 5],
      ["overlap", 3],
    ] as const) {
      const { ctx, position } = duel({ x: 24, y: 22 }, { terrain: [edge], options: { inTerrainBy } });
      expect(play(ctx, position, { type: "shoot", unit: "S", target: "E" }, [5]).position.units.E?.hits).toBe(
        hits,
      );
    }
  });

  it("[004 Movement: Moving and Shooting] units may not shoot if they have moved during the same turn", () => {
    const { ctx, position } = table({
      units: [
        { id: "S", type: "infantry", x: 24, y: 10 },
        { id: "E", type: "infantry", x: 24, y: 20, facing: 18000, side: "second" },
      ],
    });
    const moved = play(ctx, position, {
      type: "move",
      unit: "S",
      program: [{ op: "advance", ticks: IN(1) }],
    }).position;
    const shootPhase = play(ctx, moved, { type: "end-phase" }).position;
    const e = refusal(ctx, shootPhase, { type: "shoot", unit: "S", target: "E" }, [3]);
    expect(e.code).toBe("shoot/moved");
    expect(e.message).toMatch(/^004 Movement: Moving and Shooting: /);
  });

  it("[004 Movement: Moving and Shooting] pivotCountsAsMove: a unit that only pivoted may not shoot (yes) or may (no)", () => {
    for (const [pivotCountsAsMove, may] of [
      ["yes", false],
      ["no", true],
    ] as const) {
      const { ctx, position } = table({
        units: [
          { id: "S", type: "infantry", x: 24, y: 10 },
          { id: "E", type: "infantry", x: 30, y: 18, facing: 18000, side: "second" },
        ],
        options: { pivotCountsAsMove },
      });
      const turned = play(ctx, position, {
        type: "move",
        unit: "S",
        program: [{ op: "pivot", cdeg: 3000 }],
      }).position;
      expect(turned.units.S?.acted).toBe(may ? "pivoted" : "moved");
      const later = play(ctx, turned, { type: "end-phase" }).position;
      expect(shotRefusal(ctx, later, "S", "E") === undefined).toBe(may);
      // Either way the pivot was its move.
      expect(
        refusal(ctx, turned, { type: "move", unit: "S", program: [{ op: "advance", ticks: 1 }] }).code,
      ).toBe("move/already-moved");
    }
  });

  it("[004 Square Formation: No Shooting] units in Square may not shoot", () => {
    const { ctx, position } = duel({ x: 24, y: 18 }, { options: { squares: "on" } });
    const sq = withUnits(position, { S: { formation: "square" } });
    expect(refusal(ctx, sq, { type: "shoot", unit: "S", target: "E" }).code).toBe("shoot/square");
  });

  it("[004 Shooting] lineOfSight: none (as printed) shoots through a wood; simple is blocked by woods and units between", () => {
    const between = {
      ...wood,
      polygon: [
        [18, 14],
        [30, 14],
        [30, 16],
        [18, 16],
      ] as [number, number][],
    };
    const none = duel({ x: 24, y: 20 }, { terrain: [between] });
    expect(shotRefusal(none.ctx, none.position, "S", "E")).toBeUndefined();
    const simple = duel({ x: 24, y: 20 }, { terrain: [between], options: { lineOfSight: "simple" } });
    expect(shotRefusal(simple.ctx, simple.position, "S", "E")?.code).toBe("shoot/line-of-sight");
    const screened = duel(
      { x: 24, y: 20 },
      {
        options: { lineOfSight: "simple" },
        units: [{ id: "F", type: "infantry", x: 24, y: 15 }],
      },
    );
    expect(shotRefusal(screened.ctx, screened.position, "S", "E")?.other).toBe("E");
    expect(shotRefusal(screened.ctx, screened.position, "S", "E")?.message).toMatch(/F blocks/);
    // A unit in the wood sees out of it, and is seen in it.
    const inside = duel(
      { x: 24, y: 20 },
      {
        terrain: [
          {
            ...between,
            polygon: [
              [18, 18],
              [30, 18],
              [30, 22],
              [18, 22],
            ],
          },
        ],
        options: { lineOfSight: "simple" },
      },
    );
    expect(shotRefusal(inside.ctx, inside.position, "S", "E")).toBeUndefined();
  });
});
