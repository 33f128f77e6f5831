import { stackingLimit } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import {
  anyReach,
  checkedReach,
  commonReach,
  groupMoves,
  planGroupMove,
  stackMovers,
  toggled,
} from "./group-move.js";
import { optionsOf } from "./interaction.js";
import { movementPhase, playPositions } from "./test-support.js";

const PREFS = { roadMode: false, unlimber: false };

/** Lutzen, the Swedes' first Movement Phase: 45 units waiting to enter from the west edge (16.24), 11 on the map. */
const lutzen = () => {
  const { ctx, position } = movementPhase("16.24");
  const options = optionsOf(ctx, position);
  const waiting = Object.entries(position.offMap)
    .filter(([id, s]) => s === "awaiting-entry" && options.movable.has(id))
    .map(([id]) => id);
  return { ctx, position, options, waiting };
};

describe("group moves", { timeout: 20_000 }, () => {
  it("[5.1C][10.0] enters a group of reinforcements at one hex up to the stacking limit, refusing the rest with the rule", () => {
    const { ctx, position, waiting } = lutzen();
    expect(waiting.length).toBe(45);
    const moves = groupMoves(ctx, position, waiting);
    const common = commonReach(moves);
    expect(common.size).toBeGreaterThan(0);
    const limit = stackingLimit(ctx, "first");
    // Some hex the whole group can reach, where the overflow is refused by 10.0 itself.
    let cited = false;
    for (const hex of [...common.keys()].slice(0, 12)) {
      const plan = planGroupMove(ctx, position, waiting, hex, PREFS, moves);
      expect(plan.actions.length).toBe(limit);
      expect(plan.refused.length).toBe(waiting.length - limit);
      for (const r of plan.refused) expect(r.message).toMatch(/^\d+\.\d+(\([A-Z]\))?: /);
      // The last unit comes when the hex is full: that is its reason, not the road rate a friend there denies (5.3K).
      const last = plan.refused.at(-1);
      expect(last?.unit).toBe(waiting.at(-1));
      expect(last?.message).toMatch(/^10\.0: /);
      cited = true;
      expect(playPositions(ctx, position, ...plan.actions)).toEqual(plan.position);
      expect(plan.position.stacks[hex]?.length).toBe(limit);
      for (const m of plan.moved) {
        expect(m.from).toBe("off-map");
        expect(m.to).toBe(hex);
        expect(m.left).toBeGreaterThanOrEqual(0);
      }
    }
    expect(cited).toBe(true);
  });

  it("[5.1C] moves a whole stack to a hex all of it can reach, each unit by its own legal move", () => {
    const { ctx, position, options } = lutzen();
    const stack = stackMovers(position, options, "4111");
    expect(stack.length).toBe(3);
    const moves = groupMoves(ctx, position, stack);
    const common = checkedReach(ctx, position, stack, moves, PREFS);
    // 5.3(K): a hex reached by road by each unit alone is not reached so by the third, after two stand in it.
    expect(common.size).toBeLessThan(commonReach(moves).size);
    const [hex, cost] = [...common].at(-1) ?? ["", 0];
    const plan = planGroupMove(ctx, position, stack, hex, PREFS, moves);
    expect(plan.refused.map((r) => r.message)).toEqual([]);
    expect(plan.moved.map((m) => m.unit)).toEqual(stack);
    expect(Math.max(...plan.moved.map((m) => m.cost))).toBeLessThanOrEqual(cost);
    expect(playPositions(ctx, position, ...plan.actions).moved).toEqual(expect.arrayContaining(stack));
    expect(position.stacks["4111"]).toBeDefined();
    expect(plan.position.stacks["4111"]).toBeUndefined();
  });

  it("[5.1A] the common reach is what every unit reaches, at the slowest unit's cost", () => {
    const { ctx, position, options, waiting } = lutzen();
    const units = [...stackMovers(position, options, "4212"), waiting[0] ?? ""];
    const moves = groupMoves(ctx, position, units);
    const common = commonReach(moves);
    const any = anyReach(moves);
    for (const [hex, cost] of common) {
      expect(any.has(hex)).toBe(true);
      const costs = [...moves.values()].map((m) => {
        if (typeof m === "string") throw new Error(m);
        return Math.min(...m.destinations.filter((d) => d.hex === hex).map((d) => d.cost));
      });
      expect(cost).toBe(Math.max(...costs));
    }
    expect(any.size).toBeGreaterThan(common.size);
  });

  it("[5.1C] at a hex only some of the group reach, those move and the others are refused with the engine's reason", () => {
    const { ctx, position, options, waiting } = lutzen();
    const units = [...stackMovers(position, options, "4212"), waiting[0] ?? ""];
    const moves = groupMoves(ctx, position, units);
    const common = commonReach(moves);
    const only = [...anyReach(moves)].find((h) => !common.has(h)) ?? "";
    const plan = planGroupMove(ctx, position, units, only, PREFS, moves);
    expect(plan.actions.length).toBeGreaterThan(0);
    expect(plan.refused.length).toBeGreaterThan(0);
    for (const r of plan.refused) expect(r.message).toMatch(/^\d+\.\d+(\([A-Z]\))?: /);
  });

  it("[5.2G] a unit that has moved is refused, citing 5.2(G)", () => {
    const { ctx, position, options } = lutzen();
    const stack = stackMovers(position, options, "4111");
    const moves = groupMoves(ctx, position, stack);
    const hex = [...checkedReach(ctx, position, stack, moves, PREFS).keys()][0] ?? "";
    const first = planGroupMove(ctx, position, stack, hex, PREFS, moves);
    expect(first.refused.map((r) => r.message)).toEqual([]);
    const again = planGroupMove(ctx, first.position, stack, "4111", PREFS);
    expect(again.actions).toEqual([]);
    expect(again.refused.map((r) => r.message.slice(0, 7))).toEqual(stack.map(() => "5.2(G):"));
  });

  it("[10.0] two stacks selected together go three to a hex, click by click, the second waiting its turn", () => {
    const { ctx, position, options } = lutzen();
    const a = stackMovers(position, options, "4111");
    const b = stackMovers(position, options, "4112");
    const group = [...a, ...b];
    const moves = groupMoves(ctx, position, group);
    const hexes = [...commonReach(moves).keys()].filter((h) => !position.stacks[h]);
    const x = hexes.find((h) => planGroupMove(ctx, position, a, h, PREFS, moves).refused.length === 0) ?? "";
    const first = planGroupMove(ctx, position, group, x, PREFS, moves);
    expect(first.moved.map((m) => m.unit)).toEqual(a);
    expect(first.refused.map((r) => r.unit)).toEqual(b);
    const rest = groupMoves(ctx, first.position, b);
    const y =
      [...commonReach(rest).keys()].find(
        (h) =>
          !first.position.stacks[h] &&
          planGroupMove(ctx, first.position, b, h, PREFS, rest).refused.length === 0,
      ) ?? "";
    const second = planGroupMove(ctx, first.position, b, y, PREFS, rest);
    expect(second.moved.map((m) => m.unit)).toEqual(b);
    expect(playPositions(ctx, position, ...first.actions, ...second.actions)).toEqual(second.position);
  });

  it("toggles units in and out of a group, keeping the order", () => {
    expect(toggled(["a"], ["b", "c"])).toEqual(["a", "b", "c"]);
    expect(toggled(["a", "b", "c"], ["b", "c"])).toEqual(["a"]);
    expect(toggled(["a", "b"], ["b", "c"])).toEqual(["a", "b", "c"]);
    expect(toggled([], [])).toEqual([]);
  });
});
