import { describe, expect, it } from "vitest";
import { firesFirst, firingFirstScore } from "./firing-first.js";
import { defaultRules } from "./rules-data/load.js";

const rules = defaultRules().data;

describe("firing first", () => {
  it("[001 Firing First] d10 + class + the situations; the higher fires first, a tie fires together", () => {
    const f = rules.firingFirst;
    const still = firingFirstScore(rules, 5, rules.classes.elite.d10, ["stationary", "loaded"]);
    expect(still).toBe(5 + 1 + f.stationary + f.loaded);
    const moving = firingFirstScore(rules, 5, rules.classes.elite.d10, ["moving"]);
    expect(firesFirst(still, moving)).toBe("a");
    expect(firesFirst(moving, still)).toBe("b");
    expect(firesFirst(7, 7)).toBe("together");
  });
});
