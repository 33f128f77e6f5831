import { describe, expect, it } from "vitest";
import type { Action } from "../actions.js";
import { apply } from "../apply.js";
import { field, playWithDice } from "../test-support/combat.js";

/* 10.2(B) changing places in a stack (reorder.ts): each refusal whole, and what is logged. */
const reorder = (hex: string, ...order: string[]): Action => ({ type: "reorder", hex, order });
const movement = { phase: "movement" as const };

function refused(stacks: Record<string, string[]>, options: Parameters<typeof field>[1], action: Action) {
  const { ctx, position } = field(stacks, options);
  const r = apply(ctx, position, action);
  return r.ok ? "accepted" : r.error;
}

describe("10.2B changing stacking position", () => {
  const stacks = { "0606": ["B-PP1", "B-PM1"], "1110": ["G-PP1", "G-PM1"] };

  it("[10.2B] the new order is logged and costs nothing", () => {
    const { ctx, position } = field(stacks, movement);
    const s = playWithDice(ctx, position, [], reorder("0606", "B-PM1", "B-PP1"));
    expect(s.events).toEqual([{ type: "stack-reordered", hex: "0606", order: ["B-PM1", "B-PP1"] }]);
    expect(s.position.stacks["0606"]).toEqual(["B-PM1", "B-PP1"]);
    expect(s.position.moved).toEqual([]);
  });

  it("[10.2B] only a hex of the map, only a stack of the Phasing Player, only in his Movement Phase", () => {
    expect(refused(stacks, movement, reorder("9999", "B-PP1"))).toEqual({
      code: "reorder/off-map",
      rule: "10.2B",
      message: "10.2(B): hex 9999 is not on the map",
      hex: "9999",
    });
    expect(refused(stacks, movement, reorder("0101"))).toEqual({
      code: "reorder/not-now",
      rule: "10.2B",
      message: "10.2(B): units change places in a stack only in their own Movement Phase (hex 0101 is empty)",
      hex: "0101",
    });
    expect(refused(stacks, movement, reorder("1110", "G-PM1", "G-PP1"))).toEqual({
      code: "reorder/not-now",
      rule: "10.2B",
      message: "10.2(B): units change places in a stack only in their own Movement Phase",
      hex: "1110",
    });
    expect(refused(stacks, { phase: "fire" }, reorder("0606", "B-PM1", "B-PP1"))).toMatchObject({
      code: "reorder/not-now",
    });
  });

  it("[10.2B] the new order lists each unit of the stack once", () => {
    const notPermutation = {
      code: "reorder/not-a-permutation",
      rule: "10.2B",
      message: "10.2(B): the new order must list exactly the units in 0606: B-PP1, B-PM1",
      hex: "0606",
    };
    expect(refused(stacks, movement, reorder("0606", "B-PM1", "B-PM1"))).toEqual(notPermutation);
    expect(refused(stacks, movement, reorder("0606", "B-PM1"))).toEqual(notPermutation);
    expect(refused(stacks, movement, reorder("0606", "B-PM1", "B-PP1", "B-PP1"))).toEqual(notPermutation);
  });

  it("[12.2B] [13.0E] [8.4] not in a square, not below a unit in Road Mode, not moving a disrupted unit", () => {
    const { ctx, position } = field(stacks, { ...movement, optionalRules: ["infantry-squares"] });
    const square = apply(ctx, { ...position, squares: ["0606"] }, reorder("0606", "B-PM1", "B-PP1"));
    expect(square.ok || square.error).toEqual({
      code: "reorder/square",
      rule: "12.2B",
      message: "12.2(B): units in the square in 0606 may not change their places",
      hex: "0606",
    });
    const roads = { ...movement, optionalRules: ["road-movement" as const], roadMode: ["B-PP1"] };
    // 0506 is on the road.
    const onRoad = { "0506": ["B-PP1", "B-PM1"], "1110": ["G-PP1"] };
    expect(refused(onRoad, roads, reorder("0506", "B-PM1", "B-PP1"))).toEqual({
      code: "reorder/road-mode",
      rule: "13.0E",
      message: "13.0(E): B-PP1 is in Road Movement Mode and stays on top",
      hex: "0506",
    });
    expect(refused(stacks, { ...movement, disrupted: ["B-PM1"] }, reorder("0606", "B-PM1", "B-PP1"))).toEqual(
      {
        code: "reorder/disrupted",
        rule: "8.4",
        message: "8.4: B-PM1 is disrupted and may not change its place in the stack",
        hex: "0606",
        unit: "B-PM1",
      },
    );
  });
  it("[10.2B] [13.0E] any hex of the map, the first too; a unit in Road Mode may stay on top while the others change", () => {
    const corner = { "0101": ["B-PP1", "B-PM1"], "1110": ["G-PP1"] };
    const { ctx, position } = field(corner, movement);
    const s = playWithDice(ctx, position, [], reorder("0101", "B-PM1", "B-PP1"));
    expect(s.position.stacks["0101"]).toEqual(["B-PM1", "B-PP1"]);
    const road = field(
      { "0506": ["B-PP1", "B-PM1", "B-MP1"], "1110": ["G-PP1"] },
      { ...movement, optionalRules: ["road-movement"], roadMode: ["B-PP1"] },
    );
    const r = playWithDice(road.ctx, road.position, [], reorder("0506", "B-PP1", "B-MP1", "B-PM1"));
    expect(r.position.stacks["0506"]).toEqual(["B-PP1", "B-MP1", "B-PM1"]);
  });
});
