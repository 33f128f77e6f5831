import type { GameContext } from "../context.js";
import { idOf } from "../hex/grid.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { type OverStack, overStackedIn, SQUARE_LIMIT, stackingLimit } from "../stacking.js";
import type { Position, UnitId } from "../state/position.js";
import { stackAt } from "../state/stacks.js";
import type { Side } from "../vocabulary.js";
import type { Mover } from "./cost.js";
import { moverIfAble } from "./mover.js";
import { type Occupancy, sharedOccupancy } from "./occupancy.js";
import { memoReach } from "./reach-memo.js";
import { stepsOutInto } from "./reachability.js";

/**
 * 10.0 lets a player overstack during his Movement Phase, but 5.2(G) forbids
 * moving a unit twice: a move that ends in a full hex must leave enough units
 * there that can still move out, to a hex with room (or off the map), or the
 * phase could never end legally. Such a move is refused (docs/rules, 10.0).
 *
 * Who can still leave is judged on the position before the move, so each
 * unit's answer is worked out once per position (see `leaversAt`). `occ` is
 * the position's occupancy.
 *
 * The count of units able to leave is the mover's own (it leaves the mover
 * out), never shared between movers: a count made for a unit standing in
 * the hex would refuse other units moves that `apply` accepts.
 */
export function overstackError(
  ctx: GameContext,
  position: Position,
  occ: Occupancy,
  m: Mover,
  at: number,
  limit = stackingLimit(ctx, m.unit.side),
): RuleError | undefined {
  // 12.1(A): a square holds four whatever the limit; a move ends in one only in place (12.2B: limbering).
  const room = occ.square[at] === 1 ? SQUARE_LIMIT : limit;
  // The mover counts once, whether it ends where it began (`occ` counts it there) or elsewhere.
  const excess = (occ.count[at] as number) + (at === m.start ? 0 : 1) - room;
  // Most hexes have room: no unit need leave, and none is searched for a way out. Kept apart from
  // the search so that this stays small: it is asked of every hex a unit reaches.
  return excess > 0 ? tooFewLeave(ctx, position, occ, m, at, excess, limit) : undefined;
}

/**
 * The hexes where `overstackError` can refuse a move of a unit of `side`
 * (one more unit there would be over the limit: every other hex has room for
 * any mover), and whether each is closed to a unit coming from another hex
 * or from off the map (too few of those there could still leave). For such
 * a mover the answer does not depend on which unit it is, so it is worked
 * out once per position, when first asked; a unit standing in the hex
 * (ending where it began) must still be asked about alone. A count of a
 * phase's moves (legal.ts) asks only about these hexes.
 */
export interface CrowdedHexes {
  readonly hexes: readonly number[];
  closedToOthers(hex: number): boolean;
}

export function crowdedHexes(ctx: GameContext, position: Position, occ: Occupancy, side: Side): CrowdedHexes {
  const limit = stackingLimit(ctx, side);
  const known = crowdedByPosition.get(position);
  const hit = known?.find((k) => k.ctx === ctx && k.limit === limit);
  if (hit) return hit.crowded;
  const hexes: number[] = [];
  const excess = new Int8Array(occ.count.length);
  for (let h = 0; h < occ.count.length; h++) {
    const room = occ.square[h] === 1 ? SQUARE_LIMIT : limit;
    excess[h] = (occ.count[h] as number) + 1 - room;
    if ((excess[h] as number) > 0) hexes.push(h);
  }
  // 0 not yet asked, 1 open, 2 closed.
  const answers = new Uint8Array(occ.count.length);
  const crowded: CrowdedHexes = {
    hexes,
    closedToOthers(h) {
      if ((excess[h] as number) <= 0) return false;
      if (answers[h] === 0) {
        const free = leaversAt(ctx, position, occ, idOf(ctx.map.grid, h), limit).leavers.size;
        answers[h] = free < (excess[h] as number) ? 2 : 1;
      }
      return answers[h] === 2;
    },
  };
  crowdedByPosition.set(position, [...(known ?? []), { ctx, limit, crowded }]);
  return crowded;
}

