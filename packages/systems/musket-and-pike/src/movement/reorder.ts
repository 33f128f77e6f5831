import { err, ok, type Result } from "@tercio/core";
import type { GameContext } from "../context.js";
import { indexOfId } from "../hex/grid.js";
import { type RuleError, ruleError } from "../rule-error.js";
import type { Step } from "../sequence.js";
import type { Position, UnitId } from "../state/position.js";

/**
 * 10.2(B): a unit's place in its stack may change only in its own Movement
 * Phase (or by a combat result). Changing place is movement, so a disrupted
 * unit (8.4) keeps its place; no Movement Points are spent and the units
 * may still move.
 */
export function applyReorder(
  ctx: GameContext,
  position: Position,
  hex: string,
  order: readonly UnitId[],
): Result<Step, RuleError> {
  const about = { hex };
  if (indexOfId(ctx.map.grid, hex) < 0)
    return err(ruleError("reorder/off-map", "10.2B", `hex ${hex} is not on the map`, about));
  const stack = position.stacks[hex] ?? [];
  const owner = position.units[stack[0] ?? ""]?.side;
  if (position.phase !== "movement" || owner !== position.phasing) {
    return err(
      ruleError(
        "reorder/not-now",
        "10.2B",
        `units change places in a stack only in their own Movement Phase${owner === undefined ? ` (hex ${hex} is empty)` : ""}`,
        about,
      ),
    );
  }
  if (position.squares.includes(hex)) {
    return err(
      ruleError(
        "reorder/square",
        "12.2B",
        `units in the square in ${hex} may not change their places`,
        about,
      ),
    );
  }
  const same =
    order.length === stack.length &&
    new Set(order).size === order.length &&
    order.every((id) => stack.includes(id));
  if (!same) {
    return err(
      ruleError(
        "reorder/not-a-permutation",
        "10.2B",
        `the new order must list exactly the units in ${hex}: ${stack.join(", ")}`,
        about,
      ),
    );
  }
  const marching = order.findIndex((id) => position.units[id]?.roadMode);
  if (marching > 0) {
    return err(
      ruleError(
        "reorder/road-mode",
        "13.0E",
        `${order[marching]} is in Road Movement Mode and stays on top`,
        about,
      ),
    );
  }
  for (const [i, id] of stack.entries()) {
    if (position.units[id]?.disrupted && order[i] !== id) {
      return err(
        ruleError(
          "reorder/disrupted",
          "8.4",
          `${id} is disrupted and may not change its place in the stack`,
          { ...about, unit: id },
        ),
      );
    }
  }
  return ok({
    position: { ...position, stacks: { ...position.stacks, [hex]: [...order] } },
    events: [{ type: "stack-reordered", hex, order: [...order] }],
  });
}
