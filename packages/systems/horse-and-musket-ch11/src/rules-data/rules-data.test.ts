import { lengthTicks } from "@tercio/tabletop";
import { describe, expect, it } from "vitest";
import { checkMove } from "../movement/check-move.js";
import { horseAndMusketCh11 } from "../system.js";
import { IN, table } from "../test-support/table.js";
import { DEFAULT_RULES_JSON, defaultRules, loadRules } from "./load.js";
import type { RulesDataInput } from "./schema.js";

const copy = () => JSON.parse(JSON.stringify(DEFAULT_RULES_JSON)) as RulesDataInput;

describe("rules data", () => {
  it("[004 Unit Types] the built-in data holds the text's values, in ticks", () => {
    const d = defaultRules().data;
    expect(d.unitTypes.infantry.frontage).toEqual({ min: IN(4), max: IN(6) });
    expect(d.unitTypes.artillery.frontage).toEqual({ min: IN(2), max: IN(3) });
    expect([
      d.unitTypes.infantry.allowance,
      d.unitTypes.artillery.allowance,
      d.unitTypes.skirmishers.allowance,
      d.unitTypes.cavalry.allowance,
    ]).toEqual([IN(6), IN(6), IN(9), IN(12)]);
    expect([
      d.unitTypes.infantry.range,
      d.unitTypes.skirmishers.range,
      d.unitTypes.artillery.range,
      d.unitTypes.cavalry.range,
    ]).toEqual([IN(12), IN(12), IN(48), null]);
    expect(d.hitsToEliminate).toBe(15);
    expect(d.roadBonus).toBe(IN(3));
    expect(d.retreat).toBe(IN(6));
    expect(d.chargeTurnLimit).toBe(4500);
    expect(d.designed.map((x) => x.path)).toContain("unitTypes.infantry.depth");
    expect(defaultRules().hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it("lengths are inches, exact: decimals that are whole ticks, or { in, num, den }", () => {
    expect(lengthTicks(2.25)).toBe(13716);
    expect(lengthTicks({ in: 2, num: 1, den: 3 })).toBe(IN(2, 1, 3));
    expect(lengthTicks(0.1)).toBeUndefined();
    expect(lengthTicks({ in: 0, num: 1, den: 7 })).toBeUndefined();
  });

  it("a user's own rules data replaces the built-in one, validated, with its own hash", () => {
    const mine = copy();
    mine.version = "house rules";
    mine.unitTypes.infantry.allowance = { in: 6, num: 2, den: 3 };
    const loaded = loadRules(mine);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.hash).not.toBe(defaultRules().hash);
    const sys = horseAndMusketCh11(loaded.value);
    expect(sys.rules).toEqual({ version: "house rules", hash: loaded.value.hash });
    const { ctx, position } = table({
      rules: loaded.value,
      units: [{ id: "U", type: "infantry", x: 24, y: 10 }],
    });
    expect(checkMove(ctx, position, "U", [{ op: "advance", ticks: IN(6, 2, 3) }]).legal).toBe(true);
  });

  it("a wrong field is refused with a message naming it", () => {
    const bad = copy();
    bad.unitTypes.cavalry.allowance = 0.1;
    const loaded = loadRules(bad);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error.issues[0]?.path).toBe("unitTypes.cavalry.allowance");
    const inverted = copy();
    inverted.unitTypes.artillery.frontage = { min: 3, max: 2 };
    const r = loadRules(inverted);
    expect(!r.ok && r.error.issues[0]?.path).toBe("unitTypes.artillery.frontage");
    const reading = copy();
    Object.assign(reading.readings, { fieldOfFire: "wedge-90" });
    expect(loadRules(reading).ok).toBe(false);
  });
});
