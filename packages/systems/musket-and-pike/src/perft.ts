import { allocationError } from "./combat/declare.js";
import { attackingUnit } from "./combat/units.js";
import type { GameContext } from "./context.js";
import { distance, indexOfId } from "./hex/grid.js";
import { legalActions, legalMoves } from "./legal.js";
import type { Position } from "./state/position.js";
import { unitHexes } from "./state/stacks.js";

/**
 * Perft-style counts of one position, after chessops' perft tables: numbers
 * that any change to the rules engine's move generation shows at once. The
 * fire and melee pairs are counted with the phase aside (what the Phasing
 * Player's units could attack from where they stand), so a Movement Phase
 * position counts its lines of sight too.
 */
export interface PerftCounts {
  /** Hexes each of the Phasing Player's units may move to now (legalMoves), summed over the units. */
  readonly moveDestinations: number;
  /** (unit, enemy hex) pairs the Phasing Player may allocate to fire: in range (7.1C) and in sight (7.3G). */
  readonly firePairs: number;
  /** (unit, adjacent enemy hex) pairs the Phasing Player may allocate to melee, one hex at a time (6.0). */
  readonly meleePairs: number;
  /** Every action the player to act may take now (legalActions). */
  readonly legalActions: number;
}

export function perft(ctx: GameContext, position: Position): PerftCounts {
  const grid = ctx.map.grid;
  const hexes = unitHexes(position);
  const enemyHexes = Object.keys(position.stacks).filter((hex) => {
    const top = position.stacks[hex]?.[0];
    return top !== undefined && position.units[top]?.side !== position.phasing;
  });
  let moveDestinations = 0;
  let firePairs = 0;
  let meleePairs = 0;
  for (const [id, unit] of Object.entries(position.units)) {
    if (unit.side !== position.phasing) continue;
    const moves = legalMoves(ctx, position, id);
    if (moves.ok) moveDestinations += moves.value.destinations.length;
    const firer = attackingUnit(ctx, position, id, "fire", hexes);
    if (!("code" in firer) && firer.stats.range !== null) {
      for (const target of enemyHexes) {
        if (distance(grid, firer.at, indexOfId(grid, target)) > firer.stats.range) continue;
        if (!allocationError(ctx, position, "fire", id, [target], hexes)) firePairs++;
      }
    }
    const attacker = attackingUnit(ctx, position, id, "melee", hexes);
    if (!("code" in attacker) && !attacker.stats.meleeParenthesised) {
      for (const target of enemyHexes) {
        if (distance(grid, attacker.at, indexOfId(grid, target)) !== 1) continue;
        if (!allocationError(ctx, position, "melee", id, [target], hexes)) meleePairs++;
      }
    }
  }
  return { moveDestinations, firePairs, meleePairs, legalActions: legalActions(ctx, position).length };
}
