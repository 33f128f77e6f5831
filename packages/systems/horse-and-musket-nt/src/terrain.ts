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

/**
 * Where a unit stands in the terrain (Terrain i-vi), as the fire, melee and
 * rally rules read it. "Within" an area is the base entirely inside it
 * (Terrain ii: "Defensive Bonus if entirely inside"); on a hill is the
 * unit's centre on it (a single-level hill: the text gives no contours).
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

/**
 * Terrain iii: "One Unit receives a defensive Bonus if it Reforms entirely
 * within it": the unit entirely within a town, if no other unit is (two
 * units inside share no bonus: the text gives it to one).
 */
export function townHeld(ctx: Ctx, position: Position, id: string): Area | undefined {
  const u = position.units[id];
  if (!u || (u.type !== "infantry" && u.type !== "skirmishers")) return undefined;
  for (const town of ctx.areas) {
    if (town.kind !== "town" || !entirelyWithin(ctx, u, town)) continue;
    const shared = Object.entries(position.units).some(([o, v]) => o !== id && entirelyWithin(ctx, v, town));
    return shared ? undefined : town;
  }
  return undefined;
}

/**
 * Terrain vi: a column "following a road": in column with its centre on
 * the road's band. It loses its shot and melee bonuses and may not charge.
 */
export function onRoad(ctx: Ctx, u: UnitState): boolean {
  if (u.formation !== "column") return false;
  const c = { x: u.x, y: u.y };
  return ctx.roads.some((r) => withinBand(c, r.line, r.width / 2));
}

/**
 * Terrain v: "Defensive Bonus if behind and in full edge contact": the
 * unit's front edge lies wholly within the piece's band (its line widened
 * by half its width), so the piece is along its whole front.
 */
export function behind(ctx: Ctx, u: UnitState, kinds: readonly string[]): Linear | undefined {
  const { fl, fr } = unitCorners(ctx, u);
  return ctx.linears.find(
    (l) =>
      kinds.includes(l.kind) && segmentWithinBand(fl, fr, l.line, l.width / 2 + ctx.rules.data.sight.lining),
  );
}

/** 1.1 v: the unit halves hits from fire (woods, brush, marsh, a held town, behind a wall), unless on a road. */
export function fireCover(ctx: Ctx, position: Position, id: string): string | undefined {
  const u = position.units[id];
  if (!u || onRoad(ctx, u)) return undefined;
  const cover = ctx.rules.data.terrain.coverIn;
  for (const a of ctx.areas)
    if (a.kind !== "town" && cover.includes(a.kind) && entirelyWithin(ctx, u, a)) return a.name;
  if (cover.includes("town")) {
    const town = townHeld(ctx, position, id);
    if (town) return town.name;
  }
  const wall = behind(ctx, u, ctx.rules.data.terrain.coverBehind);
  return wall?.name;
}
