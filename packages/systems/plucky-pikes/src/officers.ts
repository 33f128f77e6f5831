import { type Point, scaledDirection } from "@tercio/geometry";
import type { Ctx } from "./context.js";
import { unitPolygon, unitSize } from "./footprint.js";
import type { OfficerState, Position } from "./position.js";
import { squaredGapFromPoint } from "./table.js";
import type { Officer } from "./vocabulary.js";

/**
 * Leadership: "General & Staff figures represent command and control ... A
 * General or Staff Officer adds points to a unit's rally roll if his stand
 * is touching the unit's." An officer with a unit stands at the middle of
 * its rear and goes where it goes; one standing alone stays where he was
 * left.
 */
export function officerPoint(ctx: Ctx, position: Position, o: OfficerState): Point {
  const u = o.with ? position.units[o.with] : undefined;
  if (!o.with || !u || u.gone) return { x: o.x, y: o.y };
  const back = scaledDirection(u.facing, -Math.round(unitSize(ctx, o.with, u).depth / 2));
  return { x: u.x + back.x, y: u.y + back.y };
}

/** The officers whose stands touch the unit, by rank ("Only 1 officer at a time affects a unit": rally.ts takes the best). */
export function officersWith(ctx: Ctx, position: Position, unit: string): { id: string; rank: Officer }[] {
  const out: { id: string; rank: Officer }[] = [];
  for (const [id, o] of Object.entries(position.officers).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const t = ctx.officers[id];
    if (!o.lost && o.with === unit && t) out.push({ id, rank: t.rank });
  }
  return out;
}

/** Leadership: "all of his units within 18"": the distance from the general's stand to the unit's footprint, exactly. */
export function withinReach(ctx: Ctx, position: Position, from: Point, unit: string): boolean {
  const u = position.units[unit];
  if (!u || u.gone) return false;
  const r = ctx.rules.data.leadership.generalReach;
  return squaredGapFromPoint(from, unitPolygon(ctx, unit, u)) <= r * r;
}
