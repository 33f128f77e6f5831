import { type GameContext, type Position, toAct, type UnitId, unitHexes } from "@tercio/musket-and-pike";
import { movesOf, type Options } from "../interaction.js";

/** What the view should show for the player to act, and when to show it again. */
export interface Focus {
  /** The hexes to bring into view (never empty unless nobody is to act). */
  readonly hexes: readonly string[];
  /** Changes whenever there is something new to show: a new side, phase or decision. */
  readonly key: string;
  /** Changes only when the side to act changes: a pan by hand holds until then. */
  readonly sideKey: string;
}

/** The hexes on the map of these units. */
function hexesOf(position: Position, units: Iterable<UnitId>): string[] {
  const at = unitHexes(position);
  const out = new Set<string>();
  for (const u of units) {
    const h = at.get(u);
    if (h) out.add(h);
  }
  return [...out];
}

/** Where the reinforcements waiting to enter come on (the first hex of each of the engine's entry paths). */
export function entryHexes(ctx: GameContext, position: Position, options: Options): string[] {
  const waiting = Object.entries(position.offMap).find(
    ([id, s]) => s === "awaiting-entry" && options.movable.has(id),
  )?.[0];
  if (!waiting) return [];
  const moves = movesOf(ctx, position, waiting);
  if (typeof moves === "string") return [];
  return [
    ...new Set(
      moves.destinations.flatMap((d) => (d.steps[0] && /^\d{4}$/.test(d.steps[0]) ? [d.steps[0]] : [])),
    ),
  ];
}

/**
 * The part of the map the player to act needs (item 1 of the view's brief):
 * the zone being deployed in; in the Movement Phase the units that may still
 * move and where reinforcements enter; in a combat phase the units that may
 * attack and their targets; for a retreat or advance the hexes concerned.
 * Everything comes from the engine's legal actions (`options`); without them
 * (the AI's or the other player's turn) the side's units on the map.
 */
export function focusOf(ctx: GameContext, position: Position, options: Options | undefined): Focus {
  const side = toAct(position);
  const key = `${position.gameTurn}/${position.phasing}/${position.phase}/${side}/${position.decision?.kind ?? ""}`;
  const sideKey = `${position.gameTurn}/${side}`;
  if (side === null) return { hexes: [], key, sideKey };
  const own = () =>
    Object.entries(position.stacks)
      .filter(([, ids]) => ids.some((id) => position.units[id]?.side === side))
      .map(([hex]) => hex);
  const hexes = options ? wanted(ctx, position, options) : [];
  return { hexes: hexes.length > 0 ? hexes : own(), key, sideKey };
}

function wanted(ctx: GameContext, position: Position, options: Options): string[] {
  const d = position.decision;
  if (d?.kind === "retreat") return [d.from, ...[...options.retreats.values()].flatMap((s) => [...s])];
  if (d?.kind === "advance") return [d.into, ...hexesOf(position, d.candidates)];
  switch (position.phase) {
    case "deployment":
      return [...new Set([...options.deploy.values()].flatMap((s) => [...s]))];
    case "movement":
      return [...hexesOf(position, options.movable), ...entryHexes(ctx, position, options)];
    case "fire":
    case "melee": {
      const targets = [...options.allocations.values()].flatMap((as) =>
        as.flatMap((a) => (a.type === "fire" ? [a.target] : a.type === "attack" ? a.targets : [])),
      );
      const pending = options.resolvable.map((a) => a.target);
      return [...new Set([...hexesOf(position, options.allocations.keys()), ...targets, ...pending])];
    }
    default:
      return [];
  }
}
