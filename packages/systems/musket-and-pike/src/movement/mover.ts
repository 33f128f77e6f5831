import { err, ok, type Result } from "@tercio/core";
import { type GameContext, zoneKey } from "../context.js";
import { indexOfId } from "../hex/grid.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { heldError } from "../scenario-specials.js";
import type { Position, UnitId } from "../state/position.js";
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
  const unit = position.units[id];
  if (!unit) return err(ruleError("action/unknown-unit", "3.3", `there is no unit ${id}`, { unit: id }));
  if (position.phase !== "movement") {
    return err(
      ruleError(
        "move/wrong-phase",
        "4.2",
        `units move only in a Movement Phase, not the ${position.phase} phase`,
        { unit: id },
      ),
    );
  }
  if (unit.side !== position.phasing) {
    return err(
      ruleError("move/not-phasing", "5.2D", `${id} belongs to the non-Phasing Player`, { unit: id }),
    );
  }
  if (position.moved.includes(id)) {
    return err(
      ruleError("move/already-moved", "5.2G", `${id} has already moved this Movement Phase`, { unit: id }),
    );
  }
  if (unit.disrupted)
    return err(ruleError("move/disrupted", "8.4", `${id} is disrupted and may not move`, { unit: id }));
  const held = heldError(ctx, position, id, unit);
  if (held) return err(held);
  const stats = unitStats(ctx.rules, ctx.scenario, unit);
  if (stats.movement === 0) {
    return err(
      ruleError("move/immobile", "5.4L", `${id} has no Movement Allowance and may never move`, { unit: id }),
    );
  }
  const advanced = advancedRoads(position);
  // 13.0: Road Mode is in play with the optional rule, for a unit already in it, or for 16.22's entry.
  const zone = ctx.zones.get(zoneKey(unit.side, unit.force));
  const entersInRoadMode =
    position.offMap[id] === "awaiting-entry" && zone?.kind === "enter" && zone.roadMode;
  const roads =
    advanced || unit.roadMode || entersInRoadMode
      ? roadConstraints(ctx, position, id, unit, entersInRoadMode)
      : undefined;
  // Built in one go: every unit's mover is made at every listing of moves.
  const moving = (start: number): Mover => ({
    id,
    unit,
    stats,
    side: SIDES.indexOf(unit.side),
    cls: UNIT_CLASSES.indexOf(stats.class),
    fleet: unit.role === "fleet",
    advancedRoads: advanced,
    ...(roads ? { roads } : {}),
    start,
  });
  const status = position.offMap[id];
  if (status === undefined) {
    const hex = hexes ? hexes.get(id) : hexOfUnit(position, id);
    if (hex !== undefined && position.squares.includes(hex) && !inPlace) {
      return err(
        ruleError(
          "move/in-square",
          "12.2B",
          `${id} may not leave the square in ${hex} until its marker is removed`,
          { unit: id, hex },
        ),
      );
    }
    return ok(moving(indexOfId(ctx.map.grid, hex ?? "")));
  }
  if (status !== "awaiting-entry") {
    return err(ruleError("move/off-map", "5.1C", `${id} is ${status} and cannot move`, { unit: id }));
  }
  if (zone?.kind !== "enter") {
    return err(ruleError("move/off-map", "5.1C", `${id} has no map edge to enter from`, { unit: id }));
  }
  if (position.gameTurn < zone.gameTurn) {
    return err(
      ruleError(
        "move/entry-too-early",
        ctx.scenario.id,
        `force (${unit.force}) enters on Game-Turn ${zone.gameTurn}, not ${position.gameTurn}`,
        { unit: id },
      ),
    );
  }
  return ok(moving(OFF_MAP));
}

/** 5.4(L): limbered artillery moves; the fleet (16.13) moves without limbering; other units need no limber. */
export function needsLimbering(m: Mover): boolean {
  return m.stats.class === "artillery" && m.unit.role !== "fleet";
}
