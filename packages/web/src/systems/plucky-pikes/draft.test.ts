import { type MoveOp, pluckyPikesSystem as pp, unitCorners } from "@tercio/plucky-pikes";
import { describe, expect, it } from "vitest";
import {
  advanceTicks,
  dragOp,
  gripAt,
  opWords,
  pivotCdeg,
  previewMove,
  programWords,
  stepPose,
} from "./draft.js";
import { atFirstMove } from "./test-game.js";

describe("a move drawn on the table", () => {
  const { ctx, position } = atFirstMove();
  const mine = Object.keys(position.units)
    .sort()
    .filter((id) => position.units[id]?.side === position.toMove && ctx.units[id]?.arm !== "guns");
  const id = mine[0] as string;
  const u = position.units[id];
  if (!u) throw new Error("no unit");

  it("[001 Movement] is the engine's move: legal, with the pose and the part of the move it used", () => {
    const program: MoveOp[] = [
      { op: "pivot", end: "left", cdeg: 1000 },
      { op: "advance", ticks: 3048 },
    ];
    const pv = previewMove(ctx, position, id, program, false);
    expect(pv?.legal).toBe(true);
    const step = pp.apply(ctx, position, { type: "move", unit: id, program });
    if (!step.ok) throw new Error(step.error.message);
    const after = step.value.position.units[id];
    expect(pv?.ghost).toEqual(after);
    expect(pv?.used).toBe(after?.used);
    expect(pv?.hinge).toBeUndefined();
  });

  it("[001 Movement] a pivot keeps its end where it stood, and the ghost drawn is where the engine puts it", () => {
    for (const end of ["left", "right"] as const) {
      const program: MoveOp[] = [{ op: "pivot", end, cdeg: 2000 }];
      const pv = previewMove(ctx, position, id, program, false);
      if (!pv?.legal) throw new Error(pv?.error?.message);
      const before = unitCorners(ctx, id, u);
      const after = unitCorners(ctx, id, pv.ghost);
      const pin = end === "left" ? "fl" : "fr";
      expect(Math.abs(after[pin].x - before[pin].x)).toBeLessThanOrEqual(1);
      expect(Math.abs(after[pin].y - before[pin].y)).toBeLessThanOrEqual(1);
      expect(pv.hinge).toEqual(before[pin]);
      // The drawn pose (the kernel's motion) and the engine's agree.
      const drawn = stepPose(ctx, id, u, program[0] as MoveOp);
      expect({ x: drawn.x, y: drawn.y, facing: drawn.facing }).toEqual({
        x: pv.ghost.x,
        y: pv.ghost.y,
        facing: pv.ghost.facing,
      });
    }
  });

  it("[001 Movement] a move past the whole move is refused with the engine's words, the ghost still drawn", () => {
    const program: MoveOp[] = [
      { op: "pivot", end: "left", cdeg: 9000 },
      { op: "pivot", end: "right", cdeg: 9000 },
      { op: "pivot", end: "left", cdeg: 9000 },
    ];
    const pv = previewMove(ctx, position, id, program, false);
    expect(pv?.legal).toBe(false);
    expect(pv?.error?.message).toMatch(/^001 Movement: /);
    expect(pv?.used).toBeUndefined();
    expect(pv?.ghost.facing).not.toBe(u.facing);
  });

  it("reads a drag of a front corner as a pivot about the other end, forward positive", () => {
    const c = unitCorners(ctx, id, u);
    expect(gripAt(ctx, id, u, c.fr, 100, false)).toEqual({ kind: "pivot", end: "left" });
    expect(gripAt(ctx, id, u, c.fl, 100, false)).toEqual({ kind: "pivot", end: "right" });
    expect(gripAt(ctx, id, u, { x: u.x, y: u.y }, 100, true)).toEqual({ kind: "advance" });
    // The free end swung forward (ahead of the front): a positive pivot.
    const ahead = (p: { x: number; y: number }) => {
      const t = stepPose(ctx, id, { ...u, x: p.x, y: p.y }, { op: "advance", ticks: 6096 });
      return { x: t.x, y: t.y };
    };
    const fwd = dragOp(ctx, id, u, { kind: "pivot", end: "left" }, c.fr, ahead(c.fr));
    expect(fwd?.op === "pivot" && fwd.cdeg > 0).toBe(true);
    const back = dragOp(ctx, id, u, { kind: "pivot", end: "right" }, c.fl, {
      x: 2 * c.fl.x - ahead(c.fl).x,
      y: 2 * c.fl.y - ahead(c.fl).y,
    });
    expect(back?.op === "pivot" && back.cdeg < 0).toBe(true);
    expect(pivotCdeg("left", { x: 0, y: 0 }, { x: 100, y: 0 }, { x: 0, y: 100 })).toBe(9000);
    expect(pivotCdeg("right", { x: 0, y: 0 }, { x: -100, y: 0 }, { x: 0, y: 100 })).toBe(9000);
    expect(advanceTicks(0, { x: 0, y: 0 }, { x: 50, y: 6096 })).toBe(6096);
  });

  it("words a program", () => {
    expect(
      programWords([
        { op: "advance", ticks: 18288 },
        { op: "pivot", end: "left", cdeg: -1500 },
        { op: "form", formation: "hedgehog" },
      ]),
    ).toBe('advance 3", pivot 15° back about the left end, form hedgehog');
    expect(opWords({ op: "face", to: "about" })).toBe("about face");
  });
});
