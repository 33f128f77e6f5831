import { describe, expect, it } from "vitest";
import { apply } from "./apply.js";
import { legalActions } from "./legal.js";
import { curableOverstacks } from "./movement/stacking-guard.js";
import { overStacked, stackingLimit, topTwo } from "./stacking.js";
import { field } from "./test-support/combat.js";
import { expectRefused, play, setup } from "./test-support/setup.js";

const move = (unit: string, ...steps: string[]) => ({ type: "move" as const, unit, steps });
const end = { type: "end-phase" } as const;

/** Brentford: Parliamentarians stack 2, Royalists 3. */
function brentford(extra: { moved?: string[]; disrupted?: string[]; phase?: "movement" | "fire" } = {}) {
  const unit = (side: "first" | "second", type: "MP" | "PM" | "LC" | "RC" | "DR", id: string) => ({
    side,
    type,
    force: "main",
    disrupted: extra.disrupted?.includes(id) ?? false,
  });
  return setup({
    scenario: "16.31",
    phasing: "first",
    phase: extra.phase ?? "movement",
    units: {
      "B-MP01": unit("first", "MP", "B-MP01"),
      "B-PM01": unit("first", "PM", "B-PM01"),
      "B-PM02": unit("first", "PM", "B-PM02"),
      "G-LC01": unit("second", "LC", "G-LC01"),
      "G-LC02": unit("second", "LC", "G-LC02"),
      "G-RC01": unit("second", "RC", "G-RC01"),
      "G-DR01": unit("second", "DR", "G-DR01"),
    },
    stacks: {
      "4406": ["B-MP01"],
      "4409": ["B-PM01", "B-PM02"],
      // The non-Phasing Player may be over his limit (a retreat may do that, 8.2); 10.0 checks only the mover's stacks.
      "4602": ["G-LC01", "G-LC02", "G-RC01", "G-DR01"],
    },
    moved: extra.moved ?? [],
  });
}

describe("10.0 stacking", () => {
  it("[10.0] each scenario gives each player a stacking limit of two or three", () => {
    const { ctx } = brentford();
    expect([stackingLimit(ctx, "first"), stackingLimit(ctx, "second")]).toEqual([2, 3]);
  });

  it("[10.0] at the end of his Movement Phase a player may not have more than his limit in a hex", () => {
    const { ctx, position } = brentford();
    const over = play(ctx, position, move("B-MP01", "4407", "4408", "4409")).position;
    expect(overStacked(ctx, over, "first")).toEqual([{ hex: "4409", count: 3, limit: 2 }]);
    const e = expectRefused(apply(ctx, over, end), "10.0", "stacking/over-limit");
    expect(e.message).toMatch(
      /^10\.0: Parliamentarians may end the Movement Phase with at most 2 units in a hex: 4409 \(3\)/,
    );
    expect(legalActions(ctx, over).some((a) => a.type === "end-phase")).toBe(false);
  });

  it("[10.0] the limit binds only at the end of the Movement Phase: the other side may be over it now", () => {
    const { ctx, position } = brentford();
    expect(overStacked(ctx, position, "second")).toHaveLength(1);
    expect(play(ctx, position, end).position.phase).toBe("melee");
  });

  it("[10.0] a move that leaves a hex over the limit with no unit free to move out is refused", () => {
    const { ctx, position } = brentford({ moved: ["B-PM01", "B-PM02"] });
    const e = expectRefused(
      apply(ctx, position, move("B-MP01", "4407", "4408", "4409")),
      "10.0",
      "stacking/unresolvable",
    );
    expect(e.hex).toBe("4409");
  });

  it("[10.0] deployment too must end within the stacking limit", () => {
    const { ctx, position } = setup({
      scenario: "16.31",
      phasing: "first",
      phase: "deployment",
      units: {
        "B-MP01": { side: "first", type: "MP", force: "main" },
        "B-MP02": { side: "first", type: "MP", force: "main" },
        "B-MP03": { side: "first", type: "MP", force: "main" },
      },
      stacks: { "2414": ["B-MP01", "B-MP02", "B-MP03"] },
    });
    expectRefused(apply(ctx, position, end), "10.0", "stacking/over-limit");
  });

  it("[10.0] the hexes over the limit are named in map order, whatever the order of the stacks", () => {
    const mp = (id: string) => [id, { side: "first", type: "MP", force: "main" }] as const;
    const ids = ["B-MP01", "B-MP02", "B-MP03", "B-MP04", "B-MP05", "B-MP06", "B-MP07", "B-MP08", "B-MP09"];
    const { ctx, position } = setup({
      scenario: "16.31",
      phasing: "first",
      phase: "movement",
      units: Object.fromEntries(ids.map(mp)),
      // "2414" and "1414" are array indices to JavaScript, so their entries come first; map order puts 0414 first.
      stacks: { "2414": ids.slice(0, 3), "0414": ids.slice(3, 6), "1414": ids.slice(6) },
    });
    expect(overStacked(ctx, position, "first").map((o) => o.hex)).toEqual(["0414", "1414", "2414"]);
    const e = expectRefused(apply(ctx, position, end), "10.0", "stacking/over-limit");
    expect(e.hex).toBe("0414");
    expect(e.message).toMatch(/0414 \(3\), 1414 \(3\), 2414 \(3\)/);
  });
});

