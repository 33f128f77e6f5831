import { basePolygon, direction } from "@tercio/geometry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ProgramOp } from "../actions.js";
import { unitCorners, unitSize } from "../bases.js";
import { exactJudge } from "../grey-areas.js";
import type { Position, UnitState } from "../position.js";
import {
  eventsOf,
  INCH,
  inch,
  play,
  refusal,
  rolled,
  type TestUnit,
  table,
  withUnits,
} from "../test-support/table.js";
import type { Formation, UnitType } from "../vocabulary.js";
import { checkMove } from "./check-move.js";
import { wheelPose } from "./program.js";
import { wheelSweep } from "./wheel-sweep.js";

/**
 * Maneuvering i: "Units turn on either front corner by pinning that corner
 * in place and moving the opposite corner forward, just like a hinged door.
 * Foot may wheel once, all others twice." Maneuvering iv: columns have
 * "unlimited wheels, so the move Bonus is not lost". Every corner's path is
 * metered (1.2): the pinned corner 0, the far rear corner on the diagonal,
 * the longest.
 *
 * The wheeler W stands at (20, 10) facing north; an enemy E faces east
 * within 12" to its right (no move doubles, its threat zone points away).
 */
function field(type: UnitType, formation: Formation = "line", extra: TestUnit[] = []) {
  return table({
    units: [
      { id: "W", type, x: 20, y: 10, formation },
      { id: "E", type: "infantry", x: 32, y: 10, facing: 9000, side: "second" },
      ...extra,
    ],
    options: { greyAreas: "exact" },
  });
}

const wheel = (corner: "left" | "right", cdeg: number): ProgramOp => ({ op: "wheel", corner, cdeg });

