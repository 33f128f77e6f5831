import type { GameContext } from "../context.js";
import { idOf, indexOfId } from "../hex/grid.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { type OverStack, overStacked, stackingLimit } from "../stacking.js";
import type { Position, UnitId } from "../state/position.js";
import { unitHexes } from "../state/stacks.js";
import type { Mover } from "./cost.js";
import { mover } from "./mover.js";
import { type Occupancy, occupancy } from "./occupancy.js";
import { reachFrom } from "./reachability.js";

/**
 * 10.0 lets a player overstack during his Movement Phase, but 5.2(G) forbids
 * moving a unit twice: a move that ends in a full hex must leave enough units
 * there that can still move out, to a hex with room (or off the map), or the
 * phase could never end legally. Such a move is refused (docs/rules, 10.0).
 *
 * Who can still leave is judged on the position before the move, so the
 * answer for a hex is the same whichever unit moves in: `cache` keeps it.
 */
export function overstackError(
  ctx: GameContext,
  position: Position,
  occ: Occupancy,
  m: Mover,
  at: number,
  hexes?: ReadonlyMap<UnitId, string>,
  cache?: Map<number, number>,
): RuleError | undefined {
  const limit = stackingLimit(ctx, m.unit.side);
  if ((occ.count[at] as number) + (at === m.start ? 0 : 1) <= limit) return undefined;
  const hex = idOf(ctx.map.grid, at);
  const stack = (position.stacks[hex] ?? []).filter((id) => id !== m.id);
  const excess = stack.length + 1 - limit;
  if (excess <= 0) return undefined;
  let free = cache?.get(at);
  if (free === undefined) {
    free = stack.filter((id) => canLeave(ctx, position, occ, id, at, limit, hexes)).length;
    cache?.set(at, free);
  }
  if (free >= excess) return undefined;
  return ruleError(
    "stacking/unresolvable",
    "10.0",
    `${m.id} would make ${stack.length + 1} units in ${hex} (limit ${limit}) and too few of them could still move out before the Movement Phase ends`,
    { unit: m.id, hex },
  );
}

function canLeave(
  ctx: GameContext,
  position: Position,
  occ: Occupancy,
  id: UnitId,
  at: number,
  limit: number,
  hexes?: ReadonlyMap<UnitId, string>,
): boolean {
  const other = mover(ctx, position, id, hexes);
  if (!other.ok) return false;
  const r = reachFrom(ctx, occ, other.value);
  if (r.exitCost >= 0) return true;
  for (let h = 0; h < r.cost.length; h++) {
    if (h !== at && (r.cost[h] as number) >= 0 && (occ.count[h] as number) < limit) return true;
  }
  return false;
}

/**
 * 10.0 at the end of a Movement Phase: the hexes over the limit that the
 * player can still cure, because some unit there has not moved and can move
 * out to a hex with room (or off the map). Retreats (8.2) put units into
 * hexes whatever the limit, and the units so stacked are disrupted and may
 * not move (8.4); an overstack no legal move can cure stands rather than
 * making the phase impossible to end (docs/rules, 10.0).
 */
export function curableOverstacks(
  ctx: GameContext,
  position: Position,
  side: Position["phasing"],
): OverStack[] {
  const over = overStacked(ctx, position, side);
  if (over.length === 0) return over;
  const occ = occupancy(ctx.map, position);
  const hexes = unitHexes(position);
  return over.filter((o) => {
    const at = indexOfId(ctx.map.grid, o.hex);
    return (position.stacks[o.hex] ?? []).some((id) => canLeave(ctx, position, occ, id, at, o.limit, hexes));
  });
}
