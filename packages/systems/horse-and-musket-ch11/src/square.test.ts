import { describe, expect, it } from "vitest";
import { legalActions } from "./legal.js";
import { IN, play, refusal, table } from "./test-support/table.js";

const squares = (on: "on" | "off") =>
  table({
    units: [
      { id: "I", type: "infantry", x: 24, y: 10 },
      { id: "J", type: "infantry", x: 34, y: 10 },
      { id: "C", type: "cavalry", x: 14, y: 10 },
    ],
    options: { squares: on },
  });

describe("004 Square Formation", () => {
  it("[004 Square Formation] infantry may move to or from Square at the start of the movement phase", () => {
    const { ctx, position } = squares("on");
    const formed = play(ctx, position, { type: "form-square", unit: "I" });
    expect(formed.position.units.I?.formation).toBe("square");
    expect(formed.events).toEqual([{ type: "formed-square", unit: "I" }]);
    // Another unit may still change formation: nothing has moved yet.
    const both = play(ctx, formed.position, { type: "form-square", unit: "J" }).position;
    // Next turn, at the start of the movement phase, it may leave square (and then move).
    const next = play(
      ctx,
      play(ctx, play(ctx, play(ctx, both, { type: "end-phase" }).position, { type: "end-phase" }).position, {
        type: "end-phase",
      }).position,
      { type: "end-phase" },
    ).position;
    expect(next.toMove).toBe("first");
    const left = play(ctx, next, { type: "leave-square", unit: "I" }).position;
    expect(left.units.I?.formation).toBe("line");
    expect(
      play(ctx, left, { type: "move", unit: "I", program: [{ op: "advance", ticks: IN(6) }] }).position.units
        .I?.y,
    ).toBe(IN(16));
  });

  it("[004 Square Formation] not once a unit has moved this phase; only infantry; once a phase per unit", () => {
    const { ctx, position } = squares("on");
    const moved = play(ctx, position, {
      type: "move",
      unit: "C",
      program: [{ op: "advance", ticks: IN(1) }],
    }).position;
    expect(refusal(ctx, moved, { type: "form-square", unit: "I" }).code).toBe("square/not-at-start");
    expect(refusal(ctx, position, { type: "form-square", unit: "C" }).code).toBe("square/not-infantry");
    const formed = play(ctx, position, { type: "form-square", unit: "I" }).position;
    expect(refusal(ctx, formed, { type: "leave-square", unit: "I" }).code).toBe("square/not-at-start");
    expect(refusal(ctx, formed, { type: "form-square", unit: "I" }).code).toBe("square/not-at-start");
  });

  it("[004 Square Formation] an optional rule: refused unless the squares option is on", () => {
    const { ctx, position } = squares("off");
    expect(refusal(ctx, position, { type: "form-square", unit: "I" }).code).toBe("square/optional-rule-off");
    expect(legalActions(ctx, position).some((a) => a.type === "form-square")).toBe(false);
    const on = squares("on");
    expect(legalActions(on.ctx, on.position).filter((a) => a.type === "form-square")).toHaveLength(2);
  });

  it("[004 Square Formation: No Movement] units in Square may not move", () => {
    const { ctx, position } = squares("on");
    const formed = play(ctx, position, { type: "form-square", unit: "I" }).position;
    expect(
      refusal(ctx, formed, { type: "move", unit: "I", program: [{ op: "advance", ticks: 1 }] }).code,
    ).toBe("move/in-square");
    expect(legalActions(ctx, formed).some((a) => a.type === "move" && a.unit === "I")).toBe(false);
  });
});
