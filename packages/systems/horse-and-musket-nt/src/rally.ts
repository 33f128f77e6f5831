import { distanceSq, type Point, sideCentres, zoneOf } from "@tercio/geometry";
import { poseOf, sideCentre, unitCorners, unitFrontCentre, unitSize } from "./bases.js";
import type { Ctx } from "./context.js";
import type { DiceSource } from "./dice-source.js";
import type { GameEvent } from "./events.js";
import { type Judge, RollOffJudge, withinQuestion } from "./grey-areas.js";
import type { Position, UnitState } from "./position.js";
import { no, type Out, type RuleError, ruleError, yes } from "./rule-error.js";
import { sideOfTarget } from "./sides.js";
import { rallyCover, townHeld } from "./terrain.js";
import { fireValues, loggedModifier, modifiedDie } from "./unit-class.js";

/** Where an enemy fires from: its front centre, or the centre of every side while it holds a town (Terrain iii). */
function fireOrigins(ctx: Ctx, e: UnitState, allRound: boolean): Point[] {
  if (!allRound) return [unitFrontCentre(ctx, e)];
  const c = sideCentres(poseOf(e), unitSize(ctx, e));
  return [c.front, c.right, c.rear, c.left];
}

/**
 * 3) Routs and Rallies: "Any Unit that neither Moves nor Fires may rally as
 * long as it is not within Point Blank Range and Fire Arc of an enemy Unit.
 * Simply roll a Dx and remove half that many Hits [round up]. If presently
 * eligible to receive a Terrain Bonus from enemy Fire, remove another Hit.
 * A Unit with more than 5 Hits may not rally to below 5 Hits."
 *
 * Within point blank range and fire arc (a reading: range and arc only, no
 * line of sight, as the words name those two): an enemy that could fire
 * from where it stands, whose front-centre point is within its point blank
 * range of the centre of the side of this unit it faces (the LoS distance
 * of 1.1), that centre in its front arc. The unit holding a town fires
 * all round from the centre of any side (Terrain iii): its arc is all
 * round, its range from its side's centre nearest. A rally also
 * replenishes the ammunition (Ammunition Supply). A unit with neither hits
 * nor an empty cartridge box has nothing to rally.
 */
export function pointBlankThreat(ctx: Ctx, position: Position, id: string, judge: Judge): string | undefined {
  const u = position.units[id];
  if (!u) return undefined;
  for (const enemyId of Object.keys(position.units).sort()) {
    const e = position.units[enemyId] as UnitState;
    if (e.side === u.side) continue;
    const f = fireValues(ctx, e);
    if (!f) continue;
    const side = sideOfTarget(ctx, e, u);
    if (side === "inside") continue;
    const centre = sideCentre(ctx, u, side);
    const allRound = townHeld(ctx, position, enemyId) !== undefined;
    if (!allRound && zoneOf(unitCorners(ctx, e), centre, ctx.options.onRay) !== "front") continue;
    const q = withinQuestion(
      ctx,
      `rally:${id}:${enemyId}`,
      `is ${id} within ${enemyId}'s Point Blank Range?`,
      Math.min(...fireOrigins(ctx, e, allRound).map((o) => distanceSq(o, centre))),
      f.pointBlank,
      false,
    );
    if (judge.answer(q)) return enemyId;
  }
  return undefined;
}

export function rallyRefusal(ctx: Ctx, position: Position, id: string, judge: Judge): RuleError | undefined {
  const u = position.units[id];
  if (!u) return ruleError("action/unknown-unit", "3 Routs and Rallies", `there is no unit ${id}`);
  if (position.phase !== "rallies")
    return ruleError("action/wrong-phase", "Play Sequence", "units rally in the Routs and Rallies phase", {
      unit: id,
    });
  if (u.side !== position.toMove)
    return ruleError("action/not-your-unit", "Play Sequence", `${id} is not the acting player's`, {
      unit: id,
    });
  if (u.acted !== "none")
    return ruleError(
      "rally/moved-or-fired",
      "3 Routs and Rallies",
      `Any Unit that neither Moves nor Fires may rally: ${id} has ${u.acted === "rallied" ? "rallied" : "acted"} this turn`,
      { unit: id },
    );
  if (u.hits === 0 && !u.outOfAmmunition)
    return ruleError(
      "rally/nothing",
      "3 Routs and Rallies",
      `${id} has no Hits to remove and has its ammunition`,
      { unit: id },
    );
  const enemy = pointBlankThreat(ctx, position, id, judge);
  if (enemy)
    return ruleError(
      "rally/under-fire",
      "3 Routs and Rallies",
      `${id} is within Point Blank Range and Fire Arc of ${enemy} and may not rally`,
      { unit: id, other: enemy },
    );
  return undefined;
}

/** The hits a rally leaves, for a die as rolled. */
export function hitsAfterRally(
  ctx: Ctx,
  position: Position,
  id: string,
  face: number,
): { removed: number; hits: number; cover: boolean } {
  const u = position.units[id] as UnitState;
  const r = ctx.rules.data.rally;
  const cover = rallyCover(ctx, position, id);
  const die = modifiedDie(ctx, id, face);
  const removed = Math.ceil(die / r.divide) + (cover ? r.terrainExtra : 0);
  const floor = u.hits > r.floor ? r.floor : 0;
  const hits = Math.max(floor, u.hits - removed);
  return { removed: u.hits - hits, hits, cover };
}

export function rally(
  ctx: Ctx,
  position: Position,
  id: string,
  dice: DiceSource,
): Out<{ position: Position; events: GameEvent[] }> {
  const u = position.units[id];
  if (!u) return no(ruleError("action/unknown-unit", "3 Routs and Rallies", `there is no unit ${id}`));
  const judge = new RollOffJudge(position.settled, dice, u.side);
  const refused = rallyRefusal(ctx, position, id, judge);
  if (judge.error) return no(judge.error);
  const settled = { ...position.settled, ...judge.settled };
  if (refused) {
    if (judge.rolled)
      return yes({
        position: { ...position, settled },
        events: [
          ...judge.events,
          { type: "refused-after-roll-off", unit: id, rule: refused.rule, message: refused.message },
        ],
      });
    return no(refused);
  }
  const r = dice.roll();
  if (!r.ok) return r;
  const after = hitsAfterRally(ctx, position, id, r.value);
  const rallied: UnitState = { ...u, hits: after.hits, acted: "rallied", outOfAmmunition: false };
  return yes({
    position: { ...position, settled, units: { ...position.units, [id]: rallied } },
    events: [
      ...judge.events,
      { type: "die-rolled", value: r.value, purpose: "rally", unit: id, ...loggedModifier(ctx, id) },
      {
        type: "rallied",
        unit: id,
        roll: r.value,
        removed: after.removed,
        hits: after.hits,
        cover: after.cover,
        replenished: u.outOfAmmunition,
      },
    ],
  });
}
