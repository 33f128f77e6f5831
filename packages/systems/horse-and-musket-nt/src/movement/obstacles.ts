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
import { threatZone } from "./threat-zone.js";

/**
 * What a moving base may not pass or end on: the table's edge, other units
 * (Interpenetration: Skirmishers move through any unit and any unit
 * through them, but none stops upon another), terrain its type may not
 * enter (Terrain ii-iv; a column following a road is exempt, Terrain vi),
 * rivers away from bridges and fords, and enemy threat zones (the caller
 * says when a charge or fall back is exempt).
 */
export function crossingSpans(ctx: Ctx): Map<string, SegmentSpan[]> {
  return new Map(
    ctx.rivers.map((r) => [r.id, r.crossings.map((c) => [c.segment, c.segment] as SegmentSpan)]),
  );
}

export function offTable(ctx: Ctx, base: readonly Point[]): boolean {
  return !insideRect(base, 0, 0, ctx.table.width, ctx.table.height);
}

export function terrainRefusal(
  ctx: Ctx,
  id: string,
  u: UnitState,
  region: readonly Point[],
): RuleError | undefined {
  const type = ctx.rules.data.unitTypes[u.type];
  for (const a of ctx.areas) {
    const impassable = ctx.rules.data.terrain.impassable.includes(a.kind);
    if (!impassable && type.enters.includes(a.kind)) continue;
    if (polygonOverlapsInterior(a.polygon, region))
      return impassable
        ? ruleError("move/terrain", "Terrain iv", `${a.name} is impassable`, { unit: id })
        : ruleError(
            "move/terrain",
            a.kind === "town" ? "Terrain iii" : "Terrain ii",
            `${type.name} may not enter ${a.name}`,
            {
              unit: id,
            },
          );
  }
  const spans = crossingSpans(ctx);
  for (const r of ctx.rivers)
    if (convexCrossesPolyline(region, r.line, spans.get(r.id) ?? []))
      return ruleError("move/river", "Terrain iv", `${r.name} is crossed only at a bridge or ford`, {
        unit: id,
      });
  return undefined;
}

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
  const through = ctx.rules.data.unitTypes[mover.type].interpenetrates;
  for (const [otherId, other] of Object.entries(position.units)) {
    if (otherId === id || ignore.includes(otherId)) continue;
    if (!interiorsOverlap(region, unitPolygon(ctx, other))) continue;
    const passes = through || ctx.rules.data.unitTypes[other.type].interpenetrates;
    if (final)
      return ruleError(
        passes ? "move/interpenetration" : "move/overlap",
        passes ? "Interpenetration" : "1.2 Move",
        passes ? `${id} may move through ${otherId} but not stop upon it` : `${id} would overlap ${otherId}`,
        { unit: id, other: otherId },
      );
    if (!passes)
      return ruleError(
        "move/overlap",
        "Interpenetration",
        `only Skirmishers move through units: ${otherId} is in the way`,
        {
          unit: id,
          other: otherId,
        },
      );
  }
  return undefined;
}

export function threatRefusal(
  ctx: Ctx,
  position: Position,
  id: string,
  region: readonly Point[],
): RuleError | undefined {
  const mover = position.units[id];
  if (!mover) return undefined;
  for (const [otherId, other] of Object.entries(position.units)) {
    if (other.side === mover.side) continue;
    if (interiorsOverlap(region, threatZone(ctx, other)))
      return ruleError(
        "move/threat-zone",
        "Interpenetration",
        `${id} may not move in ${otherId}'s 4" threat zone except to Charge or Fall Back`,
        { unit: id, other: otherId },
      );
  }
  return undefined;
}
