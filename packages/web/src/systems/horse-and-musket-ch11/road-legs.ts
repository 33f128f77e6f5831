import { type Point, type Pose, scaledDirection } from "@tercio/geometry";
import { bearingTurn } from "@tercio/horse-and-musket-ch11";
import { poseBeforeEnd } from "./drag.js";
import { type MoveDraft, normTurn, type RoadBend, travelOf } from "./program.js";
import { type RoadNet, routeAhead, routeTo } from "./road-route.js";

/**
 * A road route turned into a road move's legs (004 Movement: Roads: road
 * legs, each straight ahead with the centre on the road, pivots between
 * them where the road bends). Each leg is measured from where the previous
 * one really ends (the engine's integer directions), so the small errors
 * of whole centidegrees never add up; checkMove then says whether the
 * centre stays on the road.
 */

// Long enough that the integer direction's rounding is far below a tick.
const LONG = 1 << 24;

/** The legs of a road move whose centre goes from the pose through the waypoints in turn. */
export function roadLegs(
  from: Pose,
  waypoints: readonly Point[],
  keepWithin: number,
): Pick<MoveDraft, "startPivot" | "leg" | "bends"> {
  let pose = from;
  const legs: RoadBend[] = [];
  for (const w of waypoints) {
    const dx = w.x - pose.x;
    const dy = w.y - pose.y;
    if (Math.hypot(dx, dy) < 1) continue;
    const ahead = scaledDirection(pose.facing, LONG);
    const along = (dx * ahead.x + dy * ahead.y) / LONG;
    const miss = Math.abs(dx * ahead.y - dy * ahead.x) / LONG;
    // Already pointing along the road (within the band's slack): no pivot, as a player would go.
    const turn = along > 0 && miss <= keepWithin ? 0 : (bearingTurn(pose, pose.facing, w) ?? 0);
    const facing = normTurn(pose.facing + turn);
    const d = scaledDirection(facing, LONG);
    const ticks = Math.round((dx * d.x + dy * d.y) / LONG);
    if (ticks <= 0) continue;
    const last = legs[legs.length - 1];
    if (turn === 0 && last) legs[legs.length - 1] = { turn: last.turn, ticks: last.ticks + ticks };
    else legs.push({ turn, ticks });
    const v = scaledDirection(facing, ticks);
    pose = { x: pose.x + v.x, y: pose.y + v.y, facing: ((facing % 36000) + 36000) % 36000 };
  }
  const [first, ...rest] = legs;
  if (!first) return { startPivot: 0, leg: 0, bends: [] };
  return { startPivot: first.turn, leg: first.ticks, bends: rest };
}

/** The slack a leg may keep its facing within: a quarter of the road's half width. */
export function roadSlack(net: RoadNet): number {
  const w = net.edges.reduce((m, e) => Math.min(m, e.halfWidth), Number.POSITIVE_INFINITY);
  return Number.isFinite(w) ? w / 4 : 0;
}

/** A road draft whose centre follows the roads to the road point nearest `to` (a drag). */
export function roadDraftTo(net: RoadNet, from: Pose, d: MoveDraft, to: Point): MoveDraft {
  const legs = roadLegs(from, routeTo(net, from, to), roadSlack(net));
  return { ...d, ...legs, road: true, endPivot: legs.leg === 0 ? d.endPivot : 0 };
}

/** A road draft whose centre goes `ticks` along the road ahead of the unit (the keys' steps). */
export function roadDraftAhead(net: RoadNet, from: Pose, d: MoveDraft, ticks: number): MoveDraft {
  const facing = normTurn(from.facing + d.startPivot);
  const ahead = scaledDirection(facing, LONG);
  const route = routeAhead(net, from, ahead, ticks);
  // Keep the pivot at the start the player set when it points the unit along the road already.
  const legs = roadLegs({ ...from, facing }, route, roadSlack(net));
  return {
    ...d,
    road: true,
    startPivot: normTurn(d.startPivot + legs.startPivot),
    leg: legs.leg,
    bends: legs.bends,
    endPivot: d.endPivot,
  };
}

/** The road draft cut back to `ticks` of travel: the legs after that point dropped, the last one shortened. */
export function roadCut(d: MoveDraft, ticks: number): MoveDraft {
  if (ticks <= 0) return { ...d, leg: 0, bends: [] };
  if (ticks <= Math.abs(d.leg)) return { ...d, leg: ticks, bends: [] };
  let left = ticks - Math.abs(d.leg);
  const bends: RoadBend[] = [];
  for (const b of d.bends) {
    if (left <= 0) break;
    bends.push({ turn: b.turn, ticks: Math.min(b.ticks, left) });
    left -= b.ticks;
  }
  return { ...d, bends };
}

/**
 * Up (+1) or Down (−1) by road: `step` further along the road from where
 * the move so far ends (round the bends it has taken, straight on at a
 * crossroads), or `step` back along the same legs.
 */
export function roadStep(
  net: RoadNet,
  from: Pose,
  size: { frontage: number; depth: number },
  d: MoveDraft,
  dir: 1 | -1,
  step: number,
): MoveDraft {
  const travel = travelOf(d);
  if (dir < 0) return roadCut(d, travel - step);
  if (d.leg === 0) return roadDraftAhead(net, from, { ...d, bends: [] }, step);
  const end = poseBeforeEnd(from, size, d);
  const more = roadLegs(end, routeAhead(net, end, scaledDirection(end.facing, LONG), step), roadSlack(net));
  if (more.leg === 0) return d;
  const legs: RoadBend[] = [{ turn: 0, ticks: d.leg }, ...d.bends];
  const last = legs[legs.length - 1] as RoadBend;
  if (more.startPivot === 0) legs[legs.length - 1] = { turn: last.turn, ticks: last.ticks + more.leg };
  else legs.push({ turn: more.startPivot, ticks: more.leg });
  legs.push(...more.bends);
  const [first, ...rest] = legs;
  return { ...d, leg: first?.ticks ?? 0, bends: rest };
}
