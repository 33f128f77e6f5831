import type { GameContext } from "../context.js";
import { distance, indexOfId } from "../hex/grid.js";
import type { HexId } from "../hex/offset.js";
import type { Attack, Decision, Position, UnitId } from "../state/position.js";
import { unitHexes } from "../state/stacks.js";
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
    const from = hexOf(board, unit);
    const record = board.units[unit];
    if (from !== undefined && record) {
      const options = retreatOptions(ctx, commit(position, board), unit);
      const only = options.length === 1 ? options[0] : undefined;
      if (options.length === 0) {
        eliminate(board, unit, "8.2", "no hex to retreat into");
      } else if (only) {
        retreatTo(ctx, board, unit, from, only.to, only.path);
      } else {
        const decision: Decision = { kind: "retreat", side: otherSide(record.side), units: pending, from };
        return { ...commit(position, board), decision };
      }
    }
    pending = rest;
  }
  const after = withoutDecision(commit(position, board));
  // 8.3: hexes the attack left completely empty of the defender's units.
  const vacated = attack.targets.filter((hex) => (after.stacks[hex] ?? []).length === 0);
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
    if ((position.stacks[into] ?? []).length > 0) continue;
    const to = indexOfId(grid, into);
    const candidates = attack.attackers.filter((id) => {
      const at = hexes.get(id);
      if (at === undefined || attack.targets.includes(at)) return false;
      return distance(grid, indexOfId(grid, at), to) === 1;
    });
    if (candidates.length === 0) continue;
    const next = vacated.slice(i + 1);
    return {
      ...rest,
      decision: {
        kind: "advance",
        side: position.phasing,
        into,
        candidates,
        max: Math.min(2, candidates.length),
        ...(next.length > 0 ? { next } : {}),
      },
    };
  }
  return rest;
}

export function withoutDecision(position: Position): Position {
  const { decision: _answered, ...rest } = position;
  return rest;
}
