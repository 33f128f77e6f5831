import {
  type BaseSize,
  basePolygon,
  interiorsOverlap,
  type Point,
  pointInConvex,
  scaledDirection,
  ticksToInches,
  withinDistance,
} from "@tercio/geometry";
import type { Ctx } from "./context.js";
import type { GameEvent } from "./events.js";
import { traitsOf, unitPolygon } from "./footprint.js";
import type { Position, TeamState, UnitState } from "./position.js";
import { no, type Out, ruleError, yes } from "./rule-error.js";
import { insideTable, onTable, overlapping } from "./table.js";

/**
 * Artillery: "Limbered artillery is formed and is designated by a model
 * horse or ox on the stand. Unlimbered artillery (no horse or ox) is in
 * skirmish." "Horse/ox models can be placed anywhere within 6" of an
 * unlimbered gun." Attack Values: "guns, horse teams and buildings lose
 * points"; Defense Values: "Horse teams function fully until the points
 * run out." So a team is a piece of its own while its gun is unlimbered:
 * placed within 6" of the axle, a target of fire with points of its own
 * (designed, P-4), and needed to limber the gun again. Readings (rules
 * notes): the team is a model, not a unit — it does not block a move or a
 * line of fire, it is not engaged in melee, and an enemy unit that comes to
 * stand over it takes it.
 */

export function teamSize(ctx: Ctx): BaseSize {
  const b = ctx.rules.data.basing.team;
  return { frontage: b.frontage, depth: b.depth };
}

/** The team's model on the table, facing as its gun does; undefined while it is on the stand or lost. */
export function teamPolygon(ctx: Ctx, gun: UnitState): Point[] | undefined {
  const at = gun.team?.at;
  if (!at || (gun.team?.points ?? 0) === 0) return undefined;
  return basePolygon({ x: at.x, y: at.y, facing: gun.facing }, teamSize(ctx));
}

/** A new gun's team at full points, on its stand (Artillery; P-4). */
export function freshTeam(ctx: Ctx, id: string): TeamState | undefined {
  const t = ctx.units[id];
  if (t?.arm !== "guns" || !t.gun) return undefined;
  return { points: ctx.rules.data.artillery.teamPoints[t.gun] };
}

/** Whether the gun's team is on the table and has points: a target of fire. */
export function teamOnTable(gun: UnitState): boolean {
  return gun.gone === undefined && gun.team?.at !== undefined && gun.team.points > 0;
}

/** Whether a place suits the team's model: within 6" of the gun's axle, on the table, clear of units and buildings. */
export function teamPlaceError(
  ctx: Ctx,
  position: Position,
  id: string,
  gun: UnitState,
  at: Point,
): Out<true> {
  const reach = ctx.rules.data.artillery.teamsWithin;
  if (!withinDistance(at, { x: gun.x, y: gun.y }, reach))
    return no(
      ruleError(
        "move/team",
        "Artillery",
        `horse/ox models are placed within ${ticksToInches(reach)}" of the gun`,
        id,
      ),
    );
  const poly = basePolygon({ x: at.x, y: at.y, facing: gun.facing }, teamSize(ctx));
  if (!insideTable(ctx, poly))
    return no(ruleError("move/team", "Artillery", "the team's model would be off the table", id));
  const other = overlapping(ctx, { ...position, units: { ...position.units, [id]: gun } }, poly, new Set());
  if (other !== undefined)
    return no(ruleError("move/team", "Artillery", `${other} stands where the team would be placed`, id));
  const building = ctx.areas.find((a) => a.kind === "building" && interiorsOverlap(poly, a.polygon));
  if (building)
    return no(ruleError("move/team", "Artillery", `the team is not placed in ${building.name}`, id));
  return yes(true);
}

/**
 * Where unlimbering puts the team unless the player places it: behind the
 * gun, half a team's depth clear of the stand, else to its left, right or
 * front, the first place that suits (a reading: the text leaves it to the
 * player; the player may place it anew at once).
 */
export function defaultTeamPlace(ctx: Ctx, position: Position, id: string, gun: UnitState): Point {
  const candidates = teamPlacesAround(ctx, gun);
  const fits = candidates.find((p) => teamPlaceError(ctx, position, id, gun, p).ok);
  return fits ?? (candidates[0] as Point);
}

/** Behind, left, right and in front of the gun, half the stand and a team's depth from its axle. */
export function teamPlacesAround(ctx: Ctx, gun: UnitState): Point[] {
  const b = ctx.rules.data.basing;
  const reach = ctx.rules.data.artillery.teamsWithin;
  const gap = Math.min(reach, Math.max(b.gun.depth, b.gun.frontage) / 2 + b.team.depth);
  return [18000, 27000, 9000, 0].map((turn) => {
    const v = scaledDirection((gun.facing + turn) % 36000, gap);
    return { x: gun.x + v.x, y: gun.y + v.y };
  });
}

/** Fire at a team: it loses points, and is lost at none (no leader roll: a team has no leaders). */
export function teamHit(position: Position, id: string, lost: number, events: GameEvent[]): Position {
  const gun = position.units[id];
  const team = gun?.team;
  if (!gun || !team || lost <= 0) return position;
  const taken = Math.min(team.points, lost);
  const points = team.points - taken;
  events.push({ type: "team-hit", unit: id, lost: taken, left: points });
  if (points === 0) events.push({ type: "team-lost", unit: id, how: "shot" });
  const next: TeamState = points === 0 ? { points } : { ...team, points };
  return { ...position, units: { ...position.units, [id]: { ...gun, team: next } } };
}

/** Teams an enemy unit now stands over are taken (after every action: moves, engagements, falling back, pursuit). */
export function overrunTeams(ctx: Ctx, position: Position, events: GameEvent[]): Position {
  let out = position;
  for (const [id, gun] of onTable(position)) {
    if (!teamOnTable(gun)) continue;
    const at = gun.team?.at as Point;
    const over = onTable(position).find(
      ([eid, e]) => e.side !== gun.side && pointInConvex(at, unitPolygon(ctx, eid, e)),
    );
    if (!over) continue;
    events.push({ type: "team-lost", unit: id, how: "overrun", by: over[0] });
    out = { ...out, units: { ...out.units, [id]: { ...gun, team: { points: 0 } } } };
  }
  return out;
}

/** Whether the gun may limber: "Horse teams function fully until the points run out." */
export function teamMayLimber(ctx: Ctx, id: string, gun: UnitState): Out<true> {
  if (traitsOf(ctx, id, gun).arm !== "guns") return yes(true);
  if ((gun.team?.points ?? 0) > 0) return yes(true);
  return no(
    ruleError("move/team-lost", "Defense Values", "the horse team is lost: the guns cannot limber", id),
  );
}
