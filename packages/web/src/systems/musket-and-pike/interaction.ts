import {
  type Action,
  apply,
  type Destination,
  distance,
  type GameContext,
  indexOfId,
  legalActions,
  legalMoves,
  type Position,
  type UnitId,
  type UnitMoves,
  unitHexes,
} from "@tercio/musket-and-pike";

/**
 * The adapter between the engine and the board (chessground's "dests"): it
 * turns the engine's legal actions into what the board highlights and what a
 * click on a hex means. The UI holds no rule; every "no" comes from the engine.
 */

/** Every legal action of the player to act, indexed for the board. */
export interface Options {
  readonly all: readonly Action[];
  /** deploy: unit -> hexes it may be set up in. */
  readonly deploy: ReadonlyMap<UnitId, ReadonlySet<string>>;
  /** fire / attack allocations by unit. */
  readonly allocations: ReadonlyMap<UnitId, readonly Action[]>;
  /** Attacks ready to be resolved, by target hex key ("1204" or "1204+1305"). */
  readonly resolvable: readonly Extract<Action, { type: "resolve" }>[];
  readonly withdrawable: ReadonlySet<UnitId>;
  /** 8.2: retreat choices by unit. */
  readonly retreats: ReadonlyMap<UnitId, ReadonlySet<string>>;
  readonly advances: readonly Extract<Action, { type: "advance" }>[];
  /** Units with a move this phase. */
  readonly movable: ReadonlySet<UnitId>;
  /** Actions about one unit or one hex that are not moves on the map (limber, square, reorder, dismount). */
  readonly byUnit: ReadonlyMap<UnitId, readonly Action[]>;
  readonly byHex: ReadonlyMap<string, readonly Action[]>;
  readonly canEndPhase: boolean;
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V) {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** The options of each position, worked out once: the board, the phase bar and the panels all ask for them. */
const known = new WeakMap<Position, { readonly ctx: GameContext; readonly options: Options }>();

export function optionsOf(ctx: GameContext, position: Position): Options {
  const hit = known.get(position);
  if (hit?.ctx === ctx) return hit.options;
  const options = listOptions(ctx, position);
  known.set(position, { ctx, options });
  return options;
}

function listOptions(ctx: GameContext, position: Position): Options {
  const all = legalActions(ctx, position);
  const deploy = new Map<UnitId, Set<string>>();
  const allocations = new Map<UnitId, Action[]>();
  const resolvable: Extract<Action, { type: "resolve" }>[] = [];
  const withdrawable = new Set<UnitId>();
  const retreats = new Map<UnitId, Set<string>>();
  const advances: Extract<Action, { type: "advance" }>[] = [];
  const movable = new Set<UnitId>();
  const byUnit = new Map<UnitId, Action[]>();
  const byHex = new Map<string, Action[]>();
  let canEndPhase = false;
  for (const a of all) {
    switch (a.type) {
      case "deploy": {
        const set = deploy.get(a.unit) ?? new Set<string>();
        set.add(a.hex);
        deploy.set(a.unit, set);
        break;
      }
      case "fire":
      case "attack":
        push(allocations, a.unit, a);
        break;
      case "resolve":
        resolvable.push(a);
        break;
      case "withdraw":
        withdrawable.add(a.unit);
        break;
      case "retreat": {
        const set = retreats.get(a.unit) ?? new Set<string>();
        set.add(a.to);
        retreats.set(a.unit, set);
        break;
      }
      case "advance":
        advances.push(a);
        break;
      case "move":
        if (a.steps.some((s) => /^\d{4}$/.test(s) || s === "exit")) movable.add(a.unit);
        else push(byUnit, a.unit, a);
        break;
      case "dismount":
      case "remount":
      case "undeploy":
        push(byUnit, a.unit, a);
        break;
      case "form-square":
      case "remove-square":
      case "reorder":
        push(byHex, a.hex, a);
        break;
      case "end-phase":
        canEndPhase = true;
        break;
    }
  }
  return {
    all,
    deploy,
    allocations,
    resolvable,
    withdrawable,
    retreats,
    advances,
    movable,
    byUnit,
    byHex,
    canEndPhase,
  };
}

/** The unit's destinations by hex (a hex may be reachable in and out of Road Mode). */
export function destinationsOf(moves: UnitMoves): Map<string, Destination[]> {
  const out = new Map<string, Destination[]>();
  for (const d of moves.destinations) push(out, d.hex, d);
  return out;
}

export function movesOf(ctx: GameContext, position: Position, unit: UnitId): UnitMoves | string {
  const moves = legalMoves(ctx, position, unit);
  return moves.ok ? moves.value : moves.error.message;
}

/**
 * Why the unit cannot end its move in `hex`, in the engine's words: the
 * engine is asked to take the cheapest path to a neighbouring destination
 * and then the step into the hex, and its refusal cites the rule.
 */
export function whyNot(
  ctx: GameContext,
  position: Position,
  unit: UnitId,
  moves: UnitMoves,
  hex: string,
): string {
  const attempts: string[][] = [[hex]];
  const from = unitHexes(position).get(unit);
  const neighbours = moves.destinations
    .filter((d) => adjacent(ctx, d.hex, hex))
    .sort((a, b) => a.cost - b.cost);
  for (const d of neighbours) attempts.push([...d.steps, hex]);
  let message: string | undefined;
  for (const steps of attempts) {
    const r = apply(ctx, position, { type: "move", unit, steps });
    if (!r.ok) {
      // The direct step from a hex that is not adjacent says nothing useful; prefer a real path's refusal.
      if (steps.length > 1 || (from !== undefined && adjacent(ctx, from, hex))) return r.error.message;
      message ??= r.error.message;
    }
  }
  return message ?? `5.1: hex ${hex} is beyond what the unit can reach this Movement Phase.`;
}

/** Whether two hexes are neighbours, by the engine's grid. */
export function adjacent(ctx: GameContext, a: string, b: string): boolean {
  const ia = indexOfId(ctx.map.grid, a);
  const ib = indexOfId(ctx.map.grid, b);
  return ia >= 0 && ib >= 0 && distance(ctx.map.grid, ia, ib) === 1;
}
