import type { Action } from "./actions.js";
import type { Ctx } from "./context.js";
import type { GameEvent } from "./events.js";
import { unitPolygon } from "./footprint.js";
import { officerPoint } from "./officers.js";
import type { OfficerState, Position } from "./position.js";
import { no, type Out, ruleError, yes } from "./rule-error.js";
import { squaredGapFromPoint } from "./table.js";

/**
 * Leadership: an officer moves in his side's move (the Movement Table's
 * 18" for generals, T-3) to touch a unit's stand, or stands alone where
 * he is. Only one officer at a time affects a unit (rally.ts), but several
 * may stand with one.
 */
export function moveOfficer(
  ctx: Ctx,
  position: Position,
  action: Extract<Action, { type: "officer" }>,
): Out<{ position: Position; events: GameEvent[] }> {
  const o = position.officers[action.officer];
  const refuse = (text: string) =>
    no<never>(ruleError("officer/refused", "Leadership", text, action.officer));
  if (!o || o.lost) return refuse(`there is no officer ${action.officer} on the table`);
  if (o.side !== position.toMove || (position.part !== "move-1" && position.part !== "move-2"))
    return refuse("an officer moves in his side's move");
  if (o.moved) return refuse("he has moved this turn");
  const from = officerPoint(ctx, position, o);
  let next: OfficerState = { side: o.side, x: from.x, y: from.y, moved: true, lost: false };
  if (action.unit !== undefined) {
    const u = position.units[action.unit];
    if (!u || u.gone || u.side !== o.side) return refuse(`${action.unit} is no unit of his on the table`);
    const reach = ctx.rules.data.movement.officer;
    if (squaredGapFromPoint(from, unitPolygon(ctx, action.unit, u)) > reach * reach)
      return refuse(`${action.unit} is more than his move away`);
    next = { ...next, with: action.unit };
  }
  return yes({
    position: { ...position, officers: { ...position.officers, [action.officer]: next } },
    events: [
      { type: "officer-moved", officer: action.officer, ...(action.unit ? { unit: action.unit } : {}) },
    ],
  });
}
