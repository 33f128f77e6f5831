import { describe, expect, it } from "vitest";
import { indexOfId } from "../hex/grid.js";
import { field } from "../test-support/combat.js";
import { commit, disrupt, eliminate, openBoard, relocate, toBottom } from "./board.js";

/*
 * The working copy that combat results change: disruption (8.4, 13.0F,
 * 16.24), elimination, the order within a stack (8.12, 10.2B) and control
 * of a victory hex entered by combat (16.0).
 */

describe("combat results on the board", () => {
  it("[8.4] a disrupted unit disrupted again is eliminated, citing 8.4", () => {
    const { position } = field({ "0707": ["G-PP1", "G-MP1"] }, { disrupted: ["G-PP1"] });
    const board = openBoard(position);
    expect(disrupt(board, "G-PP1", "8.11")).toBe(false);
    expect(board.events).toEqual([
      {
        type: "unit-eliminated",
        unit: "G-PP1",
        hex: "0707",
        rule: "8.4",
        reason: "disrupted while already disrupted",
      },
    ]);
    const after = commit(position, board);
    expect(after.offMap["G-PP1"]).toBe("eliminated");
    expect(after.stacks["0707"]).toEqual(["G-MP1"]);
  });

  it("[16.24] a ferocious unit ignores a disruption and stays as it was", () => {
    const { position } = field({ "0707": ["G-PP1"] });
    const board = openBoard(position, new Set(["G-PP1"]));
    expect(disrupt(board, "G-PP1", "8.11")).toBe(false);
    expect(board.events).toEqual([
      {
        type: "result-ignored",
        unit: "G-PP1",
        hex: "0707",
        rule: "16.24",
        reason: "ferocious: may not be disrupted",
      },
    ]);
    expect(commit(position, board).units["G-PP1"]).toEqual(position.units["G-PP1"]);
  });

  it("[13.0F] a unit disrupted in Road Movement Mode leaves it first, and is remembered as having done so", () => {
    const { position } = field(
      { "0506": ["B-PP1"], "0507": ["B-PP2"] },
      { roadMode: ["B-PP1"], optionalRules: ["road-movement"] },
    );
    const board = openBoard(position);
    expect(disrupt(board, "B-PP1", "8.11")).toBe(true);
    expect(disrupt(board, "B-PP2", "8.11")).toBe(true);
    expect([...board.leftRoadMode]).toEqual(["B-PP1"]);
    expect(board.units["B-PP1"]).toMatchObject({ disrupted: true, roadMode: false });
    expect(board.events).toEqual([
      { type: "unit-disrupted", unit: "B-PP1", hex: "0506", rule: "8.11" },
      { type: "unit-disrupted", unit: "B-PP2", hex: "0507", rule: "8.11" },
    ]);
  });

  it("[8.12] [10.2B] a unit disrupted by fire goes to the bottom of its stack", () => {
    const { position } = field({ "0707": ["G-PP1", "G-MP1", "G-EP1"] }, { scenario: "16.22" });
    const board = openBoard(position);
    toBottom(board, "G-PP1");
    expect(board.stacks["0707"]).toEqual(["G-MP1", "G-EP1", "G-PP1"]);
  });

  it("[8.2] [8.3] [10.2B] a retreating unit arrives at the bottom of a stack, an advancing one on top; the hex left empty is gone", () => {
    const { ctx, position } = field({ "0707": ["G-PP1"], "0708": ["G-MP1"], "0706": ["B-PP1"] });
    const board = openBoard(position);
    relocate(ctx, board, "G-PP1", "0708", "bottom");
    expect(board.stacks["0708"]).toEqual(["G-MP1", "G-PP1"]);
    relocate(ctx, board, "B-PP1", "0707", "top");
    expect(board.stacks["0707"]).toEqual(["B-PP1"]);
    const after = commit(position, board);
    expect(after.stacks).toEqual({ "0707": ["B-PP1"], "0708": ["G-MP1", "G-PP1"] });
    eliminate(board, "G-MP1", "8.11", "E1 result of melee");
    expect(board.stacks["0708"]).toEqual(["G-PP1"]);
  });

  it("[16.0] a unit that advances into a victory hex takes control of it for its side", () => {
    const { ctx, position } = field({ "0707": ["G-PP1"], "0706": ["B-PP1"] });
    const victoryHexes = new Uint8Array(ctx.victoryHexes.length);
    victoryHexes[indexOfId(ctx.map.grid, "0707")] = 1;
    const board = openBoard(position);
    eliminate(board, "G-PP1", "8.11", "E1 result of melee");
    relocate({ ...ctx, victoryHexes }, board, "B-PP1", "0707", "top");
    expect(board.control).toEqual({ "0707": "first" });
    expect(board.events.at(-1)).toEqual({ type: "control-changed", hex: "0707", side: "first" });
    expect(commit(position, board).control).toEqual({ "0707": "first" });
  });

  it("[8.11] [8.12] a result falls only on units still on the map: a unit already gone is left alone", () => {
    // resolve relies on this: the second unit of an E1, or a queued retreat, may have gone already.
    const { position } = field({ "0707": ["G-PP1", "G-MP1"] });
    const board = openBoard(position);
    eliminate(board, "G-PP1", "8.11", "E1 result of melee");
    const before = structuredClone({ stacks: board.stacks, units: board.units, offMap: board.offMap });
    eliminate(board, "G-PP1", "8.11", "again");
    expect(disrupt(board, "G-PP1", "8.11")).toBe(false);
    toBottom(board, "G-PP1");
    expect({ stacks: board.stacks, units: board.units, offMap: board.offMap }).toEqual(before);
    expect(board.events).toHaveLength(1);
    expect(commit(position, board).stacks).toEqual({ "0707": ["G-MP1"] });
  });
});
