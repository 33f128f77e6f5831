import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { baseCorners } from "./base.js";
import { lengthWithin } from "./distance.js";
import { applyOp, applyProgram } from "./motion.js";
import { pose, size } from "./test-support/arbitraries.js";
import { inches } from "./units.js";

const SIZE = { frontage: inches(4), depth: inches(2) };
const HOME = { x: 0, y: 0, facing: 0 };

describe("move ops", () => {
  it("advance moves along the facing by the nominal distance, back when negative", () => {
    const s = applyOp(HOME, SIZE, { op: "advance", ticks: inches(6) });
    expect(s.pose).toEqual({ x: 0, y: inches(6), facing: 0 });
    expect(s.centre).toEqual({ kind: "straight", sq: inches(6) ** 2, value: inches(6) });
    const back = applyOp({ x: 0, y: 0, facing: 9000 }, SIZE, { op: "advance", ticks: -100 });
    expect(back.pose).toEqual({ x: -100, y: 0, facing: 9000 });
  });

  it("golden: a move exactly at its allowance passes, a tick over fails", () => {
    const allowance = inches(6);
    const s = applyOp({ x: 0, y: 0, facing: 3333 }, SIZE, { op: "advance", ticks: allowance });
    expect(s.centre.kind === "straight" && s.centre.sq <= allowance * allowance).toBe(true);
    // A slide of (6", 8"): exactly a 10" allowance.
    const ten = inches(10);
    const t = applyOp(HOME, SIZE, { op: "translate", dx: inches(6), dy: inches(8) });
    expect(t.centre.kind === "straight" && t.centre.sq).toBe(ten * ten);
    expect(lengthWithin(inches(6), inches(8), ten)).toBe(true);
    expect(lengthWithin(inches(6), inches(8) + 1, ten)).toBe(false);
  });

  it("a pivot keeps the centre and costs the centre nothing; corners travel the half-diagonal arc", () => {
    const s = applyOp({ x: 5, y: 7, facing: 100 }, SIZE, { op: "pivot", cdeg: -4500 });
    expect(s.pose).toEqual({ x: 5, y: 7, facing: 31600 });
    expect(s.centre.value).toBe(0);
    expect(s.maxCorner.value).toBeCloseTo((Math.sqrt(24384 ** 2 + 12192 ** 2) / 2) * (Math.PI / 4), 6);
  });

  it("a wheel pins the named front corner exactly and swings the other", () => {
    for (const corner of ["left", "right"] as const) {
      const s = applyOp(HOME, SIZE, { op: "wheel", corner, cdeg: 9000 });
      const before = baseCorners(HOME, SIZE);
      const after = baseCorners(s.pose, SIZE);
      expect(corner === "left" ? after.fl : after.fr).toEqual(corner === "left" ? before.fl : before.fr);
      expect(s.pose.facing).toBe(9000);
    }
    // Left corner pinned, a quarter clockwise: the base swings to face east with fl where it was.
    const s = applyOp(HOME, SIZE, { op: "wheel", corner: "left", cdeg: 9000 });
    expect(baseCorners(s.pose, SIZE).fr).toEqual({ x: -12192, y: 6096 - 24384 });
    expect(s.swingCorner.value).toBeCloseTo(24384 * (Math.PI / 2), 6);
    expect(s.maxCorner.value).toBeCloseTo(Math.sqrt(24384 ** 2 + 12192 ** 2) * (Math.PI / 2), 6);
  });

  it("golden: a wheel whose outer rear corner travels exactly its allowance is decided by one deterministic float", () => {
    // The comparison is value <= allowance on a value computed by IEEE basic operations only.
    const s = applyOp(HOME, SIZE, { op: "wheel", corner: "right", cdeg: -2250 });
    const expected = (Math.sqrt(24384 * 24384 + 12192 * 12192) * 2250 * Math.PI) / 18000;
    expect(s.maxCorner.value).toBe(expected);
  });

  it("the pinned corner never drifts, at any facing and size", () => {
    fc.assert(
      fc.property(pose(), size(), fc.integer({ min: -18000, max: 18000 }), fc.boolean(), (p, sz, t, left) => {
        const corner = left ? "left" : "right";
        const s = applyOp(p, sz, { op: "wheel", corner, cdeg: t });
        const a = baseCorners(p, sz);
        const b = baseCorners(s.pose, sz);
        expect(left ? b.fl : b.fr).toEqual(left ? a.fl : a.fr);
      }),
    );
  });

  it("a program applies its ops in order", () => {
    const r = applyProgram(HOME, SIZE, [
      { op: "pivot", cdeg: 9000 },
      { op: "advance", ticks: 1000 },
    ]);
    expect(r.pose).toEqual({ x: 1000, y: 0, facing: 9000 });
    expect(r.centreTotal).toBe(1000);
  });
});
