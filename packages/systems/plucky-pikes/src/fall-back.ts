import { firstContactAmong, interiorsOverlap, type Polygon, scaledDirection } from "@tercio/geometry";
import { removeUnit } from "./casualties.js";
import type { Ctx } from "./context.js";
import type { GameEvent } from "./events.js";
import { unitPolygon } from "./footprint.js";
import { leaveMelee } from "./melee/melees.js";
import type { Position, UnitState } from "./position.js";
import { insideTable, onTable, whollyIn } from "./table.js";

/**
 * Fatigue & Pursuit and Effectiveness: "falls back 6"", keeping its facing
 * (research G1-22). A unit giving way from an enemy moves away from it, in
 * the direction that enemy faces (straight back from a frontal attacker,
 * sideways from one on its flank, forward from one in its rear); one
 * falling back after fire moves straight back from its front. A forced move
 * is not refused: it stops where it first meets another unit, and a unit
 * forced into a friendly unit muddles both (Formations: "A badly
 * disorganized unit is 'muddled' when it is forced into a friendly unit").
 * A unit that would fall back off the table leaves it, routed.
 */
export function fallBack(
  ctx: Ctx,
  position: Position,
  id: string,
  why: string,
  events: GameEvent[],
  awayFrom?: string,
): Position {
  const u = position.units[id];
  if (!u || u.gone) return position;
  const distance = ctx.rules.data.effectiveness.fallBack;
  const enemy = awayFrom !== undefined ? position.units[awayFrom] : undefined;
  const v =
    enemy && !enemy.gone ? scaledDirection(enemy.facing, distance) : scaledDirection(u.facing, -distance);
  const poly = unitPolygon(ctx, id, u);
  // A garrison gives way within its walls: it leaves the melee and stays in its building (a reading).
  if (ctx.areas.some((a) => a.kind === "building" && whollyIn(poly, a))) {
    events.push({ type: "fell-back", unit: id, why: `${why}, within its building` });
    return leaveMelee(position, id);
  }
  const others: { id: string; poly: Polygon }[] = [];
  // Buildings stop a unit falling back as units do: it never ends in part inside one.
  for (const a of ctx.areas)
    if (a.kind === "building" && !interiorsOverlap(poly, a.polygon))
      others.push({ id: `building:${a.id}`, poly: a.polygon });
  for (const [oid, o] of onTable(position)) {
    if (oid === id) continue;
    const other = unitPolygon(ctx, oid, o);
    // A footprint already overlapping (never made by the rules) cannot be met: it is left out, not a crash.
    if (!interiorsOverlap(poly, other)) others.push({ id: oid, poly: other });
  }
  const hit = firstContactAmong(
    poly,
    v,
    others.map((o) => o.poly),
  );
  const d = hit ? hit.displacement : v;
  const muddledWith = hit ? others[hit.index]?.id : undefined;
  let next: UnitState = { ...u, x: u.x + d.x, y: u.y + d.y };
  let out = leaveMelee(position, id);
  const friend =
    muddledWith !== undefined && out.units[muddledWith]?.side === u.side ? muddledWith : undefined;
  if (friend) {
    const f = out.units[friend] as UnitState;
    // "It takes 3 URTs of the lowest class to untangle a muddle": each unit untangles over 3 of its URTs (a reading).
    const urts = ctx.rules.data.urt.untangle;
    next = { ...next, muddle: urts };
    out = { ...out, units: { ...out.units, [friend]: { ...f, muddle: Math.max(f.muddle, urts) } } };
  }
  out = { ...out, units: { ...out.units, [id]: next } };
  events.push({ type: "fell-back", unit: id, why, ...(friend ? { muddled: friend } : {}) });
  if (!insideTable(ctx, unitPolygon(ctx, id, next))) return removeUnit(out, id, "routed", events);
  return out;
}
