import type { Action, MoveStep } from "../actions.js";
import { type GameContext, zoneKey } from "../context.js";
import { idOf, indexOfId } from "../hex/grid.js";
import { type CheckedMove, moveUnits } from "../movement/move.js";
import { EMPTY } from "../movement/occupancy.js";
import { cheapestExit, EXIT_HALF_COST } from "../movement/reachability.js";
import { PROHIBITED } from "../rules-data/rules-context.js";
import { isHeld, noteSpecials } from "../scenario-specials.js";
import { stackingLimit } from "../stacking.js";
import type { Position } from "../state/position.js";
import { unitStats } from "../state/unit-stats.js";
import { SIDES, UNIT_CLASSES } from "../vocabulary.js";

/**
 * A Movement Phase's choices (`movementChoices`, `hasMovementChoice`, and
 * whether the phase may end, `endPhaseError`) counted on a board of typed
 * arrays that is changed in place as units move, for playouts. The engine
 * builds every position anew, and each count of moves asks every unit for
 * its search against a new occupancy; here the occupancy is two arrays
 * changed by each move, each unit's search (5.1-5.4) is kept in arrays of
 * its own and run again only where the board changed a step it took or
 * could now take (an enemy come or gone, 5.2F; a road hex emptied or
 * filled, 5.3K), from move to move and from phase to phase, and 10.0's
 * stacking guard reads the kept searches.
 *
 * The board answers exactly what the engine answers, in the engine's order
 * (movement-board.test.ts holds them together action by action in every
 * scenario). It is the engine's arithmetic, repeated for speed, not a
 * second reading of the rules: where a rule here differs, the engine is right.
 *
 * It covers the Movement Phases most games have: no Road Movement Mode
 * (13.0, or 16.22's entry in it), no squares (12.0), no dismounting (14.0),
 * no fleet (16.13). `movementBoard` says undefined otherwise, and the
 * caller asks the engine.
 */
export interface MovementBoard {
  /** Whether the phase may end now (10.0; `endPhaseError` gives no error). */
  canEnd(): boolean;
  /** Whether any move is left (`hasMovementChoice`). */
  hasChoice(): boolean;
  /** How many moves `movementChoices` counts. */
  count(): number;
  /** The move `movementChoices` gives at `index`, the same action. */
  at(index: number): Action | undefined;
  /**
   * Makes a move of this board's list (`at`) on the board, without checking
   * it again: the board lists only moves the engine accepts. Anything else
   * is refused with an exception, a caller's bug.
   */
  play(action: Action): void;
  /**
   * The position after the moves played on the board since it followed
   * its position: the position `apply` gives for them one by one (the tests
   * hold each to `apply`'s), built once for them all.
   */
  position(): Position;
  /**
   * Moves the board on to another Movement Phase position with the same
   * units (of this game, or of another game of the scenario), keeping the
   * searches that still hold there: those of units in the same hex and
   * formation, where no step they took or could now take has changed. It
   * compares the new position with the board as it stands, so any position
   * may follow any other. False where the board does not cover that phase
   * (it is then left as it was): ask the engine.
   */
  follow(position: Position): boolean;
}

const CLASSES = UNIT_CLASSES.length;
const ARTILLERY = UNIT_CLASSES.indexOf("artillery");
/** The entry hexes of a unit on the map: one array, so that searches compare by identity. */
const NO_ENTRY: readonly number[] = [];
/** statePrev's mark for the first hex of a unit entering from a map edge (reachability.ts). */
const ENTERED = -2;

/** One unit's part of the board: what its moves depend on in this phase, and its search. */
interface Piece {
  readonly id: string;
  /** Hex it stands in, or -1 off the map. */
  hex: number;
  /** May it move in this phase (mover's checks), and has it not yet. */
  able: boolean;
  side: number;
  allowance: number;
  cls: number;
  /** 5.4(L): artillery, which limbers to move and may unlimber where it stops. */
  gun: boolean;
  limbered: boolean;
  /** The edge hexes it may enter by, when it waits to enter. */
  entry: readonly number[];
  search: Search | undefined;
  /** The count of its moves at the board's latest count. */
  moves: number;
  /** The next unit in the same hex, in the board's latest count (-1 for none). */
  next: number;
}

