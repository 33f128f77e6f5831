import { err, ok, type Result } from "@tercio/core";
import { type GameContext, zoneKey } from "../context.js";
import { indexOfId } from "../hex/grid.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { heldError, isHeld } from "../scenario-specials.js";
import type { Position, UnitId, UnitRecord } from "../state/position.js";
import { hexOfUnit } from "../state/stacks.js";
import { unitStats } from "../state/unit-stats.js";
import { SIDES, UNIT_CLASSES } from "../vocabulary.js";
import { type Mover, OFF_MAP } from "./cost.js";
import { advancedRoads, roadConstraints } from "./road-mode.js";

/**
 * Whether a unit may move now at all, and with what: the checks shared by
 * reachability and by a submitted move. Each refusal cites its rule.
 */
export function mover(
  ctx: GameContext,
  position: Position,
  id: UnitId,
  hexes?: ReadonlyMap<UnitId, string>,
  /** 12.2(B): only limbering or unlimbering where it stands, which artillery may do inside a square. */
  inPlace = false,
): Result<Mover, RuleError> {
  const m = moverOrRefusal(ctx, position, id, hexes, inPlace);
  return typeof m === "string" ? err(refusalError(ctx, position, id, m)) : ok(m);
}

/**
 * `mover` for the hot paths that only skip a unit that may not move (a
 * Movement Phase's count asks it of every unit at every step): the same
 * answer, without writing the refusal.
 */
export function moverIfAble(ctx: GameContext, position: Position, id: UnitId): Mover | undefined {
  const m = moverOrRefusal(ctx, position, id, undefined, false);
  return typeof m === "string" ? undefined : m;
}

/** Why `mover` refuses, named; the error is written only where it is wanted (`refusalError`). */
type Refusal =
  | "unknown-unit"
  | "wrong-phase"
  | "not-phasing"
  | "already-moved"
  | "disrupted"
  | "held"
  | "immobile"
  | "in-square"
  | "off-map"
  | "no-edge"
  | "entry-too-early";

function moverOrRefusal(
  ctx: GameContext,
  position: Position,
  id: UnitId,
  hexes: ReadonlyMap<UnitId, string> | undefined,
  inPlace: boolean,
): Mover | Refusal {
  const unit = position.units[id];
  if (!unit) return "unknown-unit";
  if (position.phase !== "movement") return "wrong-phase";
  if (unit.side !== position.phasing) return "not-phasing";
  if (position.moved.includes(id)) return "already-moved";
  if (unit.disrupted) return "disrupted";
  if (isHeld(ctx, position, unit)) return "held";
  const stats = unitStats(ctx.rules, ctx.scenario, unit);
  if (stats.movement === 0) return "immobile";
  const status = position.offMap[id];
  let start: number;
  // 16.22: whether the unit enters from its edge in Road Mode (its zone is read only for a unit to enter).
  let entersInRoadMode = false;
  if (status === undefined) {
    const hex = hexes ? hexes.get(id) : hexOfUnit(position, id);
    if (hex !== undefined && position.squares.includes(hex) && !inPlace) return "in-square";
    start = indexOfId(ctx.map.grid, hex ?? "");
  } else {
    if (status !== "awaiting-entry") return "off-map";
    const zone = ctx.zones.get(zoneKey(unit.side, unit.force));
    if (zone?.kind !== "enter") return "no-edge";
    if (position.gameTurn < zone.gameTurn) return "entry-too-early";
    start = OFF_MAP;
    entersInRoadMode = zone.roadMode;
  }
  const advanced = advancedRoads(position);
  // 13.0: Road Mode is in play with the optional rule, for a unit already in it, or for 16.22's entry.
  const roads =
    advanced || unit.roadMode || entersInRoadMode
      ? roadConstraints(ctx, position, id, unit, entersInRoadMode)
      : undefined;
  // Built in one go: every unit's mover is made at every count of moves.
  return {
    id,
    unit,
    stats,
    side: SIDES.indexOf(unit.side),
    cls: UNIT_CLASSES.indexOf(stats.class),
    fleet: unit.role === "fleet",
    advancedRoads: advanced,
    ...(roads ? { roads } : {}),
    start,
  };
}

/** The refusal `mover` gives, citing its rule. */
function refusalError(ctx: GameContext, position: Position, id: UnitId, why: Refusal): RuleError {
  const about = { unit: id };
  const unit = position.units[id];
  switch (why) {
    case "unknown-unit":
      return ruleError("action/unknown-unit", "3.3", `there is no unit ${id}`, about);
    case "wrong-phase":
      return ruleError(
        "move/wrong-phase",
        "4.2",
        `units move only in a Movement Phase, not the ${position.phase} phase`,
        about,
      );
    case "not-phasing":
      return ruleError("move/not-phasing", "5.2D", `${id} belongs to the non-Phasing Player`, about);
    case "already-moved":
      return ruleError("move/already-moved", "5.2G", `${id} has already moved this Movement Phase`, about);
    case "disrupted":
      return ruleError("move/disrupted", "8.4", `${id} is disrupted and may not move`, about);
    case "held":
      return heldError(ctx, position, id, unit as UnitRecord) as RuleError;
    case "immobile":
      return ruleError("move/immobile", "5.4L", `${id} has no Movement Allowance and may never move`, about);
    case "in-square": {
      const hex = hexOfUnit(position, id) ?? "";
      return ruleError(
        "move/in-square",
        "12.2B",
        `${id} may not leave the square in ${hex} until its marker is removed`,
        { unit: id, hex },
      );
    }
    case "off-map":
      return ruleError("move/off-map", "5.1C", `${id} is ${position.offMap[id]} and cannot move`, about);
    case "no-edge":
      return ruleError("move/off-map", "5.1C", `${id} has no map edge to enter from`, about);
    case "entry-too-early": {
      const zone = ctx.zones.get(zoneKey((unit as UnitRecord).side, (unit as UnitRecord).force));
      return ruleError(
        "move/entry-too-early",
        ctx.scenario.id,
        `force (${(unit as UnitRecord).force}) enters on Game-Turn ${zone?.kind === "enter" ? zone.gameTurn : "?"}, not ${position.gameTurn}`,
        about,
      );
    }
  }
}

/** 5.4(L): limbered artillery moves; the fleet (16.13) moves without limbering; other units need no limber. */
export function needsLimbering(m: Mover): boolean {
  return m.stats.class === "artillery" && m.unit.role !== "fleet";
}
