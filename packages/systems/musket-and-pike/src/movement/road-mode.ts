import type { GameContext } from "../context.js";
import { DIRECTION_INDICES } from "../hex/axial.js";
import { indexOfId, neighbourOf } from "../hex/grid.js";
import type { Position, UnitId, UnitRecord } from "../state/position.js";
import type { Side } from "../vocabulary.js";

/**
 * 13.0 (optional), Road Movement (advanced): the Road Movement Space and the
 * constraints it puts on movement. A unit in Road Movement Mode occupies
 * "three hexes: the Road hexes directly in front and behind the unit, and
 * the hex the unit occupies" (13.0A): its hex and the hexes the road leads to
 * from it (more than two where roads meet).
 */
export function roadSpace(ctx: GameContext, hex: number): number[] {
  const out = [hex];
  const mask = ctx.map.roadMask[hex] as number;
  // A road bit always joins two hexes of the map (the map's roads are checked when it loads).
  for (const d of DIRECTION_INDICES) if ((mask & (1 << d)) !== 0) out.push(neighbourOf(ctx.map.grid, hex, d));
  return out;
}

/** 13.0: "The cost of converting to the Road Movement Mode is one Movement Point", and out of it the same. */
export const ROAD_MODE_HALF_COST = 2;

export interface RoadConstraints {
  /** 1 where a unit in Road Mode would overlap another Road Mode unit's space (13.0A). */
  readonly overlap: Uint8Array;
  /** 1 in the Road Movement Space of an enemy unit in Road Mode: others stop on entering (13.0A errata). */
  readonly enemySpace: Uint8Array;
  /** 16.22: the unit may come onto the map already in Road Mode. */
  readonly entersInRoadMode: boolean;
}

/** Whether a game plays the advanced road rules (13.0) rather than 5.3(K). */
export function advancedRoads(position: Position): boolean {
  return position.options.optionalRules.includes("road-movement");
}

/** The constraints other units' Road Movement Spaces put on `mover` (itself left out), a unit of the position. */
export function roadConstraints(
  ctx: GameContext,
  position: Position,
  mover: UnitId,
  unit: UnitRecord,
  entersInRoadMode: boolean,
): RoadConstraints {
  if (unit.roadMode) return buildConstraints(ctx, position, mover, unit.side, entersInRoadMode);
  // A unit out of Road Mode has no space of its own to leave out: all its side's units see the same.
  const key = `${unit.side}/${entersInRoadMode}`;
  let known = sideConstraints.get(position);
  if (known?.ctx !== ctx) {
    known = { ctx, bySide: new Map() };
    sideConstraints.set(position, known);
  }
  let constraints = known.bySide.get(key);
  if (!constraints) {
    constraints = buildConstraints(ctx, position, mover, unit.side, entersInRoadMode);
    known.bySide.set(key, constraints);
  }
  return constraints;
}

/** Per position, the constraints on units out of Road Mode, by side (shared: read only). */
const sideConstraints = new WeakMap<Position, { ctx: GameContext; bySide: Map<string, RoadConstraints> }>();

function buildConstraints(
  ctx: GameContext,
  position: Position,
  mover: UnitId,
  side: Side,
  entersInRoadMode: boolean,
): RoadConstraints {
  const size = ctx.map.grid.size;
  const overlap = new Uint8Array(size);
  const enemySpace = new Uint8Array(size);
  for (const [hex, ids] of Object.entries(position.stacks)) {
    for (const id of ids) {
      // A validated position's stacks name only its units.
      const unit = position.units[id] as UnitRecord;
      if (!unit.roadMode || id === mover) continue;
      for (const h of roadSpace(ctx, indexOfId(ctx.map.grid, hex))) {
        if (unit.side !== side) enemySpace[h] = 1;
        // A space that takes `h` overlaps this one: as road hexes joined by a road are each in the
        // other's space, the spaces taking `h` are those of the hexes in h's own space.
        for (const o of roadSpace(ctx, h)) overlap[o] = 1;
      }
    }
  }
  return { overlap, enemySpace, entersInRoadMode };
}
