import {
  type Action,
  apply,
  type GameContext,
  type Position,
  ruleError,
  toAct,
  type UnitId,
  type UnitMoves,
} from "@tercio/musket-and-pike";
import { type PendingAllocation, planAllocation, stackFighters, targetsOf } from "./allocation.js";
import { stackMovers, toggled } from "./group-move.js";
import { destinationsOf, movesOf, type Options, whyNot } from "./interaction.js";

/**
 * What a click (or Enter) on a hex means, decided from the engine's legal
 * actions alone: headless, so that the board holds no rule and this is
 * tested without a browser.
 */
export type ClickIntent =
  /** Take this action now (a deployment, a move, a retreat's end). */
  | { readonly kind: "act"; readonly action: Action }
  /** Select this unit of the player to act. */
  | { readonly kind: "select"; readonly unit: UnitId }
  /** Select these units to move together (a whole stack, or units added to a group). */
  | { readonly kind: "group"; readonly units: readonly UnitId[] }
  /** Move the selected group to this hex, each unit by its own move (group-move.ts plans them). */
  | { readonly kind: "group-move"; readonly hex: string }
  /** Weigh this allocation (one unit's, or a group's): show its odds before it is committed. */
  | { readonly kind: "consider"; readonly pending: PendingAllocation }
  /** Commit the allocation being weighed: a second click on its target. */
  | { readonly kind: "commit" }
  /** Nothing may be done there: the engine's reason, citing the rule. */
  | { readonly kind: "refuse"; readonly message: string }
  /** Nothing to do but look at the hex. */
  | { readonly kind: "inspect" };

export interface ClickState {
  readonly selectedUnit?: UnitId | undefined;
  /** The hex selected before this click. */
  readonly selectedHex?: string | undefined;
  /** The selected unit's moves, in a Movement Phase. */
  readonly moves?: UnitMoves | undefined;
  /** 5.4(L): unlimber at the end of the move, where the unit can. */
  readonly unlimber: boolean;
  /** 13.0: prefer ending the move in Road Movement Mode. */
  readonly roadMode: boolean;
  /** The units selected to move together, the selected unit first; empty or one for a single unit. */
  readonly group?: readonly UnitId[] | undefined;
  /** The hexes at least one unit of the group can reach. */
  readonly groupReach?: ReadonlySet<string> | undefined;
  /** Shift or Ctrl held: add the stack's units to the group, or take them out. */
  readonly add?: boolean | undefined;
  /** The allocation being weighed in a combat phase: a click on its target again commits it. */
  readonly pending?: PendingAllocation | undefined;
}

const INSPECT: ClickIntent = { kind: "inspect" };

/** The stack in `hex` if it belongs to the player to act. */
function ownStack(position: Position, hex: string): readonly UnitId[] | undefined {
  const ids = position.stacks[hex] ?? [];
  const side = toAct(position);
  return ids.length > 0 && position.units[ids[0] ?? ""]?.side === side ? ids : undefined;
}

export function clickOn(
  ctx: GameContext,
  position: Position,
  options: Options,
  state: ClickState,
  hex: string,
): ClickIntent {
  const unit = state.selectedUnit;
  const d = position.decision;
  if (d?.kind === "retreat") {
    if (unit && options.retreats.get(unit)?.has(hex))
      return { kind: "act", action: { type: "retreat", unit, to: hex } };
    return { kind: "refuse", message: `8.2: the retreat may not end in ${hex}; choose a highlighted hex.` };
  }
  if (d) return INSPECT;
  switch (position.phase) {
    case "deployment":
      return deploymentClick(ctx, position, options, unit, hex);
    case "movement":
      return movementClick(ctx, position, options, state, hex);
    case "fire":
    case "melee":
      return combatClick(ctx, position, options, state, hex);
    default:
      return INSPECT;
  }
}

function deploymentClick(
  ctx: GameContext,
  position: Position,
  options: Options,
  unit: UnitId | undefined,
  hex: string,
): ClickIntent {
  if (unit && options.deploy.get(unit)?.has(hex))
    return { kind: "act", action: { type: "deploy", unit, hex } };
  const ids = ownStack(position, hex);
  if (ids?.[0]) return { kind: "select", unit: ids[0] };
  if (!unit) return INSPECT;
  const r = apply(ctx, position, { type: "deploy", unit, hex });
  return r.ok ? INSPECT : { kind: "refuse", message: r.error.message };
}

