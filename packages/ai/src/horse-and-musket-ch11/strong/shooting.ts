import { type Action, type Ctx, type Position, shotRefusal } from "@tercio/horse-and-musket-ch11";
import { END_PHASE, unitOf, unitsOf } from "../policy.js";
import { chargeFaces, damageWorth, meanOf, shotFaces } from "../worth.js";
import type { Analysis } from "./analysis.js";

/**
 * The Shooting phase, one shot a call (each shot's dice are known before the
 * next is chosen): the legal shot of greatest exact worth, the kill chance
 * counted with the hand-to-hand hits my cavalry in contact will add after
 * the shooting, and the target's priority (a runner near its zone, a holder
 * of an objective). Shooting costs nothing, so every unit that can shoots.
 */
export function nextShot(ctx: Ctx, position: Position, an: Analysis): Action {
  let best: Action = END_PHASE;
  let bestWorth = -1;
  for (const t of unitsOf(position, an.enemy)) {
    const target = unitOf(position, t);
    const contact = position.contacts.find((c) => c.defender === t);
    const pending = contact ? meanOf(chargeFaces(ctx, target, contact.side)) : 0;
    for (const id of unitsOf(position, an.side)) {
      if (shotRefusal(ctx, position, id, t)) continue;
      const worth =
        damageWorth(ctx, shotFaces(ctx, unitOf(position, id), target), target.hits, pending) *
        (an.priority.get(t) ?? 1);
      if (worth > bestWorth) {
        bestWorth = worth;
        best = { type: "shoot", unit: id, target: t };
      }
    }
  }
  return best;
}
