import { ceilDistance } from "@tercio/geometry";
import { bearingTurn } from "../aim.js";
import { unitPolygon } from "../bases.js";
import { chargePath, chargeTurns } from "../charge.js";
import type { Ctx } from "../context.js";
import { hilltopOf } from "../hand-to-hand.js";
import type { Position } from "../position.js";
import { fireArc } from "../shooting/field-of-fire.js";
import { sightLine } from "../shooting/line-of-sight.js";
import { inRange, rangeMeasure, rangeOf } from "../shooting/range.js";
import { allRoundFireArea } from "../shooting/shoot.js";
import { inCover } from "../terrain.js";
import { sideName } from "../words.js";
import { compassPoint, relativeDirection } from "./compass.js";
import { inchesWords } from "./inches.js";

/**
 * A unit, and one unit as seen from another, in words for a screen reader,
 * from the functions the rules decide with: the distance is the range
 * measure (rounded up, as the ruler reads), "in arc" is fireArc, "in
 * range" inRange, a charge chargePath with the engine's turns. Directions
 * are integer compass points and the aim's integer bearing.
 */

const ACTED_WORDS = {
  none: "",
  formed: "has changed formation",
  pivoted: "has pivoted",
  moved: "has moved",
  shot: "has shot",
} as const;

/** "Infantry I1 (Red), 9 hits of 15, facing north-east, in line, in cover in the Copse". */
export function unitWords(ctx: Ctx, position: Position, id: string): string | undefined {
  const u = position.units[id];
  if (!u) return undefined;
  const data = ctx.rules.data;
  const parts = [
    `${data.unitTypes[u.type].name} ${id} (${sideName(ctx, u.side)})`,
    `${u.hits} hits of ${data.hitsToEliminate}`,
    `facing ${compassPoint(u.facing)}`,
    `in ${u.formation}`,
  ];
  const base = unitPolygon(u);
  const cover = inCover(ctx, u, base);
  if (cover) parts.push(`in cover in ${cover.name}`);
  const town = allRoundFireArea(ctx, u);
  if (town && rangeOf(ctx, u) !== null) parts.push(`firing all round from ${town.name}`);
  const hill = hilltopOf(ctx, u);
  if (hill) parts.push(`on the top of ${hill.name}`);
  for (const c of position.contacts) {
    if (c.attacker === id) parts.push(`engaging ${c.defender} in its ${c.side}`);
    if (c.defender === id) parts.push(`engaged by ${c.attacker} in its ${c.side}`);
  }
  if (u.acted !== "none") parts.push(ACTED_WORDS[u.acted]);
  return parts.join(", ");
}

/**
 * "enemy cavalry C1 7.5 inches ahead, in arc, in range": the other unit's
 * side, type and id, the range measure's distance (the rangeFrom reading's
 * parts), where it lies from the first unit's facing, and then, for a
 * shooter, the field of fire and the range; under lineOfSight "simple",
 * what blocks the sight; for cavalry that may charge now, whether it can.
 */
export function relativeWords(
  ctx: Ctx,
  position: Position,
  fromId: string,
  toId: string,
): string | undefined {
  const a = position.units[fromId];
  const b = position.units[toId];
  if (!a || !b || fromId === toId) return undefined;
  const data = ctx.rules.data;
  const town = allRoundFireArea(ctx, a);
  const ticks = ceilDistance(rangeMeasure(ctx, a, b, town !== undefined).nearest.squared);
  const turn = bearingTurn(a, a.facing, b);
  const where = turn === null ? "at the same place" : relativeDirection(turn);
  const parts = [
    `${a.side === b.side ? "friendly" : "enemy"} ${data.unitTypes[b.type].name.toLowerCase()} ${toId} ${inchesWords(ticks)} ${where}`,
  ];
  if (rangeOf(ctx, a) !== null) {
    parts.push(town ? "all-round fire" : fireArc(ctx, a, b).within ? "in arc" : "out of arc");
    parts.push(inRange(ctx, a, b, town !== undefined) ? "in range" : "out of range");
    const blocker = sightLine(ctx, position, fromId, toId)?.blocker;
    if (blocker) parts.push(`sight blocked by ${blocker.name}`);
  }
  const charges =
    data.unitTypes[a.type].canCharge &&
    a.side !== b.side &&
    a.side === position.toMove &&
    position.phase === "movement" &&
    a.acted === "none";
  if (charges) {
    let side: string | undefined;
    for (const t of chargeTurns(ctx, a, b)) {
      const path = chargePath(ctx, position, fromId, toId, t);
      if (path.ok) {
        side = path.value.side;
        break;
      }
    }
    parts.push(side ? `can charge its ${side}` : "cannot charge");
  }
  return parts.join(", ");
}