function movementClick(
  ctx: GameContext,
  position: Position,
  options: Options,
  state: ClickState,
  hex: string,
): ClickIntent {
  const unit = state.selectedUnit;
  const group = state.group ?? (unit ? [unit] : []);
  const ids = ownStack(position, hex);
  const movers = ids ? stackMovers(position, options, hex) : [];
  if (state.add && movers.length > 0) return { kind: "group", units: toggled(group, movers) };
  if (group.length > 1) return groupClick(state, group, movers, hex);
  const variants = state.moves ? destinationsOf(state.moves).get(hex) : undefined;
  const chosen = variants?.find((x) => x.roadMode === state.roadMode) ?? variants?.[0];
  if (unit && chosen) {
    const steps =
      state.unlimber && chosen.canUnlimber ? [...chosen.steps, "unlimber" as const] : [...chosen.steps];
    return { kind: "act", action: { type: "move", unit, steps } };
  }
  if (ids && !(unit && ids.includes(unit))) {
    const pick = movers[0] ?? ids[0];
    return pick ? { kind: "select", unit: pick } : INSPECT;
  }
  // A second click on the selected unit's stack takes the whole stack (5.1C: each still moves by its own allowance).
  if (unit && ids?.includes(unit) && movers.length > 1) return { kind: "group", units: movers };
  if (unit && state.moves && hex !== state.selectedHex)
    return { kind: "refuse", message: whyNot(ctx, position, unit, state.moves, hex) };
  if (unit && !state.moves && !ids) {
    const m = movesOf(ctx, position, unit);
    return {
      kind: "refuse",
      message:
        typeof m === "string"
          ? m
          : ruleError("move/already-moved", "5.2G", `${unit} has moved this phase.`).message,
    };
  }
  return INSPECT;
}

/**
 * A click with a group selected: a hex some of it can reach moves the group
 * (those that cannot stay, with the engine's reason); another stack of the
 * player's selects its top unit afresh; the group's own stacks change nothing.
 */
function groupClick(
  state: ClickState,
  group: readonly UnitId[],
  movers: readonly UnitId[],
  hex: string,
): ClickIntent {
  if (state.groupReach?.has(hex)) return { kind: "group-move", hex };
  if (movers.length > 0) {
    if (movers.every((u) => group.includes(u))) return INSPECT;
    return { kind: "select", unit: movers[0] as UnitId };
  }
  // Beyond every unit's reach: the plan gives each unit's reason.
  return { kind: "group-move", hex };
}

function combatClick(
  ctx: GameContext,
  position: Position,
  options: Options,
  state: ClickState,
  hex: string,
): ClickIntent {
  const unit = state.selectedUnit;
  const group = state.group ?? (unit ? [unit] : []);
  // The target being weighed, clicked again: the player has seen the odds and commits.
  if (state.pending?.actions.some((a) => targetsOf(a).includes(hex))) return { kind: "commit" };
  const ids = ownStack(position, hex);
  const fighters = ids ? stackFighters(position, options, hex) : [];
  if (state.add && fighters.length > 0) return { kind: "group", units: toggled(group, fighters) };
  if (ids) {
    // A second click on the selected unit's stack takes its top two (7.1A, 6.1A), each allocated by itself.
    if (unit && ids.includes(unit) && fighters.length > 1 && group.length < 2)
      return { kind: "group", units: fighters };
    if (group.length > 1 && fighters.length > 0 && fighters.every((u) => group.includes(u))) return INSPECT;
    const pick = fighters[0] ?? ids[0];
    return pick ? { kind: "select", unit: pick } : INSPECT;
  }
  if (group.length > 1) {
    const pending = planAllocation(ctx, position, options, group, hex);
    if (pending.actions.length > 0) return { kind: "consider", pending };
    return { kind: "refuse", message: pending.refused[0]?.message ?? `6.0: nothing to attack in ${hex}.` };
  }
  const allocations = unit ? (options.allocations.get(unit) ?? []) : [];
  // A single-hex allocation first (fire, or melee on that hex alone), else a 6.2(F) attack that includes it.
  const single = allocations.find((a) =>
    a.type === "fire"
      ? a.target === hex
      : a.type === "attack" && a.targets.length === 1 && a.targets[0] === hex,
  );
  const any = single ?? allocations.find((a) => a.type === "attack" && a.targets.includes(hex));
  if (any) return { kind: "consider", pending: { actions: [any], refused: [] } };
  if (!unit) return INSPECT;
  const attempt: Action =
    position.phase === "fire"
      ? { type: "fire", unit, target: hex }
      : { type: "attack", unit, targets: [hex] };
  const r = apply(ctx, position, attempt);
  return r.ok ? INSPECT : { kind: "refuse", message: r.error.message };
}
