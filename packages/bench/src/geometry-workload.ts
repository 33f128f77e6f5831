import { createRng, type PolicyRng, rngInt } from "@tercio/ai";
import {
  type BaseSize,
  basePolygon,
  direction,
  inches,
  interiorsOverlap,
  type Point,
  type Polygon,
  type Pose,
} from "@tercio/geometry";

/**
 * The seeded data both sides of the geometry bench work on: bases on a
 * 72" × 48" table, terrain pieces, and the queries. Built with the AI's
 * xorshift generator (no Math.random) and the kernel's own direction(), so a
 * seed gives the same data everywhere.
 */

export const TABLE = { width: inches(72), height: inches(48) };
export const SIZES: readonly BaseSize[] = [
  { frontage: inches(4), depth: inches(2) },
  { frontage: inches(6), depth: inches(2) },
  { frontage: inches(2), depth: inches(2) },
];

export interface RangeQuery {
  readonly a: Polygon;
  readonly b: Polygon;
  /** Range in ticks. */
  readonly r: number;
}

export interface ZoneQuery {
  readonly pose: Pose;
  readonly size: BaseSize;
  readonly p: Point;
}

export interface ContactQuery {
  readonly a: Polygon;
  readonly v: Point;
  readonly b: Polygon;
}

export interface MoveQuery {
  readonly pose: Pose;
  readonly size: BaseSize;
  readonly pivot: number;
  readonly advance: number;
  /** Indices into the workload's bases (about 20) and all its terrain (about 10). */
  readonly others: readonly number[];
}

export interface GeometryWorkload {
  readonly seed: number;
  readonly bases: readonly Polygon[];
  readonly terrain: readonly Polygon[];
  readonly ranges: readonly RangeQuery[];
  readonly zones: readonly ZoneQuery[];
  readonly contacts: readonly ContactQuery[];
  readonly moves: readonly MoveQuery[];
}

export interface GeometrySizes {
  readonly ranges: number;
  readonly zones: number;
  readonly contacts: number;
  readonly moves: number;
}

export const FULL_GEOMETRY: GeometrySizes = { ranges: 2000, zones: 4000, contacts: 1000, moves: 100 };
export const QUICK_GEOMETRY: GeometrySizes = { ranges: 400, zones: 800, contacts: 200, moves: 20 };
export const TINY_GEOMETRY: GeometrySizes = { ranges: 60, zones: 120, contacts: 40, moves: 4 };

const between = (rng: PolicyRng, lo: number, hi: number) => lo + rngInt(rng, hi - lo + 1);

function randomPose(rng: PolicyRng, margin: number): Pose {
  return {
    x: between(rng, margin, TABLE.width - margin),
    y: between(rng, margin, TABLE.height - margin),
    // Half the facings on the quarter turns, as armies deploy; half anywhere.
    facing: rngInt(rng, 2) === 0 ? 9000 * rngInt(rng, 4) : rngInt(rng, 36000),
  };
}

function pickSize(rng: PolicyRng): BaseSize {
  return SIZES[rngInt(rng, SIZES.length)] as BaseSize;
}

/** A star-shaped terrain piece (woods, a town, a marsh): simple, usually not convex. */
function terrainPiece(rng: PolicyRng): Polygon {
  const c = {
    x: between(rng, inches(6), TABLE.width - inches(6)),
    y: between(rng, inches(6), TABLE.height - inches(6)),
  };
  const n = between(rng, 5, 12);
  const pts: Point[] = [];
  for (let i = 0; i < n; i++) {
    // Counter-clockwise: the facing angle runs clockwise, so step it downwards.
    const u = direction(-Math.floor((36000 * i) / n));
    const r = between(rng, inches(2), inches(5));
    pts.push({ x: c.x + Math.round(u.x * r), y: c.y + Math.round(u.y * r) });
  }
  return pts;
}

