import {
  basePolygon,
  firstContactAmong,
  type Point,
  type Polygon,
  type Pose,
  translationSweep,
} from "@tercio/geometry";
import { unitFrontCentre, unitPolygon, unitSize } from "../bases.js";
import type { Ctx } from "../context.js";
import type { DiceSource } from "../dice-source.js";
import type { GameEvent } from "../events.js";
import { type Judge, RollOffJudge, refusedEvent, withinQuestion } from "../grey-areas.js";
import { allowanceOf } from "../movement/check-move.js";
import { tableRefusal, terrainRefusal } from "../movement/obstacles.js";
import type { Position, UnitState } from "../position.js";
import { no, type Out, type RuleError, ruleError, yes } from "../rule-error.js";
import { isProtected, sideOfTarget } from "../sides.js";
import { frontSight, type SideSight } from "../sight/line-of-sight.js";
import { onRoad, withoutHold } from "../terrain.js";
import { charges } from "../unit-class.js";
import type { UnitSide } from "../vocabulary.js";

/**
 * Charging: "Only Cavalry may move into Contact with an enemy Unit" (and,
 * under Charging Infantry, the regiments named, at the infantry move rate).
 *
 * - The side charged is the side of the target that the charger's
 *   front-centre point is in (Front, Left, Right & Rear Sides); it may not
 *   be a protected flank, nor a side already contacted (iii: "only one
 *   Cavalry Unit per Side").
 * - i: the target in LoS (I-V) to that side's centre, from the charger's
 *   front centre and in its front arc even when it holds a town (the
 *   town's all-round sight is for its fire; frontSight), and the LoS distance
 *   no more than the move amount with Bonus (the rolled Dx, modified, plus
 *   the Bonus; a charge keeps it: the text says so, though it is not
 *   straight ahead).
 * - ii: the charger moves along the line of sight, its front-centre point
 *   heading for the side's centre, facing kept ("no additional free
 *   movement to achieve fully aligned edge-to-edge contact"), and stops at
 *   the first contact, a corner's included: the kernel's firstContactAmong,
 *   on the tick lattice just short of overlap. A first contact with any
 *   other unit blocks the charge; so do terrain the charger may not enter,
 *   rivers away from a crossing and the table's edge. Threat zones do not
 *   (Interpenetration: "except to Charge").
 * - Terrain vi: a column following a road may not charge.
 */
export interface ChargePlan {
  readonly target: string;
  readonly side: UnitSide;
  readonly sight: SideSight;
  /** The LoS distance squared and the move amount with Bonus (ticks). */
  readonly d2: number;
  readonly reach: number;
  /** The line the charger's front centre follows: from, to (the side's centre). */
  readonly from: Point;
  readonly to: Point;
  /** The exact first-contact parameter along the line (0 < t <= 1). */
  readonly t: { readonly num: number; readonly den: number };
  readonly pose: Pose;
  readonly touching: "edge-edge" | "corner-edge" | "corner-corner";
  readonly swept: Polygon;
}

function refuse(
  code: Parameters<typeof ruleError>[0],
  rule: string,
  text: string,
  unit: string,
  other?: string,
): RuleError {
  return ruleError(code, rule, text, other ? { unit, other } : { unit });
}

function chargerRefusal(ctx: Ctx, position: Position, id: string): RuleError | undefined {
  const u = position.units[id];
  if (!u) return ruleError("action/unknown-unit", "Charging", `there is no unit ${id}`);
  if (position.phase !== "actions")
    return refuse("action/wrong-phase", "Play Sequence", "charges are moves, made in the Actions phase", id);
  if (u.side !== position.toMove)
    return refuse("action/not-your-unit", "Play Sequence", `${id} is not the acting player's`, id);
  if (!charges(ctx, id, u))
    return refuse(
      "charge/not-a-charger",
      "Charging",
      `Only Cavalry may move into Contact with an enemy Unit (${id})`,
      id,
    );
  if (u.acted === "none")
    return refuse(
      "move/not-rolled",
      "Charging i",
      `roll ${id}'s move first: a charge reaches the move amount with Bonus`,
      id,
    );
  if (u.acted !== "rolled")
    return refuse("action/already-acted", "Play Sequence", `${id} has already acted`, id);
  if (onRoad(ctx, u))
    return refuse(
      "charge/on-road",
      "Terrain vi",
      `Units in column and following a road may not Charge (${id})`,
      id,
    );
  return undefined;
}

