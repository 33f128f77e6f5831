import { convexWithin, interiorsOverlap, type Point } from "@tercio/geometry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unitPolygon } from "../bases.js";
import { chargePath } from "../charge.js";
import { legalActions } from "../legal.js";
import type { Readings } from "../options.js";
import { IN, play, table, withUnits } from "../test-support/table.js";
import type { ContactSide } from "../vocabulary.js";
import { type ChargeOption, type ChargeReach, chargeWorking, chargeWorkingAt } from "./charge.js";

/** Cavalry C at (24, 10) facing north; an enemy T 8" ahead facing as given. */
const headOn = (facing: number, type: "infantry" | "cavalry" = "infantry") =>
  table({
    units: [
      { id: "C", type: "cavalry", x: 24, y: 10 },
      { id: "T", type, x: 24, y: 18, facing, side: "second" },
    ],
  });

function reach(options: readonly ChargeOption[], target: string): ChargeReach {
  const o = options.find((c) => c.target === target);
  if (!o?.ok) throw new Error(`no charge on ${target}: ${o && !o.ok ? o.refusal.message : "none"}`);
  return o;
}

function must<T>(v: T | undefined): T {
  if (v === undefined) throw new Error("missing");
  return v;
}

const cross = (u: Point, v: Point) => u.x * v.y - u.y * v.x;
const sub = (p: Point, q: Point) => ({ x: p.x - q.x, y: p.y - q.y });

/**
 * The side a point lies on by the drawn rays and the target's base alone
 * (null on a ray, or inside): beyond an edge's line and strictly between
 * the rays of its two corners. The base is counter-clockwise fr, fl, rl, rr; each edge's zone is
 * left of the ray at its first corner and right of the ray at its second.
 */
function sideByRays(c: ChargeReach, p: Point): ContactSide | null {
  const [fr, fl, rl, rr] = c.targetBase as [Point, Point, Point, Point];
  const ray = (corner: string) => {
    const r = c.cornerRays.find((x) => x.corner === corner);
    if (!r) throw new Error(corner);
    return sub(r.to, r.from);
  };
  const zones: [ContactSide, Point, Point, string, string][] = [
    ["front", fr, fl, "fr", "fl"],
    ["left", fl, rl, "fl", "rl"],
    ["rear", rl, rr, "rl", "rr"],
    ["right", rr, fr, "rr", "fr"],
  ];
  for (const [side, x, y, rx, ry] of zones)
    if (cross(sub(y, x), sub(p, x)) <= 0 && cross(ray(rx), sub(p, x)) > 0 && cross(ray(ry), sub(p, y)) < 0)
      return side;
  return null;
}