/** A unit's search (reachFrom's one-layer result) in arrays of its own, with what it was run for. */
interface Search {
  valid: boolean;
  start: number;
  side: number;
  allowance: number;
  cls: number;
  limbered: boolean;
  entry: readonly number[];
  readonly cost: Int16Array;
  readonly prev: Int32Array;
  /** Hexes in the order first reached, then (`sorted`) ascending; `reachedCount` of each. */
  readonly reached: Int32Array;
  readonly sorted: Int32Array;
  reachedCount: number;
  /** Move actions ending in each hex (1, or 2 where the gun may also unlimber), before 10.0. */
  readonly tally: Uint8Array;
  total: number;
  exitCost: number;
  exitFrom: number;
  /** 10.0: whether the unit could leave its hex for one with room, at the count `wayOutAt`. */
  wayOut: boolean;
  wayOutAt: number;
}

/**
 * The board of `position`'s Movement Phase, or undefined where it is not
 * one the board covers (see above) or not a Movement Phase awaiting a move.
 */
export function movementBoard(ctx: GameContext, position: Position): MovementBoard | undefined {
  const board = new Board(ctx, Object.keys(position.units));
  return board.follow(position) ? board : undefined;
}

function covered(ctx: GameContext, position: Position): boolean {
  if (position.phase !== "movement" || position.decision) return false;
  const rules = position.options.optionalRules;
  if (ctx.fleetWater || position.squares.length > 0) return false;
  if (rules.includes("road-movement") || rules.includes("infantry-squares")) return false;
  if (rules.includes("dismounting-cavalry")) return false;
  for (const id in position.units) {
    const unit = position.units[id];
    if (!unit || unit.roadMode) return false;
    if (position.offMap[id] !== "awaiting-entry") continue;
    const zone = ctx.zones.get(zoneKey(unit.side, unit.force));
    if (zone?.kind === "enter" && zone.roadMode) return false;
  }
  return true;
}

class Board implements MovementBoard {
  private readonly size: number;
  private readonly side: Int8Array;
  private readonly count_: Uint8Array;
  private readonly pieces: Piece[];
  private readonly byId = new Map<string, Piece>();
  private limit = 0;
  private phasing = 0;
  /** Hexes where one more unit would be over the limit, and 10.0's answers for them at this count. */
  private crowded: number[] = [];
  private readonly closedAt: Int8Array;
  /** The first unit (an index into pieces) in each hex at this count, -1 for none. */
  private readonly first: Int32Array;
  private counted = 0;
  private readonly queue: BucketQueue;
  private fresh = false;
  private prepared = false;
  /** The position the board followed, and the moves played on it since. */
  private base!: Position;
  private played: CheckedMove[] = [];
  private built: Position | undefined;
  private total = 0;

  constructor(
    private readonly ctx: GameContext,
    private readonly ids: readonly string[],
  ) {
    const size = ctx.map.grid.size;
    this.size = size;
    this.side = new Int8Array(size).fill(EMPTY);
    this.count_ = new Uint8Array(size);
    this.closedAt = new Int8Array(size);
    this.first = new Int32Array(size);
    this.queue = new BucketQueue(size);
    // In the units' own order: the engine lists moves unit by unit in it.
    this.pieces = ids.map((id) => {
      const piece: Piece = {
        id,
        hex: -1,
        able: false,
        side: 0,
        allowance: 0,
        cls: 0,
        gun: false,
        limbered: false,
        entry: NO_ENTRY,
        search: undefined,
        moves: 0,
        next: -1,
      };
      this.byId.set(id, piece);
      return piece;
    });
  }

