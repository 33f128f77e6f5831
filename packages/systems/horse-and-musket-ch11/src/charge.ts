import type { Result } from "@tercio/core";
import {
  baseCorners,
  basePolygon,
  firstContactAmong,
  frontCentre,
  type Point,
  type Polygon,
  type Pose,
  rotationSweep,
  scaledDirection,
  translationSweep,
  zoneOf,
} from "@tercio/geometry";
import { aimTurn } from "./aim.js";
import { onTable, poseOf, sizeOf, unitPolygon } from "./bases.js";
import type { Ctx } from "./context.js";
import { combatFactors, expectedHandToHandHits } from "./hand-to-hand.js";
import { blockerOf, mayPass, overlapOf } from "./movement/interpenetration.js";
import { endTerrainRefusal, pathTerrainRefusal } from "./movement/terrain.js";
import type { Position, UnitState } from "./position.js";
import { type RuleError, ruleError } from "./rule-error.js";
import type { Exact } from "./shooting/casualties.js";
import type { ContactSide } from "./vocabulary.js";

/**
 * 004 Movement: Charge Moves. Cavalry only; the charger may turn once, at
 * the start, by at most 45º (about its centre, 004 Movement: Turning), then
 * goes straight ahead into contact with its victim, within its 12"
 * allowance and with no road bonus. The engine finds the contact: the
 * first unit the advancing base would overlap (the kernel's firstContact,
 * which stops the charger on the tick lattice just short of overlap) must
 * be the target. Terrain and interpenetration apply to the path as to any
 * move; the charger may not end in a town. Only one attacker may engage a
 * defender; a square may not be charged (004 Square Formation). The side
 * struck is the zone of the target's corner rays holding the charger's
 * front centre (contactOnRay settles a point on a ray).
 */
export interface ChargePath {
  /** Where the charge ends: just short of contact, on the tick lattice. */
  readonly pose: Pose;
  /** The centre's travel, ticks (rounded down from the exact contact parameter). */
  readonly travel: number;
  readonly side: ContactSide;
  readonly touching: "edge-edge" | "corner-edge" | "corner-corner";
  /** The pose after the turn at the start (the starting pose when it does not turn). */
  readonly turned: Pose;
  /** The charge's reach: the allowance straight ahead of the turned pose, as a vector in ticks. */
  readonly reach: Point;
  /** The exact first-contact parameter along the reach (0 < t <= 1): contact at turned + t·reach. */
  readonly t: { readonly num: number; readonly den: number };
  /** The ground the advance covers (turned base to final base), tested for terrain. */
  readonly swept: Polygon;
  /** The point whose zone about the target's corner rays is the side struck: the charger's front centre at `pose`. */
  readonly sidePoint: Point;
}

function refuse(
  code: Parameters<typeof ruleError>[0],
  rule: string,
  text: string,
  unit: string,
  other?: string,
) {
  return { ok: false as const, error: ruleError(code, rule, text, other ? { unit, other } : { unit }) };
}

function chargeRefusal(
  ctx: Ctx,
  position: Position,
  id: string,
  target: string,
  turn: number,
): RuleError | undefined {
  const unit = position.units[id];
  const victim = position.units[target];
  if (!unit)
    return ruleError("action/unknown-unit", "Movement: Charge Moves", `there is no unit ${id}`, { unit: id });
  if (!victim)
    return ruleError("action/unknown-unit", "Movement: Charge Moves", `there is no unit ${target}`, {
      unit: id,
      other: target,
    });
  if (position.phase !== "movement")
    return ruleError(
      "action/wrong-phase",
      "Sequence of Play",
      "charges are moves, made in the Movement phase",
      { unit: id },
    );
  if (unit.side !== position.toMove)
    return ruleError("action/not-your-unit", "Sequence of Play", `${id} is not the moving player's`, {
      unit: id,
    });
  if (!ctx.rules.data.unitTypes[unit.type].canCharge)
    return ruleError(
      "charge/cavalry-only",
      "Movement: Charge Moves",
      `Cavalry are the only unit type that may enter Hand-to-Hand Combat (${id} is ${unit.type})`,
      { unit: id },
    );
  if (unit.acted !== "none")
    return ruleError("charge/already-moved", "Movement: Charge Moves", `${id} has already moved this turn`, {
      unit: id,
    });
  if (victim.side === unit.side)
    return ruleError("charge/not-enemy", "Movement: Charge Moves", `${target} is not an enemy unit`, {
      unit: id,
      other: target,
    });
  if (victim.formation === "square")
    return ruleError(
      "charge/square",
      "Square Formation: Protection from Cavalry",
      `enemy Cavalry units may not charge an Infantry unit in Square formation (${target})`,
      { unit: id, other: target },
    );
  if (position.contacts.some((c) => c.defender === target))
    return ruleError(
      "charge/already-engaged",
      "Movement: Charge Moves: Limited Engagement",
      `only one attacking unit may engage any given defending unit (${target} is engaged)`,
      { unit: id, other: target },
    );
  const limit = ctx.rules.data.chargeTurnLimit;
  if (Math.abs(turn) > limit)
    return ruleError(
      "charge/turn-too-large",
      "Movement: Charge Moves: Turning",
      `a charging Cavalry unit may turn once, at the start of its move, by no more than ${limit / 100}º (${id} would turn ${Math.abs(turn) / 100}º)`,
      { unit: id },
    );
  return undefined;
}

