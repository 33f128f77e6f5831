import { describe, expect, it } from "vitest";
import { chargeOptions, shotTargets } from "./targets.js";
import { opening, withUnit } from "./test-game.js";

const { ctx, position } = opening("river-crossing");
const cav = position.units["A-CAV1"];
if (!cav) throw new Error("A-CAV1");
const IN = 6096;

describe("charge targets come from chargePath (004 Movement: Charge Moves)", () => {
  it("offers an enemy ahead, struck in the front when it faces the charger", () => {
    const p = withUnit(position, "D-INF1", { x: cav.x, y: cav.y + 8 * IN, facing: 18000 });
    const o = chargeOptions(ctx, p, "A-CAV1").reach.find((c) => c.target === "D-INF1");
    expect(o?.side).toBe("front");
    expect(o?.path.turn).toBe(0);
    expect(o?.path.travel).toBeLessThanOrEqual(12 * IN);
  });

  it("strikes the rear of an enemy facing away", () => {
    const p = withUnit(position, "D-INF1", { x: cav.x, y: cav.y + 8 * IN, facing: 0 });
    expect(chargeOptions(ctx, p, "A-CAV1").reach.find((c) => c.target === "D-INF1")?.side).toBe("rear");
  });

  it("offers nothing out of reach, and says why in the rule's words", () => {
    const c = chargeOptions(ctx, position, "A-CAV1");
    expect(c.reach).toEqual([]);
    expect(c.refused.find((r) => r.target === "D-INF1")?.refusal.message).toMatch(
      /^004 Movement: Charge Moves/,
    );
  });

  it("offers nothing to a unit that is not cavalry", () => {
    const p = withUnit(position, "D-INF1", { x: cav.x, y: cav.y + 8 * IN, facing: 18000 });
    expect(chargeOptions(ctx, p, "A-INF1")).toEqual({ reach: [], refused: [] });
  });
});

describe("shot targets come from shotRefusal (004 Shooting)", () => {
  const inf = position.units["A-INF1"];
  if (!inf) throw new Error("A-INF1");
  it("lists an enemy in the field of fire and range, not one behind", () => {
    const ahead = {
      ...withUnit(position, "D-INF1", { x: inf.x, y: inf.y + 6 * IN, facing: 18000 }),
      phase: "shooting" as const,
    };
    expect(shotTargets(ctx, ahead, "A-INF1")).toContain("D-INF1");
    const behind = {
      ...withUnit(position, "D-INF1", { x: inf.x, y: inf.y - 4 * IN, facing: 0 }),
      phase: "shooting" as const,
    };
    expect(shotTargets(ctx, behind, "A-INF1")).not.toContain("D-INF1");
  });
});
