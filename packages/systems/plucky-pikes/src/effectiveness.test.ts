import { describe, expect, it } from "vitest";
import { droppedBelow, effectivenessOf, mayAcceptMelee, mayInitiateMelee } from "./effectiveness.js";
import { defaultRules } from "./rules-data/load.js";

const rules = defaultRules().data;

describe("effectiveness", () => {
  it("[001 Effectiveness] a unit of 24: Steady above 75%, Shaken above 50%, Broken above 25%, Routed at 25% or less", () => {
    const at = (kept: number) => effectivenessOf(rules, 24, kept);
    expect([24, 19].map(at)).toEqual(["steady", "steady"]);
    // Exactly 75%, 50% and 25% are not above them: the level below.
    expect(at(18)).toBe("shaken");
    expect(at(13)).toBe("shaken");
    expect(at(12)).toBe("broken");
    expect(at(7)).toBe("broken");
    expect(at(6)).toBe("routed");
    expect(at(0)).toBe("routed");
  });

  it("[001 Effectiveness] compares exactly: 151 of 200 (75.5%) is Steady, 150 (75%) is not", () => {
    expect(effectivenessOf(rules, 200, 151)).toBe("steady");
    expect(effectivenessOf(rules, 200, 150)).toBe("shaken");
    expect(effectivenessOf(rules, 30, 23)).toBe("steady");
  });

  it("[001 Effectiveness] dropping below a level, and only downward", () => {
    expect(droppedBelow("steady", "shaken")).toBe(true);
    expect(droppedBelow("shaken", "routed")).toBe(true);
    expect(droppedBelow("shaken", "shaken")).toBe(false);
    expect(droppedBelow("broken", "shaken")).toBe(false);
  });

  it("[001 Melee] only a Steady unit initiates melee; a Steady or Shaken one accepts it", () => {
    expect(["steady", "shaken", "broken", "routed"].map((l) => mayInitiateMelee(l as "steady"))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(["steady", "shaken", "broken", "routed"].map((l) => mayAcceptMelee(l as "steady"))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("refuses counts a unit cannot have", () => {
    expect(() => effectivenessOf(rules, 24, 25)).toThrow(/0 to 24/);
    expect(() => effectivenessOf(rules, 0, 0)).toThrow();
    expect(() => effectivenessOf(rules, 24, 1.5)).toThrow();
  });
});
