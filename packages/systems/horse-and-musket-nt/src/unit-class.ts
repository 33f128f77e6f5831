import type { Ctx } from "./context.js";
import type { UnitState } from "./position.js";
import type { RulesData } from "./rules-data/schema.js";

/**
 * What a unit counts as for fire and melee under the options in force:
 * ACW 5 ("Cavalry are Skirmishers with the cavalry move rate") and ACW 7
 * (infantry in skirmish order "fight as skirmishers in all respects").
 */
export function skirmishes(ctx: Ctx, u: UnitState): boolean {
  if (u.type === "skirmishers") return true;
  if (ctx.options.acw !== "on") return false;
  return u.type === "cavalry" || (u.type === "infantry" && u.formation === "skirmish");
}

/** The fire values a unit fires with (1.1 B, ii; ACW 4 and 5), or null. */
export function fireValues(
  ctx: Ctx,
  u: UnitState,
): NonNullable<RulesData["unitTypes"]["infantry"]["fire"]> | null {
  const types = ctx.rules.data.unitTypes;
  if (skirmishes(ctx, u)) return types.skirmishers.fire;
  const own = types[u.type].fire;
  if (!own) return null;
  if (u.type === "artillery" && ctx.options.acw === "on")
    return { ...own, effective: ctx.rules.data.acw.gunsEffective };
  return own;
}

/** The longest range a unit fires to: effective, or the Minié's long range (ACW 3). */
export function longestRange(ctx: Ctx, id: string, u: UnitState): number {
  const f = fireValues(ctx, u);
  if (!f) return 0;
  return ctx.traits[id]?.minie ? Math.max(f.effective, ctx.rules.data.acw.minieLong) : f.effective;
}

/** Charging: only Cavalry (not ACW's dismounted cavalry), and infantry regiments named to charge. */
export function charges(ctx: Ctx, id: string, u: UnitState): boolean {
  if (u.type === "cavalry") return ctx.options.acw !== "on";
  return u.type === "infantry" && u.formation !== "skirmish" && (ctx.traits[id]?.charges ?? false);
}

/** Variable Quality: Elite +1, Militia -1 to all dice rolled. */
export function dieModifier(ctx: Ctx, id: string): number {
  const t = ctx.traits[id];
  if (!t) return 0;
  return (t.elite ? ctx.rules.data.quality.elite : 0) + (t.militia ? ctx.rules.data.quality.militia : 0);
}

/** 1.1 D, 2 and Variable Quality: the hits at which the unit is removed. */
export function removedAt(ctx: Ctx, id: string): number {
  const t = ctx.traits[id];
  const q = ctx.rules.data.quality;
  if (t?.stubborn) return q.stubbornRemovedAt;
  if (t?.reluctant) return q.reluctantRemovedAt;
  return ctx.rules.data.removedAt;
}
