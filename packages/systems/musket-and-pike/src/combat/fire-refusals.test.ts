import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { field, fire } from "../test-support/combat.js";
import { expectRefused } from "../test-support/setup.js";
import { assessAttack } from "./assess.js";

/*
 * What a refused fire allocation says: its rule, its code, its wording and
 * the unit and hex it concerns, so that a board can point at the problem.
 * Test map: row 6 is open ground (0106 to 0606 is 5 hexes); 0101 is the
 * map's first hex.
 */

describe("fire refusals name the rule, the unit and the hex", () => {
  it("[3.34] a unit that is not a fire unit is refused with its type, and the unit and target named", () => {
    const { ctx, position } = field({ "0106": ["B-PP1"], "0206": ["G-PP1"] }, { phase: "fire" });
    const e = expectRefused(apply(ctx, position, fire("B-PP1", "0206")), "3.34", "fire/not-fire-unit");
    expect(e).toMatchObject({ message: "3.34: B-PP1 (PP) is not a fire unit", unit: "B-PP1", hex: "0206" });
  });

  it("[5.4L] limbered artillery is refused, saying it fires only unlimbered", () => {
    const { ctx, position } = field(
      { "0106": ["B-MA1"], "0406": ["G-PP1"] },
      { phase: "fire", limbered: ["B-MA1"] },
    );
    const e = expectRefused(apply(ctx, position, fire("B-MA1", "0406")), "5.4L", "fire/limbered");
    expect(e).toMatchObject({
      message: "5.4(L): B-MA1 is limbered; artillery fires only unlimbered",
      unit: "B-MA1",
      hex: "0406",
    });
  });

  it("[7.0] fire at a hex that is not on the map is refused as off the map", () => {
    const { ctx, position } = field({ "0106": ["B-PM1"], "0206": ["G-PP1"] }, { phase: "fire" });
    const r = assessAttack(ctx, position, { kind: "fire", attackers: ["B-PM1"], targets: ["9999"] });
    const e = expectRefused(r, "7.0", "fire/off-map");
    expect(e).toMatchObject({ message: "7.0: there is no hex 9999 on the map", unit: "B-PM1", hex: "9999" });
  });

  it("[7.0] the map's first hex is on the map: an enemy there may be fired at", () => {
    const { ctx, position } = field({ "0102": ["B-PM1"], "0101": ["G-PP1"] }, { phase: "fire" });
    expect(ctx.map.grid.ids[0]).toBe("0101");
    expect(apply(ctx, position, fire("B-PM1", "0101")).ok).toBe(true);
  });

  it("[7.0] a hex holding no enemy is refused, the hex named", () => {
    const { ctx, position } = field({ "0106": ["B-PM1"], "0306": ["G-PP1"] }, { phase: "fire" });
    const e = expectRefused(apply(ctx, position, fire("B-PM1", "0206")), "7.0", "fire/not-enemy");
    expect(e).toMatchObject({ message: "7.0: hex 0206 holds no enemy units", unit: "B-PM1", hex: "0206" });
  });

  it("[7.1C] a target beyond the Range Allowance is refused with the range and the allowance", () => {
    const { ctx, position } = field({ "0106": ["B-MM1"], "0606": ["G-PP1"] }, { phase: "fire" });
    const e = expectRefused(apply(ctx, position, fire("B-MM1", "0606")), "7.1C", "fire/out-of-range");
    expect(e).toMatchObject({
      message: "7.1(C): hex 0606 is 5 hexes from B-MM1, beyond its Range Allowance of 4",
      unit: "B-MM1",
      hex: "0606",
    });
  });

  it("[7.3G] a line of sight blocked by an occupied hex says so, naming the hex", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1"], "0306": ["G-PP2"], "0506": ["G-PP1"] },
      { phase: "fire" },
    );
    const e = expectRefused(apply(ctx, position, fire("B-PM1", "0506")), "7.3G", "fire/line-of-sight");
    expect(e).toMatchObject({
      message: "7.3(G): the line of sight from 0106 to 0506 is blocked by an occupied hex in 0306",
      unit: "B-PM1",
      hex: "0506",
    });
  });
});
