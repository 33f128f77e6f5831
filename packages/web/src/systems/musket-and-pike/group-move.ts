import {
  type Action,
  apply,
  type GameContext,
  type Position,
  stackingRefusal,
  type UnitId,
  type UnitMoves,
  unitStats,
} from "@tercio/musket-and-pike";
import { destinationsOf, movesOf, type Options, whyNot } from "./interaction.js";

/**
 * Moving several units to one hex in one command: a stack, a chosen group,
 * or reinforcements entering together. 5.1(C) moves units one by one, so
 * the command is the engine's ordinary move actions, one per unit, planned
 * in turn on the position each earlier move leaves (a hex filled by the
 * first units is full for the next, 10.0; a road shared with a friend is no
 * longer a road for the next, 5.3K). Headless: the board performs the plan.
 */

/** One unit's accepted move in a group's plan: what the announcement says. */
export interface PlannedMove {
  readonly unit: UnitId;
  readonly from: string;
  readonly to: string;
  /** MP spent, halves allowed. */
  readonly cost: number;
  /** MP left of the unit's Movement Allowance (5.1C: they are not kept). */
  readonly left: number;
}

export interface GroupPlan {
  /** The move actions the engine accepted, in order: performed as they are (performAll). */
  readonly actions: readonly Action[];
  readonly moved: readonly PlannedMove[];
  /** The units that may not end in the hex, each with the engine's reason citing the rule. */
  readonly refused: readonly { readonly unit: UnitId; readonly message: string }[];
  /** The position after the accepted moves. */
  readonly position: Position;
}

export interface GroupPreferences {
  /** 13.0: end in Road Movement Mode where a unit can. */
  readonly roadMode: boolean;
  /** 5.4(L): unlimber at the end, where a unit can. */
  readonly unlimber: boolean;
}

/** The unit's cheapest move to `hex` among `moves`, with the player's preferences. */
function moveAmong(moves: UnitMoves, unit: UnitId, hex: string, prefs: GroupPreferences): Action | undefined {
  const variants = destinationsOf(moves).get(hex);
  const chosen = variants?.find((d) => d.roadMode === prefs.roadMode) ?? variants?.[0];
  if (!chosen) return undefined;
  const steps =
    prefs.unlimber && chosen.canUnlimber ? [...chosen.steps, "unlimber" as const] : [...chosen.steps];
  return { type: "move", unit, steps };
}

/**
 * The move that takes `unit` to `hex` on `position`, or the engine's reason
 * why none does. The path the unit had before the group began moving is
 * tried first (no new search), then a fresh one. A refusal names what the
 * earlier moves changed: the hex is full (10.0) before anything else, then
 * the old path's refusal (a friend on the road, 5.3K), where a fresh search
 * would only say the hex is out of reach.
 */
function moveTo(
  ctx: GameContext,
  position: Position,
  unit: UnitId,
  hex: string,
  prefs: GroupPreferences,
  before: UnitMoves | string | undefined,
): Action | string {
  const planned = before && typeof before !== "string" ? moveAmong(before, unit, hex, prefs) : undefined;
  let refusal: string | undefined;
  if (planned) {
    const r = apply(ctx, position, planned);
    if (r.ok) return planned;
    refusal = r.error.message;
  }
  const moves = movesOf(ctx, position, unit);
  if (typeof moves === "string") return moves;
  const fresh = moveAmong(moves, unit, hex, prefs);
  if (fresh) return fresh;
  // 10.0 first: a hex the earlier units filled stays full by whatever path (the engine checks the path first).
  return (
    stackingRefusal(ctx, position, unit, hex)?.message ?? refusal ?? whyNot(ctx, position, unit, moves, hex)
  );
}

/**
 * Plans `units` (in this order) to end their moves in `hex`: each one the
 * engine lets go there on the position left by those before it moves; the
 * others are refused with the engine's reason and left where they are.
 */
export function planGroupMove(
  ctx: GameContext,
  position: Position,
  units: readonly UnitId[],
  hex: string,
  prefs: GroupPreferences,
  /** Each unit's moves on `position`, where the board has them already (groupMoves). */
  before: ReadonlyMap<UnitId, UnitMoves | string> = new Map(),
): GroupPlan {
  return planMoves(
    ctx,
    position,
    units.map((unit) => ({ unit, hex })),
    prefs,
    before,
  );
}

/** A unit of a planned command and the hex it is to end its move in; no hex where its place is off the map. */
export interface MoveOrder {
  readonly unit: UnitId;
  readonly hex: string | undefined;
  /** Why there is no hex, citing the rule. */
  readonly why?: string;
}

/**
 * Plans each unit (in this order) to end its move in its own hex: a group
 * into one hex, or a formation keeping its places (formation.ts). Each move
 * is asked of the engine on the position the moves before it left.
 */
