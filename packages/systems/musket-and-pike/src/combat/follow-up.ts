import type { GameContext } from "../context.js";
import { distance, indexOfId } from "../hex/grid.js";
import type { HexId } from "../hex/offset.js";
import { ROAD_MODE_HALF_COST } from "../movement/road-mode.js";
import type { Attack, Decision, Position, UnitId, UnitRecord } from "../state/position.js";
import { unitHexes } from "../state/stacks.js";
import { unitStats } from "../state/unit-stats.js";
import { otherSide } from "../vocabulary.js";
import { type Board, commit, eliminate, hexOf, relocate } from "./board.js";
import { retreatOptions } from "./retreat.js";

/**
 * After a melee result: the retreats (8.2), then the advances (8.3). Each
 * retreat the rules leave open is a decision for the enemy of the retreating
 * unit; a retreat with one way out, or none (elimination), is carried out at
 * once. `queue` lists the units still to retreat, in order.
 */
export function continueRetreats(
  ctx: GameContext,
  position: Position,
  board: Board,
  queue: readonly UnitId[],
  attack: Attack,
): Position {
  let pending = [...queue];
  while (pending.length > 0) {
    const [unit, ...rest] = pending as [UnitId, ...UnitId[]];
    // Every queued unit is on the map: resolve queues the units it has just disrupted and left
    // there, a retreat decision's units are on the map (parse checks it), and no retreat removes another.
    const from = hexOf(board, unit) as HexId;
    const left = board.leftRoadMode.has(unit);
    const options = retreatOptions(ctx, commit(position, board), unit, left ? ROAD_MODE_HALF_COST : 0);
    const only = options.length === 1 ? options[0] : undefined;
    if (options.length === 0) {
      eliminate(board, unit, "8.2", "no hex to retreat into");
    } else if (only) {
      retreatTo(ctx, board, unit, from, only.to, only.path);
    } else {
      const shortened = pending.filter((id) => board.leftRoadMode.has(id));
      const decision: Decision = {
        kind: "retreat",
        side: otherSide((board.units[unit] as UnitRecord).side),
        units: pending,
        from,
        ...(shortened.length > 0 ? { leftRoadMode: shortened } : {}),
      };
      return { ...commit(position, board), decision };
    }
    pending = rest;
  }
  const after = withoutDecision(commit(position, board));
  // 8.3: hexes the attack left completely empty of the defender's units (15.0: or holding only disrupted guns).
  const vacated = attack.targets.filter((hex) => enterable(ctx, after, hex));
  return nextAdvance(ctx, after, vacated, attack);
}

export function retreatTo(
  ctx: GameContext,
  board: Board,
  unit: UnitId,
  from: HexId,
  to: HexId,
  path: readonly HexId[],
): void {
  relocate(ctx, board, unit, to, "bottom");
  board.events.push({ type: "unit-retreated", unit, from, to, path: [...path], rule: "8.2" });
}

/**
 * 8.3: the next vacated hex of the attack into which involved attackers may
 * advance (up to two), as a decision for the attacker; 6.2(F) attacks may
 * leave several such hexes, offered in turn. A unit advances only once.
 */
export function nextAdvance(
  ctx: GameContext,
  position: Position,
  vacated: readonly HexId[],
  attack: Attack,
): Position {
  const rest = withoutDecision(position);
  const grid = ctx.map.grid;
  const hexes = unitHexes(position);
  for (const [i, into] of vacated.entries()) {
    if (!enterable(ctx, position, into)) continue;
    const to = indexOfId(grid, into);
    const candidates = attack.attackers.filter((id) => {
      const at = hexes.get(id);
      // 12.3(C): units attacking out of a square may not advance after combat.
      if (at === undefined || attack.targets.includes(at) || position.squares.includes(at)) return false;
      return distance(grid, indexOfId(grid, at), to) === 1;
    });
    if (candidates.length === 0) continue;
    const next = vacated.slice(i + 1);
    const capture = [...(position.stacks[into] ?? [])];
    return {
      ...rest,
      decision: {
        kind: "advance",
        side: position.phasing,
        into,
        candidates,
        max: Math.min(2, candidates.length),
        ...(capture.length > 0 ? { capture } : {}),
        ...(next.length > 0 ? { next } : {}),
      },
    };
  }
  return rest;
}

/**
 * Whether the attacker could advance into an attacked hex: it is empty (8.3),
 * or, with 15.0, holds nothing but disrupted enemy artillery, which the
 * advance captures.
 */
function enterable(ctx: GameContext, position: Position, hex: HexId): boolean {
  const ids = position.stacks[hex] ?? [];
  if (ids.length === 0) return true;
  if (!position.options.optionalRules.includes("artillery-capture")) return false;
  return ids.every((id) => {
    // A validated position's stacks name only its units.
    const unit = position.units[id] as UnitRecord;
    return (
      unit.side !== position.phasing &&
      unit.disrupted &&
      unitStats(ctx.rules, ctx.scenario, unit).class === "artillery"
    );
  });
}

export function withoutDecision(position: Position): Position {
  const { decision: _answered, ...rest } = position;
  return rest;
}
