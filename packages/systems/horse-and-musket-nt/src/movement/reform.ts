import { basePolygon, frontCentre, type Pose, scaledDirection, translationSweep } from "@tercio/geometry";
import { poseOf, sizeOf, unitSize } from "../bases.js";
import type { Ctx } from "../context.js";
import type { DiceSource } from "../dice-source.js";
import { type Judge, RollOffJudge, refusedEvent, squaredPast } from "../grey-areas.js";
import type { Position, UnitState } from "../position.js";
import { no, type Out, type RuleError, ruleError, yes } from "../rule-error.js";
import { townToHold, withoutHold } from "../terrain.js";
import type { Formation } from "../vocabulary.js";
import { moveSequenceRefusal, newPointBlankTarget } from "./check-move.js";
import type { MoveStep } from "./move.js";
import { tableRefusal, terrainRefusal, threatOf, threatRefusal, unitRefusal } from "./obstacles.js";

/**
 * Maneuvering ii, Reform: "Make 2" move in any direction, including 2" move
 * into / out of column." A move of its own, measured by no die: a slide of
 * at most 2" (the centre's, every corner the same) with the facing kept,
 * and, at its end, a change of formation about the front-centre point
 * (line or column; under the ACW modifications, infantry into skirmish
 * order too, ACW 2). The change itself is not metered: the bases are
 * shifted into the formation (a reading, docs/rules). Terrain and units
 * are checked as for any move, and enemy threat zones, with a move's
 * exception: a Reform that ends with a new Unit as its Point Blank target
 * may enter one (Interpenetration). A unit ending a Reform entirely within a town no
 * other unit holds now holds it (Terrain iii). The Poor Drill rule (ACW 2,
 * designed): a Militia unit changing formation rolls a Dx and fails on
 * less than the rules data's score, spending its move where it stands.
 */
export interface ReformCheck {
  readonly pose: Pose;
  readonly formation: Formation;
  readonly error?: RuleError;
}

/** The pose of a footprint changed about its front-centre point. */
export function reformAbout(
  pose: Pose,
  from: { frontage: number; depth: number },
  to: { frontage: number; depth: number },
): Pose {
  const fc = frontCentre(pose, from);
  const back = scaledDirection(pose.facing, to.depth / 2);
  return { x: fc.x - back.x, y: fc.y - back.y, facing: pose.facing };
}

function formationRefusal(ctx: Ctx, id: string, u: UnitState, formation: Formation): RuleError | undefined {
  if (formation === "skirmish" && !(ctx.options.acw === "on" && u.type === "infantry"))
    return ruleError(
      "move/formation",
      "ACW 2",
      `only Infantry under the American Civil War modifications switch to skirmish order (${id})`,
      { unit: id },
    );
  return undefined;
}

export function checkReform(
  ctx: Ctx,
  position: Position,
  id: string,
  dx: number,
  dy: number,
  formation: Formation | undefined,
  judge: Judge,
): ReformCheck {
  const u = position.units[id];
  const start = u ? poseOf(u) : { x: 0, y: 0, facing: 0 };
  const refused = moveSequenceRefusal(position, id, false);
  if (refused || !u)
    return {
      pose: start,
      formation: u?.formation ?? "line",
      error: refused ?? ruleError("action/unknown-unit", "Maneuvering ii", `there is no unit ${id}`),
    };
  const to = formation ?? u.formation;
  const bad = formationRefusal(ctx, id, u, to);
  if (bad) return { pose: start, formation: u.formation, error: bad };
  const limit = ctx.rules.data.move.reform;
  const d2 = dx * dx + dy * dy;
  const slide = judge.answer({
    key: `reform:${id}`,
    text: `is ${id}'s Reform within 2 inches?`,
    exact: d2 <= limit * limit,
    close: squaredPast(ctx, d2, limit),
    wanted: true,
  });
  if (!slide)
    return {
      pose: start,
      formation: u.formation,
      error: ruleError("move/reform", "Maneuvering ii", `a Reform is a move of at most 2" (${id})`, {
        unit: id,
      }),
    };
  if (dx === 0 && dy === 0 && to === u.formation)
    return {
      pose: start,
      formation: u.formation,
      error: ruleError(
        "move/reform",
        "Maneuvering ii",
        `a Reform moves the unit or changes its formation (${id})`,
        { unit: id },
      ),
    };
  const size = unitSize(ctx, u);
  const slid: Pose = { x: u.x + dx, y: u.y + dy, facing: u.facing };
  const pose = to === u.formation ? slid : reformAbout(slid, size, sizeOf(ctx, u.type, to));
  const swept = translationSweep(basePolygon(start, size), { x: dx, y: dy });
  const end = basePolygon(pose, sizeOf(ctx, u.type, to));
  const changed = { ...u, formation: to };
  const error =
    tableRefusal(ctx, id, end) ??
    unitRefusal(ctx, position, id, swept, false) ??
    terrainRefusal(ctx, id, u, swept) ??
    unitRefusal(ctx, position, id, end, true) ??
    terrainRefusal(ctx, id, changed, end);
  if (error) return { pose: start, formation: u.formation, error };
  const enemy = threatOf(ctx, position, id, swept) ?? threatOf(ctx, position, id, end);
  if (enemy && !newPointBlankTarget(ctx, position, id, pose, to))
    return { pose: start, formation: u.formation, error: threatRefusal(id, enemy) };
  return { pose, formation: to };
}

export function reform(
  ctx: Ctx,
  position: Position,
  id: string,
  dx: number,
  dy: number,
  formation: Formation | undefined,
  dice: DiceSource,
): Out<MoveStep> {
  const u = position.units[id];
  if (!u) return no(ruleError("action/unknown-unit", "Maneuvering ii", `there is no unit ${id}`));
  const judge = new RollOffJudge(position.settled, dice, u.side);
  const check = checkReform(ctx, position, id, dx, dy, formation, judge);
  if (judge.error) return no(judge.error);
  const settled = { ...position.settled, ...judge.settled };
  const events = [...judge.events];
  if (check.error) {
    if (judge.rolled)
      return yes({ position: { ...position, settled }, events: [...events, refusedEvent(id, check.error)] });
    return no(check.error);
  }
  if (check.formation !== u.formation && ctx.options.acw === "on" && ctx.traits[id]?.militia) {
    const r = dice.roll();
    if (!r.ok) return r;
    events.push({ type: "die-rolled", value: r.value, purpose: "drill", unit: id });
    if (r.value < ctx.rules.data.acw.poorDrill) {
      events.push({ type: "drill-failed", unit: id, roll: r.value });
      const spent = { ...u, acted: "reformed" as const };
      return yes({ position: { ...position, settled, units: { ...position.units, [id]: spent } }, events });
    }
  }
  const moved: UnitState = withoutHold({
    ...u,
    x: check.pose.x,
    y: check.pose.y,
    formation: check.formation,
    acted: "reformed",
  });
  const town = townToHold(ctx, { ...position, units: { ...position.units, [id]: moved } }, id, moved);
  const placed: UnitState = town ? { ...moved, holds: town.id } : moved;
  events.push({
    type: "reformed",
    unit: id,
    x: placed.x,
    y: placed.y,
    formation: placed.formation,
    ...(town ? { holds: town.id } : {}),
  });
  return yes({ position: { ...position, settled, units: { ...position.units, [id]: placed } }, events });
}