  follow(position: Position): boolean {
    if (!covered(this.ctx, position) || !this.sameUnits(position)) return false;
    const ctx = this.ctx;
    const grid = ctx.map.grid;
    const roads = ctx.map.roadMask;
    const side = new Int8Array(this.size).fill(EMPTY);
    const count = new Uint8Array(this.size);
    const hexOf = new Map<string, number>();
    for (const hex in position.stacks) {
      const ids = position.stacks[hex] ?? [];
      const h = indexOfId(grid, hex);
      const owner = position.units[ids[0] ?? ""]?.side;
      if (h < 0 || owner === undefined) continue;
      side[h] = SIDES.indexOf(owner);
      count[h] = Math.min(255, ids.length);
      for (const id of ids) hexOf.set(id, h);
    }
    // What a search reads of a hex: whether an enemy holds it, and along a road whether it is empty (5.2F, 5.3K).
    const changed: number[] = [];
    const before: number[] = [];
    for (let h = 0; h < this.size; h++) {
      const emptied = (count[h] === 0) !== (this.count_[h] === 0);
      if (side[h] !== this.side[h] || (emptied && (roads[h] as number) !== 0)) {
        changed.push(h);
        before.push(this.side[h] as number);
      }
    }
    this.side.set(side);
    this.count_.set(count);
    this.limit = stackingLimit(ctx, position.phasing);
    this.phasing = SIDES.indexOf(position.phasing);
    const moved = new Set(position.moved);
    for (const p of this.pieces) this.place(position, p, hexOf.get(p.id) ?? -1, moved);
    this.invalidate(changed, before);
    this.fresh = false;
    this.prepared = false;
    this.base = position;
    this.played = [];
    this.built = undefined;
    return true;
  }

  private sameUnits(position: Position): boolean {
    let i = 0;
    for (const id in position.units) if (this.ids[i++] !== id) return false;
    return i === this.ids.length;
  }

  /** mover()'s checks for a unit of the covered positions, made once a phase: within it only moving changes them. */
  private place(position: Position, p: Piece, hex: number, moved: ReadonlySet<string>): void {
    const ctx = this.ctx;
    const unit = position.units[p.id];
    if (!unit) throw new Error(`no unit ${p.id}`);
    const stats = unitStats(ctx.rules, ctx.scenario, unit);
    const status = position.offMap[p.id];
    let entry = NO_ENTRY;
    let able =
      unit.side === position.phasing &&
      !moved.has(p.id) &&
      !unit.disrupted &&
      !isHeld(ctx, position, unit) &&
      stats.movement > 0;
    if (able && status !== undefined) {
      const zone = ctx.zones.get(zoneKey(unit.side, unit.force));
      able = status === "awaiting-entry" && zone?.kind === "enter" && position.gameTurn >= zone.gameTurn;
      if (able && zone?.kind === "enter") entry = zone.hexes;
    }
    p.hex = status === undefined ? hex : -1;
    p.able = able;
    p.side = SIDES.indexOf(unit.side);
    p.allowance = stats.movement * 2;
    p.cls = UNIT_CLASSES.indexOf(stats.class);
    p.gun = p.cls === ARTILLERY && unit.role !== "fleet";
    p.limbered = unit.limbered;
    p.entry = entry;
    const s = p.search;
    // A search holds for the unit it was run for: the same hex, values and formation.
    if (
      s &&
      (s.start !== p.hex ||
        s.side !== p.side ||
        s.allowance !== p.allowance ||
        s.cls !== p.cls ||
        s.limbered !== p.limbered ||
        s.entry !== p.entry)
    )
      s.valid = false;
  }

  canEnd(): boolean {
    // 10.0: the phase may not end while a hex of the Phasing Player's is over the limit and a unit there can still move out.
    const { count_: count, side, limit } = this;
    this.prepare();
    for (let h = 0; h < this.size; h++) {
      const n = count[h] as number;
      if (n <= 2 || n <= limit || side[h] !== this.phasing) continue;
      if (this.leavers(h) > 0) return false;
    }
    return true;
  }

  hasChoice(): boolean {
    if (this.fresh) return this.total > 0;
    // As hasMovementChoice: the first unit with a move answers, and the others are not counted.
    this.prepare();
    for (const p of this.pieces) if (p.able && this.movesOf(p) > 0) return true;
    return false;
  }

  count(): number {
    this.refresh();
    return this.total;
  }

  at(index: number): Action | undefined {
    this.refresh();
    if (index < 0) return undefined;
    let left = index;
    for (const p of this.pieces) {
      if (!p.able || p.moves === 0) continue;
      if (left < p.moves) return this.moveAt(p, left);
      left -= p.moves;
    }
    return undefined;
  }