export function geometryWorkload(seed: number, size: GeometrySizes): GeometryWorkload {
  const rng = createRng(seed);
  const bases: Polygon[] = [];
  while (bases.length < 40) {
    const b = basePolygon(randomPose(rng, inches(4)), pickSize(rng));
    if (!bases.some((o) => interiorsOverlap(o, b))) bases.push(b);
  }
  const terrain = Array.from({ length: 10 }, () => terrainPiece(rng));

  const ranges: RangeQuery[] = [];
  for (let i = 0; i < size.ranges; i++) {
    if (i % 5 === 0) {
      // An exact boundary case: rear edge exactly r ahead of a north- or east-facing front edge.
      const s = pickSize(rng);
      const r = inches(between(rng, 6, 24));
      const x = between(rng, inches(10), inches(40));
      const y = between(rng, inches(4), inches(10));
      const a = basePolygon({ x, y, facing: 0 }, s);
      const off = rngInt(rng, 3) - 1; // -1, 0, 1 tick
      const b = basePolygon(
        { x: x + between(rng, -inches(1), inches(1)), y: y + s.depth + r + off, facing: 0 },
        s,
      );
      ranges.push({ a, b, r });
    } else {
      ranges.push({
        a: basePolygon(randomPose(rng, inches(4)), pickSize(rng)),
        b: basePolygon(randomPose(rng, inches(4)), pickSize(rng)),
        r: inches(between(rng, 6, 30)),
      });
    }
  }

  const zones: ZoneQuery[] = [];
  for (let i = 0; i < size.zones; i++) {
    const pose = randomPose(rng, inches(4));
    zones.push({
      pose,
      size: pickSize(rng),
      p: { x: between(rng, 0, TABLE.width), y: between(rng, 0, TABLE.height) },
    });
  }

  const contacts: ContactQuery[] = [];
  while (contacts.length < size.contacts) {
    if (contacts.length % 10 === 0) {
      // A glance: B stands beside A's path, its left edge exactly on the line of A's right edge.
      const sa = pickSize(rng);
      const sb = pickSize(rng);
      const x = between(rng, inches(10), inches(50));
      const y = between(rng, inches(4), inches(20));
      const a = basePolygon({ x, y, facing: 0 }, sa);
      const b = basePolygon(
        { x: x + (sa.frontage + sb.frontage) / 2, y: y + between(rng, inches(3), inches(9)), facing: 0 },
        sb,
      );
      contacts.push({ a, v: { x: 0, y: inches(12) }, b });
      continue;
    }
    const s = pickSize(rng);
    const pose = randomPose(rng, inches(4));
    const a = basePolygon(pose, s);
    const ahead = direction(pose.facing);
    const d = between(rng, inches(3), inches(12));
    const target = {
      x: pose.x + Math.round(ahead.x * d) + between(rng, -inches(3), inches(3)),
      y: pose.y + Math.round(ahead.y * d) + between(rng, -inches(3), inches(3)),
      facing: rngInt(rng, 2) === 0 ? pose.facing + 18000 : rngInt(rng, 36000),
    };
    const b = basePolygon(target, pickSize(rng));
    if (interiorsOverlap(a, b)) continue;
    const len = between(rng, inches(6), inches(14));
    contacts.push({ a, v: { x: Math.round(ahead.x * len), y: Math.round(ahead.y * len) }, b });
  }

  const moves: MoveQuery[] = [];
  for (let i = 0; i < size.moves; i++) {
    const others: number[] = [];
    while (others.length < 20) {
      const k = rngInt(rng, bases.length);
      if (!others.includes(k)) others.push(k);
    }
    moves.push({
      pose: randomPose(rng, inches(8)),
      size: pickSize(rng),
      pivot: between(rng, -4500, 4500),
      advance: between(rng, inches(1), inches(12)),
      others,
    });
  }
  return { seed, bases, terrain, ranges, zones, contacts, moves };
}
