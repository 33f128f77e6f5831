import type { GameContext } from "../context.js";
import type { UnitRecord } from "../state/position.js";
import { type Mover, OFF_MAP, sameStepTerms } from "./cost.js";
import type { Occupancy } from "./occupancy.js";
import { entryHexes, type Reachability, reachFrom } from "./reachability.js";
import type { RoadConstraints } from "./road-mode.js";

/**
 * `reachFrom`, remembered from one position to the next. A search depends on
 * the mover, on the Road Mode constraints (13.0) and on the occupancy of the
 * hexes it looked at: those it reached and their neighbours (and the entry
 * hexes of a unit entering from an edge), and of those only what a step's
 * cost reads (`sameStepTerms`). A move changes the occupancy of two hexes,
 * and a friendly move seldom changes what another unit's steps cost, so most
 * searches still hold after it: listing a Movement Phase's moves again after
 * each move need not repeat them.
 *
 * A unit on the map is remembered by its id and its record (records are
 * replaced, never changed, when a unit changes). A unit waiting to enter is
 * remembered by what its search reads of it (see `entryKey`), so the units
 * of a force waiting at the same edge share one search.
 *
 * The Reachability returned may be shared with other callers: read it,
 * never change it.
 */
export function memoReach(ctx: GameContext, occ: Occupancy, m: Mover): Reachability {
  let remembered = memo.get(ctx);
  if (!remembered) {
    remembered = { units: new Map(), entering: new Map() };
    memo.set(ctx, remembered);
  }
  const searches = m.start === OFF_MAP ? remembered.entering : remembered.units;
  const key = m.start === OFF_MAP ? entryKey(m) : m.id;
  const known = searches.get(key);
  if (
    known &&
    (m.start === OFF_MAP || sameUnit(known, m)) &&
    sameRoads(known.roads, m.roads) &&
    (known.occ === occ || !seesChange(ctx, m, known.reach, known.occ, occ))
  ) {
    known.occ = occ;
    return known.reach.unit === m.id ? known.reach : { ...known.reach, unit: m.id };
  }
  const reach = reachFrom(ctx, occ, m);
  searches.set(key, {
    unit: m.unit,
    start: m.start,
    advancedRoads: m.advancedRoads,
    roads: m.roads,
    occ,
    reach,
  });
  return reach;
}

interface Remembered {
  readonly unit: UnitRecord;
  readonly start: number;
  readonly advancedRoads: boolean | undefined;
  readonly roads: RoadConstraints | undefined;
  /** The occupancy the search is known to hold for (the latest it was checked against). */
  occ: Occupancy;
  readonly reach: Reachability;
}

/** The last search of each unit on the map (by id) and of each kind of entering unit (by `entryKey`), per game context. */
const memo = new WeakMap<
  GameContext,
  { readonly units: Map<string, Remembered>; readonly entering: Map<string, Remembered> }
>();

/**
 * What `reachFrom` reads of a unit entering from a map edge, besides the
 * Road Mode constraints: its side and force (the edge), its Movement
 * Allowance and class, its role (the fleet), its formation, and the road
 * rules in use. Keep in step with reachFrom.
 */
function entryKey(m: Mover): string {
  const u = m.unit;
  return `enter/${u.side}/${u.force}/${m.stats.movement}/${m.stats.class}/${u.role}/${u.limbered}/${u.roadMode}/${m.advancedRoads}`;
}

/** The rest of a mover on the map (its values, side and class) follows from its record and the context. */
function sameUnit(known: Remembered, m: Mover): boolean {
  return known.unit === m.unit && known.start === m.start && known.advancedRoads === m.advancedRoads;
}

/**
 * Whether two units' Road Mode constraints say the same. Whether Road Mode is in play for the
 * unit at all, and whether it may enter in it (16.22), follow from its record, the road rules and
 * its force, which the key and `sameUnit` have compared: only the spaces (13.0A) can differ.
 */
function sameRoads(a: RoadConstraints | undefined, b: RoadConstraints | undefined): boolean {
  if (a === b) return true;
  // Both are there: a unit has them or not by what was compared, and two absent are equal.
  const x = a as RoadConstraints;
  const y = b as RoadConstraints;
  return sameBytes(x.overlap, y.overlap) && sameBytes(x.enemySpace, y.enemySpace);
}

/** Two arrays of one byte per hex of the context's map. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.every((v, h) => v === b[h]);
}

/** Whether the search looked at a hex whose occupancy differs between `before` and `now` in a way that matters to it. */
function seesChange(ctx: GameContext, m: Mover, r: Reachability, before: Occupancy, now: Occupancy): boolean {
  for (const h of changedHexes(before, now)) {
    if (sameStepTerms(ctx, m.side, before, now, h)) continue;
    if (lookedAt(ctx, r, h) || (m.start === OFF_MAP && entryHexes(ctx, m).includes(h))) return true;
  }
  return false;
}

/** A search reads a hex's occupancy when it tries to step in, from a hex it reached: a neighbour (off the map, -1, has no cost). */
function lookedAt(ctx: GameContext, r: Reachability, hex: number): boolean {
  const neighbours = ctx.map.grid.neighbours;
  for (let d = 0; d < 6; d++) {
    const n = neighbours[hex * 6 + d] as number;
    if (n >= 0 && (r.cost[n] as number) >= 0) return true;
  }
  return false;
}

/**
 * The hexes where two occupancies differ in what a step reads (`sameStepTerms`): the side
 * holding a hex (a count matters only as zero or not, which is whether the hex is empty) and
 * the squares. Asked for every unit with the same two, so the last answer is kept with the
 * earlier occupancy.
 */
function changedHexes(before: Occupancy, now: Occupancy): readonly number[] {
  const known = diffs.get(before);
  if (known?.now === now) return known.changed;
  const changed: number[] = [];
  const { side, square } = before;
  for (let h = 0; h < side.length; h++) {
    if (side[h] !== now.side[h] || square[h] !== now.square[h]) changed.push(h);
  }
  diffs.set(before, { now, changed });
  return changed;
}

const diffs = new WeakMap<Occupancy, { readonly now: Occupancy; readonly changed: readonly number[] }>();
