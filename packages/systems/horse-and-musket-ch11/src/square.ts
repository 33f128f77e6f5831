import type { Ctx } from "./context.js";
import type { Position } from "./position.js";
import { type RuleError, ruleError } from "./rule-error.js";

/**
 * 004 Square Formation (Optional Rule): Infantry may move to or from
 * Square at the start of the movement phase: before any unit of the
 * moving player has moved, pivoted or charged this phase, each unit once.
 * The square keeps the unit's footprint (a marker: the text gives it no
 * shape). Changing formation is not moving: a unit that leaves square may
 * then move, or stand and shoot. A square may not move, shoot, or be
 * charged by enemy cavalry (the checks live with those actions).
 */
export function squareRefusal(
  ctx: Ctx,
  position: Position,
  id: string,
  form: boolean,
): RuleError | undefined {
  const unit = position.units[id];
  const rule = "Square Formation";
  if (ctx.options.squares !== "on")
    return ruleError("square/optional-rule-off", rule, "the optional Square rule is not in play", {
      unit: id,
    });
  if (!unit) return ruleError("action/unknown-unit", rule, `there is no unit ${id}`, { unit: id });
  if (position.phase !== "movement")
    return ruleError(
      "action/wrong-phase",
      rule,
      "units form or leave square at the start of the movement phase",
      { unit: id },
    );
  if (unit.side !== position.toMove)
    return ruleError("action/not-your-unit", rule, `${id} is not the moving player's`, { unit: id });
  if (!ctx.rules.data.unitTypes[unit.type].formsSquare)
    return ruleError(
      "square/not-infantry",
      rule,
      `only Infantry units may form Square (${id} is ${unit.type})`,
      { unit: id },
    );
  if (unit.acted !== "none")
    return ruleError("square/not-at-start", rule, `${id} has already acted this phase`, { unit: id });
  const begun = Object.values(position.units).some(
    (u) => u.side === position.toMove && (u.acted === "moved" || u.acted === "pivoted"),
  );
  if (begun)
    return ruleError(
      "square/not-at-start",
      rule,
      "units move to or from Square at the start of the movement phase, before any unit has moved",
      { unit: id },
    );
  if (form && unit.formation === "square")
    return ruleError("square/already", rule, `${id} is already in Square`, { unit: id });
  if (!form && unit.formation !== "square")
    return ruleError("square/not-in-square", rule, `${id} is not in Square`, { unit: id });
  return undefined;
}
