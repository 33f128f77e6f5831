import type { GameContext } from "../context.js";
import { axialDistance, type DirectionIndex, neighbour } from "../hex/axial.js";
import { axialOf, distance, indexOfId } from "../hex/grid.js";
import type { HexId } from "../hex/offset.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { meleeImmuneError } from "../scenario-specials.js";
import type { Attack, Position, UnitId } from "../state/position.js";
import { unitStats } from "../state/unit-stats.js";
import { type Combatant, holder } from "./units.js";

/**
 * Whether a unit able to attack (see attackingUnit) may melee `targets`:
 * 6.6(N) no parenthesised unit attacks, 6.0 only enemy-occupied adjacent
 * hexes, 6.2(F) several hexes only together and all adjacent to the
 * attacker's hex.
 */
export function meleeTargetsError(
  ctx: GameContext,
  position: Position,
  attacker: Combatant,
  targets: readonly HexId[],
): RuleError | undefined {
  const about = { unit: attacker.id };
  if (attacker.stats.meleeParenthesised) {
    return ruleError(
      "melee/parenthesised",
      "6.6N",
      `${attacker.id} (${attacker.stats.type}) has a parenthesised Melee Strength and may not attack in melee`,
      about,
    );
  }
  if (new Set(targets).size !== targets.length) {
    return ruleError(
      "melee/repeated-target",
      "6.2F",
      "a hex is listed twice among the attacked hexes",
      about,
    );
  }
  for (const target of targets) {
    const to = indexOfId(ctx.map.grid, target);
    const side = to < 0 ? undefined : holder(position, target);
    if (side === undefined || side === attacker.unit.side) {
      return ruleError("melee/not-enemy", "6.0", `hex ${target} holds no enemy units`, {
        ...about,
        hex: target,
      });
    }
    const immune = meleeImmuneError(position, target);
    if (immune) return immune;
    if (distance(ctx.map.grid, attacker.at, to) !== 1) {
      return ruleError(
        "melee/not-adjacent",
        "6.0",
        `${attacker.id} in ${attacker.hex} is not adjacent to ${target}; melee attacks only adjacent hexes`,
        { ...about, hex: target },
      );
    }
  }
  return undefined;
}

/**
 * 6.1(A), 6.1(B), 10.1(A): the units that defend a hex: the top two, less any
 * already attacked this phase. 12.0 (optional): in a square every infantry
 * unit defends, "rather than only the top two"; its artillery defends only
 * from the top two places, as anywhere else.
 */
export function meleeDefenders(
  ctx: GameContext,
  position: Position,
  hex: HexId,
  defended: ReadonlySet<UnitId>,
): UnitId[] {
  const ids = (position.stacks[hex] ?? []).filter((id) => !defended.has(id));
  if (!position.squares.includes(hex)) return ids.slice(0, 2);
  return ids.filter((id, i) => {
    const unit = position.units[id];
    return i < 2 || (unit !== undefined && unitStats(ctx.rules, ctx.scenario, unit).class === "infantry");
  });
}

/**
 * The units that have defended in this phase's resolved attacks of a kind
 * (6.1B: never attacked twice; 11.0B: caracolla fire and then melee may fall
 * on the same unit).
 */
export function defendedUnits(attacks: readonly Attack[], kind: "fire" | "melee"): Set<UnitId> {
  const out = new Set<UnitId>();
  for (const a of attacks) if (a.kind === kind) for (const id of a.defenders) out.add(id);
  return out;
}

/**
 * 6.5(L): a flank attack, when the attacking units occupy or are adjacent to
 * every one of the six hexes around each defending hex. Hexes beyond the map
 * edge count too (they are covered by an attacker next to where they would be).
 */
export function isFlankAttack(
  ctx: GameContext,
  attackerHexes: readonly number[],
  targets: readonly number[],
): boolean {
  const grid = ctx.map.grid;
  const from = attackerHexes.map((h) => axialOf(grid, h));
  return targets.every((t) => {
    const centre = axialOf(grid, t);
    for (let d = 0; d < 6; d++) {
      const around = neighbour(centre, d as DirectionIndex);
      if (!from.some((a) => axialDistance(a, around) <= 1)) return false;
    }
    return true;
  });
}
