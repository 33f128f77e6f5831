import { type Point, type Polygon, pointConvexWithin, segmentWithin, TICKS_PER_INCH } from "@tercio/geometry";
import type { Ctx, UnitState } from "@tercio/horse-and-musket-ch11";
import { cellCentre, type DistanceField, type Grid, gridField } from "../tabletop/grid-field.js";
import { inZone } from "./objectives.js";

export type { DistanceField };

/**
 * Distances over the table around what a unit may not cross, in inches, to
 * a goal zone: a one-inch grid, cells blocked where a base could not stand
 * (impassable terrain, woods for all but skirmishers, within half the unit's
 * frontage of them or of the table's edge, and beside a river away from its bridges and fords, so
 * that no step crosses a river outside a crossing); Dijkstra from the zone's
 * cells. For scoring routes only (the engine still checks every move):
 * straight lines send units into rivers and marshes.
 */
const INCH = TICKS_PER_INCH;

const grids = new WeakMap<Ctx, Map<string, Grid>>();
const fields = new WeakMap<Ctx, Map<string, DistanceField>>();

function gridOf(ctx: Ctx, woods: boolean, clearance: number): Grid {
  let byKind = grids.get(ctx);
  if (!byKind) {
    byKind = new Map();
    grids.set(ctx, byKind);
  }
  const key = `${woods}|${clearance}`;
  const cached = byKind.get(key);
  if (cached) return cached;
  const w = Math.max(1, Math.floor(ctx.table.width / INCH));
  const h = Math.max(1, Math.floor(ctx.table.height / INCH));
  const blocked = new Uint8Array(w * h);
  const obstacles: Polygon[] = ctx.terrain.impassable.map((a) => a.polygon);
  if (!woods) for (const a of ctx.terrain.woods) obstacles.push(a.polygon);
  // A river away from its crossings blocks the cells within the clearance of it; a step
  // between two open cells (at most √2" long, each end further than 2" from the line) then
  // never crosses it.
  const banks: [Point, Point][] = [];
  for (const r of ctx.terrain.rivers)
    for (let s = 0; s + 1 < r.line.length; s++)
      if (!r.spans.some(([a, b]) => s >= a && s <= b))
        banks.push([r.line[s] as Point, r.line[s + 1] as Point]);
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      const c = cellCentre(i, j);
      const edge =
        c.x < clearance ||
        c.y < clearance ||
        ctx.table.width - c.x < clearance ||
        ctx.table.height - c.y < clearance;
      if (edge || obstacles.some((o) => pointConvexWithin(c, o, clearance))) blocked[j * w + i] = 1;
      else if (banks.some(([a, b]) => segmentWithin(c, a, b, clearance))) blocked[j * w + i] = 1;
    }
  const grid = { w, h, blocked };
  byKind.set(key, grid);
  return grid;
}

/** The field to a zone for a unit (its base's half frontage the clearance; woods for skirmishers); cached per game. */
export function fieldFor(ctx: Ctx, zone: Polygon, unit: UnitState): DistanceField {
  const half = Math.ceil((unit.frontage / 2 + INCH / 4) / (INCH / 2)) * (INCH / 2);
  return distanceField(ctx, zone, ctx.rules.data.unitTypes[unit.type].entersWoods, half);
}

export function distanceField(ctx: Ctx, zone: Polygon, woods: boolean, clearance: number): DistanceField {
  let cache = fields.get(ctx);
  if (!cache) {
    cache = new Map();
    fields.set(ctx, cache);
  }
  const key = `${woods}|${clearance}|${zone.map((p) => `${p.x},${p.y}`).join(";")}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const grid = gridOf(ctx, woods, clearance);
  const field = gridField(grid, (p) => inZone(p, zone));
  cache.set(key, field);
  return field;
}