/** The charge's path into contact, or the rule that forbids it. */
export function chargePath(
  ctx: Ctx,
  position: Position,
  id: string,
  target: string,
  turn = 0,
): Result<ChargePath, RuleError> {
  const refusal = chargeRefusal(ctx, position, id, target, turn);
  if (refusal) return { ok: false, error: refusal };
  const unit = position.units[id];
  const victim = position.units[target];
  if (!unit || !victim) throw new Error("checked above");
  const size = sizeOf(unit);
  const start = poseOf(unit);
  const turned: Pose = { x: start.x, y: start.y, facing: (((start.facing + turn) % 36000) + 36000) % 36000 };
  if (turn !== 0) {
    const sweep = rotationSweep(basePolygon(start, size), start, start.facing, start.facing + turn);
    const bad = pathTerrainRefusal(ctx, id, unit, sweep);
    if (bad) return { ok: false, error: { ...bad, code: "charge/terrain" } };
    const blocker = blockerOf(ctx, position, id, sweep);
    if (blocker)
      return refuse(
        "charge/blocked",
        "Movement: Charge Moves: Turning",
        `${id} cannot turn: ${blocker} is in the way`,
        id,
        blocker,
      );
  }
  const allowance = ctx.rules.data.unitTypes[unit.type].allowance;
  const v = scaledDirection(turned.facing, allowance);
  const from = basePolygon(turned, size);
  const ids: string[] = [];
  const obstacles: Polygon[] = [];
  // In id order, so that a tie between two first contacts goes the same way whatever the key order.
  for (const oid of Object.keys(position.units).sort()) {
    const other = position.units[oid];
    if (!other || oid === id || mayPass(ctx, unit, other)) continue;
    ids.push(oid);
    obstacles.push(unitPolygon(other));
  }
  const hit = firstContactAmong(from, v, obstacles);
  if (!hit)
    return refuse(
      "charge/no-contact",
      "Movement: Charge Moves",
      `charges are resolved by moving the attacking unit into contact with their victim: ${id} cannot reach ${target} straight ahead within its allowance`,
      id,
      target,
    );
  const first = ids[hit.index] as string;
  if (first !== target)
    return refuse(
      "charge/blocked",
      "Movement: Charge Moves",
      `${id}'s charge would meet ${first} before ${target}`,
      id,
      first,
    );
  const pose: Pose = {
    x: turned.x + hit.displacement.x,
    y: turned.y + hit.displacement.y,
    facing: turned.facing,
  };
  const base = basePolygon(pose, size);
  if (!onTable(ctx, base))
    return refuse("charge/off-table", "Movement: Charge Moves", `${id} would leave the table`, id);
  const path = translationSweep(from, hit.displacement);
  const terrain = pathTerrainRefusal(ctx, id, unit, path);
  if (terrain) return { ok: false, error: { ...terrain, code: "charge/terrain" } };
  const town = endTerrainRefusal(ctx, id, unit, base);
  if (town) return { ok: false, error: { ...town, code: "charge/town" } };
  const under = overlapOf(position, id, base);
  if (under)
    return refuse(
      "charge/blocked",
      "Movement: Interpenetration",
      `${id} may not end its charge on ${under}`,
      id,
      under,
    );
  const sidePoint = frontCentre(pose, size);
  const zone = zoneOf(baseCorners(poseOf(victim), sizeOf(victim)), sidePoint, ctx.options.contactOnRay);
  const side: ContactSide = zone === "inside" ? "front" : zone;
  const travel = Number((BigInt(hit.t.num) * BigInt(allowance)) / BigInt(hit.t.den));
  return {
    ok: true,
    value: { pose, travel, side, touching: hit.touching, turned, reach: v, t: hit.t, swept: path, sidePoint },
  };
}

/**
 * The turns a charge is offered with, in the order tried (legalActions, the
 * AIs, a board's working): the aim at the target's centre within the
 * charge's turning limit (aimTurn), then straight ahead; straight ahead
 * alone when the aim is no turn or the target is behind.
 */
export function chargeTurns(ctx: Ctx, charger: UnitState, target: UnitState): number[] {
  const aim = aimTurn(charger, charger.facing, target, ctx.rules.data.chargeTurnLimit);
  return aim === null || aim === 0 ? [0] : [aim, 0];
}

/**
 * The expected hits of a charge, exactly (mean over the d6), or null when
 * the charge is illegal: for an AI weighing it or a board's tooltip.
 */
export function expectedChargeHits(
  ctx: Ctx,
  position: Position,
  id: string,
  target: string,
  turn = 0,
): Exact | null {
  const path = chargePath(ctx, position, id, target, turn);
  const victim = position.units[target];
  if (!path.ok || !victim) return null;
  return expectedHandToHandHits(
    ctx.rules.data,
    combatFactors(ctx, victim, path.value.side),
    ctx.options.modifierRounding,
  );
}
