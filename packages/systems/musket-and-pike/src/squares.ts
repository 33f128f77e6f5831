import { err, ok, type Result } from "@tercio/core";
import type { GameContext } from "./context.js";
import { type RuleError, ruleError } from "./rule-error.js";
import type { Step } from "./sequence.js";
import { SQUARE_LIMIT } from "./stacking.js";
import type { Position } from "./state/position.js";
import { unitStats } from "./state/unit-stats.js";

/**
 * 12.0 (optional), infantry squares: forming and removing the Square marker.
 * What a square does to movement (12.2B), stacking (12.1A) and combat
 * (12.3) lives with those rules.
 */
export function formSquareError(ctx: GameContext, position: Position, hex: string): RuleError | undefined {
  const about = { hex };
  if (!position.options.optionalRules.includes("infantry-squares")) {
    return ruleError(
      "square/not-in-play",
      "12.0",
      "the optional rule Infantry Squares is not in play",
      about,
    );
  }
  if (position.phase !== "movement") {
    return ruleError(
      "square/wrong-phase",
      "12.0",
      "squares are formed in the player's own Movement Phase",
      about,
    );
  }
  const ids = position.stacks[hex] ?? [];
  if (ids.length === 0 || position.units[ids[0] ?? ""]?.side !== position.phasing) {
    return ruleError("square/no-units", "12.0", `the Phasing Player has no units in ${hex}`, about);
  }
  if (position.squares.includes(hex))
    return ruleError("square/already", "12.0", `${hex} is already a square`, about);
  if (ids.length > SQUARE_LIMIT) {
    return ruleError(
      "square/too-many",
      "12.1A",
      `a square holds at most four units; ${hex} has ${ids.length}`,
      about,
    );
  }
  for (const id of ids) {
    const unit = position.units[id];
    if (!unit) continue;
    if (unitStats(ctx.rules, ctx.scenario, unit).class === "cavalry") {
      return ruleError("square/cavalry", "12.3E", `only infantry and artillery form squares, not ${id}`, {
        hex,
        unit: id,
      });
    }
    if (unit.disrupted) {
      return ruleError("square/disrupted", "12.2", `${id} is disrupted and may not form a square (errata)`, {
        hex,
        unit: id,
      });
    }
    if (unit.roadMode) {
      return ruleError("square/road-mode", "13.0E", `${id} is in Road Movement Mode`, { hex, unit: id });
    }
  }
  return undefined;
}

/** 12.0: "all units in a hex may have a 'Square' marker placed on top of them." */
export function applyFormSquare(ctx: GameContext, position: Position, hex: string): Result<Step, RuleError> {
  const refused = formSquareError(ctx, position, hex);
  if (refused) return err(refused);
  return ok({
    position: { ...position, squares: [...position.squares, hex].sort() },
    events: [{ type: "square-formed", hex, rule: "12.0" }],
  });
}

/** 12.2 errata: "Square markers may be removed ... at the beginning of any Friendly Movement Phase." */
export function applyRemoveSquare(position: Position, hex: string): Result<Step, RuleError> {
  const about = { hex };
  if (!position.squares.includes(hex))
    return err(ruleError("square/none", "12.0", `${hex} is not a square`, about));
  const owner = position.units[position.stacks[hex]?.[0] ?? ""]?.side;
  if (position.phase !== "movement" || owner !== position.phasing) {
    return err(
      ruleError(
        "square/wrong-phase",
        "12.2",
        "a player removes his squares at the beginning of his Movement Phase",
        about,
      ),
    );
  }
  if (position.moved.length > 0) {
    return err(
      ruleError(
        "square/not-beginning",
        "12.2",
        "squares are removed at the beginning of the Movement Phase, before any unit moves",
        about,
      ),
    );
  }
  return ok({
    position: { ...position, squares: position.squares.filter((h) => h !== hex) },
    events: [{ type: "square-removed", hex, rule: "12.2" }],
  });
}
