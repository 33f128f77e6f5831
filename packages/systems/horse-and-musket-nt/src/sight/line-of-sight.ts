import {
  distanceSq,
  type Point,
  type Polygon,
  partMidpoints,
  segmentConvexWithin,
  sideCentres,
  spanInConvex,
  spanLengthWithin,
  throughGap,
  zoneOf,
} from "@tercio/geometry";
import { poseOf, sideCentre, sideSegment, unitCorners, unitFrontCentre, unitSize } from "../bases.js";
import type { Ctx } from "../context.js";
import type { Position } from "../position.js";
import type { Area } from "../scenarios/schema.js";
import { townHeld } from "../terrain.js";
import type { UnitSide } from "../vocabulary.js";
import { areaBlockers, liningOrIn, type SightEnds, unitBlockers } from "./blockers.js";
import { throughSeam } from "./seam.js";

/**
 * Line of Sight, I to V, as written: from the viewer's front-centre point
 * to the centre of a side of the target, blocked by anything intervening
 * and taller (blockers.ts).
 *
 * - I: a gap narrower than 4" between two blockers closes: the line may not
 *   pass between two blockers nearer each other than that (kernel throughGap:
 *   through the bridge where they come nearest), nor through the seam of two
 *   that touch (seam.ts).
 * - II: half of the side visible and in the viewer's front arc: the side is
 *   judged on its equal parts (rules data sideParts, eight), each at its
 *   midpoint: a part counts when the line to it is clear and the midpoint
 *   is in the front zone of the viewer's corner rays; half of them must.
 *   The line to the side's centre must be clear as well (it is the LoS).
 * - III: a piece may be seen 4" into and out of: an end inside the piece
 *   (or lining its edge, IV) sees through at most 4" of it; a line that
 *   enters and leaves a piece passes through two sides and is blocked. Two
 *   ends inside the same hill see each other across its top (the plateau);
 *   inside the same wood or town, within 4".
 * - V: guns on a hill see over intervening units (blockers.ts).
 * - Terrain iii: the unit holding a town sees all round from the centre of
 *   any side: four origins, no arc.
 */
export interface SideSight {
  readonly side: UnitSide;
  readonly visible: boolean;
  readonly origin: Point;
  readonly centre: Point;
  /** Parts of the side seen and in arc, of `parts`. */
  readonly seen: number;
  readonly parts: number;
  /** The squared LoS length (origin to side centre), ticks². */
  readonly d2: number;
  /** Why not, in the rule's words, when not visible. */
  readonly why?: string;
}

/** A line may run this far inside the target's own base (a rounded midpoint) without passing through it. */
const GRAZE = 8;

/**
 * What stops one sight line (the board draws it): a unit in the way, an
 * area piece (seen through two sides, or more than 4" of it), or a gap
 * under 4" between two blockers (Line of Sight I), named by their ids.
 */
export type SightBlock =
  | { readonly kind: "unit"; readonly id: string }
  | { readonly kind: "area"; readonly id: string; readonly why: "two-sides" | "too-deep" }
  | { readonly kind: "gap"; readonly between: readonly [string, string] };

function areaBlock(ctx: Ctx, area: Area, from: Point, to: Point): SightBlock | undefined {
  const span = spanInConvex(from, to, area.polygon);
  if (!span) return undefined;
  const fromIn = span.t0.num === 0 || liningOrIn(ctx, area, from);
  const toIn = span.t1.num === span.t1.den || liningOrIn(ctx, area, to);
  if (!fromIn && !toIn) return { kind: "area", id: area.id, why: "two-sides" };
  if (fromIn && toIn && area.kind === "hill") return undefined; // the plateau
  return spanLengthWithin(from, to, span.t0, span.t1, ctx.rules.data.sight.plateau)
    ? undefined
    : { kind: "area", id: area.id, why: "too-deep" };
}

