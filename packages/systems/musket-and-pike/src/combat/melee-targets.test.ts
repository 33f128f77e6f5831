import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { attack, field } from "../test-support/combat.js";
import { expectRefused, setup } from "../test-support/setup.js";
import { assessAttack } from "./assess.js";
import { meleeDefenders } from "./melee.js";

/*
 * What a melee attack may be made on, and who defends: the refusals with
 * their rule, code, wording, unit and hex, and the defenders of a hex.
 * The test map around 0707 (clear): N 0706, NE 0806, SE 0807, S 0708,
 * SW 0607, NW 0606.
 */

describe("6.0 which hexes a melee attack is made on", () => {
  it("[6.6N] a parenthesised unit's refusal names it and its type", () => {
    const { ctx, position } = field({ "0706": ["B-PM1"], "0707": ["G-PP1"] });
    const e = expectRefused(apply(ctx, position, attack("B-PM1", "0707")), "6.6N", "melee/parenthesised");
    expect(e).toMatchObject({
      message: "6.6(N): B-PM1 (PM) has a parenthesised Melee Strength and may not attack in melee",
      unit: "B-PM1",
    });
  });

  it("[6.2F] a hex listed twice among the attacked hexes is refused", () => {
    const { ctx, position } = field({ "0707": ["B-EP1"], "0706": ["G-PP1"], "0708": ["G-PP2"] });
    const twice = assessAttack(ctx, position, {
      kind: "melee",
      attackers: ["B-EP1"],
      targets: ["0706", "0706"],
    });
    const e = expectRefused(twice, "6.2F", "melee/repeated-target");
    expect(e).toMatchObject({
      message: "6.2(F): a hex is listed twice among the attacked hexes",
      unit: "B-EP1",
    });
    expect(apply(ctx, position, attack("B-EP1", "0706", "0708")).ok).toBe(true);
  });

  it("[6.0] an empty hex, a friendly hex and a hex off the map are not attacked: they hold no enemy", () => {
    const { ctx, position } = field({ "0707": ["B-EP1"], "0706": ["B-PP1"], "0708": ["G-PP1"] });
    const empty = expectRefused(apply(ctx, position, attack("B-EP1", "0807")), "6.0", "melee/not-enemy");
    expect(empty).toMatchObject({
      message: "6.0: hex 0807 holds no enemy units",
      unit: "B-EP1",
      hex: "0807",
    });
    const friendly = expectRefused(apply(ctx, position, attack("B-EP1", "0706")), "6.0", "melee/not-enemy");
    expect(friendly).toMatchObject({ unit: "B-EP1", hex: "0706" });
    // Together with an enemy hex: the hex without an enemy is still refused.
    const mixed = expectRefused(
      apply(ctx, position, attack("B-EP1", "0708", "0807")),
      "6.0",
      "melee/not-enemy",
    );
    expect(mixed.hex).toBe("0807");
    const off = assessAttack(ctx, position, { kind: "melee", attackers: ["B-EP1"], targets: ["9999"] });
    expect(expectRefused(off, "6.0", "melee/not-enemy").hex).toBe("9999");
  });

  it("[6.0] a hex that is not adjacent is refused, the attacker, its hex and the target named", () => {
    const { ctx, position } = field({ "0707": ["B-EP1"], "0709": ["G-PP1"] });
    const e = expectRefused(apply(ctx, position, attack("B-EP1", "0709")), "6.0", "melee/not-adjacent");
    expect(e).toMatchObject({
      message: "6.0: B-EP1 in 0707 is not adjacent to 0709; melee attacks only adjacent hexes",
      unit: "B-EP1",
      hex: "0709",
    });
  });

  it("[16.13] the fleet at Nieuport may not be attacked in melee", () => {
    // Nieuport's map: 0716 is beside the stream hex 0615.
    const { ctx, position } = setup({
      scenario: "16.13",
      phasing: "first",
      phase: "melee",
      units: {
        "G-HA01": { side: "second", type: "HA", force: "fleet", role: "fleet" },
        "B-PP01": { side: "first", type: "PP", force: "main" },
      },
      stacks: { "0615": ["G-HA01"], "0716": ["B-PP01"] },
    });
    const e = expectRefused(apply(ctx, position, attack("B-PP01", "0615")), "16.13", "melee/fleet");
    expect(e).toMatchObject({ unit: "G-HA01", hex: "0615" });
  });
});

describe("6.1 which units defend a hex", () => {
  it("[6.1A] [6.1B] a unit that has defended this phase is passed over: the next one below defends", () => {
    // G-PP1 defended elsewhere and retreated into 0705, to the middle of the stack.
    const { ctx, position } = field(
      { "0706": ["B-EP1"], "0705": ["G-MP1", "G-PP1", "G-EP1"] },
      { scenario: "16.22" },
    );
    expect(meleeDefenders(ctx, position, "0705", new Set(["G-PP1"]))).toEqual(["G-MP1", "G-EP1"]);
    expect(meleeDefenders(ctx, position, "0705", new Set())).toEqual(["G-MP1", "G-PP1"]);
    // A hex left empty (its units eliminated or retreated) has no defenders.
    expect(meleeDefenders(ctx, position, "0707", new Set())).toEqual([]);
    const r = assessAttack(
      ctx,
      {
        ...position,
        attacks: [
          { kind: "melee", attackers: ["B-EP1"], targets: ["0707"], resolved: true, defenders: ["G-PP1"] },
        ],
      },
      { kind: "melee", attackers: ["B-EP1"], targets: ["0705"] },
    );
    expect(r.ok && r.value.defenders.map((d) => d.unit)).toEqual(["G-MP1", "G-EP1"]);
  });

  it("[12.0] in a square every infantry unit defends, but artillery only from the top two places", () => {
    const below = field(
      { "0706": ["B-EP1"], "0707": ["G-PP1", "G-PP2", "G-MA1", "G-PP3"] },
      { scenario: "16.22" },
    );
    const square = { ...below.position, squares: ["0707"] };
    expect(meleeDefenders(below.ctx, square, "0707", new Set())).toEqual(["G-PP1", "G-PP2", "G-PP3"]);
    const top = field({ "0706": ["B-EP1"], "0707": ["G-MA1", "G-PP1", "G-PP2"] }, { scenario: "16.22" });
    const topSquare = { ...top.position, squares: ["0707"] };
    expect(meleeDefenders(top.ctx, topSquare, "0707", new Set())).toEqual(["G-MA1", "G-PP1", "G-PP2"]);
    // Out of a square, the top two only.
    expect(meleeDefenders(below.ctx, below.position, "0707", new Set())).toEqual(["G-PP1", "G-PP2"]);
  });
});
