import { type Point, partMidpoints, zoneOf } from "@tercio/geometry";
import { sideSegment, unitCorners } from "../bases.js";
import type { Ctx } from "../context.js";
import type { Position } from "../position.js";
import { sideOfTarget } from "../sides.js";
import type { UnitSide } from "../vocabulary.js";
import type { SightEnds } from "./blockers.js";
import { lineBlock, type SightBlock, sideSight, sightOrigins } from "./line-of-sight.js";

/**
 * Line of Sight shown, not only answered: for the board's "show working"
 * and the line-of-sight tool, every line the rule traces from the viewer's
 * origin (its front centre, or a side's centre for the holder of a town),
 * the line to the side's centre and one to each of the side's equal parts,
 * each with what stops it (the unit, the piece, or the two blockers of a
 * gap under 4") and whether the part is in the viewer's front arc. The
 * verdict is sideSight's, so the picture and the rule cannot disagree.
 */
export interface PartLine {
  /** The part of the side, as a segment, and its midpoint (where the line goes). */
  readonly from: Point;
  readonly to: Point;
  readonly mid: Point;
  readonly inArc: boolean;
  readonly block?: SightBlock;
  /** In arc and clear: the part counts towards half the side (Line of Sight II). */
  readonly seen: boolean;
}

export interface SightWorking {
  readonly viewer: string;
  readonly target: string;
  readonly side: UnitSide;
  readonly origin: Point;
  readonly centre: Point;
  /** What stops the line to the side's centre, if anything. */
  readonly centreBlock?: SightBlock;
  readonly parts: readonly PartLine[];
  readonly seen: number;
  readonly visible: boolean;
  readonly d2: number;
  readonly why?: string;
}

function partSegments(a: Point, b: Point, n: number): [Point, Point][] {
  const at = (k: number): Point => ({
    x: a.x + Math.round(((b.x - a.x) * k) / n),
    y: a.y + Math.round(((b.y - a.y) * k) / n),
  });
  return Array.from({ length: n }, (_, k) => [at(k), at(k + 1)]);
}

/**
 * The working of the viewer's sight of one side of the target (by default
 * the side the viewer's front centre is in), or undefined when either unit
 * is gone or the viewer stands inside the target.
 */
export function sightWorking(
  ctx: Ctx,
  position: Position,
  viewerId: string,
  targetId: string,
  chosen?: UnitSide,
): SightWorking | undefined {
  const viewer = position.units[viewerId];
  const target = position.units[targetId];
  if (!viewer || !target) return undefined;
  const facing = sideOfTarget(ctx, viewer, target);
  const side = chosen ?? (facing === "inside" ? undefined : facing);
  if (!side) return undefined;
  const verdict = sideSight(ctx, position, viewerId, targetId, side);
  const { allRound } = sightOrigins(ctx, position, viewerId);
  const ends: SightEnds = { viewer: viewerId, target: targetId, from: verdict.origin };
  const corners = unitCorners(ctx, viewer);
  const [a, b] = sideSegment(ctx, target, side);
  const n = ctx.rules.data.sight.sideParts;
  const mids = partMidpoints(a, b, n);
  const parts = partSegments(a, b, n).map(([from, to], k): PartLine => {
    const mid = mids[k] as Point;
    const inArc = allRound || zoneOf(corners, mid, ctx.options.onRay) === "front";
    const block = lineBlock(ctx, position, ends, mid);
    return { from, to, mid, inArc, ...(block ? { block } : {}), seen: inArc && !block };
  });
  const centreBlock = lineBlock(ctx, position, ends, verdict.centre);
  return {
    viewer: viewerId,
    target: targetId,
    side,
    origin: verdict.origin,
    centre: verdict.centre,
    ...(centreBlock ? { centreBlock } : {}),
    parts,
    seen: verdict.seen,
    visible: verdict.visible,
    d2: verdict.d2,
    ...(verdict.why ? { why: verdict.why } : {}),
  };
}

/** A blocker in words, for the board and the log: "F-Gds", "Hougoumont wood (seen through two sides)". */
export function blockWords(ctx: Ctx, block: SightBlock): string {
  const name = (id: string) => ctx.areas.find((a) => a.id === id)?.name ?? id;
  switch (block.kind) {
    case "unit":
      return `${block.id} is in the way`;
    case "area":
      return block.why === "two-sides"
        ? `${name(block.id)} blocks the line (it would pass through two sides)`
        : `${name(block.id)} blocks the line (more than 4" into it)`;
    case "gap":
      return `the gap between ${name(block.between[0])} and ${name(block.between[1])} is under 4"`;
  }
}
