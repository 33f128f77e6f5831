import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { attack, field, fire } from "../test-support/combat.js";
import { expectRefused, setup } from "../test-support/setup.js";
import { assessAttack } from "./assess.js";
import { attackingUnit, holder, holdsDisrupted } from "./units.js";

/*
 * Which units may attack at all (whatever the target), with the rule, code,
 * wording, unit and hex of each refusal; and the disrupted-defender test of
 * 8.4. Test map: row 6 is open ground; 0707 is clear, N 0706, S 0708.
 */

describe("which units may attack", () => {
  it("[3.3] a unit that does not exist is refused, not thrown on", () => {
    const { ctx, position } = field({ "0106": ["B-PM1"], "0306": ["G-PP1"] }, { phase: "fire" });
    const r = assessAttack(ctx, position, { kind: "fire", attackers: ["B-PM9"], targets: ["0306"] });
    const e = expectRefused(r, "3.3", "action/unknown-unit");
    expect(e).toMatchObject({ message: "3.3: there is no unit B-PM9", unit: "B-PM9" });
  });

  it("[4.2] the non-Phasing Player's unit is refused, named", () => {
    const { ctx, position } = field({ "0106": ["B-PM1"], "0306": ["G-PM1"] }, { phase: "fire" });
    const e = expectRefused(apply(ctx, position, fire("G-PM1", "0106")), "4.2", "combat/not-phasing");
    expect(e).toMatchObject({ message: "4.2: G-PM1 belongs to the non-Phasing Player", unit: "G-PM1" });
  });

  it("[4.2] a unit off the map does not attack, its status given", () => {
    const { ctx, position } = field({ "0106": ["B-PM1", "B-PM2"], "0306": ["G-PP1"] }, { phase: "fire" });
    const gone = {
      ...position,
      stacks: { ...position.stacks, "0106": ["B-PM1"] },
      offMap: { "B-PM2": "eliminated" as const },
    };
    const r = assessAttack(ctx, gone, { kind: "fire", attackers: ["B-PM2"], targets: ["0306"] });
    const e = expectRefused(r, "4.2", "combat/off-map");
    expect(e).toMatchObject({ message: "4.2: B-PM2 is not on the map (eliminated)", unit: "B-PM2" });
    expect(e.hex).toBeUndefined();
  });

  it("[7.1A] [6.1A] a unit below the top two is refused, its hex named, under the rule of its kind of attack", () => {
    const { ctx, position } = field(
      { "0706": ["B-PM1", "B-PM2", "B-PP1"], "0707": ["G-PP1"] },
      { phase: "fire", scenario: "16.22" },
    );
    const f = attackingUnit(ctx, position, "B-PP1", "fire");
    expect(f).toMatchObject({
      code: "combat/not-top-two",
      rule: "7.1A",
      message: "7.1(A): B-PP1 is not one of the top two units in 0706; only they may attack",
      unit: "B-PP1",
      hex: "0706",
    });
    const m = attackingUnit(ctx, position, "B-PP1", "melee");
    expect(m).toMatchObject({ code: "combat/not-top-two", rule: "6.1A", unit: "B-PP1", hex: "0706" });
  });

  it("[8.4] a disrupted unit may not attack, by fire or in melee", () => {
    const fireField = field(
      { "0106": ["B-PM1"], "0306": ["G-PP1"] },
      { phase: "fire", disrupted: ["B-PM1"] },
    );
    const e = expectRefused(
      apply(fireField.ctx, fireField.position, fire("B-PM1", "0306")),
      "8.4",
      "combat/disrupted",
    );
    expect(e).toMatchObject({
      message: "8.4: B-PM1 is disrupted and may not attack",
      unit: "B-PM1",
      hex: "0106",
    });
    const meleeField = field({ "0706": ["B-PP1"], "0707": ["G-PP1"] }, { disrupted: ["B-PP1"] });
    expectRefused(
      apply(meleeField.ctx, meleeField.position, attack("B-PP1", "0707")),
      "8.4",
      "combat/disrupted",
    );
  });

  it("[13.0C] a unit in Road Movement Mode may not attack until it converts out of it", () => {
    // The road runs down column 05.
    const { ctx, position } = field(
      { "0506": ["B-PP1"], "0507": ["G-PP1"] },
      { roadMode: ["B-PP1"], optionalRules: ["road-movement"] },
    );
    const e = expectRefused(apply(ctx, position, attack("B-PP1", "0507")), "13.0C", "combat/road-mode");
    expect(e).toMatchObject({
      message: "13.0(C): B-PP1 is in Road Movement Mode and must convert out of it before attacking",
      unit: "B-PP1",
      hex: "0506",
    });
  });
});

describe("8.4 the disrupted-defender modifier", () => {
  it("[8.4] [6.2F] in a multi-hex attack, a disrupted unit in any one of the hexes gives +1", () => {
    const stacks = { "0707": ["B-EP1"], "0706": ["G-PP1"], "0708": ["G-MP1"] };
    const { ctx, position } = field(stacks, { disrupted: ["G-MP1"] });
    expect(holdsDisrupted(position, ["0706", "0708"])).toBe(true);
    expect(holdsDisrupted(position, ["0706"])).toBe(false);
    const r = assessAttack(ctx, position, { kind: "melee", attackers: ["B-EP1"], targets: ["0706", "0708"] });
    expect(r.ok && r.value.dieModifier).toBe(1);
  });
});

describe("5.2F who holds a hex", () => {
  it("[5.2F] a hex is held by the side of its units; an empty hex by nobody, whatever the units are called", () => {
    // A unit id is any word of letters, digits, '.', '_' or '-': even "undefined".
    const { position } = setup({
      scenario: "16.32",
      phasing: "first",
      phase: "melee",
      units: {
        undefined: { side: "second", type: "PP", force: "main" },
        "B-PP1": { side: "first", type: "PP", force: "main" },
      },
      stacks: { "0708": ["undefined"], "0706": ["B-PP1"] },
    });
    expect(holder(position, "0708")).toBe("second");
    expect(holder(position, "0706")).toBe("first");
    expect(holder(position, "0707")).toBeUndefined();
  });
});
