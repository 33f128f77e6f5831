import { describe, expect, it } from "vitest";
import { occupy, occupyControl } from "./control.js";
import { indexOfId } from "./hex/grid.js";
import { field } from "./test-support/combat.js";

describe("16.0 control of victory hexes", () => {
  // Marston Moor (16.34) on the test map: its victory hexes are 0101, 0710 and 1010.
  const { ctx, position } = field(
    { "0606": ["B-PP1"] },
    { scenario: "16.34", phase: "movement", forces: { "B-PP1": "a" } },
  );
  const hex = (id: string) => indexOfId(ctx.map.grid, id);

  it("[16.0] occupying a victory hex gives its control to the occupier, with an event", () => {
    const r = occupy(ctx, position, hex("0710"), "first");
    expect(r.control).toEqual({ "0710": "first" });
    expect(r.events).toEqual([{ type: "control-changed", hex: "0710", side: "first" }]);
    const taken = occupyControl(ctx, r.control, hex("0710"), "second");
    expect(taken.control).toEqual({ "0710": "second" });
    expect(taken.events).toEqual([{ type: "control-changed", hex: "0710", side: "second" }]);
  });

  it("[16.0] a hex that decides no victory condition is never recorded", () => {
    const r = occupyControl(ctx, {}, hex("0606"), "first");
    expect(r.control).toEqual({});
    expect(r.events).toEqual([]);
  });

  it("[16.0] a side occupying a hex it already controls changes nothing and reports nothing", () => {
    const held = { "0710": "first" } as const;
    const r = occupyControl(ctx, held, hex("0710"), "first");
    expect(r.control).toBe(held);
    expect(r.events).toEqual([]);
  });

  it("[16.0] the control record lists its hexes in map order, whatever the order they were taken in", () => {
    const a = occupyControl(ctx, {}, hex("0710"), "first");
    const b = occupyControl(ctx, a.control, hex("0101"), "second");
    const c = occupyControl(ctx, b.control, hex("1010"), "first");
    // "1010" is an array index to JavaScript and comes first whatever; the others follow sorted.
    expect(Object.keys(c.control)).toEqual(["1010", "0101", "0710"]);
    const d = occupyControl(ctx, { "0710": "first", "0101": "first" }, hex("1010"), "second");
    expect(Object.keys(d.control)).toEqual(["1010", "0101", "0710"]);
  });
});
