import {
  type Action,
  type Ctx,
  chargeWorkingAt,
  type GameEvent,
  handToHandWorking,
  type Position,
  shotWorking,
} from "@tercio/horse-and-musket-ch11";
import type { HistoryEntry } from "../../shell/system-view.js";
import { chargeShapes, retreatShapes, shotShapes, type Working } from "./working.js";

/**
 * The full working of the last action in force that rolled or charged (a
 * shot, a charge, the fights an end of phase resolved), measured again by
 * the engine on `previous` (the position before it, where it was measured),
 * and checked against the numbers its events recorded: the same die gives
 * the same hits, the charge ends where the event says, on the side it says.
 * Undefined when the last action was none of these.
 */
export function lastWorking(
  ctx: Ctx,
  previous: Position,
  history: readonly HistoryEntry<Action, GameEvent>[],
): Working | undefined {
  const last = history[history.length - 1];
  if (!last) return undefined;
  const { action, events } = last;
  if (action.type === "shoot") {
    const e = events.find((x) => x.type === "shot");
    const w = shotWorking(ctx, previous, action.unit, action.target);
    if (!w || e?.type !== "shot") return undefined;
    const face = w.distribution.find((c) => c.faces.includes(e.roll));
    const modifier = w.modifiers.reduce((m, x) => m + x.value, 0);
    const agrees = face?.hits === e.hits && modifier === e.modifier && (w.cover !== null) === e.cover;
    return {
      ...shotShapes(w),
      title: `last shot: ${e.unit} at ${e.target}, die ${e.roll}, ${e.hits} hits${e.cover ? " (cover)" : ""}`,
      check: {
        agrees,
        text: agrees
          ? `measured again: the die's ${e.roll}${modifier ? ` ${modifier < 0 ? "−" : "+"} ${Math.abs(modifier)}` : ""}${w.cover ? ", halved for cover" : ""} gives ${e.hits} hits, as recorded`
          : `measured again, the die's ${e.roll} gives ${face?.hits ?? "no"} hits, not the ${e.hits} recorded`,
      },
    };
  }
  if (action.type === "charge") {
    const e = events.find((x) => x.type === "charged");
    const c = chargeWorkingAt(ctx, previous, action.unit, action.target, action.turn ?? 0);
    const unit = previous.units[action.unit];
    if (!c?.ok || !unit || e?.type !== "charged") return undefined;
    const end = c.path.end;
    const agrees =
      end.x === e.x &&
      end.y === e.y &&
      end.facing === e.facing &&
      c.side === e.side &&
      c.path.travel === e.travel;
    return {
      ...chargeShapes(action.unit, unit, c),
      title: `last charge: ${e.unit} into ${e.target}'s ${e.side}`,
      check: {
        agrees,
        text: agrees
          ? `measured again: ${c.path.text} into the ${c.side}, ending at (${e.x}, ${e.y}), as recorded`
          : `measured again, the charge ends at (${end.x}, ${end.y}) in the ${c.side}, not (${e.x}, ${e.y}) in the ${e.side} recorded`,
      },
    };
  }
  const fought = events.filter((x) => x.type === "fought");
  const e = fought[fought.length - 1];
  if (e?.type !== "fought") return undefined;
  const contact = previous.contacts.find((c) => c.attacker === e.attacker && c.defender === e.defender);
  const w = contact ? handToHandWorking(ctx, previous, contact) : undefined;
  if (!w) return undefined;
  const face = w.distribution.find((c) => c.faces.includes(e.roll));
  const agrees = face?.hits === e.hits && w.side === e.side;
  return {
    title: `last fight: ${e.attacker} against ${e.defender} (${e.side}), die ${e.roll}, ${e.hits} hits`,
    shapes: retreatShapes(w),
    check: {
      agrees,
      text: agrees
        ? `measured again: the die's ${e.roll} + ${w.die.add} gives ${e.hits} hits, as recorded`
        : `measured again, the die's ${e.roll} gives ${face?.hits ?? "no"} hits, not the ${e.hits} recorded`,
    },
  };
}
