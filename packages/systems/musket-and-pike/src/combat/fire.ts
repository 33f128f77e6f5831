import type { GameContext } from "../context.js";
import { distance, indexOfId } from "../hex/grid.js";
import type { HexId } from "../hex/offset.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { fireStrengthAtRange } from "../rules-data/rules-context.js";
import type { Position } from "../state/position.js";
import { lineOfSight } from "./line-of-sight.js";
import { type Combatant, holder } from "./units.js";

/** One fire unit's part in a fire attack: its range and its strength at that range (7.4). */
export interface FireContribution {
  readonly range: number;
  readonly printed: number;
  readonly strength: number;
}

/**
 * Whether a unit able to attack (see attackingUnit) may fire at `target`
 * now, and with what strength: 3.34 fire units only, 5.4(L) artillery
 * unlimbered, 7.0 at an enemy-occupied hex, 7.1(C) within its Range
 * Allowance, 7.3(G) along an unblocked line of sight.
 */
export function fireContribution(
  ctx: GameContext,
  position: Position,
  firer: Combatant,
  target: HexId,
): FireContribution | RuleError {
  const about = { unit: firer.id, hex: target };
  const { stats } = firer;
  // The rules data has a Range Allowance exactly where it has a Fire Strength (its schema, 3.34).
  if (stats.fire === null) {
    return ruleError("fire/not-fire-unit", "3.34", `${firer.id} (${stats.type}) is not a fire unit`, about);
  }
  if (stats.class === "artillery" && firer.unit.limbered) {
    return ruleError(
      "fire/limbered",
      "5.4L",
      `${firer.id} is limbered; artillery fires only unlimbered`,
      about,
    );
  }
  const to = indexOfId(ctx.map.grid, target);
  if (to < 0) return ruleError("fire/off-map", "7.0", `there is no hex ${target} on the map`, about);
  const side = holder(position, target);
  if (side === undefined || side === firer.unit.side) {
    return ruleError("fire/not-enemy", "7.0", `hex ${target} holds no enemy units`, about);
  }
  const range = distance(ctx.map.grid, firer.at, to);
  const strength = fireStrengthAtRange(ctx.rules, stats.type, range);
  // The chart's strengths are positive (its schema): no strength is a dash, beyond the Range Allowance.
  if (strength === null) {
    return ruleError(
      "fire/out-of-range",
      "7.1C",
      `hex ${target} is ${range} hexes from ${firer.id}, beyond its Range Allowance of ${stats.range}`,
      about,
    );
  }
  const sight = lineOfSight(ctx, position, firer.at, to);
  if (!sight.clear) {
    const what = sight.why === "occupied" ? "an occupied hex" : "blocking terrain";
    return ruleError(
      "fire/line-of-sight",
      "7.3G",
      `the line of sight from ${firer.hex} to ${target} is blocked by ${what} in ${ctx.map.grid.ids[sight.blockedBy]}`,
      about,
    );
  }
  return { range, printed: stats.fire, strength };
}
