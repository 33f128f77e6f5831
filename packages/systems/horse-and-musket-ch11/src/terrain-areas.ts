import {
  type Box,
  boxOf,
  type Point,
  type Polygon,
  type Polyline,
  polygonOrientation,
  type SegmentSpan,
} from "@tercio/geometry";
import type { Scenario } from "./scenarios/schema.js";
import type { AreaTerrain } from "./vocabulary.js";

/**
 * The scenario's terrain compiled once per game (house style 3): polygons
 * in ticks with their boxes and orientation, grouped by what the rules ask
 * of them, so a move check loops over short arrays and allocates nothing.
 */
export interface Area {
  readonly id: string;
  readonly kind: AreaTerrain;
  readonly name: string;
  readonly polygon: Polygon;
  readonly box: Box;
  readonly ccw: boolean;
}

export interface RiverLine {
  readonly id: string;
  readonly name: string;
  readonly line: Polyline;
  /** The crossings (bridges, fords) as whole segments, each [i, i]. */
  readonly spans: readonly SegmentSpan[];
}

export interface RoadBand {
  readonly id: string;
  readonly name: string;
  readonly line: Polyline;
  readonly halfWidth: number;
}

export interface TerrainIndex {
  readonly areas: readonly Area[];
  readonly woods: readonly Area[];
  readonly towns: readonly Area[];
  readonly impassable: readonly Area[];
  /** 004 Shooting: Cover: woods and towns (as the rules data lists). */
  readonly cover: readonly Area[];
  /** 004 Shooting: Units in Towns. */
  readonly allRound: readonly Area[];
  /** Hilltops: a hill's top, or the whole hill when it has none. */
  readonly hilltops: readonly Area[];
  readonly rivers: readonly RiverLine[];
  readonly roads: readonly RoadBand[];
}

function area(id: string, kind: AreaTerrain, name: string, polygon: Polygon): Area {
  return { id, kind, name, polygon, box: boxOf(polygon), ccw: polygonOrientation(polygon) > 0 };
}

export interface TerrainKinds {
  readonly impassable: readonly string[];
  readonly coverIn: readonly string[];
  readonly allRoundFireIn: readonly string[];
}

export function compileTerrain(scenario: Scenario, kinds: TerrainKinds): TerrainIndex {
  const areas = scenario.terrain.map((t) => area(t.id, t.kind, t.name, t.polygon));
  const hilltops = scenario.terrain
    .filter((t) => t.kind === "hill")
    .map((t) => area(t.id, "hill", t.name, t.hilltop ?? t.polygon));
  return {
    areas,
    woods: areas.filter((a) => a.kind === "woods"),
    towns: areas.filter((a) => a.kind === "town"),
    impassable: areas.filter((a) => kinds.impassable.includes(a.kind)),
    cover: areas.filter((a) => kinds.coverIn.includes(a.kind)),
    allRound: areas.filter((a) => kinds.allRoundFireIn.includes(a.kind)),
    hilltops,
    rivers: scenario.rivers.map((r) => ({
      id: r.id,
      name: r.name,
      line: r.line,
      spans: r.crossings.map((c): SegmentSpan => [c.segment, c.segment]),
    })),
    roads: scenario.roads.map((r) => ({
      id: r.id,
      name: r.name,
      line: r.line,
      halfWidth: Math.floor(r.width / 2),
    })),
  };
}

/** Whether the polygon is convex (collinear vertices allowed), in either orientation. */
export function isConvex(poly: readonly Point[]): boolean {
  let sign = 0;
  const n = poly.length;
  for (let i = 0; i < n; i++) {
    const a = poly[i] as Point;
    const b = poly[(i + 1) % n] as Point;
    const c = poly[(i + 2) % n] as Point;
    const o = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (o === 0) continue;
    const s = o > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return sign !== 0;
}