describe("the working of a charge", () => {
  it("[004 Movement: Charge Moves] head on: the path from start to contact, within the allowance, and where the bases touch", () => {
    const { ctx, position } = headOn(18000);
    const options = chargeWorking(ctx, position, "C");
    expect(options.map((o) => o.target)).toEqual(["T"]);
    const c = reach(options, "T");
    const path = chargePath(ctx, position, "C", "T");
    if (!path.ok) throw new Error("charge");
    expect(c.path.start).toEqual({ x: IN(24), y: IN(10), facing: 0 });
    expect(c.path.turn).toBe(0);
    expect(c.path.turned).toEqual(c.path.start);
    expect(c.path.end).toEqual(path.value.pose);
    expect(c.path.travel).toBe(path.value.travel);
    expect(c.path.travel).toBe(IN(6));
    expect(c.path.text).toBe("6 inches");
    expect(c.path.allowance).toBe(IN(12));
    expect(c.path.reach).toEqual({ from: { x: IN(24), y: IN(10) }, to: { x: IN(24), y: IN(22) } });
    // Both fronts are 5" wide and in line: they touch along the whole of the target's front edge, y = 17".
    expect(c.touching).toBe("edge-edge");
    expect(c.contactPoints.map((p) => p.y)).toEqual([IN(17), IN(17)]);
    expect(c.contactPoints.map((p) => p.x).sort((a, b) => a - b)).toEqual([IN(21, 1, 2), IN(26, 1, 2)]);
    // The side is read at the charger's front centre, within 3 ticks short of the contact.
    expect(c.sidePoint.x).toBe(IN(24));
    expect(IN(17) - c.sidePoint.y).toBeGreaterThanOrEqual(0);
    expect(IN(17) - c.sidePoint.y).toBeLessThan(3);
    expect(c.side).toBe("front");
    expect(c.onRay).toBe(false);
    // The fight that follows: the die plus 2 against the front of infantry.
    expect(c.combat.expected).toEqual({ num: 11, den: 2 });
    expect(c.combat.retreat?.travel).toBe(IN(6));
    // And the charge made: the same end, the same side.
    const step = play(ctx, position, { type: "charge", unit: "C", target: "T" });
    expect(step.position.units.C).toMatchObject({
      x: c.path.end.x,
      y: c.path.end.y,
      facing: c.path.end.facing,
    });
    expect(step.position.contacts).toEqual([{ attacker: "C", defender: "T", side: "front" }]);
  });

  it("[004 Hand-to-Hand Combat: Flank or Rear Attacks] the corner rays drawn decide the side: rear, right, left", () => {
    for (const [facing, side] of [
      [0, "rear"],
      [9000, "right"],
      [27000, "left"],
      [18000, "front"],
    ] as const) {
      const { ctx, position } = headOn(facing);
      const c = reach(chargeWorking(ctx, position, "C"), "T");
      expect(c.side).toBe(side);
      expect(sideByRays(c, c.sidePoint)).toBe(side);
      // Each ray leaves a corner of the target's base at 45º to its front edge e (|u · e| = |u × e|,
      // exactly), and reaches beyond the table.
      const [fr, fl] = c.targetBase as [Point, Point];
      const e = sub(fr, fl);
      expect(c.cornerRays.map((r) => r.corner)).toEqual(["fl", "fr", "rr", "rl"]);
      for (const r of c.cornerRays) {
        expect(c.targetBase).toContainEqual(r.from);
        const u = sub(r.to, r.from);
        expect(Math.abs(u.x * e.x + u.y * e.y)).toBe(Math.abs(cross(u, e)));
        expect(
          convexWithin(
            [r.to],
            [
              { x: 0, y: 0 },
              { x: IN(48), y: 0 },
              { x: IN(48), y: IN(48) },
              { x: 0, y: IN(48) },
            ],
            IN(48),
          ),
        ).toBe(false);
      }
    }
  });

  it("[004 Movement: Charge Moves: Turning] the engine's aim: a turn of at most 45º at the start, then straight in", () => {
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 20, y: 10 },
        { id: "T", type: "infantry", x: 28, y: 18, facing: 22500, side: "second" },
      ],
    });
    const c = reach(chargeWorking(ctx, position, "C"), "T");
    expect(c.path.turn).not.toBe(0);
    expect(Math.abs(c.path.turn)).toBeLessThanOrEqual(4500);
    expect(c.path.turned).toEqual({ x: IN(20), y: IN(10), facing: c.path.turn });
    expect(c.path.end.facing).toBe(c.path.turn);
    const action = legalActions(ctx, position).find((a) => a.type === "charge" && a.unit === "C");
    expect(action).toEqual({ type: "charge", unit: "C", target: "T", turn: c.path.turn });
  });

  it("[004 Movement: Charge Moves] refusals are the engine's own: blocked by another unit, beyond 12\", in square", () => {
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 24, y: 10 },
        { id: "X", type: "infantry", x: 24, y: 14, facing: 18000, side: "second" },
        { id: "T", type: "infantry", x: 24, y: 18, facing: 18000, side: "second" },
      ],
    });
    const options = chargeWorking(ctx, position, "C");
    expect(options.map((o) => o.target)).toEqual(["T", "X"]);
    const t = options[0];
    expect(t?.ok === false && [t.refusal.code, t.refusal.other]).toEqual(["charge/blocked", "X"]);
    expect(reach(options, "X").side).toBe("front");
    const far = table({
      units: [
        { id: "C", type: "cavalry", x: 24, y: 10 },
        { id: "Y", type: "infantry", x: 24, y: 40, facing: 18000, side: "second" },
        { id: "Q", type: "infantry", x: 24, y: 16, facing: 18000, side: "second" },
      ],
      options: { squares: "on" },
    });
    const sq = withUnits(far.position, { Q: { formation: "square" } });
    const [q, y] = chargeWorking(far.ctx, sq, "C");
    expect(q?.ok === false && q.refusal.code).toBe("charge/square");
    expect(q?.ok === false && q.refusal.rule).toBe("Square Formation: Protection from Cavalry");
    // Y is straight ahead, 30" off: the engine tries straight ahead only, and finds no contact within 12".
    expect(y?.ok === false && [y.turn, y.refusal.code]).toEqual([0, "charge/blocked"]);
    const clear = withUnits(sq, { Q: { x: IN(44), y: IN(44) } });
    const [, alone] = chargeWorking(far.ctx, clear, "C");
    expect(alone?.ok === false && [alone.turn, alone.refusal.code]).toEqual([0, "charge/no-contact"]);
    if (alone && !alone.ok) {
      const again = chargePath(far.ctx, clear, "C", "Y", alone.turn);
      expect(again.ok === false && again.error).toEqual(alone.refusal);
    }
  });

  it("[004 Movement: Charge Moves] property: over random placements the working's charges are the engine's", () => {
    const place = fc.record({
      x: fc.integer({ min: IN(14), max: IN(34) }),
      y: fc.integer({ min: IN(14), max: IN(30) }),
      facing: fc.integer({ min: 0, max: 35999 }),
    });
    const onRay = fc.constantFrom<Readings["contactOnRay"][]>("front-rear", "flank");
    let reached = 0;
    fc.assert(
      fc.property(place, place, fc.integer({ min: 0, max: 35999 }), onRay, (t, u, facing, contactOnRay) => {
        const base = table({
          units: [
            { id: "C", type: "cavalry", x: 24, y: 8 },
            { id: "T", type: "infantry", x: 10, y: 40, side: "second" },
            { id: "U", type: "cavalry", x: 40, y: 40, side: "second" },
          ],
          options: { contactOnRay },
        });
        const { ctx } = base;
        const position = withUnits(base.position, { T: t, U: u, C: { facing } });
        const [pt, pu, pc] = ["T", "U", "C"].map((id) => unitPolygon(must(position.units[id])));
        if (!pt || !pu || !pc) throw new Error("units");
        if (interiorsOverlap(pt, pu) || interiorsOverlap(pc, pt) || interiorsOverlap(pc, pu)) return;
        const options = chargeWorking(ctx, position, "C");
        expect(options.map((o) => o.target)).toEqual(["T", "U"]);
        const offered = legalActions(ctx, position).filter((a) => a.type === "charge");
        for (const o of options) {
          const action = offered.find((a) => a.type === "charge" && a.target === o.target);
          if (!o.ok) {
            expect(action).toBeUndefined();
            const again = chargePath(ctx, position, "C", o.target, o.turn);
            expect(again.ok === false && again.error).toEqual(o.refusal);
            continue;
          }
          reached++;
          expect(action).toEqual(
            o.path.turn === 0
              ? { type: "charge", unit: "C", target: o.target }
              : { type: "charge", unit: "C", target: o.target, turn: o.path.turn },
          );
          const step = play(ctx, position, action ?? { type: "end-phase" });
          expect(step.position.units.C).toMatchObject(o.path.end);
          expect(step.position.contacts).toEqual([{ attacker: "C", defender: o.target, side: o.side }]);
          expect(o.path.travel).toBeLessThanOrEqual(o.path.allowance);
          // The drawn rays agree with the side (off the rays, where the reading does not decide).
          const byRays = sideByRays(o, o.sidePoint);
          if (byRays !== null) expect(byRays).toBe(o.side);
          else expect(o.onRay || o.side === "front").toBe(true);
          // Where the bases touch: on the target's base and within 3 ticks of the charger's final base.
          expect(o.contactPoints.length).toBe(o.touching === "edge-edge" ? 2 : 1);
          const end = unitPolygon(must(step.position.units.C));
          for (const p of o.contactPoints) {
            expect(convexWithin([p], o.targetBase, 1)).toBe(true);
            expect(convexWithin([p], end, 4)).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
    expect(reached).toBeGreaterThan(30);
  });
});

describe("chargeWorkingAt: a charge with the turn the player chose", () => {
  it("[004 Movement: Charge Moves: Turning] a chosen turn within 45º gives that path, side and fight", () => {
    // T 8" ahead and 3" to the right, facing south: straight ahead misses it, a turn to the right meets it.
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 24, y: 10 },
        { id: "T", type: "infantry", x: 27, y: 18, facing: 18000, side: "second" },
      ],
    });
    const at = chargeWorkingAt(ctx, position, "C", "T", 1000);
    if (!at?.ok) throw new Error(at && !at.ok ? at.refusal.message : "none");
    expect(at.path.turn).toBe(1000);
    expect(at.path.turned.facing).toBe(1000);
    const path = chargePath(ctx, position, "C", "T", 1000);
    if (!path.ok) throw new Error(path.error.message);
    expect(at.path.end).toEqual(path.value.pose);
    expect(at.side).toBe(path.value.side);
    expect(at.combat.defender).toBe("T");
  });

  it("[004 Movement: Charge Moves: Turning] beyond 45º, or a turn that misses, is refused in the rule's words", () => {
    const { ctx, position } = headOn(18000);
    const over = chargeWorkingAt(ctx, position, "C", "T", 4600);
    expect(over?.ok).toBe(false);
    if (over && !over.ok) {
      expect(over.refusal.code).toBe("charge/turn-too-large");
      expect(over.turn).toBe(4600);
    }
    const miss = chargeWorkingAt(ctx, position, "C", "T", 4500);
    expect(miss?.ok).toBe(false);
    if (miss && !miss.ok) expect(miss.refusal.code).toBe("charge/no-contact");
    expect(chargeWorkingAt(ctx, position, "C", "nobody", 0)).toBeUndefined();
  });

  it("[004 Movement: Charge Moves] chargeWorking's entry is chargeWorkingAt at the engine's turn", () => {
    const { ctx, position } = headOn(18000);
    const o = reach(chargeWorking(ctx, position, "C"), "T");
    expect(chargeWorkingAt(ctx, position, "C", "T", o.path.turn)).toEqual(o);
  });
});
