import {
  convexCrossesPolyline,
  insideRect,
  interiorsOverlap,
  type Point,
  polygonOverlapsInterior,
  type SegmentSpan,
} from "@tercio/geometry";
import { unitPolygon } from "../bases.js";
import type { Ctx } from "../context.js";
import type { Position, UnitState } from "../position.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { typeRules } from "../unit-class.js";
import { threatZone } from "./threat-zone.js";

/**
 * What a moving base may not pass or end on: the table's edge, other units
 * (Interpenetration: "Skirmishers may move through but not stop upon any
 * Unit and vice-versa"), the area terrain its type may not enter (Terrain
 * ii-iv), rivers away from their bridges and fords (iv), and enemy threat
 * zones (Interpenetration; the caller decides when a move is exempt).
 */
export function crossingSpans(ctx: Ctx, riverId: string): SegmentSpan[] {
  const river = ctx.rivers.find((r) => r.id === riverId);
  return river ? river.crossings.map((c) => [c.segment, c.segment] as SegmentSpan) : [];
}

export function offTable(ctx: Ctx, base: readonly Point[]): boolean {
  return !insideRect(base, 0, 0, ctx.table.width, ctx.table.height);
}

export function tableRefusal(ctx: Ctx, id: string, base: readonly Point[]): RuleError | undefined {
  return offTable(ctx, base)
    ? ruleError("move/off-table", "1.2 Move", `${id} would leave the table`, { unit: id })
    : undefined;
}

/** Terrain ii-iv against a region the unit would cover (a swept region or its final base). */
export function terrainRefusal(
  ctx: Ctx,
  id: string,
  u: UnitState,
  region: readonly Point[],
): RuleError | undefined {
  const type = typeRules(ctx, u);
  for (const a of ctx.areas) {
    const impassable = ctx.rules.data.terrain.impassable.includes(a.kind);
    if (!impassable && type.enters.includes(a.kind)) continue;
    if (!polygonOverlapsInterior(a.polygon, region)) continue;
    if (impassable)
      return ruleError("move/terrain", "Terrain iv", `${a.name} is Impassible (${a.kind})`, { unit: id });
    const rule = a.kind === "town" ? "Terrain iii" : "Terrain ii";
    const who = a.kind === "town" ? "Skirmishers and Infantry" : "Skirmishers";
    return ruleError("move/terrain", rule, `only ${who} may enter ${a.name}; ${id} is ${type.name}`, {
      unit: id,
    });
  }
  for (const r of ctx.rivers)
    if (convexCrossesPolyline(region, r.line, crossingSpans(ctx, r.id)))
      return ruleError("move/river", "Terrain iv", `${r.name} is crossed only at a bridge or ford`, {
        unit: id,
      });
  return undefined;
}

/**
 * Other units against a region: passing through is allowed only where the
 * mover or the unit passed is a Skirmisher; stopping upon a unit never.
 * `final` marks the end of the move; `ignore` lists units the motion may
 * touch (a charge's target).
 */
export function unitRefusal(
  ctx: Ctx,
  position: Position,
  id: string,
  region: readonly Point[],
  final: boolean,
  ignore: readonly string[] = [],
): RuleError | undefined {
  const mover = position.units[id];
  if (!mover) return undefined;
  const through = typeRules(ctx, mover).interpenetrates;
  for (const otherId of Object.keys(position.units).sort()) {
    if (otherId === id || ignore.includes(otherId)) continue;
    const other = position.units[otherId] as UnitState;
    if (!interiorsOverlap(region, unitPolygon(ctx, other))) continue;
    const passes = through || typeRules(ctx, other).interpenetrates;
    if (final)
      return ruleError(
        passes ? "move/interpenetration" : "move/overlap",
        "Interpenetration",
        passes
          ? `${id} may move through ${otherId} but not stop upon it`
          : `${id} would stop upon ${otherId}`,
        { unit: id, other: otherId },
      );
    if (!passes)
      return ruleError(
        "move/overlap",
        "Interpenetration",
        `only Skirmishers move through Units, or are moved through: ${otherId} is in ${id}'s way`,
        { unit: id, other: otherId },
      );
  }
  return undefined;
}

/** The first enemy whose 4" threat zone the region meets, if any. */
export function threatOf(
  ctx: Ctx,
  position: Position,
  id: string,
  region: readonly Point[],
): string | undefined {
  const mover = position.units[id];
  if (!mover) return undefined;
  for (const otherId of Object.keys(position.units).sort()) {
    const other = position.units[otherId] as UnitState;
    if (other.side === mover.side) continue;
    if (interiorsOverlap(region, threatZone(ctx, other))) return otherId;
  }
  return undefined;
}

export function threatRefusal(id: string, enemy: string): RuleError {
  return ruleError(
    "move/threat-zone",
    "Interpenetration",
    `Enemy Units have a 4" threat zone in their Front Arc: ${id} may not move in ${enemy}'s except to Charge, Fall Back, or target a new Unit with Point Blank Fire`,
    { unit: id, other: enemy },
  );
}
