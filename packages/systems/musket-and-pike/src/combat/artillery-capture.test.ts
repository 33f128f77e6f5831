import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { legalActions } from "../legal.js";
import { attack, endPhase, eventsOf, field, playWithDice, resolve } from "../test-support/combat.js";

/* EP 6 against a gun's (1): 5-1; melee 5-1 gives D on 2 and 3, E1 on 4 and 5, E2 on 6. */
const capture = { optionalRules: ["artillery-capture" as const] };

describe("15.0 artillery capture (optional)", () => {
  it("[15.0] artillery forced to retreat is disrupted instead, limbered or not, and stays", () => {
    for (const limbered of [[], ["G-MA1"]]) {
      const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-MA1"] }, { ...capture, limbered });
      const s = playWithDice(ctx, position, [2], attack("B-EP1", "0606"), resolve("0606"));
      expect(eventsOf(s.events, "combat-resolved")[0]?.result).toBe("D");
      expect(s.position.stacks["0606"]).toEqual(["G-MA1"]);
      expect(s.position.units["G-MA1"]?.disrupted).toBe(true);
      expect(eventsOf(s.events, "unit-retreated")).toEqual([]);
    }
  });

  it("[15.0] attackers who could advance but for a disrupted gun may advance and capture it", () => {
    const { ctx, position } = field({ "0605": ["B-EP1", "B-PP1"], "0606": ["G-MA1"] }, capture);
    const s = playWithDice(ctx, position, [2], attack("B-EP1", "0606"), resolve("0606"));
    expect(s.position.decision).toEqual({
      kind: "advance",
      side: "first",
      into: "0606",
      candidates: ["B-EP1"],
      max: 1,
      capture: ["G-MA1"],
    });
    const taken = playWithDice(ctx, s.position, [], { type: "advance", units: ["B-EP1"] });
    expect(taken.position.units["G-MA1"]).toMatchObject({ side: "first", force: "main", disrupted: true });
    expect(taken.position.stacks["0606"]).toEqual(["B-EP1", "G-MA1"]);
    expect(eventsOf(taken.events, "unit-captured")[0]).toMatchObject({
      unit: "G-MA1",
      side: "first",
      rule: "15.0",
    });
  });

  it("[15.0] declining the advance leaves the gun with its owner", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-MA1"] }, capture);
    const s = playWithDice(ctx, position, [2], attack("B-EP1", "0606"), resolve("0606"), {
      type: "advance",
      units: [],
    });
    expect(s.position.units["G-MA1"]?.side).toBe("second");
  });

  it("[15.0A] a captured gun recovers as the captor's own at the end of his Player-Turn, on a 1 or 2", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-MA1"], "1110": ["G-PP1"] }, capture);
    const taken = playWithDice(ctx, position, [2], attack("B-EP1", "0606"), resolve("0606"), {
      type: "advance",
      units: ["B-EP1"],
    });
    const s = playWithDice(ctx, taken.position, [1], endPhase);
    expect(eventsOf(s.events, "die-rolled")[0]).toMatchObject({ purpose: "recovery of G-MA1", value: 1 });
    expect(s.position.units["G-MA1"]?.disrupted).toBe(false);
  });

  it("[15.0] [8.21] without the rule, an unlimbered gun forced to retreat is destroyed and nothing is captured", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-MA1"] });
    const s = playWithDice(ctx, position, [2], attack("B-EP1", "0606"), resolve("0606"));
    expect(s.position.offMap["G-MA1"]).toBe("eliminated");
    expect(s.position.decision).toMatchObject({ kind: "advance", into: "0606" });
    expect(s.position.decision?.kind === "advance" && s.position.decision.capture).toBeUndefined();
    expect(legalActions(ctx, s.position)).toHaveLength(2);
    expect(apply(ctx, s.position, { type: "advance", units: ["B-EP1"] }).ok).toBe(true);
  });

  it("[15.0] [12.0] guns captured in a square change hands without the square", () => {
    const { ctx, position } = field(
      { "0605": ["B-EP1"], "0606": ["G-MA1"] },
      { optionalRules: ["artillery-capture", "infantry-squares"] },
    );
    const square = { ...position, squares: ["0606"] };
    const s = playWithDice(ctx, square, [2], attack("B-EP1", "0606"), resolve("0606"), {
      type: "advance",
      units: ["B-EP1"],
    });
    expect(s.position.units["G-MA1"]?.side).toBe("first");
    expect(s.position.squares).toEqual([]);
  });
});