  /** Follows a move on the board: the unit has moved (5.2G) and left one hex for another, or the map. */
  private moved(p: Piece, at: number, exited: boolean): void {
    const from = p.hex;
    const to = exited ? -1 : at;
    p.able = false;
    p.hex = to;
    // Its search was for the hex it left, or for its formation before unlimbering.
    if (p.search) p.search.valid = false;
    this.fresh = false;
    this.prepared = false;
    // Unlimbering where it stands (5.4L) moves no unit.
    if (from === to) return;
    // A friendly hex emptied or filled: a step reads that only along a road (5.3K).
    const changed: number[] = [];
    const before: number[] = [];
    if (from >= 0) {
      const n = (this.count_[from] as number) - 1;
      this.count_[from] = n;
      if (n === 0) {
        changed.push(from);
        before.push(p.side);
        this.side[from] = EMPTY;
      }
    }
    if (to >= 0) {
      const n = (this.count_[to] as number) + 1;
      this.count_[to] = n;
      if (n === 1) {
        changed.push(to);
        before.push(EMPTY);
      }
      this.side[to] = p.side;
    }
    this.invalidate(changed, before);
  }

  play(action: Action): void {
    const p = action.type === "move" ? this.byId.get(action.unit) : undefined;
    const s = p?.search;
    if (action.type !== "move" || !p?.able || !s?.valid)
      throw new Error(`not a move of this board: ${JSON.stringify(action)}`);
    const { steps } = action;
    const limberHalfCost = this.ctx.rules.limberHalfCost;
    const exited = steps.at(-1) === "exit";
    const unlimbers = steps.at(-1) === "unlimber";
    let at = p.hex;
    for (const step of steps) if (/^\d{4}$/.test(step)) at = indexOfId(this.ctx.map.grid, step);
    // Half MP: the search's cost to the hex (limbering included), then unlimbering (5.4L) or leaving the map (16.22).
    let spent = at === p.hex ? (p.gun && !p.limbered ? limberHalfCost : 0) : (s.cost[at] as number);
    if (unlimbers) spent += limberHalfCost;
    if (exited) spent += EXIT_HALF_COST;
    const walked = {
      at,
      spent,
      limbered: p.gun ? !unlimbers && (p.limbered || steps[0] === "limber") : p.limbered,
      exited,
      roadMode: false,
    };
    this.played.push({ unit: p.id, start: p.hex, steps, walked });
    this.built = undefined;
    this.moved(p, at, exited);
  }

  position(): Position {
    if (this.built) return this.built;
    if (this.played.length === 0) return this.base;
    const step = moveUnits(this.ctx, this.base, this.played);
    // What the scenario's special rules remember of moves (16.33's release), as `apply` notes it after
    // each: noted once for the phase's moves, since what it reads of the position (where force (a)
    // stands) is not moved by the other side's moves.
    this.built = noteSpecials(this.ctx, step.position, step.events);
    return this.built;
  }

  /**
   * Runs again the searches a change of hexes may have changed, `before`
   * holding who held each hex before (the board holds who does now). A
   * search reads of a hex only the cost of stepping into it: whether an
   * enemy holds it (5.2F) and, along a road, whether it is empty (5.3K).
   * Where a step into a hex got dearer, the search changes only if its
   * cheapest path to the hex took that step (its `prev`): the costs and the
   * first path at each cost are the same without it, ties included, since
   * a later equal cost never replaces an earlier. Where a step got cheaper,
   * only if it now reaches the hex within the allowance at no more than its
   * cost. An entry hex whose cost changed runs the search again.
   */
  private invalidate(changed: readonly number[], before: readonly number[]): void {
    const neighbours = this.ctx.map.grid.neighbours;
    const roads = this.ctx.map.roadMask;
    for (let k = 0; k < changed.length; k++) {
      const h = changed[k] as number;
      const was = before[k] as number;
      const now = this.side[h] as number;
      for (const p of this.pieces) {
        const s = p.search;
        if (!s?.valid || h === s.start) continue;
        const enemyBefore = was !== EMPTY && was !== s.side;
        const enemyNow = now !== EMPTY && now !== s.side;
        // Friends come or gone where no road runs: no step into the hex reads that.
        if (enemyBefore === enemyNow && ((was === EMPTY) === (now === EMPTY) || roads[h] === 0)) continue;
        if (s.start < 0 && s.entry.includes(h)) {
          const byRoad = this.ctx.map.roadEnds[h] === 1;
          const entered = (enemy: boolean, empty: boolean) => this.stepCost(s, h, byRoad, enemy, empty);
          if (entered(enemyBefore, was === EMPTY) !== entered(enemyNow, now === EMPTY)) {
            s.valid = false;
            continue;
          }
        }
        for (let d = 0; d < 6; d++) {
          const n = neighbours[h * 6 + d] as number;
          if (n < 0 || (s.cost[n] as number) < 0) continue;
          // The road between h and that neighbour: its bit is on both hexes.
          const road = ((roads[h] as number) & (1 << d)) !== 0;
          const old = this.stepCost(s, h, road, enemyBefore, was === EMPTY);
          const fresh = this.stepCost(s, h, road, enemyNow, now === EMPTY);
          if (
            fresh > old ? s.prev[h] === n : fresh < old && this.improves(s, h, (s.cost[n] as number) + fresh)
          ) {
            s.valid = false;
            break;
          }
        }
      }
    }
  }

