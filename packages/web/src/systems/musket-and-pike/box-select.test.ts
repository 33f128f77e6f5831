import { unitHexes } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { boxSelection } from "./box-select.js";
import { optionsOf } from "./interaction.js";
import { movementPhase, playPositions } from "./test-support.js";

/** Lutzen (16.24), the Imperialists' first Movement Phase. */
function imperialMovement() {
  const { ctx, position } = movementPhase("16.24");
  const end = { type: "end-phase" } as const;
  const p = playPositions(ctx, position, end, end, end);
  return { ctx, position: p, options: optionsOf(ctx, p) };
}

describe("selecting by a rectangle (shift-drag)", { timeout: 20_000 }, () => {
  it("[5.1C] takes every unit that can move in the rectangle's hexes, led by the stack nearest its middle", () => {
    const { ctx, position, options } = imperialMovement();
    const held = Object.keys(position.stacks)
      .filter((h) => position.units[position.stacks[h]?.[0] ?? ""]?.side === "second")
      .sort();
    // A rectangle's hexes: a run of the grid's hexes covering the first three stacks, in grid order.
    const grid = ctx.map.grid;
    const from = grid.ids.indexOf(held[0] ?? "");
    const to = grid.ids.indexOf(held[2] ?? "");
    const hexes = grid.ids.slice(from, to + 1);
    const units = boxSelection(ctx, position, options, [], hexes);
    const expected = held.slice(0, 3).flatMap((h) => position.stacks[h] ?? []);
    expect([...units].sort()).toEqual([...expected].sort());
    // The lead's stack comes first, whole, in its order.
    const hexOf = unitHexes(position);
    const leadHex = hexOf.get(units[0] ?? "") ?? "";
    const leadStack = position.stacks[leadHex] ?? [];
    expect(units.slice(0, leadStack.length)).toEqual(leadStack);
  });

  it("[5.1C] adds to a group already selected, keeping its lead, and ignores the enemy and empty hexes", () => {
    const { ctx, position, options } = imperialMovement();
    const own = Object.keys(position.stacks).filter(
      (h) => position.units[position.stacks[h]?.[0] ?? ""]?.side === "second",
    );
    const enemy = Object.keys(position.stacks).filter(
      (h) => position.units[position.stacks[h]?.[0] ?? ""]?.side === "first",
    );
    const group = position.stacks[own[0] ?? ""] ?? [];
    const empty = ctx.map.grid.ids.filter((h) => !position.stacks[h]).slice(0, 5);
    const units = boxSelection(ctx, position, options, group, [own[1] ?? "", ...enemy, ...empty]);
    expect(units).toEqual([...group, ...(position.stacks[own[1] ?? ""] ?? [])]);
    expect(boxSelection(ctx, position, options, group, [...enemy, ...empty])).toEqual(group);
  });
});