const crowdedByPosition = new WeakMap<
  Position,
  { readonly ctx: GameContext; readonly limit: number; readonly crowded: CrowdedHexes }[]
>();

/** The refusal of a move that leaves `excess` units too many in hex `at`, unless as many can still leave. */
function tooFewLeave(
  ctx: GameContext,
  position: Position,
  occ: Occupancy,
  m: Mover,
  at: number,
  excess: number,
  limit: number,
): RuleError | undefined {
  const hex = idOf(ctx.map.grid, at);
  const here = leaversAt(ctx, position, occ, hex, limit);
  // The mover is left out of both: it is the one moving in (or back to where it stands).
  const inside = here.stack.includes(m.id) ? 1 : 0;
  const free = here.leavers.size - (here.leavers.has(m.id) ? 1 : 0);
  if (free >= excess) return undefined;
  const others = here.stack.length - inside;
  return ruleError(
    "stacking/unresolvable",
    "10.0",
    `${m.id} would make ${others + 1} units in ${hex} (limit ${limit}) and too few of them could still move out before the Movement Phase ends`,
    { unit: m.id, hex },
  );
}

/**
 * Where mover `m` may end its move as far as 10.0 goes (`overstackError`),
 * with the stacking limit looked up once: every hex a unit reaches is asked about.
 */
export function stopGuard(
  ctx: GameContext,
  position: Position,
  occ: Occupancy,
  m: Mover,
): (hex: number) => boolean {
  const limit = stackingLimit(ctx, m.unit.side);
  return (h) => !overstackError(ctx, position, occ, m, h, limit);
}

/**
 * The units of `hex` and those of them that could still move this phase to
 * a hex with fewer than `limit` units, or off the map (`searchWayOut`). The
 * answer depends only on the position, the hex and the limit, so it is kept
 * per position: counting or listing a phase's moves asks it for every unit
 * that could end in a crowded hex.
 */
function leaversAt(
  ctx: GameContext,
  position: Position,
  occ: Occupancy,
  hex: string,
  limit: number,
): { readonly stack: readonly UnitId[]; readonly leavers: ReadonlySet<UnitId> } {
  let known = leavers.get(position);
  if (known?.ctx !== ctx) {
    known = { ctx, answers: new Map() };
    leavers.set(position, known);
  }
  const key = `${limit}/${hex}`;
  let answer = known.answers.get(key);
  if (answer === undefined) {
    const stack = stackAt(position, hex);
    answer = { stack, leavers: new Set(stack.filter((id) => searchWayOut(ctx, position, occ, id, limit))) };
    known.answers.set(key, answer);
  }
  return answer;
}

const leavers = new WeakMap<
  Position,
  {
    ctx: GameContext;
    answers: Map<string, { readonly stack: readonly UnitId[]; readonly leavers: ReadonlySet<UnitId> }>;
  }
>();

function searchWayOut(
  ctx: GameContext,
  position: Position,
  occ: Occupancy,
  id: UnitId,
  limit: number,
): boolean {
  const other = moverIfAble(ctx, position, id);
  if (!other) return false;
  const room = (h: number) => (occ.count[h] as number) < limit;
  // Most units can step straight into a neighbour with room: no need for the whole search then.
  if (stepsOutInto(ctx, occ, other, room)) return true;
  const r = memoReach(ctx, occ, other);
  // 16.22: leaving the map (exitFrom is -1 where the unit cannot) takes it out of the hex as well.
  return r.exitFrom !== -1 || r.hexes.some(room);
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
  const occ = sharedOccupancy(ctx.map, position);
  return overStackedIn(ctx, occ, side).filter(
    (o) => leaversAt(ctx, position, occ, o.hex, o.limit).leavers.size > 0,
  );
}
