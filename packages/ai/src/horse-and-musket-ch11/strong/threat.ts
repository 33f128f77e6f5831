import type { Seat } from "@tercio/core";
import { type Pose, TICKS_PER_INCH } from "@tercio/geometry";
import { aimTurn, type Ctx, type Position, type UnitState } from "@tercio/horse-and-musket-ch11";
import { distance } from "../objectives.js";
import { unitOf, unitsOf } from "../policy.js";
import {
  type Arc,
  arcCovers,
  arcOf,
  atPose,
  chargeFaces,
  damageWorth,
  hypotheticalCharge,
  shotFaces,
} from "../worth.js";

/**
 * The threat map of the enemy's next player turn against one of my units at
 * a pose. A unit that moves may not shoot, so the enemy's shots next turn
 * come from where its shooters stand now: each shooter that has the pose in
 * its field of fire and range (exactly, the engine's tests) deals its exact
 * worth, shared among the targets it has. Its cavalry charge from where
 * they stand now too (a charge is the cavalry's whole move): the engine's
 * chargePath says exactly whether each can reach the pose, with the side
 * struck; the worst of them counts (one attacker per defender).
 */
const INCH = TICKS_PER_INCH;

/** The position as the enemy will find it at the start of its turn, with my unit at the pose. */
export function enemyView(position: Position, id: string, pose: Pose, enemy: Seat): Position {
  const u = unitOf(position, id);
  return {
    ...position,
    toMove: enemy,
    phase: "movement",
    contacts: [],
    units: { ...position.units, [id]: atPose(u, pose) },
  };
}

/** My view at the start of my next turn (enemies where they stand), with my unit at the pose, fresh. */
export function myNextView(position: Position, id: string, pose: Pose): Position {
  const u = unitOf(position, id);
  return {
    ...position,
    phase: "movement",
    contacts: [],
    units: { ...position.units, [id]: { ...atPose(u, pose), acted: "none" } },
  };
}

/** Each enemy shooter's arc, and how many of my units (other than `except`) it can shoot now. */
export interface Load {
  readonly arc: Arc;
  readonly targets: number;
}

export function shooterLoads(
  ctx: Ctx,
  position: Position,
  side: Seat,
  enemy: Seat,
  except: string,
): Map<string, Load> {
  const loads = new Map<string, Load>();
  const mine = unitsOf(position, side).filter((id) => id !== except);
  for (const e of unitsOf(position, enemy)) {
    const arc = arcOf(ctx, unitOf(position, e));
    if (!arc) continue;
    let n = 0;
    for (const m of mine) if (arcCovers(ctx, arc, unitOf(position, m))) n++;
    loads.set(e, { arc, targets: n });
  }
  return loads;
}

export interface Threat {
  readonly shots: number;
  readonly charge: number;
}

/** The enemy's worth against my unit standing at the pose through its next turn. */
export function threatAt(
  ctx: Ctx,
  position: Position,
  id: string,
  pose: Pose,
  enemy: Seat,
  loads: ReadonlyMap<string, Load>,
  charges = true,
): Threat {
  const me = atPose(unitOf(position, id), pose);
  let shots = 0;
  for (const load of loads.values()) {
    const s = load.arc.shooter;
    const range = ctx.rules.data.unitTypes[s.type].range ?? 0;
    if (distance(s, me) > range + 8 * INCH) continue;
    if (!arcCovers(ctx, load.arc, me)) continue;
    shots += damageWorth(ctx, shotFaces(ctx, s, me), me.hits) / (load.targets + 1);
  }
  return { shots, charge: charges ? chargeThreat(ctx, position, id, pose, me, enemy) : 0 };
}

function chargeThreat(
  ctx: Ctx,
  position: Position,
  id: string,
  pose: Pose,
  me: UnitState,
  enemy: Seat,
): number {
  if (me.formation === "square") return 0;
  let worst = 0;
  let view: Position | undefined;
  for (const c of unitsOf(position, enemy)) {
    const cav = unitOf(position, c);
    if (!ctx.rules.data.unitTypes[cav.type].canCharge) continue;
    const reach =
      ctx.rules.data.unitTypes[cav.type].allowance + cav.frontage + me.frontage + cav.depth + me.depth;
    if (distance(cav, me) > reach) continue;
    view ??= enemyView(position, id, pose, enemy);
    const aim = aimTurn(cav, cav.facing, me, ctx.rules.data.chargeTurnLimit);
    for (const turn of aim === null || aim === 0 ? [0] : [aim, 0]) {
      const path = hypotheticalCharge(ctx, view, id, c, id, turn);
      if (!path?.ok) continue;
      worst = Math.max(worst, damageWorth(ctx, chargeFaces(ctx, me, path.value.side), me.hits));
      break;
    }
  }
  return worst;
}
