import { describe, expect, it } from "vitest";
import { alongFacing, dragLeg, dragPivot } from "./drag.js";
import { emptyDraft } from "./program.js";

const north = { x: 60_000, y: 60_000, facing: 0 };
const east = { x: 60_000, y: 60_000, facing: 9000 };

describe("drags become drafts", () => {
  it("measures along the facing, signed", () => {
    expect(alongFacing(north, { x: 60_000, y: 66_096 })).toBe(6096);
    expect(alongFacing(north, { x: 70_000, y: 54_000 })).toBe(-6000);
    expect(alongFacing(east, { x: 66_096, y: 90_000 })).toBe(6096);
  });

  it("adds the pointer's travel along the facing to the leg the drag began with", () => {
    const start = { ...emptyDraft("U"), leg: 1000 };
    const grab = { x: 60_100, y: 60_500 };
    expect(dragLeg(north, start, grab, { x: 61_000, y: 63_500 }).leg).toBe(4000);
    expect(dragLeg(north, start, grab, { x: 60_100, y: 57_500 }).leg).toBe(-2000);
    expect(dragLeg(north, { ...start, road: true }, grab, { x: 60_100, y: 50_000 }).leg).toBe(0);
  });

  it("runs the leg along the pivoted facing", () => {
    const start = { ...emptyDraft("U"), startPivot: 9000 };
    expect(dragLeg(north, start, north, { x: 66_096, y: 60_000 }).leg).toBe(6096);
  });

  it("turns a ring drag into a pivot in whole degrees", () => {
    const d = emptyDraft("U");
    expect(dragPivot(d, "start", north, 0, { x: 70_000, y: 70_000 }).startPivot).toBe(4500);
    expect(dragPivot(d, "end", north, 0, { x: 50_000, y: 60_000 }).endPivot).toBe(-9000);
    expect(dragPivot(d, "start", north, 0, { x: 60_000, y: 50_000 }).startPivot).toBe(18000);
  });
});
