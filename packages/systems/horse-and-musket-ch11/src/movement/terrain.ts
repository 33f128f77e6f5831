import type { Polygon } from "@tercio/geometry";
import type { Ctx } from "../context.js";
import type { UnitState } from "../position.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { crossesRiver, enters } from "../terrain.js";

/**
 * 004 Movement: Terrain, for the ground a unit covers (a swept region):
 * woods only for Skirmishers, marsh and lakes for nobody, rivers only at
 * bridges and fords. Towns are passable to all: only ending there is
 * restricted (endTerrainRefusal).
 */
export function pathTerrainRefusal(
  ctx: Ctx,
  id: string,
  unit: UnitState,
  region: Polygon,
): RuleError | undefined {
  const t = ctx.rules.data.unitTypes[unit.type];
  if (!t.entersWoods) {
    const wood = enters(region, ctx.terrain.woods);
    if (wood)
      return ruleError(
        "move/woods",
        "Movement: Woods",
        `only Skirmishers may enter woods (${id}'s move would enter ${wood.name})`,
        { unit: id },
      );
  }
  const bad = enters(region, ctx.terrain.impassable);
  if (bad)
    return ruleError(
      "move/impassable",
      "Movement: Marshland and Lakes",
      `marshland and lakes are impassable to all units (${id}'s move would enter ${bad.name})`,
      { unit: id },
    );
  const river = crossesRiver(ctx, region);
  if (river)
    return ruleError(
      "move/river",
      "Movement: Rivers",
      `rivers may only be crossed via bridges and fords (${id}'s move would cross ${river} elsewhere)`,
      { unit: id },
    );
  return undefined;
}

/** 004 Movement: Towns: only Infantry and Skirmishers may end their move in a town (any overlap of its interior). */
export function endTerrainRefusal(
  ctx: Ctx,
  id: string,
  unit: UnitState,
  base: Polygon,
): RuleError | undefined {
  if (ctx.rules.data.unitTypes[unit.type].endsInTown) return undefined;
  const town = enters(base, ctx.terrain.towns);
  return town
    ? ruleError(
        "move/town",
        "Movement: Towns",
        `only Infantry and Skirmishers may end their move in a town (${id} would end in ${town.name})`,
        { unit: id },
      )
    : undefined;
}
