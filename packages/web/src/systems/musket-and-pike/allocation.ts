import {
  type Action,
  type Assessment,
  apply,
  assessAttack,
  type GameContext,
  type Position,
  type UnitId,
} from "@tercio/musket-and-pike";
import type { Options } from "./interaction.js";

/**
 * Allocating several units to one attack in one command: a stack's top two
 * (7.1A, 6.1A), or units picked from several hexes against one target
 * (7.2D, 6.2C). The engine allocates unit by unit, so the command is its
 * ordinary fire or attack actions, one per unit, each asked of the engine on
 * the position the ones before it left (6.4K refuses an infantry unit beside
 * a cavalry unit of its stack through the same hexside). Headless: the
 * board shows the plan's odds and performs it.
 */

/** An allocation (or several) the player is weighing: shown with its odds, committed by a second click. */
export interface PendingAllocation {
  /** The engine's fire or attack actions, in order, each accepted on the position the ones before left. */
  readonly actions: readonly Action[];
  /** The units left out, each with the engine's reason citing the rule. */
  readonly refused: readonly { readonly unit: UnitId; readonly message: string }[];
}

/** A fire or attack action's target hexes. */
export function targetsOf(a: Action): readonly string[] {
  return a.type === "fire" ? [a.target] : a.type === "attack" ? a.targets : [];
}

/** The hexes any of `units` may fire at or attack now (the board's highlighted targets). */
export function targetHexes(options: Options | undefined, units: readonly UnitId[]): Set<string> {
  const out = new Set<string>();
  for (const u of units)
    for (const a of options?.allocations.get(u) ?? []) for (const t of targetsOf(a)) out.add(t);
  return out;
}

/** The units of `hex` that may fire or attack now (the engine lists only the top two, 7.1A and 6.1A). */
export function stackFighters(position: Position, options: Options, hex: string): UnitId[] {
  return (position.stacks[hex] ?? []).filter((id) => options.allocations.has(id));
}

/**
 * The unit's allocation against `hex` alone, if the engine offers one: the
 * phase's own kind first (a melee in the Melee Combat Phase, where Reiters
 * may also fire their caracolla, 11.0), so a group's allocation is one attack.
 */
function allocationAt(position: Position, options: Options, unit: UnitId, hex: string): Action | undefined {
  const mine = options.allocations.get(unit) ?? [];
  const fire = mine.find((a) => a.type === "fire" && a.target === hex);
  const melee = mine.find((a) => a.type === "attack" && a.targets.join() === hex);
  return position.phase === "melee" ? (melee ?? fire) : (fire ?? melee);
}

/**
 * The allocation of `units` against `hex`: each unit the engine lets fire at
 * (or attack) that hex, in turn; the others left out with the engine's reason
 * (asked of the engine itself when it offered the unit nothing there).
 */
export function planAllocation(
  ctx: GameContext,
  position: Position,
  options: Options,
  units: readonly UnitId[],
  hex: string,
): PendingAllocation {
  const actions: Action[] = [];
  const refused: { unit: UnitId; message: string }[] = [];
  let p = position;
  // One attack: its kind is the first unit's, and every other unit is asked for the same (a caracolla's fire
  // and a melee on one hex are two attacks, 11.0).
  let kind: "fire" | "attack" | undefined;
  for (const unit of units) {
    const offered = allocationAt(position, options, unit, hex);
    const type = kind ?? (offered?.type === "fire" || position.phase === "fire" ? "fire" : "attack");
    const attempt: Action =
      offered?.type === type
        ? offered
        : type === "fire"
          ? { type: "fire", unit, target: hex }
          : { type: "attack", unit, targets: [hex] };
    const r = apply(ctx, p, attempt);
    if (!r.ok) {
      refused.push({ unit, message: r.error.message });
      continue;
    }
    kind = type;
    actions.push(attempt);
    p = r.value.position;
  }
  return { actions, refused };
}

/**
 * The attack the pending allocation makes or joins, weighed: the units
 * already declared against the same hexes with the same kind of attack, and
 * the new ones (7.2D, 6.2C: they combine).
 */
export function assessPending(
  ctx: GameContext,
  position: Position,
  pending: PendingAllocation,
): Assessment | string | undefined {
  const [first] = pending.actions;
  if (!first || (first.type !== "fire" && first.type !== "attack")) return undefined;
  const targets = targetsOf(first);
  const kind = first.type === "fire" ? "fire" : "melee";
  const same = position.attacks.find(
    (a) => !a.resolved && a.kind === kind && a.targets.join() === targets.join(),
  );
  const units = pending.actions.flatMap((a) => (a.type === "fire" || a.type === "attack" ? [a.unit] : []));
  const r = assessAttack(ctx, position, {
    kind,
    attackers: [...(same?.attackers ?? []), ...units],
    targets,
  });
  return r.ok ? r.value : r.error.message;
}
