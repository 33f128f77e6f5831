import { describe, expect, it } from "vitest";
import { commonReach, groupMoves, planGroupMove, stackMovers } from "./group-move.js";
import { optionsOf } from "./interaction.js";
import { groupMoveWords, moveWords, refusedWords, selectionWords, targetWords } from "./move-words.js";
import { movementPhase } from "./test-support.js";

describe("what the live region says of selections and moves", { timeout: 20_000 }, () => {
  it("[5.1] a selection names the unit and how many hexes it can reach", () => {
    const { ctx, position } = movementPhase("16.24");
    expect(selectionWords(ctx, position, ["B-PP01"], 12)).toMatch(
      /^B-PP01 .* selected: 12 hexes within reach\.$/,
    );
    expect(selectionWords(ctx, position, ["B-PP01"], 1)).toMatch(/selected: 1 hex within reach\.$/);
    expect(selectionWords(ctx, position, ["B-PP01", "B-PP02"], 5)).toBe(
      "2 units selected (B-PP01, B-PP02): 5 hexes all of them can reach.",
    );
    expect(selectionWords(ctx, position, ["B-PP01"], undefined)).toMatch(/selected: it cannot move now\.$/);
    expect(selectionWords(ctx, position, [], undefined)).toBe("Selection cleared.");
  });

  it("[5.1C] a move says where from and to, its cost and the MP left", () => {
    expect(moveWords({ unit: "B-PP08", from: "4409", to: "4209", cost: 2, left: 1 })).toBe(
      "B-PP08 moved 4409 → 4209, 2 MP; 1 MP left.",
    );
    expect(moveWords({ unit: "B-LC01", from: "off-map", to: "4603", cost: 1.5, left: 4.5 })).toBe(
      "B-LC01 entered the map to 4603, 1.5 MP; 4.5 MP left.",
    );
  });

  it("[5.1C] a group's move describes the hex as it stands after the moves, and names the units left behind", () => {
    const { ctx, position } = movementPhase("16.24");
    const options = optionsOf(ctx, position);
    const stack = stackMovers(position, options, "4111");
    const moves = groupMoves(ctx, position, stack);
    const hex = [...commonReach(moves).keys()][0] ?? "";
    const plan = planGroupMove(ctx, position, stack, hex, { roadMode: false, unlimber: false }, moves);
    const said = groupMoveWords(ctx, plan.position, hex, plan.moved, plan.refused);
    for (const m of plan.moved) expect(said).toContain(`${m.unit} moved 4111 → ${hex}`);
    expect(said).toMatch(new RegExp(`Hex ${hex}, .*top first: `));
    expect(
      refusedWords([{ unit: "B-PM04", message: "10.0: B-PM04 would make 4 units in 4311 (limit 3)" }]),
    ).toBe("B-PM04 not moved (still selected): 10.0: B-PM04 would make 4 units in 4311 (limit 3).");
    const many = ["a", "b", "c", "d", "e", "f", "g"].map((unit) => ({
      unit,
      message: `10.0: ${unit} is too many`,
    }));
    expect(refusedWords(many)).toBe("a, b, c and 4 more not moved (still selected): 10.0: a is too many.");
  });

  it("[7.0] a combat selection says how many allocations are open, or why there is none", () => {
    const { ctx, position } = movementPhase("16.24");
    expect(targetWords(ctx, position, "B-PP01", 2, undefined)).toMatch(
      /^B-PP01 .* selected: 2 allocations open/,
    );
    expect(targetWords(ctx, position, "B-PP01", 0, "3.34: B-PP01 (PP) is not a fire unit")).toMatch(
      /selected: no target\. 3\.34: /,
    );
  });
});
