import type { Ctx } from "../context.js";
import type { UnitType } from "../vocabulary.js";

/**
 * 004 Movement: Movement Allowances: up to 6" (Infantry, Artillery), 9"
 * (Skirmishers), 12" (Cavalry); less or none at all. 004 Movement: Roads:
 * +3" when the entire move is on the road, never when charging.
 */
export function allowanceOf(ctx: Ctx, type: UnitType, byRoad: boolean): number {
  const base = ctx.rules.data.unitTypes[type].allowance;
  return byRoad ? base + ctx.rules.data.roadBonus : base;
}