function unit(position: Position, id: string): UnitState {
  const u = position.units[id];
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

/** The far rear corner's arc for a wheel of `cdeg`: the diagonal times the angle. */
function diagonalArc(frontage: number, depth: number, cdeg: number): number {
  return (Math.sqrt(frontage * frontage + depth * depth) * cdeg * Math.PI) / 18000;
}

describe("Maneuvering i: a wheel is a hinged door on a front corner", () => {
  for (const corner of ["left", "right"] as const)
    it(`[003 Maneuvering i] pinned on the front ${corner} corner: that corner stays to the tick, the other swings forward`, () => {
      const { ctx, position } = field("infantry");
      const p = rolled(position, "W", 6);
      const before = unitCorners(ctx, unit(p, "W"));
      const moved = play(ctx, p, { type: "move", unit: "W", program: [wheel(corner, 3000)] }).position;
      const w = unit(moved, "W");
      const after = unitCorners(ctx, w);
      const [pin, swung, swungBefore] =
        corner === "left" ? [after.fl, after.fr, before.fr] : [after.fr, after.fl, before.fl];
      expect(pin).toEqual(corner === "left" ? before.fl : before.fr);
      // A left pin turns the unit left (anticlockwise), a right pin right.
      expect(w.facing).toBe(corner === "left" ? 33000 : 3000);
      // The swung corner went forward (north), by the frontage's chord: 6" · sin 30° = 3".
      expect(swung.y - swungBefore.y).toBeGreaterThan(inch(3) - 2);
      expect(swung.y - swungBefore.y).toBeLessThan(inch(3) + 2);
    });

  it("[003 Maneuvering i] each corner's path is metered: 0 for the pin, the arcs of the frontage, depth and diagonal", () => {
    const { ctx, position } = field("infantry");
    const p = rolled(position, "W", 6);
    const c = checkMove(ctx, p, "W", [wheel("left", 3000)], exactJudge);
    const F = inch(6);
    const D = inch(3);
    const arc = (r: number) => (r * 3000 * Math.PI) / 18000;
    expect(c.legal).toBe(true);
    // fl, fr, rl, rr.
    expect(c.corners[0]).toBe(0);
    expect(c.corners[1]).toBeCloseTo(arc(F), 6);
    expect(c.corners[2]).toBeCloseTo(arc(D), 6);
    expect(c.corners[3]).toBeCloseTo(diagonalArc(F, D, 3000), 6);
    expect(c.travel).toBe(c.corners[3]);
    const right = checkMove(ctx, p, "W", [wheel("right", 3000)], exactJudge);
    expect(right.corners[1]).toBe(0);
    expect(right.corners[2]).toBeCloseTo(diagonalArc(F, D, 3000), 6);
  });

  it("[003 Maneuvering i] [003 Move] the far rear corner on the diagonal binds the allowance, not the swung front corner", () => {
    const { ctx, position } = field("infantry");
    const p = rolled(position, "W", 2);
    const size = unitSize(ctx, unit(p, "W"));
    const allowance = inch(2); // a wheel loses the Bonus
    let most = 0;
    while (diagonalArc(size.frontage, size.depth, most + 1) <= allowance) most++;
    expect(checkMove(ctx, p, "W", [wheel("right", most)], exactJudge).legal).toBe(true);
    const over = checkMove(ctx, p, "W", [wheel("right", most + 1)], exactJudge);
    expect(over.legal).toBe(false);
    expect(over.error?.code).toBe("move/over-allowance");
    // The swung front corner travels well within 2" there: only the far rear corner is over.
    expect(over.corners).toEqual([0, 0, 0, 0]);
    const swing = (size.frontage * (most + 1) * Math.PI) / 18000;
    expect(swing).toBeLessThan(allowance * 0.95);
  });

  it("[003 Maneuvering i] Foot wheel once: a second wheel is refused, the first stands", () => {
    for (const type of ["infantry", "skirmishers"] as const) {
      const { ctx, position } = field(type);
      const p = rolled(position, "W", 6);
      const c = checkMove(ctx, p, "W", [wheel("right", 500), wheel("left", 500)], exactJudge);
      expect(c.legal).toBe(false);
      expect(c.legalOps).toBe(1);
      expect(c.error?.code).toBe("move/wheels");
      expect(c.error?.rule).toBe("Maneuvering i");
    }
  });

  it("[003 Maneuvering i] all others wheel twice: cavalry and guns, not three times", () => {
    for (const type of ["cavalry", "artillery"] as const) {
      const { ctx, position } = field(type);
      const p = rolled(position, "W", 6);
      const twice = [wheel("right", 500), { op: "advance" as const, ticks: INCH }, wheel("left", 500)];
      expect(checkMove(ctx, p, "W", twice, exactJudge).legal).toBe(true);
      const thrice = checkMove(ctx, p, "W", [...twice, wheel("left", 100)], exactJudge);
      expect(thrice.legal).toBe(false);
      expect(thrice.legalOps).toBe(3);
      expect(thrice.error?.code).toBe("move/wheels");
    }
  });

  it("[003 Maneuvering i] [003 Maneuvering] a wheel is movement: the unit loses its Bonus and may not fire after it", () => {
    const { ctx, position } = table({
      units: [
        { id: "W", type: "infantry", x: 20, y: 10 },
        { id: "E", type: "infantry", x: 22, y: 19, facing: 18000, side: "second" },
      ],
      options: { greyAreas: "exact" },
    });
    const moved = play(ctx, rolled(position, "W", 6), {
      type: "move",
      unit: "W",
      program: [wheel("right", 1000)],
    });
    expect(eventsOf(moved.events, "moved")[0]?.keepsBonus).toBe(false);
    expect(moved.position.units.W?.acted).toBe("moved");
    // E, 7" ahead, was a target before the wheel.
    expect(play(ctx, position, { type: "fire", unit: "W" }, [3]).events.some((e) => e.type === "fired")).toBe(
      true,
    );
    expect(refusal(ctx, moved.position, { type: "fire", unit: "W" }, [3]).code).toBe("fire/moved");
  });
});

describe("Maneuvering iv: columns wheel without limit and keep the Bonus", () => {
  it("[003 Maneuvering iv] [003 Maneuvering i] an infantry column wheels three times and keeps its Bonus", () => {
    const { ctx, position } = field("infantry", "column");
    const p = rolled(position, "W", 6);
    const program = [wheel("right", 1000), wheel("left", 1000), wheel("right", 1000)];
    const c = checkMove(ctx, p, "W", program, exactJudge);
    expect(c.legal).toBe(true);
    expect(c.keepsBonus).toBe(true);
    expect(c.allowance).toBe(inch(8));
    // A line may not, and loses the Bonus with its one wheel.
    const line = field("infantry");
    const l = checkMove(line.ctx, rolled(line.position, "W", 6), "W", program, exactJudge);
    expect(l.error?.code).toBe("move/wheels");
    expect(l.keepsBonus).toBe(false);
  });

  it('[003 Maneuvering iv] a column\'s wheel meters its own footprint: 3" frontage, 6" depth', () => {
    const { ctx, position } = field("infantry", "column");
    const p = rolled(position, "W", 6);
    const c = checkMove(ctx, p, "W", [wheel("left", 1000)], exactJudge);
    expect(c.corners[1]).toBeCloseTo((inch(3) * 1000 * Math.PI) / 18000, 6);
    expect(c.corners[3]).toBeCloseTo(diagonalArc(inch(3), inch(6), 1000), 6);
  });
});

describe("Maneuvering i: a wheel's swept ground", () => {
  it("[003 Maneuvering i] [003 Interpenetration] a wheel that swings a corner into another unit is refused", () => {
    // F's left edge 1/2" right of W's right edge: the rear right corner of a left wheel swings out
    // to 6.708" (the diagonal) right of the pin, past F's edge 6.5" right of it.
    const { ctx, position } = field("infantry", "line", [{ id: "F", type: "infantry", x: 26.5, y: 10 }]);
    const p = rolled(position, "W", 6);
    const c = checkMove(ctx, p, "W", [wheel("left", 2000)], exactJudge);
    expect(c.legal).toBe(false);
    expect(c.error?.code).toBe("move/overlap");
  });

  it("[003 Maneuvering i] a unit wheels away from a friend touching its flank, and away from a second line touching its rear", () => {
    // F touches W's left flank; G touches W's rear. A left wheel (pinned on the front left corner)
    // turns W away from both: no part of it passes over either.
    const { ctx, position } = field("infantry", "line", [
      { id: "F", type: "infantry", x: 14, y: 10 },
      { id: "G", type: "infantry", x: 20, y: 7 },
    ]);
    const p = rolled(position, "W", 6);
    for (const cdeg of [1, 500, 1500, 2500]) {
      const c = checkMove(ctx, p, "W", [wheel("left", cdeg)], exactJudge);
      expect({ cdeg, legal: c.legal, error: c.error?.message }).toEqual({
        cdeg,
        legal: true,
        error: undefined,
      });
    }
    // A right wheel swings the rear left corner into F.
    expect(checkMove(ctx, p, "W", [wheel("right", 500)], exactJudge).error?.code).toBe("move/overlap");
  });

  it("[003 Maneuvering i] a wheel may end flush against another unit", () => {
    // W wheels 90° right about its front right corner (23, 11), to face east with its front edge on
    // x = 23 from y = 11 up to 15; F, facing east, has its rear edge exactly there. E is far: the
    // move may double (the far rear corner swings 4.47" · π/2 = 7.02").
    const { ctx, position } = table({
      units: [
        { id: "W", type: "cavalry", x: 21, y: 10 },
        { id: "F", type: "cavalry", x: 24, y: 13, facing: 9000 },
        { id: "E", type: "infantry", x: 60, y: 40, facing: 9000, side: "second" },
      ],
      options: { greyAreas: "exact" },
    });
    const p = rolled(position, "W", 6);
    const c = checkMove(ctx, p, "W", [wheel("right", 9000)], exactJudge);
    expect(c.error?.message).toBeUndefined();
    expect(c.legal).toBe(true);
    const w = withUnits(p, { W: { x: c.pose.x, y: c.pose.y, facing: c.pose.facing } });
    const after = unitCorners(ctx, unit(w, "W"));
    const f = unitCorners(ctx, unit(w, "F"));
    expect([after.fl, after.fr]).toEqual([f.rl, f.rr]);
  });
});

/** The distance in ticks from a point (floats) to a convex counter-clockwise polygon, 0 inside. */
function distanceTo(p: { x: number; y: number }, poly: readonly { x: number; y: number }[]): number {
  let inside = true;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as { x: number; y: number };
    const b = poly[(i + 1) % poly.length] as { x: number; y: number };
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    if (ex * (p.y - a.y) - ey * (p.x - a.x) < 0) inside = false;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * ex + (p.y - a.y) * ey) / (ex * ex + ey * ey)));
    const qx = p.x - a.x - t * ex;
    const qy = p.y - a.y - t * ey;
    best = Math.min(best, Math.sqrt(qx * qx + qy * qy));
  }
  return inside ? 0 : best;
}

