import { describe, expect, it } from "vitest";
import { type ClickState, clickOn } from "./click.js";
import { anyReach, groupMoves } from "./group-move.js";
import { movesOf, optionsOf } from "./interaction.js";
import { movementPhase } from "./test-support.js";

const NONE: ClickState = { unlimber: false, roadMode: false };

/** Lutzen (16.24), the Swedes' first Movement Phase: three-unit stacks in 4111 and 4112. */
const lutzen = () => {
  const { ctx, position } = movementPhase("16.24");
  return { ctx, position, options: optionsOf(ctx, position) };
};

describe("clicks that select and move groups", { timeout: 20_000 }, () => {
  it("[5.1C] a second click on the selected unit's stack selects the whole stack", () => {
    const { ctx, position, options } = lutzen();
    const stack = position.stacks["4111"] ?? [];
    const first = clickOn(ctx, position, options, NONE, "4111");
    expect(first).toEqual({ kind: "select", unit: stack[0] });
    const moves = movesOf(ctx, position, stack[0] ?? "");
    if (typeof moves === "string") throw new Error(moves);
    const state = { ...NONE, selectedUnit: stack[0], selectedHex: "4111", moves };
    expect(clickOn(ctx, position, options, state, "4111")).toEqual({ kind: "group", units: stack });
  });

  it("[5.1C] shift- or ctrl-click adds another stack's units to the group, and a second one takes them out", () => {
    const { ctx, position, options } = lutzen();
    const a = position.stacks["4111"] ?? [];
    const b = position.stacks["4112"] ?? [];
    const state = { ...NONE, selectedUnit: a[0], group: a, add: true };
    expect(clickOn(ctx, position, options, state, "4112")).toEqual({ kind: "group", units: [...a, ...b] });
    const both = { ...state, group: [...a, ...b] };
    expect(clickOn(ctx, position, options, both, "4112")).toEqual({ kind: "group", units: a });
  });

  it("[5.1C] with a group selected, a hex some of it reaches moves the group; another stack is selected afresh", () => {
    const { ctx, position, options } = lutzen();
    const a = position.stacks["4111"] ?? [];
    const reach = anyReach(groupMoves(ctx, position, a));
    const to = [...reach].find((h) => !position.stacks[h]) ?? "";
    const state = { ...NONE, selectedUnit: a[0], group: a, groupReach: reach };
    expect(clickOn(ctx, position, options, state, to)).toEqual({ kind: "group-move", hex: to });
    expect(clickOn(ctx, position, options, state, "4111")).toEqual({ kind: "inspect" });
    const far = ctx.map.grid.ids.find((h) => !reach.has(h) && !position.stacks[h]) ?? "";
    // Beyond every unit's reach: the plan is asked, so that each unit's reason is given.
    expect(clickOn(ctx, position, options, state, far)).toEqual({ kind: "group-move", hex: far });
    const other = Object.keys(position.stacks).find(
      (h) => h !== "4111" && position.units[position.stacks[h]?.[0] ?? ""]?.side === "first" && !reach.has(h),
    );
    if (other) expect(clickOn(ctx, position, options, state, other).kind).toBe("select");
  });
});
