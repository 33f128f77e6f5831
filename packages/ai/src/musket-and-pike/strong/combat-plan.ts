import {
  type Action,
  type AttackSpec,
  assessAttack,
  type GameContext,
  indexOfId,
  legalActions,
  type Position,
  unitHexes,
} from "@tercio/musket-and-pike";
import { END_PHASE } from "../policy.js";
import { analyse } from "./analysis.js";
import { expectedWorth, vacateBonus } from "./worth.js";

/** A gain too small to allocate a unit for (it would only spend the unit). */
const MIN_GAIN = 1e-6;

/**
 * 6.2, 7.2: the next allocation of the combat phase, by marginal gain. Every
 * legal allocation (unit, target) is weighed as the attack already declared
 * on that target plus this unit, by the exact chances of the combat table
 * (assessAttack) and the worth of each result to the attacker (worth.ts);
 * the allocation adding the most expected worth is made. Called again after
 * each allocation, this is a greedy assignment of all the phase's attackers.
 * Undefined when no allocation adds anything.
 *
 * Since results fall only on the defender (8.1), an allocation never costs
 * the attacker anything but the unit's other uses; that is what comparing
 * marginal gains across targets weighs.
 */
export function nextAllocation(
  ctx: GameContext,
  position: Position,
  kind: "fire" | "melee",
): Action | undefined {
  const a = analyse(ctx, position, position.phasing);
  const hexes = unitHexes(position);
  const baseline = new Map<string, number>();
  let best: { action: Action; gain: number; key: string } | undefined;
  for (const action of legalActions(ctx, position)) {
    const target =
      action.type === "fire" && kind === "fire"
        ? action.target
        : action.type === "attack" && kind === "melee" && action.targets.length === 1
          ? action.targets[0]
          : undefined;
    if (target === undefined || (action.type !== "fire" && action.type !== "attack")) continue;
    const existing = position.attacks.find(
      (x) => x.kind === kind && x.targets.length === 1 && x.targets[0] === target,
    );
    const spec = (attackers: readonly string[]): AttackSpec => ({ kind, attackers, targets: [target] });
    const worth = (attackers: readonly string[]): number => {
      if (attackers.length === 0) return 0;
      const assessed = assessAttack(ctx, position, spec(attackers), undefined, hexes);
      if (!assessed.ok) return Number.NEGATIVE_INFINITY;
      const h = indexOfId(ctx.map.grid, target);
      const stack = position.stacks[target]?.length ?? 0;
      return expectedWorth(a, assessed.value, vacateBonus(a, h, stack, assessed.value.affected.length));
    };
    let before = baseline.get(target);
    if (before === undefined) {
      before = worth(existing?.attackers ?? []);
      baseline.set(target, before);
    }
    const gain = worth([...(existing?.attackers ?? []), action.unit]) - before;
    const key = `${action.unit} ${target}`;
    if (
      gain > MIN_GAIN &&
      (!best || gain > best.gain + 1e-9 || (Math.abs(gain - best.gain) <= 1e-9 && key < best.key))
    )
      best = { action, gain, key };
  }
  return best?.action;
}

/**
 * The strong player's next action in a combat phase: while no attack is
 * resolved, the next allocation of `kinds` (nextAllocation); then each
 * attack resolved in turn; then the phase's end.
 */
export function combatStep(
  ctx: GameContext,
  position: Position,
  kinds: readonly ("fire" | "melee")[],
): Action {
  if (!position.attacks.some((a) => a.resolved)) {
    for (const kind of kinds) {
      const next = nextAllocation(ctx, position, kind);
      if (next) return next;
    }
  }
  const open = position.attacks.find((a) => !a.resolved);
  const target = open?.targets[0];
  return target === undefined ? END_PHASE : { type: "resolve", target };
}
