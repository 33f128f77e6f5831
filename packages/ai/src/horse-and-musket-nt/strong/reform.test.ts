import { seedPrng } from "@tercio/core";
import type { Ctx, Position, UnitState } from "@tercio/horse-and-musket-nt";
import { describe, expect, it } from "vitest";
import { INCH } from "../geometry.js";
import { HMNT, HMNT_SCENARIOS, ntGame } from "../test-support/games.js";
import { analyse } from "./analysis.js";
import { DEFAULT_WEIGHTS, UnitEvaluator } from "./evaluate.js";
import { decide, reformOptions } from "./options.js";

/**
 * The strong player's reforms (Maneuvering ii: "Make 2" move in any
 * direction, including 2" move into / out of column"): never past 2", so
 * never a Grey Areas roll-off it could lose, and a column that has passed a
 * bridge deploys forward into line with the gun that covers the bridge as
 * its new point blank target (Interpenetration's exception).
 */
function opened(scenario: string, options: Record<string, unknown> = {}): { ctx: Ctx; position: Position } {
  const { ctx, setup } = ntGame(scenario, options);
  const o = HMNT.open(ctx, setup, seedPrng(1));
  if (!o.ok) throw new Error(o.error.message);
  return { ctx, position: o.value.position };
}

describe("the strong player's reforms", () => {
  it.each(HMNT_SCENARIOS)(
    '%s: every reform weighed at the opening is within 2" (no roll-off)',
    (scenario) => {
      const { ctx, position } = opened(scenario, { greyAreas: "roll-off" });
      const an = analyse(ctx, position);
      const limit = ctx.rules.data.move.reform;
      let weighed = 0;
      for (const id of Object.keys(position.units)) {
        if (position.units[id]?.side !== position.toMove) continue;
        const ev = new UnitEvaluator(ctx, position, id, an, DEFAULT_WEIGHTS);
        for (const r of reformOptions(ctx, position, id, ev)) {
          if (r.action.type !== "reform") continue;
          weighed++;
          const { dx, dy } = r.action;
          expect(dx * dx + dy * dy, `${id} ${dx},${dy}`).toBeLessThanOrEqual(limit * limit);
        }
      }
      expect(weighed).toBeGreaterThan(0);
    },
  );

  it("a column over the Arcole bridge deploys forward into line, the Austrian gun its point blank target", () => {
    const { ctx, position } = opened("arcole-bridge", { greyAreas: "exact" });
    const units = { ...position.units } as Record<string, UnitState>;
    const lan = units["F-Lan"] as UnitState;
    // Its front 1.5" past the river, the gun's front 5.5" ahead (beyond point blank; its threat zone 1.5" on).
    units["F-Lan"] = { ...lan, x: Math.round(32.5 * INCH), y: 20 * INCH, facing: 9000, formation: "column" };
    const there = { ...position, units };
    const intent = decide(ctx, there, "F-Lan", analyse(ctx, there), DEFAULT_WEIGHTS);
    expect(intent.kind).toBe("reform");
    if (intent.kind !== "reform" || intent.action.type !== "reform") return;
    expect(intent.action.formation).toBe("line");
    expect(intent.action.dx).toBeGreaterThan(0);
    const step = HMNT.apply(ctx, there, intent.action);
    expect(step.ok).toBe(true);
  });
});
