import {
  convexInsidePolygon,
  type Point,
  pointInPolygon,
  segmentWithinBand,
  withinBand,
} from "@tercio/geometry";
import { unitCorners, unitPolygon } from "./bases.js";
import type { Ctx } from "./context.js";
import type { Position, UnitState } from "./position.js";
import type { Area, Linear } from "./scenarios/schema.js";
import { typeRules } from "./unit-class.js";
import type { UnitSide } from "./vocabulary.js";

/**
 * Where a unit stands in the terrain (Terrain i-vi), as the fire, melee and
 * rally rules read it:
 *
 * - within an area piece is the base entirely inside it (Terrain ii:
 *   "Defensive Bonus if entirely inside");
 * - on a hill is the unit's centre on it (the text gives hills no
 *   contours: one level);
 * - a town is held by the one unit that Reformed entirely within it
 *   (Terrain iii; `holds`, set by the reform and at the opening);
 * - behind a wall, gully or river bank is the front edge wholly in the
 *   piece's band, the attack coming to the front (Terrain v: "behind and in
 *   full edge contact");
 * - a column on a road is following it, and loses these bonuses (vi).
 */
export function entirelyWithin(ctx: Ctx, u: UnitState, area: Area): boolean {
  return convexInsidePolygon(unitPolygon(ctx, u), area.polygon);
}

export function pointOn(area: Area, p: Point): boolean {
  return pointInPolygon(p, area.polygon) !== "outside";
}

export function hillUnder(ctx: Ctx, p: Point): Area | undefined {
  return ctx.areas.find((a) => a.kind === "hill" && pointOn(a, p));
}

/** The town the unit holds (Terrain iii), if it still stands entirely within it. */
export function townHeld(ctx: Ctx, position: Position, id: string): Area | undefined {
  const u = position.units[id];
  if (!u?.holds) return undefined;
  const town = ctx.areas.find((a) => a.id === u.holds && a.kind === "town");
  return town && entirelyWithin(ctx, u, town) ? town : undefined;
}

/**
 * The town a unit of this type would hold after ending a Reform here: one
 * it stands entirely within, held by no other unit (Terrain iii: "Skirmishers
 * and Infantry may enter. One Unit receives a defensive Bonus").
 */
export function townToHold(ctx: Ctx, position: Position, id: string, u: UnitState): Area | undefined {
  if (!typeRules(ctx, u).enters.includes("town")) return undefined;
  for (const town of ctx.areas) {
    if (town.kind !== "town" || !entirelyWithin(ctx, u, town)) continue;
    const taken = Object.entries(position.units).some(([o, v]) => o !== id && v.holds === town.id);
    if (!taken) return town;
  }
  return undefined;
}

/** Terrain vi: a column "following a road": in column with its centre on the road's band. */
export function onRoad(ctx: Ctx, u: UnitState): boolean {
  if (u.formation !== "column") return false;
  const c = { x: u.x, y: u.y };
  return ctx.roads.some((r) => withinBand(c, r.line, r.width / 2));
}

/** Terrain v: the linear piece of these kinds along the unit's whole front edge, if any. */
export function behind(ctx: Ctx, u: UnitState, kinds: readonly string[]): Linear | undefined {
  const { fl, fr } = unitCorners(ctx, u);
  const slack = ctx.rules.data.sight.lining;
  return ctx.linears.find(
    (l) => kinds.includes(l.kind) && segmentWithinBand(fl, fr, l.line, l.width / 2 + slack),
  );
}

/**
 * 1.1 v: the terrain that halves hits from fire on the unit's `side`:
 * "Units within Woods, Brush or Marsh or Towns, or behind Walls", none for
 * a column on a road (Terrain vi: it loses its Shot bonuses).
 */
export function fireCover(ctx: Ctx, position: Position, id: string, side: UnitSide): string | undefined {
  const u = position.units[id];
  if (!u || onRoad(ctx, u)) return undefined;
  const cover = ctx.rules.data.terrain.coverIn;
  for (const a of ctx.areas)
    if (a.kind !== "town" && cover.includes(a.kind) && entirelyWithin(ctx, u, a)) return a.name;
  if (cover.includes("town")) {
    const town = townHeld(ctx, position, id);
    if (town) return town.name;
  }
  if (side !== "front") return undefined;
  return behind(ctx, u, ctx.rules.data.terrain.coverBehind)?.name;
}

/**
 * 2 i: what halves melee hits on the defender: uphill of the charger (its
 * centre on a hill, the charger's not on that hill), or "defending woods /
 * river bank / gully / wall" (within the wood; behind the linear piece,
 * charged in front). None for a column on a road.
 */
export function meleeCover(
  ctx: Ctx,
  position: Position,
  id: string,
  chargerId: string,
  side: UnitSide,
): { readonly rule: string; readonly text: string } | undefined {
  const u = position.units[id];
  const charger = position.units[chargerId];
  if (!u || !charger || onRoad(ctx, u)) return undefined;
  // Uphill: on a hill while the charger is on none (hills have one level: a charger on another hill is as high).
  const hill = hillUnder(ctx, u);
  if (hill && !hillUnder(ctx, charger)) return { rule: "2 i", text: `defending uphill on ${hill.name}` };
  const kinds = ctx.rules.data.terrain.meleeDefence;
  for (const a of ctx.areas)
    if (kinds.includes(a.kind) && entirelyWithin(ctx, u, a))
      return { rule: "2 i", text: `defending ${a.name}` };
  if (kinds.includes("town")) {
    const town = townHeld(ctx, position, id);
    if (town) return { rule: "2 i", text: `defending ${town.name}` };
  }
  if (side !== "front") return undefined;
  const linear = behind(
    ctx,
    u,
    kinds.filter((k) => k === "wall" || k === "gully" || k === "riverbank"),
  );
  return linear ? { rule: "2 i", text: `defending ${linear.name}` } : undefined;
}

/** 3: whether the unit is "presently eligible to receive a Terrain Bonus from enemy Fire" (to its front). */
export function rallyCover(ctx: Ctx, position: Position, id: string): boolean {
  return fireCover(ctx, position, id, "front") !== undefined;
}

/** A unit that moves no longer holds its town (Terrain iii: the Bonus is the unit's that Reformed within it). */
export function withoutHold(u: UnitState): UnitState {
  if (u.holds === undefined) return u;
  const { holds: _, ...rest } = u;
  return rest;
}
