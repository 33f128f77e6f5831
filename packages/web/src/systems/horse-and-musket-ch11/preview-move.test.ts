import { unitPolygon } from "@tercio/horse-and-musket-ch11";
import { describe, expect, it } from "vitest";
import { unitAt } from "./hit-test.js";
import { previewMove } from "./preview-move.js";
import { emptyDraft } from "./program.js";
import { opening } from "./test-game.js";

const { ctx, position } = opening("river-crossing");
const mover = Object.keys(position.units).find(
  (id) => position.units[id]?.side === position.toMove && position.units[id]?.type === "infantry",
) as string;
const six = 6 * 6096;

describe("the ghost of a move comes from checkMove", () => {
  it("stands where a legal move ends", () => {
    const p = previewMove(ctx, position, { ...emptyDraft(mover), leg: 6096 });
    expect(p?.check.legal).toBe(true);
    expect(p?.used).toBe(6096);
    expect(p?.ghost).toEqual(p?.check.pose);
  });

  it("stops at the allowance, with the rule's words, and settles there", () => {
    const p = previewMove(ctx, position, { ...emptyDraft(mover), leg: 3 * six });
    expect(p?.check.legal).toBe(false);
    expect(p?.refusal?.message).toMatch(/^004 Movement: Movement Allowances: /);
    expect(p?.used).toBeLessThanOrEqual(six);
    expect(p?.settled.leg).toBe(p?.check.clampTicks);
    const again = p && previewMove(ctx, position, p.settled);
    expect(again?.check.legal).toBe(true);
    expect(again?.ghost).toEqual(p?.ghost);
  });

  it("refuses a unit of the other side in the rule's words", () => {
    const other = Object.keys(position.units).find(
      (id) => position.units[id]?.side !== position.toMove,
    ) as string;
    const p = previewMove(ctx, position, { ...emptyDraft(other), leg: 6096 });
    expect(p?.refusal?.message).toMatch(/^004 Sequence of Play: /);
    expect(p?.ghost).toEqual({
      x: position.units[other]?.x,
      y: position.units[other]?.y,
      facing: position.units[other]?.facing,
    });
  });
});

describe("hit-testing the bases", () => {
  it("finds the unit under its centre and each corner, and none off the bases", () => {
    for (const [id, u] of Object.entries(position.units)) {
      expect(unitAt(position, u)).toBe(id);
      for (const corner of unitPolygon(u)) expect(unitAt(position, corner)).toBeDefined();
    }
    expect(unitAt(position, { x: -10, y: -10 })).toBeUndefined();
  });
});
