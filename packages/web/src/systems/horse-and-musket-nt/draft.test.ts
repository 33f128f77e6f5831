import { seedPrng } from "@tercio/core";
import {
  horseAndMusketNtSystem as nt,
  type Position,
  type UnitState,
  unitCorners,
} from "@tercio/horse-and-musket-nt";
import { describe, expect, it } from "vitest";
import { advanceTicks, dragOp, gripAt, programWords, wheelCdeg } from "./draft.js";

const INCH = 6096;

function opening() {
  const setup = nt.parseSetup({ scenario: "fontenoy-redoubt", options: {} });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = nt.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const opened = nt.open(ctx.value, setup.value, seedPrng(1));
  if (!opened.ok) throw new Error(opened.error.message);
  return { ctx: ctx.value, position: opened.value.position as Position };
}

describe("a move drawn with the pointer (the engine's program ops)", () => {
  const { ctx, position } = opening();
  const u = position.units["A-Dut"] as UnitState;
  const c = unitCorners(ctx, u);

  it("a press on a front corner wheels on the other, pinned; inside the base, an advance; elsewhere nothing", () => {
    expect(gripAt(ctx, u, c.fr, INCH, false)).toEqual({ kind: "wheel", pin: "left" });
    expect(gripAt(ctx, u, c.fl, INCH, false)).toEqual({ kind: "wheel", pin: "right" });
    expect(gripAt(ctx, u, u, INCH, true)).toEqual({ kind: "advance" });
    expect(gripAt(ctx, u, { x: u.x, y: u.y - 20 * INCH }, INCH, false)).toBeUndefined();
  });

  it("an advance is the drag's length along the facing, whatever its sideways part", () => {
    const front = { x: u.x, y: u.y + INCH };
    expect(advanceTicks(front, u, u, { x: u.x + 5 * INCH, y: u.y + 3 * INCH })).toBe(3 * INCH);
    // Backwards is not an advance: at least one tick, which the engine meters.
    expect(advanceTicks(front, u, u, { x: u.x, y: u.y - INCH })).toBe(1);
  });

  it("a wheel swings only forward: a quarter turn left on the left pin, none backwards", () => {
    const pin = { x: 0, y: 0 };
    const free = { x: 6 * INCH, y: 0 };
    expect(wheelCdeg(pin, free, { x: 0, y: 6 * INCH }, "left")).toBe(9000);
    expect(wheelCdeg(pin, free, { x: 0, y: -6 * INCH }, "left")).toBe(0);
    expect(wheelCdeg({ x: 6 * INCH, y: 0 }, { x: 0, y: 0 }, { x: 6 * INCH, y: 6 * INCH }, "right")).toBe(
      9000,
    );
  });

  it("a drag of the front right corner is a wheel pinned on the left, in the engine's words", () => {
    const op = dragOp(
      ctx,
      u,
      { kind: "wheel", pin: "left" },
      c.fr,
      { x: c.fr.x, y: c.fr.y + 6 * INCH },
      false,
      u,
    );
    expect(op?.op).toBe("wheel");
    if (op?.op !== "wheel") return;
    expect(op.corner).toBe("left");
    expect(op.cdeg).toBeGreaterThan(0);
    expect(programWords([{ op: "advance", ticks: 3 * INCH }, op])).toMatch(
      /^advance 3", wheel [\d.]+º on the left corner$/,
    );
  });
});