describe("10.1 effect on combat", () => {
  it("[10.1A] only the top two units of a hex take part in combat", () => {
    const { position } = brentford();
    expect(topTwo(position, "4602")).toEqual(["G-LC01", "G-LC02"]);
    expect(topTwo(position, "4406")).toEqual(["B-MP01"]);
    expect(topTwo(position, "0101")).toEqual([]);
  });
});

describe("10.2 changing stacking position", () => {
  it("[10.2B] a player reorders his stacks in his own Movement Phase, without spending Movement Points", () => {
    const { ctx, position } = brentford();
    const p = play(ctx, position, { type: "reorder", hex: "4409", order: ["B-PM02", "B-PM01"] }).position;
    expect(p.stacks["4409"]).toEqual(["B-PM02", "B-PM01"]);
    // The reordered units may still move (reordering spends nothing and is not their move).
    expect(play(ctx, p, move("B-PM01", "4410", "4411", "4412", "4413")).position.stacks["4413"]).toEqual([
      "B-PM01",
    ]);
  });

  it("[10.2B] not in another phase, not the enemy's stack, and only a true reordering", () => {
    const fire = brentford({ phase: "fire" });
    expectRefused(
      apply(fire.ctx, fire.position, { type: "reorder", hex: "4409", order: ["B-PM02", "B-PM01"] }),
      "10.2B",
    );
    const { ctx, position } = brentford();
    expectRefused(
      apply(ctx, position, { type: "reorder", hex: "4602", order: ["G-LC02", "G-LC01", "G-RC01", "G-DR01"] }),
      "10.2B",
    );
    expectRefused(apply(ctx, position, { type: "reorder", hex: "4409", order: ["B-PM02"] }), "10.2B");
    expectRefused(
      apply(ctx, position, { type: "reorder", hex: "4409", order: ["B-PM02", "B-MP01"] }),
      "10.2B",
    );
  });

  it("[10.2B] a unit entering a hex goes on top; reordering is movement, so a disrupted unit keeps its place (8.4)", () => {
    const { ctx, position } = brentford({ disrupted: ["B-PM02"] });
    const p = play(ctx, position, move("B-MP01", "4407", "4408", "4409")).position;
    expect(p.stacks["4409"]).toEqual(["B-MP01", "B-PM01", "B-PM02"]);
    play(ctx, p, { type: "reorder", hex: "4409", order: ["B-PM01", "B-MP01", "B-PM02"] });
    expectRefused(
      apply(ctx, p, { type: "reorder", hex: "4409", order: ["B-PM02", "B-MP01", "B-PM01"] }),
      "8.4",
    );
    const reorders = legalActions(ctx, p).filter((a) => a.type === "reorder");
    expect(reorders).toEqual([{ type: "reorder", hex: "4409", order: ["B-PM01", "B-MP01", "B-PM02"] }]);
  });
});

describe("10.3 unlimited counter types", () => {
  it("[10.3C] markers (Disrupted, Limbered) do not count for stacking", () => {
    const { ctx, position } = setup({
      scenario: "16.32",
      phasing: "first",
      phase: "movement",
      units: {
        "B-MA01": { side: "first", type: "MA", force: "main", limbered: true },
        "B-PP01": { side: "first", type: "PP", force: "main", disrupted: true },
      },
      stacks: { "4406": ["B-MA01", "B-PP01"] },
    });
    expect(overStacked(ctx, position, "first")).toEqual([]);
    expect(play(ctx, position, end).position.phase).toBe("melee");
  });
});

describe("10.0 overstacks left by retreats", () => {
  it("[10.0] [8.2] an overstack of disrupted units no move can cure does not stop the Movement Phase from ending", () => {
    // Grantham: the First Player stacks two. Three disrupted units retreated into 0606 in the enemy's turn.
    const { ctx, position } = field(
      { "0606": ["B-PP1", "B-PP2", "B-PP3"], "1110": ["G-PP1"] },
      { phase: "movement", disrupted: ["B-PP1", "B-PP2", "B-PP3"] },
    );
    expect(overStacked(ctx, position, "first")).toHaveLength(1);
    expect(curableOverstacks(ctx, position, "first")).toEqual([]);
    expect(play(ctx, position, end).position.phase).toBe("melee");
  });

  it("[10.0] while a unit in the hex can still move out to a hex with room, the player must cure it", () => {
    const { ctx, position } = field(
      { "0606": ["B-PP1", "B-PP2", "B-PP3"], "1110": ["G-PP1"] },
      { phase: "movement", disrupted: ["B-PP1", "B-PP2"] },
    );
    expectRefused(apply(ctx, position, end), "10.0", "stacking/over-limit");
    const cured = play(ctx, position, { type: "move", unit: "B-PP3", steps: ["0607"] }, end);
    expect(cured.position.phase).toBe("melee");
  });
});