/** The charge of `id` at `targetId`, judged (a reach or a flank too close to call goes to the judge). */
export function chargePlan(
  ctx: Ctx,
  position: Position,
  id: string,
  targetId: string,
  judge: Judge,
): Out<ChargePlan> {
  const refused = chargerRefusal(ctx, position, id);
  if (refused) return no(refused);
  const u = position.units[id] as UnitState;
  const target = position.units[targetId];
  if (!target)
    return no(refuse("action/unknown-unit", "Charging", `there is no unit ${targetId}`, id, targetId));
  if (target.side === u.side)
    return no(refuse("charge/not-enemy", "Charging", `${targetId} is not an enemy Unit`, id, targetId));
  const side = sideOfTarget(ctx, u, target);
  if (side === "inside")
    return no(refuse("charge/blocked", "Charging ii", `${id} overlaps ${targetId}`, id, targetId));
  if (position.contacts.some((c) => c.defender === targetId && c.side === side))
    return no(
      refuse(
        "charge/side-contacted",
        "Charging iii",
        `Contact may be only one Cavalry Unit per Side: ${targetId}'s ${side} is contacted`,
        id,
        targetId,
      ),
    );
  if (isProtected(ctx, position, targetId, side, judge))
    return no(
      refuse(
        "charge/side-protected",
        "Front, Left, Right & Rear Sides",
        `${targetId}'s ${side} side is Protected by a friendly Unit within 1" of its front corner and may not be charged`,
        id,
        targetId,
      ),
    );
  const sight = frontSight(ctx, position, id, targetId, side);
  if (!sight.visible)
    return no(
      refuse(
        "charge/no-line-of-sight",
        "Line of Sight",
        `Units must have LoS to charge: ${id} has none to ${targetId}'s ${side} (${sight.why ?? "blocked"})`,
        id,
        targetId,
      ),
    );
  const reach = allowanceOf(ctx, id, u, true);
  const inReach = judge.answer(
    withinQuestion(
      ctx,
      `reach:${id}:${targetId}`,
      `is ${targetId} within ${id}'s charge (its move with Bonus)?`,
      sight.d2,
      reach,
      true,
    ),
  );
  if (!inReach)
    return no(
      refuse(
        "charge/out-of-reach",
        "Charging i",
        `the LoS distance must be equal or less than the move amount with Bonus (${(reach / 6096).toFixed(2)}")`,
        id,
        targetId,
      ),
    );
  return path(ctx, position, id, u, targetId, side, sight, reach);
}

function path(
  ctx: Ctx,
  position: Position,
  id: string,
  u: UnitState,
  targetId: string,
  side: UnitSide,
  sight: SideSight,
  reach: number,
): Out<ChargePlan> {
  const from = unitFrontCentre(ctx, u);
  const to = sight.centre;
  const v = { x: to.x - from.x, y: to.y - from.y };
  const base = unitPolygon(ctx, u);
  const ids = Object.keys(position.units)
    .filter((o) => o !== id)
    .sort();
  const bodies = ids.map((o) => unitPolygon(ctx, position.units[o] as UnitState));
  const hit = firstContactAmong(base, v, bodies);
  if (!hit)
    return no(refuse("charge/blocked", "Charging ii", `${id} would not reach ${targetId}`, id, targetId));
  const met = ids[hit.index] as string;
  if (met !== targetId)
    return no(
      refuse("charge/blocked", "Charging ii", `${id} would contact ${met} before ${targetId}`, id, met),
    );
  const pose = { x: u.x + hit.displacement.x, y: u.y + hit.displacement.y, facing: u.facing };
  const swept = translationSweep(base, hit.displacement);
  const end = basePolygon(pose, unitSize(ctx, u));
  const blocked = tableRefusal(ctx, id, end) ?? terrainRefusal(ctx, id, u, swept);
  if (blocked)
    return no({ ...blocked, code: blocked.code === "move/off-table" ? "charge/blocked" : blocked.code });
  return yes({
    target: targetId,
    side,
    sight,
    d2: sight.d2,
    reach,
    from,
    to,
    t: hit.t,
    pose,
    touching: hit.touching,
    swept,
  });
}

/** Plays a charge: the contact recorded, the charger at its end (roll-offs of a close reach or flank first). */
export function charge(
  ctx: Ctx,
  position: Position,
  id: string,
  targetId: string,
  dice: DiceSource,
): Out<{ position: Position; events: GameEvent[] }> {
  const u = position.units[id];
  if (!u) return no(ruleError("action/unknown-unit", "Charging", `there is no unit ${id}`));
  const judge = new RollOffJudge(position.settled, dice, u.side);
  const plan = chargePlan(ctx, position, id, targetId, judge);
  if (judge.error) return no(judge.error);
  const settled = { ...position.settled, ...judge.settled };
  if (!plan.ok) {
    // A lost roll-off is kept (its dice and answer); the unit may still move otherwise.
    if (judge.rolled)
      return yes({
        position: { ...position, settled },
        events: [...judge.events, refusedEvent(id, plan.error)],
      });
    return plan;
  }
  const p = plan.value;
  const moved: UnitState = { ...u, x: p.pose.x, y: p.pose.y, acted: "charged" };
  return yes({
    position: {
      ...position,
      settled,
      units: { ...position.units, [id]: withoutHold(moved) },
      contacts: [...position.contacts, { attacker: id, defender: targetId, side: p.side }],
    },
    events: [
      ...judge.events,
      {
        type: "charged",
        unit: id,
        target: targetId,
        side: p.side,
        x: p.pose.x,
        y: p.pose.y,
        facing: p.pose.facing,
        distance: Math.floor(Math.sqrt(p.d2)),
        touching: p.touching,
      },
    ],
  });
}