  /** Whether reaching `h` at `total` half MP would change the search: within the allowance, at no more than its cost. */
  private improves(s: Search, h: number, total: number): boolean {
    const known = s.cost[h] as number;
    return total <= s.allowance && (known < 0 || total <= known);
  }

  /**
   * The search's cost (half MP) to step into `h`, Infinity where it may not:
   * `road` says whether the step follows a road (a road between the two
   * hexes, or for an entry a road running off the edge, 16.22).
   */
  private stepCost(s: Search, h: number, road: boolean, enemy: boolean, empty: boolean): number {
    if (enemy) return Number.POSITIVE_INFINITY;
    const ctx = this.ctx;
    if (empty && road) return ctx.rules.roadHalfCost;
    const c = ctx.rules.halfCost[(ctx.terrain[h] as number) * CLASSES + s.cls] as number;
    return c === PROHIBITED ? Number.POSITIVE_INFINITY : c;
  }

  /**
   * What every question of the board reads first, once per board state: the
   * crowded hexes (10.0) and who stands in each hex, the 10.0 answers cleared.
   */
  private prepare(): void {
    if (this.prepared) return;
    const { count_: count, limit, first } = this;
    this.counted++;
    this.crowded = [];
    first.fill(-1);
    for (let i = this.pieces.length - 1; i >= 0; i--) {
      const p = this.pieces[i] as Piece;
      if (!p.able || p.hex < 0) continue;
      p.next = first[p.hex] as number;
      first[p.hex] = i;
    }
    for (let h = 0; h < this.size; h++) {
      this.closedAt[h] = -1;
      if ((count[h] as number) + 1 - limit > 0) this.crowded.push(h);
    }
    this.prepared = true;
  }

  /** Counts every unit's moves for the board as it stands (moveActionCount, unit by unit). */
  private refresh(): void {
    if (this.fresh) return;
    this.prepare();
    let total = 0;
    for (const p of this.pieces) if (p.able) total += this.movesOf(p);
    this.total = total;
    this.fresh = true;
  }

  /** One unit's count of moves (moveActionCount), kept as `moves`. */
  private movesOf(p: Piece): number {
    const s = this.searchOf(p);
    let n = s.total;
    for (const h of this.crowded) {
      const here = s.tally[h] as number;
      // The unit's own hex is never a destination with one layer (eachDestination), so only others' hexes.
      if (here > 0 && this.closed(h)) n -= here;
    }
    if (s.exitCost >= 0) n++;
    if (p.limbered && p.hex >= 0) n++;
    p.moves = n;
    return n;
  }

  /** 10.0 for a unit coming from another hex (crowdedHexes' closedToOthers): too few there could still leave. */
  private closed(h: number): boolean {
    let answer = this.closedAt[h] as number;
    if (answer < 0) {
      const excess = (this.count_[h] as number) + 1 - this.limit;
      answer = excess > 0 && this.leavers(h) < excess ? 1 : 0;
      this.closedAt[h] = answer;
    }
    return answer === 1;
  }

  /** How many units in `h` may still move, to a hex with room or off the map (stacking-guard's leaversAt). */
  private leavers(h: number): number {
    let n = 0;
    for (let i = this.first[h] as number; i >= 0; ) {
      const p = this.pieces[i] as Piece;
      if (this.wayOut(p)) n++;
      i = p.next;
    }
    return n;
  }

  private wayOut(p: Piece): boolean {
    const s = this.searchOf(p);
    if (s.wayOutAt !== this.counted) {
      let out = s.exitFrom !== -1;
      for (let i = 0; i < s.reachedCount && !out; i++)
        out = (this.count_[s.reached[i] as number] as number) < this.limit;
      s.wayOut = out;
      s.wayOutAt = this.counted;
    }
    return s.wayOut;
  }

