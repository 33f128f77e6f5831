import { canonicalJson } from "@tercio/core";
import {
  type Action,
  type GameContext,
  hexOfUnit,
  legalActions,
  legalMoves,
  type Position,
} from "@tercio/musket-and-pike";

/**
 * Whether an action the server accepted is one the engine's own list of
 * legal actions holds: a second opinion beside `apply`, which accepted it.
 * Moves are compared by where they end (legalActions lists one path per
 * destination, any legal path will do); sets (attack targets, advancing
 * units) in any order. "unlisted" for kinds the list leaves out on purpose:
 * deploying again within the zone, a stack order that changes nothing,
 * limbering where the gun stands, a move that comes back to where it began.
 * A resolve may name any hex its attack covers (6.3G; the list names the
 * first), so it is compared by the attack it resolves.
 */
export function listedVerdict(
  ctx: GameContext,
  before: Position,
  action: Action,
): "listed" | "unlisted" | "illegal" {
  if (action.type === "deploy" || action.type === "undeploy" || action.type === "reorder") {
    return legalActions(ctx, before).some((a) => same(a, action)) ? "listed" : "unlisted";
  }
  if (action.type === "move") {
    if (action.steps.every((s) => s === "limber" || s === "unlimber")) return "unlisted";
    const moves = legalMoves(ctx, before, action.unit);
    if (!moves.ok) return "illegal";
    const hexes = action.steps.filter((s) => /^\d{4}$/.test(s));
    const end = action.steps.includes("exit") ? "exit" : (hexes.at(-1) ?? hexOfUnit(before, action.unit));
    if (end === "exit") return moves.value.exit ? "listed" : "illegal";
    if (moves.value.destinations.some((d) => d.hex === end)) return "listed";
    // Out and back again: a move the list leaves out (it lists where a unit can get to).
    return end === hexOfUnit(before, action.unit) ? "unlisted" : "illegal";
  }
  const named = action.type === "resolve" ? firstTargetOf(before, action.target) : action;
  return legalActions(ctx, before).some((a) => same(a, named)) ? "listed" : "illegal";
}

/** A resolve named by the first hex of the attack it resolves: as the engine picks it, fire before melee (11.0). */
function firstTargetOf(before: Position, target: string): Action {
  const open = before.attacks.filter((a) => !a.resolved && a.targets.includes(target));
  const attack = open.find((a) => a.kind === "fire") ?? open[0];
  return { type: "resolve", target: attack?.targets[0] ?? target };
}

function same(a: Action, b: Action): boolean {
  return canonicalJson(normal(a)) === canonicalJson(normal(b));
}

/** Sets compared as sets. */
function normal(a: Action): unknown {
  if (a.type === "attack") return { ...a, targets: [...a.targets].sort() };
  if (a.type === "advance") return { ...a, units: [...a.units].sort() };
  return a;
}