/** The first thing that stops one sight line, or undefined when it is clear: units, areas, then gaps. */
export function lineBlock(ctx: Ctx, position: Position, ends: SightEnds, to: Point): SightBlock | undefined {
  const from = ends.from;
  const gap = ctx.rules.data.sight.gap;
  const near: { id: string; polygon: Polygon }[] = [];
  for (const b of unitBlockers(ctx, position, ends)) {
    const span = spanInConvex(from, to, b.polygon);
    // A part's midpoint is rounded to the tick, so a line to it may graze the target's own base.
    if (span && !(b.id === ends.target && spanLengthWithin(from, to, span.t0, span.t1, GRAZE)))
      return { kind: "unit", id: b.id };
    if (b.id !== ends.target && segmentConvexWithin(from, to, b.polygon, gap)) near.push(b);
  }
  for (const a of areaBlockers(ctx)) {
    const blocked = areaBlock(ctx, a, from, to);
    if (blocked) return blocked;
    const involved = liningOrIn(ctx, a, from) || liningOrIn(ctx, a, to);
    if (!involved && segmentConvexWithin(from, to, a.polygon, gap)) near.push(a);
  }
  for (let i = 0; i < near.length; i++)
    for (let j = i + 1; j < near.length; j++) {
      const a = near[i] as { id: string; polygon: Polygon };
      const b = near[j] as { id: string; polygon: Polygon };
      if (throughGap(from, to, a.polygon, b.polygon, gap) || throughSeam(from, to, a.polygon, b.polygon))
        return { kind: "gap", between: [a.id, b.id] };
    }
  return undefined;
}

/** Whether one sight line is clear: units, areas, and the gaps between blockers. */
export function lineClear(ctx: Ctx, position: Position, ends: SightEnds, to: Point): boolean {
  return lineBlock(ctx, position, ends, to) === undefined;
}

export function sightOrigins(
  ctx: Ctx,
  position: Position,
  viewerId: string,
): { points: Point[]; allRound: boolean } {
  const viewer = position.units[viewerId];
  if (!viewer) return { points: [], allRound: false };
  if (townHeld(ctx, position, viewerId)) {
    const c = sideCentres(poseOf(viewer), unitSize(ctx, viewer));
    return { points: [c.front, c.right, c.rear, c.left], allRound: true };
  }
  return { points: [unitFrontCentre(ctx, viewer)], allRound: false };
}

function sightFrom(
  ctx: Ctx,
  position: Position,
  viewerId: string,
  targetId: string,
  side: UnitSide,
  from: Point,
  allRound: boolean,
): SideSight {
  const viewer = position.units[viewerId];
  const target = position.units[targetId];
  const parts = ctx.rules.data.sight.sideParts;
  const base = { side, origin: from, parts };
  if (!viewer || !target)
    return { ...base, visible: false, centre: from, seen: 0, d2: 0, why: "no such unit" };
  const centre = sideCentre(ctx, target, side);
  const d2 = distanceSq(from, centre);
  const ends: SightEnds = { viewer: viewerId, target: targetId, from };
  if (!lineClear(ctx, position, ends, centre))
    return { ...base, visible: false, centre, seen: 0, d2, why: "the line to the side's centre is blocked" };
  const corners = unitCorners(ctx, viewer);
  const [a, b] = sideSegment(ctx, target, side);
  let seen = 0;
  for (const m of partMidpoints(a, b, parts)) {
    const inArc = allRound || zoneOf(corners, m, ctx.options.onRay) === "front";
    if (inArc && lineClear(ctx, position, ends, m)) seen++;
  }
  const visible = 2 * seen >= parts;
  return visible
    ? { ...base, visible, centre, seen, d2 }
    : {
        ...base,
        visible,
        centre,
        seen,
        d2,
        why: `only ${seen} of ${parts} parts of the side are seen in the arc`,
      };
}

/**
 * The viewer's sight of one side of the target (Line of Sight I-V): from
 * the first origin that sees it (a held town has four), else the first's
 * reason.
 */
export function sideSight(
  ctx: Ctx,
  position: Position,
  viewerId: string,
  targetId: string,
  side: UnitSide,
): SideSight {
  const { points, allRound } = sightOrigins(ctx, position, viewerId);
  let first: SideSight | undefined;
  for (const from of points) {
    const s = sightFrom(ctx, position, viewerId, targetId, side, from, allRound);
    if (s.visible) return s;
    first ??= s;
  }
  return (
    first ?? {
      side,
      visible: false,
      origin: { x: 0, y: 0 },
      centre: { x: 0, y: 0 },
      seen: 0,
      parts: 0,
      d2: 0,
      why: "no such unit",
    }
  );
}