  /** The unit's search, run again if the board changed what it read. */
  private searchOf(p: Piece): Search {
    let s = p.search;
    if (!s) {
      s = emptySearch(this.size);
      p.search = s;
    }
    if (!s.valid) this.search(p, s);
    return s;
  }

  /**
   * reachFrom's search for one layer and no fleet (reachability.ts), over
   * half Movement Points with a bucket queue: states visited in the same
   * order, so the same cheapest path to each hex. Only the entries the
   * last search wrote are cleared.
   */
  private search(p: Piece, s: Search): void {
    const ctx = this.ctx;
    const neighbours = ctx.map.grid.neighbours;
    const terrain = ctx.terrain;
    const halfCost = ctx.rules.halfCost;
    const roadHalfCost = ctx.rules.roadHalfCost;
    const roadMask = ctx.map.roadMask;
    const { side: held, count_: count } = this;
    const { cost, prev, reached, tally } = s;
    for (let i = 0; i < s.reachedCount; i++) {
      const h = reached[i] as number;
      cost[h] = -1;
      prev[h] = -1;
      tally[h] = 0;
    }
    let reachedCount = 0;
    const allowance = p.allowance;
    const start = p.hex;
    const own = p.side;
    const cls = p.cls;
    // 5.4(L): unlimbered artillery limbers before it moves.
    const spent = p.gun && !p.limbered ? ctx.rules.limberHalfCost : 0;
    const queue = this.queue;
    queue.clear(allowance);
    if (spent <= allowance) {
      if (start < 0) {
        for (const h of p.entry) {
          const owner = held[h] as number;
          if (owner !== EMPTY && owner !== own) continue;
          // 5.3(K), 16.22: the road rate onto a road running off the edge, unless friends are there.
          const c =
            count[h] === 0 && ctx.map.roadEnds[h] === 1
              ? roadHalfCost
              : (halfCost[(terrain[h] as number) * CLASSES + cls] as number);
          if (c === PROHIBITED) continue;
          const total = spent + c;
          const known = cost[h] as number;
          if (total > allowance || (known >= 0 && known <= total)) continue;
          if (known < 0) reached[reachedCount++] = h;
          cost[h] = total;
          prev[h] = ENTERED;
          queue.push(total, h);
        }
      } else {
        reached[reachedCount++] = start;
        cost[start] = spent;
        queue.push(spent, start);
      }
    }
    const { head, next, hexOf } = queue;
    for (let b = 0; b <= allowance; b++) {
      // In the order pushed, as reachFrom's bucket lists: ties keep the engine's path.
      for (let node = head[b] as number; node >= 0; node = next[node] as number) {
        const h = hexOf[node] as number;
        if (cost[h] !== b) continue;
        const roads = roadMask[h] as number;
        for (let d = 0; d < 6; d++) {
          const n = neighbours[h * 6 + d] as number;
          if (n < 0 || n === start) continue;
          const owner = held[n] as number;
          // 5.2(F): never into or through an enemy's hex.
          if (owner !== EMPTY && owner !== own) continue;
          // 5.3(K): the road rate along a road, never into a hex holding another friendly unit.
          const c =
            (roads & (1 << d)) !== 0 && count[n] === 0
              ? roadHalfCost
              : (halfCost[(terrain[n] as number) * CLASSES + cls] as number);
          if (c === PROHIBITED) continue;
          const total = b + c;
          const known = cost[n] as number;
          if (total > allowance || (known >= 0 && known <= total)) continue;
          if (known < 0) reached[reachedCount++] = n;
          cost[n] = total;
          prev[n] = h;
          queue.push(total, n);
        }
      }
    }
    s.reachedCount = reachedCount;
    const sorted = s.sorted.subarray(0, reachedCount);
    sorted.set(reached.subarray(0, reachedCount));
    sorted.sort();
    // tallyOf: a move per hex but the start, two where the gun may unlimber there (5.4L).
    let total = 0;
    for (let i = 0; i < reachedCount; i++) {
      const h = sorted[i] as number;
      if (h === start) continue;
      const n = this.mayUnlimber(p, cost[h] as number) ? 2 : 1;
      tally[h] = n;
      total += n;
    }
    s.total = total;
    const exits = this.ctx.exitHexes[SIDES[own] as (typeof SIDES)[number]];
    const exit = cheapestExit(exits, reached.subarray(0, reachedCount), cost, allowance);
    s.exitCost = exit.cost;
    s.exitFrom = exit.from;
    s.start = start;
    s.side = own;
    s.allowance = allowance;
    s.cls = cls;
    s.limbered = p.limbered;
    s.entry = p.entry;
    s.wayOutAt = -1;
    s.valid = true;
  }

