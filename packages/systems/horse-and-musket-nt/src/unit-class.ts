import type { Ctx } from "./context.js";
import type { UnitState } from "./position.js";
import type { UnitTypeRules } from "./rules-data/schema.js";
import type { UnitType } from "./vocabulary.js";

/**
 * What a unit counts as under the options in force. Under the American
 * Civil War modifications, "Cavalry are Skirmishers with the cavalry move
 * rate" (ACW 5) and infantry in skirmish order "fight as skirmishers in all
 * respects" (ACW 7): for fire, melee, terrain, sight and interpenetration
 * both are Skirmishers; the dismounted cavalry keep the Cavalry's move
 * Bonus (movementType).
 */
export function actsAs(ctx: Ctx, u: UnitState): UnitType {
  if (ctx.options.acw !== "on") return u.type;
  if (u.type === "cavalry") return "skirmishers";
  if (u.type === "infantry" && u.formation === "skirmish") return "skirmishers";
  return u.type;
}

/** The rules of the type a unit counts as (actsAs). */
export function typeRules(ctx: Ctx, u: UnitState): UnitTypeRules {
  return ctx.rules.data.unitTypes[actsAs(ctx, u)];
}

/** The type whose move Bonus and class a unit moves with (1.2; ACW 5: the cavalry move rate). */
export function movementType(ctx: Ctx, u: UnitState): UnitType {
  return u.type === "cavalry" ? "cavalry" : actsAs(ctx, u);
}

/** Whether the unit counts as Skirmishers (1.1 ii and iv, Interpenetration, Terrain ii). */
export function skirmishes(ctx: Ctx, u: UnitState): boolean {
  return actsAs(ctx, u) === "skirmishers";
}

/**
 * The fire values a unit fires with (1.1 B, ii; ACW 4), or null when it
 * does not fire: Cavalry never; a column only under the ACW modifications,
 * and then only infantry (ACW 6: "Infantry may shoot in column at -2", so
 * a column does not fire otherwise; a reading, docs/rules).
 */
export function fireValues(ctx: Ctx, u: UnitState): NonNullable<UnitTypeRules["fire"]> | null {
  const own = typeRules(ctx, u).fire;
  if (!own) return null;
  if (u.formation === "column" && !(ctx.options.acw === "on" && u.type === "infantry")) return null;
  if (u.type === "artillery" && ctx.options.acw === "on")
    return { ...own, effective: ctx.rules.data.acw.gunsEffective };
  return own;
}

/** The Minié rifle's long range (ACW 3), or 0 for a unit without one. */
export function longRange(ctx: Ctx, id: string, u: UnitState): number {
  const f = fireValues(ctx, u);
  return f && ctx.traits[id]?.minie && u.type === "infantry" ? ctx.rules.data.acw.minieLong : 0;
}

/** The longest range a unit fires to: effective, or the Minié's long range (ACW 3). */
export function longestRange(ctx: Ctx, id: string, u: UnitState): number {
  const f = fireValues(ctx, u);
  if (!f) return 0;
  return Math.max(f.effective, longRange(ctx, id, u));
}

/**
 * Charging: "Only Cavalry may move into Contact with an enemy Unit" (not
 * the ACW's dismounted cavalry, who are Skirmishers), and, under Charging
 * Infantry, the infantry regiments the scenario names, in close order.
 */
export function charges(ctx: Ctx, id: string, u: UnitState): boolean {
  if (u.type === "cavalry") return actsAs(ctx, u) === "cavalry";
  return u.type === "infantry" && u.formation !== "skirmish" && (ctx.traits[id]?.charges ?? false);
}

/** Variable Quality: Elite +1, Militia -1 to all dice rolled. */
export function dieModifier(ctx: Ctx, id: string): number {
  const t = ctx.traits[id];
  if (!t) return 0;
  return (t.elite ? ctx.rules.data.quality.elite : 0) + (t.militia ? ctx.rules.data.quality.militia : 0);
}

/** Variable Quality: the die's modifier as its event logs it (none when 0). */
export function loggedModifier(ctx: Ctx, id: string): { readonly modifier?: number } {
  const modifier = dieModifier(ctx, id);
  return modifier !== 0 ? { modifier } : {};
}

/** A die as the unit rolls it: the face with its quality modifier, never below 0. */
export function modifiedDie(ctx: Ctx, id: string, face: number): number {
  return Math.max(0, face + dieModifier(ctx, id));
}

/** 1.1 D, 2 and Variable Quality: the hits at which the unit is removed. */
export function removedAt(ctx: Ctx, id: string): number {
  const t = ctx.traits[id];
  const q = ctx.rules.data.quality;
  if (t?.stubborn) return q.stubbornRemovedAt;
  if (t?.reluctant) return q.reluctantRemovedAt;
  return ctx.rules.data.removedAt;
}

/** Line of Sight: the figures' height (cavalry higher than any other type; ACW dismounted cavalry are foot). */
export function heightOf(ctx: Ctx, u: UnitState): number {
  return typeRules(ctx, u).height;
}