describe("Maneuvering i: the wheel's swept region covers the ground", () => {
  it("[003 Maneuvering i] property: the base, truly turned to any angle of the wheel, lies within 4 ticks of the region (a turned base is rounded to the tick lattice)", () => {
    const sizes = [
      { frontage: inch(6), depth: inch(3) },
      { frontage: inch(3), depth: inch(6) },
      { frontage: inch(4), depth: inch(2) },
      { frontage: inch(6, 1, 2), depth: inch(3) },
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: inch(10), max: inch(60) }),
        fc.integer({ min: inch(10), max: inch(38) }),
        fc.integer({ min: 0, max: 35999 }),
        fc.constantFrom(...sizes),
        fc.constantFrom("left" as const, "right" as const),
        fc.integer({ min: 1, max: 18000 }),
        (x, y, facing, size, corner, cdeg) => {
          const pose = { x, y, facing };
          const before = basePolygon(pose, size);
          const after = basePolygon(wheelPose(pose, size, corner, cdeg), size);
          const [pin, far] = corner === "left" ? [before[1], before[3]] : [before[0], before[2]];
          if (!pin || !far) throw new Error("a base has four corners");
          const turn = corner === "left" ? -cdeg : cdeg;
          const region = wheelSweep(before, after, pin, far, turn);
          // The start base truly turned, unrounded, clockwise by turn·k/32 about the pin (sin, cos).
          for (let k = 0; k <= 32; k++) {
            const u = direction(Math.trunc((turn * k) / 32));
            for (const c of before) {
              const dx = c.x - pin.x;
              const dy = c.y - pin.y;
              const p = { x: pin.x + dx * u.y + dy * u.x, y: pin.y - dx * u.x + dy * u.y };
              expect(distanceTo(p, region)).toBeLessThanOrEqual(4);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
