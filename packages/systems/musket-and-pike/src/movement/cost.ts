import type { GameContext } from "../context.js";
import type { DirectionIndex } from "../hex/axial.js";
import { directionBetween, idOf } from "../hex/grid.js";
import { roadBetween } from "../map/map-context.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { PROHIBITED } from "../rules-data/rules-context.js";
import type { UnitId, UnitRecord } from "../state/position.js";
import type { UnitStats } from "../state/unit-stats.js";
import { SIDES, TERRAINS, type Terrain, UNIT_CLASSES } from "../vocabulary.js";
import { EMPTY, type Occupancy } from "./occupancy.js";
import type { RoadConstraints } from "./road-mode.js";

/** The unit being moved, with the values that apply to it (indices precomputed for the hot path). */
export interface Mover {
  readonly id: UnitId;
  readonly unit: UnitRecord;
  readonly stats: UnitStats;
  /** Hex it starts from, or -1 when it enters from off the map. */
  readonly start: number;
  /** SIDES index of its side. */
  readonly side: number;
  /** UNIT_CLASSES index of its class (rows of the compiled Terrain Effects Chart). */
  readonly cls: number;
  /** 16.13: one of the Nieuport fleet. */
  readonly fleet: boolean;
  /** 13.0 (optional): the game uses the advanced road rules; roads then serve only units in Road Mode. */
  readonly advancedRoads?: boolean;
  /** 13.0: where Road Mode is in play for this unit, what other units' Road Movement Spaces forbid. */
  readonly roads?: RoadConstraints;
}

/** How a step is paid for: 5.3(K) roads, 13.0 off the road mode (no road benefit), or 13.0 in Road Mode. */
export type RoadUse = "basic" | "plain" | "road";

export function roadUse(m: Mover, roadMode: boolean): RoadUse {
  if (roadMode) return "road";
  return m.advancedRoads ? "plain" : "basic";
}

export const OFF_MAP = -1;
const SEA = TERRAINS.indexOf("sea");
const CLEAR = TERRAINS.indexOf("clear");
const CLASSES = UNIT_CLASSES.length;

/**
 * Half-MP cost for the mover to enter hex `to` from `from` (OFF_MAP for a
 * unit entering at a map edge), or PROHIBITED. The fast path of reachability;
 * `whyNot` explains a PROHIBITED answer. `d` is the direction from `from` to
 * `to` when the caller knows it.
 */
export function stepHalfCost(
  ctx: GameContext,
  occ: Occupancy,
  m: Mover,
  from: number,
  to: number,
  d = -1,
  use: RoadUse = roadUse(m, m.unit.roadMode),
): number {
  const held = occ.side[to] as number;
  // 5.2(F): never into or through a hex containing enemy units.
  if (held !== EMPTY && held !== m.side) return PROHIBITED;
  // 12.2(B): other friendly units may not move through a hex with a friendly Square marker.
  if (occ.square[to] === 1) return PROHIBITED;
  const terrain = ctx.terrain[to] as number;
  const halfCost = ctx.rules.halfCost;
  if (ctx.fleetWater) {
    // 16.13: the stream and the sea belong to the fleet, and the fleet to them; the sea is crossed as clear ground.
    if ((ctx.fleetWater[to] === 1) !== m.fleet) return PROHIBITED;
    if (m.fleet) return halfCost[(terrain === SEA ? CLEAR : terrain) * CLASSES + m.cls] as number;
  }
  if (use === "road") {
    // 13.0: in Road Mode a unit moves only along the road, at the road rate, friends or no friends (13.0B).
    const along =
      d >= 0 ? ((ctx.map.roadMask[from] as number) & (1 << d)) !== 0 : entersByRoad(ctx, from, to);
    return along ? ctx.rules.roadHalfCost : PROHIBITED;
  }
  if (use === "plain") return halfCost[terrain * CLASSES + m.cls] as number;
  const friends = (occ.count[to] as number) - (to === m.start ? 1 : 0);
  // 5.3(K): the road rate along a road, but never into a hex holding another friendly unit.
  if (
    friends === 0 &&
    (d >= 0 ? ((ctx.map.roadMask[from] as number) & (1 << d)) !== 0 : entersByRoad(ctx, from, to))
  ) {
    return ctx.rules.roadHalfCost;
  }
  return halfCost[terrain * CLASSES + m.cls] as number;
}

/**
 * Whether a step into hex `to` costs the same under occupancies `a` and `b`
 * for a unit of side `side` (a SIDES index): what `stepHalfCost` reads of
 * the hex's occupancy is whether enemies hold it, whether a square stands
 * there, and, where a road runs, whether friends are there (5.3K). Other
 * changes, such as a friendly stack growing, leave the step as it was. A
 * road that runs off the map edge has road bits in its edge hex too (a road
 * is two hexes at least).
 */
export function sameStepTerms(
  ctx: GameContext,
  side: number,
  a: Occupancy,
  b: Occupancy,
  to: number,
): boolean {
  const enemyA = a.side[to] !== EMPTY && a.side[to] !== side;
  const enemyB = b.side[to] !== EMPTY && b.side[to] !== side;
  if (enemyA !== enemyB || a.square[to] !== b.square[to]) return false;
  return (ctx.map.roadMask[to] as number) === 0 || (a.count[to] === 0) === (b.count[to] === 0);
}

/** True when the step from `from` to `to` follows a road across their hexside (or along a road leaving the map edge). */
export function entersByRoad(ctx: GameContext, from: number, to: number): boolean {
  if (from === OFF_MAP) return ctx.map.roadEnds[to] === 1;
  const d = directionBetween(ctx.map.grid, from, to);
  return d !== undefined && roadBetween(ctx.map, from, d as DirectionIndex);
}

/** Why the mover may not enter `to` (stepHalfCost returned PROHIBITED), citing the rule. */
export function whyNot(ctx: GameContext, occ: Occupancy, mover: Mover, to: number): RuleError {
  const hex = idOf(ctx.map.grid, to);
  const about = { unit: mover.id, hex };
  const own = SIDES.indexOf(mover.unit.side);
  const held = occ.side[to] as number;
  if (held !== EMPTY && held !== own)
    return ruleError("move/enemy-hex", "5.2F", `hex ${hex} holds enemy units`, about);
  if (occ.square[to] === 1) {
    return ruleError("move/square", "12.2B", `no unit may move into or through the square in ${hex}`, about);
  }
  // 16.13: the fleet and its waters belong to each other, as stepHalfCost has it.
  if (ctx.fleetWater && (ctx.fleetWater[to] === 1) !== mover.fleet) {
    return mover.fleet
      ? ruleError(
          "move/fleet-ashore",
          "16.13",
          `the fleet may only move in the stream and the sea, not ${hex}`,
          about,
        )
      : ruleError(
          "move/fleet-water",
          "16.13",
          `no unit but the fleet may enter the stream or the North Sea (${hex})`,
          about,
        );
  }
  const terrain = TERRAINS[ctx.terrain[to] as number] as Terrain;
  return ruleError(
    "move/terrain-prohibited",
    "9.0",
    `${mover.stats.class} may not enter ${ctx.rules.data.terrain[terrain].name.toLowerCase()} (hex ${hex})`,
    about,
  );
}
