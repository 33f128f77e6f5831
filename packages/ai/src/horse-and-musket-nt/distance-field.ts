import { type Point, type Polygon, pointConvexWithin, segmentWithin } from "@tercio/geometry";
import { type Ctx, typeRules, type UnitState, unitSize } from "@tercio/horse-and-musket-nt";
import { cellCentre, type DistanceField, type Grid, gridField } from "../tabletop/grid-field.js";
import { distance, INCH } from "./geometry.js";
import { inZone, nearestInZone } from "./objectives.js";

export type { DistanceField };

/**
 * Distances over the table around what a unit may not cross, in inches, to
 * a goal zone: a one-inch grid, cells blocked where a base could not stand
 * (the areas its type may not enter, Terrain ii-iv, and the impassable;
 * within half the unit's frontage of them or of the table's edge; beside a
 * river away from its bridges and fords, so that no step crosses a river
 * outside a crossing); Dijkstra from the zone's cells. For scoring routes
 * only (the engine checks every move): straight lines send units into
 * rivers and marshes.
 */
const grids = new WeakMap<Ctx, Map<string, Grid>>();
const fields = new WeakMap<Ctx, Map<string, DistanceField>>();
/** Fields kept per game before the cache starts again (each is a Float64Array of the table's cells). */
const FIELDS_KEPT = 512;

/** The areas a type may not enter (impassable ones for everyone). */
function obstaclesFor(ctx: Ctx, enters: readonly string[]): Polygon[] {
  const impassable: readonly string[] = ctx.rules.data.terrain.impassable;
  return ctx.areas
    .filter((a) => impassable.includes(a.kind) || !enters.includes(a.kind))
    .map((a) => a.polygon);
}

function gridOf(ctx: Ctx, enters: readonly string[], clearance: number): Grid {
  let byKind = grids.get(ctx);
  if (!byKind) {
    byKind = new Map();
    grids.set(ctx, byKind);
  }
  const key = `${enters.join(",")}|${clearance}`;
  const cached = byKind.get(key);
  if (cached) return cached;
  const w = Math.max(1, Math.floor(ctx.table.width / INCH));
  const h = Math.max(1, Math.floor(ctx.table.height / INCH));
  const blocked = new Uint8Array(w * h);
  const obstacles = obstaclesFor(ctx, enters);
  // A river away from its crossings blocks the cells within the clearance of it; a step
  // between two open cells (at most 1.5" long, each end further than 2" from the line) then
  // never crosses it.
  const banks: [Point, Point][] = [];
  for (const r of ctx.rivers)
    for (let s = 0; s + 1 < r.line.length; s++)
      if (!r.crossings.some((c) => c.segment === s)) banks.push([r.line[s] as Point, r.line[s + 1] as Point]);
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

/** The field to a zone for a unit (half its frontage the clearance, the areas its type enters); cached per game. */
export function fieldFor(ctx: Ctx, zone: Polygon, unit: UnitState): DistanceField {
  const frontage = unitSize(ctx, unit).frontage;
  const half = Math.ceil((frontage / 2 + INCH / 4) / (INCH / 2)) * (INCH / 2);
  return distanceField(ctx, zone, typeRules(ctx, unit).enters, half);
}

/** What a reform into column costs on a route, in inches: about a move's worth (the turn it takes, Maneuvering ii). */
const REFORM_INCHES = 3;

/**
 * Inches along the unit's route to a zone (for its type and formation). A line whose route is
 * cut off (too wide for the bridge) goes the column's way and pays for the reform into column
 * (so it marches on in line and reforms short of the bridge, not a whole march early); a unit
 * cut off in any formation counts the straight line three times over and more.
 */
export function routeInches(ctx: Ctx, zone: Polygon, u: UnitState): number {
  if (inZone(u, zone)) return 0;
  const d = fieldFor(ctx, zone, u).at(u);
  if (Number.isFinite(d)) return d;
  if (u.formation !== "column") {
    const c = fieldFor(ctx, zone, { ...u, formation: "column" }).at(u);
    if (Number.isFinite(c)) return c + REFORM_INCHES;
  }
  return 3 * (distance(u, nearestInZone(u, zone)) / INCH) + 24;
}

export function distanceField(
  ctx: Ctx,
  zone: Polygon,
  enters: readonly string[],
  clearance: number,
): DistanceField {
  let cache = fields.get(ctx);
  if (!cache) {
    cache = new Map();
    fields.set(ctx, cache);
  }
  const key = `${enters.join(",")}|${clearance}|${zone.map((p) => `${p.x},${p.y}`).join(";")}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const grid = gridOf(ctx, enters, clearance);
  const field = gridField(grid, (p) => inZone(p, zone));
  // Fields to the ground about moving enemies come and go: a bound on the memory a game holds.
  if (cache.size >= FIELDS_KEPT) cache.clear();
  cache.set(key, field);
  return field;
}
