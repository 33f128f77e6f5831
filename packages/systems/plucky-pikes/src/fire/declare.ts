import type { FireAction } from "../actions.js";
import type { Ctx } from "../context.js";
import type { GameEvent } from "../events.js";
import { teamOnTable } from "../horse-teams.js";
import type { Position } from "../position.js";
import { no, type Out, ruleError, yes } from "../rule-error.js";
import { aim } from "./aim.js";

/**
 * The Game Turn: "After the high scorer (player 1) moves, any eligible
 * artillery piece or unit on either side may fire. Artillery always fires
 * first. After player 2 moves, remaining eligible guns/units may fire.
 * Guns and units can fire only once per turn." Both sides fire in each
 * fire step, so each declares its fire, player 1 first, and the step then
 * resolves it (resolve.ts): the research's reading A1-6, the declarations
 * open (a game's position holds no secrets).
 */
export function declareFire(
  ctx: Ctx,
  position: Position,
  action: FireAction,
): Out<{ position: Position; events: GameEvent[] }> {
  if (position.part !== "fire-1" && position.part !== "fire-2")
    return no(
      ruleError("fire/not-fire-step", "The Game Turn", "units fire after a side's move", action.unit),
    );
  const u = position.units[action.unit];
  if (!u || u.side !== position.toMove)
    return no(
      ruleError(
        "fire/not-yours",
        "The Game Turn",
        `${action.unit} is not a unit of the side declaring`,
        action.unit,
      ),
    );
  if (u.fired || position.fire.some((f) => f.unit === action.unit))
    return no(
      ruleError("fire/fired", "The Game Turn", "guns and units can fire only once per turn", action.unit),
    );
  const hailshot = action.hailshot ?? false;
  const aimed = aim(ctx, position, action.unit, action.target, hailshot, action.team ?? false);
  if (!aimed.ok) return aimed;
  const team = action.team ? { team: true as const } : {};
  return yes({
    position: {
      ...position,
      fire: [...position.fire, { unit: action.unit, target: action.target, hailshot, ...team }],
    },
    events: [{ type: "fire-declared", unit: action.unit, target: action.target, hailshot, ...team }],
  });
}

/** Whether a unit of `position.toMove` could declare fire at anyone now. */
export function hasFire(ctx: Ctx, position: Position): boolean {
  return fireChoices(ctx, position, 1).length > 0;
}

/** Up to `limit` fire declarations open to the side declaring, in unit then target order. */
export function fireChoices(ctx: Ctx, position: Position, limit = Number.POSITIVE_INFINITY): FireAction[] {
  const out: FireAction[] = [];
  const ids = Object.keys(position.units).sort();
  for (const id of ids) {
    const u = position.units[id];
    if (!u || u.gone || u.side !== position.toMove || u.fired || position.fire.some((f) => f.unit === id))
      continue;
    for (const tid of ids) {
      const tu = position.units[tid];
      if (!tu || tu.gone || tu.side === u.side) continue;
      if (aim(ctx, position, id, tid, false).ok) out.push({ type: "fire", unit: id, target: tid });
      if (ctx.units[id]?.arm === "guns" && aim(ctx, position, id, tid, true).ok)
        out.push({ type: "fire", unit: id, target: tid, hailshot: true });
      if (teamOnTable(tu)) {
        if (aim(ctx, position, id, tid, false, true).ok)
          out.push({ type: "fire", unit: id, target: tid, team: true });
        if (ctx.units[id]?.arm === "guns" && aim(ctx, position, id, tid, true, true).ok)
          out.push({ type: "fire", unit: id, target: tid, hailshot: true, team: true });
      }
      if (out.length >= limit) return out;
    }
  }
  return out;
}