  private mayUnlimber(p: Piece, cost: number): boolean {
    return p.gun && cost + this.ctx.rules.limberHalfCost <= p.allowance;
  }

  /** moveActionAt: the unit's `index`-th move, its destinations ascending (each then unlimbering), exit, unlimbering in place. */
  private moveAt(p: Piece, index: number): Action | undefined {
    const s = this.searchOf(p);
    let left = index;
    for (let i = 0; i < s.reachedCount; i++) {
      const h = s.sorted[i] as number;
      if (h === p.hex || this.closed(h)) continue;
      const unlimbers = this.mayUnlimber(p, s.cost[h] as number);
      if (left === 0) return this.move(p, this.stepsTo(p, s, h, false));
      if (unlimbers && left === 1) return this.move(p, this.stepsTo(p, s, h, true));
      left -= unlimbers ? 2 : 1;
    }
    if (s.exitCost >= 0 && left-- === 0)
      return this.move(p, [...this.stepsTo(p, s, s.exitFrom, false), "exit"]);
    if (p.limbered && p.hex >= 0 && left === 0) return this.move(p, ["unlimber"]);
    return undefined;
  }

  private move(p: Piece, steps: MoveStep[]): Action {
    return { type: "move", unit: p.id, steps };
  }

  /** stepsTo for one layer: limbering first where needed, the hexes entered, unlimbering last if asked. */
  private stepsTo(p: Piece, s: Search, hex: number, unlimber: boolean): MoveStep[] {
    const grid = this.ctx.map.grid;
    const path: MoveStep[] = [];
    for (let h = hex; h >= 0 && h !== p.hex; ) {
      path.push(idOf(grid, h));
      const before = s.prev[h] as number;
      if (before === ENTERED) break;
      h = before;
    }
    path.reverse();
    const steps: MoveStep[] = p.gun && !p.limbered ? ["limber", ...path] : path;
    if (unlimber) steps.push("unlimber");
    return steps;
  }
}

function emptySearch(size: number): Search {
  return {
    valid: false,
    start: -1,
    side: -1,
    allowance: -1,
    cls: -1,
    limbered: false,
    entry: NO_ENTRY,
    cost: new Int16Array(size).fill(-1),
    prev: new Int32Array(size).fill(-1),
    reached: new Int32Array(size),
    sorted: new Int32Array(size),
    reachedCount: 0,
    tally: new Uint8Array(size),
    total: 0,
    exitCost: -1,
    exitFrom: -1,
    wayOut: false,
    wayOutAt: -1,
  };
}

/**
 * The search's bucket queue: one first-in first-out list of hexes per
 * half-MP total, as linked nodes in typed arrays reused from search to
 * search (reachFrom keeps an array per total; this allocates nothing).
 * A search pushes at most six times per hex it settles, and once per entry hex.
 */
class BucketQueue {
  head = new Int32Array(0);
  private tail = new Int32Array(0);
  readonly next: Int32Array;
  readonly hexOf: Int32Array;
  private used = 0;

  constructor(size: number) {
    this.next = new Int32Array(size * 7 + 64);
    this.hexOf = new Int32Array(size * 7 + 64);
  }

  clear(allowance: number): void {
    if (this.head.length <= allowance) {
      this.head = new Int32Array(allowance + 1);
      this.tail = new Int32Array(allowance + 1);
    }
    this.head.fill(-1, 0, allowance + 1);
    this.tail.fill(-1, 0, allowance + 1);
    this.used = 0;
  }

  push(total: number, hex: number): void {
    const node = this.used++;
    this.hexOf[node] = hex;
    this.next[node] = -1;
    const last = this.tail[total] as number;
    if (last < 0) this.head[total] = node;
    else this.next[last] = node;
    this.tail[total] = node;
  }
}