export function planMoves(
  ctx: GameContext,
  position: Position,
  orders: readonly MoveOrder[],
  prefs: GroupPreferences,
  before: ReadonlyMap<UnitId, UnitMoves | string> = new Map(),
  /** A check of the command's own before each move: why `unit` may not go to `hex` now, given those refused so far. */
  guard?: (p: Position, unit: UnitId, hex: string, refused: readonly UnitId[]) => string | undefined,
): GroupPlan {
  let p = position;
  const actions: Action[] = [];
  const moved: PlannedMove[] = [];
  const refused: { unit: UnitId; message: string }[] = [];
  for (const { unit, hex, why } of orders) {
    if (hex === undefined) {
      refused.push({ unit, message: why ?? `3.1: ${unit} has no hex to go to.` });
      continue;
    }
    const stop = guard?.(
      p,
      unit,
      hex,
      refused.map((r) => r.unit),
    );
    if (stop) {
      refused.push({ unit, message: stop });
      continue;
    }
    const action = moveTo(ctx, p, unit, hex, prefs, before.get(unit) ?? movesOf(ctx, position, unit));
    if (typeof action === "string") {
      refused.push({ unit, message: action });
      continue;
    }
    const done = performed(ctx, p, action);
    if (typeof done === "string") {
      refused.push({ unit, message: done });
      continue;
    }
    moved.push(...done.moved);
    actions.push(action);
    p = done.position;
  }
  return { actions, moved, refused, position: p };
}

/** A move action applied: the position after it and the move in figures, or the engine's refusal. */
export function performed(
  ctx: GameContext,
  position: Position,
  action: Action,
): { readonly position: Position; readonly moved: readonly PlannedMove[] } | string {
  const r = apply(ctx, position, action);
  if (!r.ok) return r.error.message;
  const moved: PlannedMove[] = [];
  for (const e of r.value.events) {
    if (e.type !== "unit-moved") continue;
    const record = position.units[e.unit];
    const allowance = record ? unitStats(ctx.rules, ctx.scenario, record).movement : 0;
    moved.push({ unit: e.unit, from: e.from, to: e.to, cost: e.cost, left: Math.max(0, allowance - e.cost) });
  }
  return { position: r.value.position, moved };
}

/** Each unit's moves this phase, or the engine's reason it has none. */
export function groupMoves(
  ctx: GameContext,
  position: Position,
  units: readonly UnitId[],
): ReadonlyMap<UnitId, UnitMoves | string> {
  return new Map(units.map((u) => [u, movesOf(ctx, position, u)]));
}

/**
 * The hexes every unit of the group can reach, each with the dearest of
 * their cheapest costs (what the slowest unit pays): the board's blue hexes
 * for a group. Whether the hex can take them all (10.0) is the plan's to say.
 */
export function commonReach(moves: ReadonlyMap<UnitId, UnitMoves | string>): Map<string, number> {
  let common: Map<string, number> | undefined;
  for (const m of moves.values()) {
    if (typeof m === "string") return new Map();
    const mine = new Map<string, number>();
    for (const [hex, ds] of destinationsOf(m)) mine.set(hex, Math.min(...ds.map((d) => d.cost)));
    if (!common) common = mine;
    else
      for (const [hex, cost] of common) {
        const c = mine.get(hex);
        if (c === undefined) common.delete(hex);
        else common.set(hex, Math.max(cost, c));
      }
  }
  return common ?? new Map();
}

/** Groups up to this size have their common reach checked move by move (a stack is at most four, 12.1A). */
export const CHECKED_GROUP = 4;

/**
 * The common reach of a small group, keeping only the hexes where the plan
 * moves every unit: units that each reach a hex alone may not all get there
 * one after another (5.3K: only the first enters at the road rate a hex a
 * friend then stands in; 10.0). Larger groups (reinforcements entering) keep
 * the plain common reach, and the plan enters as many as the hex takes.
 */
export function checkedReach(
  ctx: GameContext,
  position: Position,
  units: readonly UnitId[],
  moves: ReadonlyMap<UnitId, UnitMoves | string>,
  prefs: GroupPreferences,
): Map<string, number> {
  const common = commonReach(moves);
  if (units.length < 2 || units.length > CHECKED_GROUP) return common;
  for (const hex of [...common.keys()])
    if (planGroupMove(ctx, position, units, hex, prefs, moves).refused.length > 0) common.delete(hex);
  return common;
}

/** The hexes at least one unit of the group can reach: a click there moves those that can. */
export function anyReach(moves: ReadonlyMap<UnitId, UnitMoves | string>): Set<string> {
  const out = new Set<string>();
  for (const m of moves.values()) if (typeof m !== "string") for (const d of m.destinations) out.add(d.hex);
  return out;
}

/** The units of the player to act in `hex` that still have a move this phase, top first. */
export function stackMovers(position: Position, options: Options, hex: string): UnitId[] {
  return (position.stacks[hex] ?? []).filter((id) => options.movable.has(id));
}

/**
 * A group with `units` added, or taken out when they are all in it already
 * (shift- or ctrl-click on a stack, a checkbox): order kept, no repeats.
 */
export function toggled(group: readonly UnitId[], units: readonly UnitId[]): UnitId[] {
  if (units.length > 0 && units.every((u) => group.includes(u)))
    return group.filter((u) => !units.includes(u));
  return [...group, ...units.filter((u) => !group.includes(u))];
}
