import type { GameContext } from "./context.js";
import type { GameEvent } from "./events.js";
import { distance, indexOfId } from "./hex/grid.js";
import type { HexId } from "./hex/offset.js";
import { type RuleError, ruleError } from "./rule-error.js";
import type { Position, SpecialState, UnitId, UnitRecord } from "./state/position.js";

/**
 * The scenarios' special rules that depend on what happens in play (16.13,
 * 16.24, 16.33). Each is switched on by a flag in the scenario data; what
 * they remember lives in `position.special`.
 */

/**
 * 16.24: "After any one of the Swedish SC is eliminated or disrupted, the
 * entire Swedish force becomes 'ferocious' on the following Friendly
 * Player-Turn. These ferocious units may not be disrupted, only eliminated."
 * The Swedes are Lutzen's First Player.
 */
export function ferociousUnits(ctx: GameContext, position: Position): ReadonlySet<UnitId> {
  const from = position.special?.ferociousFrom;
  if (
    !ctx.scenario.specialRules.includes("lutzen-ferocity") ||
    from === undefined ||
    position.gameTurn < from
  )
    return NONE;
  return new Set(Object.entries(position.units).flatMap(([id, u]) => (u.side === "first" ? [id] : [])));
}

const NONE: ReadonlySet<UnitId> = new Set();

/** 16.33: Parliamentarian force (a) (the First Player's force "a") may not move until released. */
export function heldError(
  ctx: GameContext,
  position: Position,
  id: UnitId,
  unit: UnitRecord,
): RuleError | undefined {
  if (!isHeld(ctx, position, unit)) return undefined;
  return ruleError(
    "move/held",
    "16.33",
    `${id} belongs to force (a), which may not move until the Royalists melee attack a Parliamentarian unit or a Royalist unit moves within eight hexes of force (a)`,
    { unit: id },
  );
}

/** `heldError`'s yes or no. */
export function isHeld(ctx: GameContext, position: Position, unit: UnitRecord): boolean {
  if (!ctx.scenario.specialRules.includes("staverton-force-a-hold") || position.special?.released)
    return false;
  return unit.side === "first" && unit.force === "a";
}

/** 16.13: the fleet "may be attacked by Enemy fire, but ... may not be attacked by melee". */
export function meleeImmuneError(position: Position, hex: HexId): RuleError | undefined {
  const fleet = (position.stacks[hex] ?? []).find((id) => position.units[id]?.role === "fleet");
  if (fleet === undefined) return undefined;
  return ruleError(
    "melee/fleet",
    "16.13",
    `${fleet} in ${hex} is the fleet: it may be fired on but never attacked in melee`,
    {
      hex,
      unit: fleet,
    },
  );
}

/** Updates what the special rules remember after a step of play, from its events. */
export function noteSpecials(ctx: GameContext, position: Position, events: readonly GameEvent[]): Position {
  let special: SpecialState = position.special ?? {};
  if (ctx.scenario.specialRules.includes("lutzen-ferocity") && special.ferociousFrom === undefined) {
    const struck = events.some(
      (e) =>
        (e.type === "unit-disrupted" || e.type === "unit-eliminated") &&
        position.units[e.unit]?.side === "first" &&
        position.units[e.unit]?.type === "SC",
    );
    // "on the following Friendly Player-Turn": SC are struck in the Imperialists' turn, so from the next Game-Turn.
    if (struck) special = { ...special, ferociousFrom: position.gameTurn + 1 };
  }
  if (ctx.scenario.specialRules.includes("staverton-force-a-hold") && !special.released) {
    if (releases(ctx, position, events)) special = { ...special, released: true };
  }
  if (special === (position.special ?? {}) || Object.keys(special).length === 0) return position;
  return { ...position, special };
}

/** 16.33: a Royalist melee attack on a Parliamentarian unit, or a Royalist unit moving within 8 hexes of force (a). */
function releases(ctx: GameContext, position: Position, events: readonly GameEvent[]): boolean {
  const grid = ctx.map.grid;
  const forceA: number[] = [];
  for (const [hex, ids] of Object.entries(position.stacks)) {
    if (ids.some((id) => position.units[id]?.side === "first" && position.units[id]?.force === "a"))
      forceA.push(indexOfId(grid, hex));
  }
  const near = (hex: string) => {
    const h = indexOfId(grid, hex);
    return h >= 0 && forceA.some((a) => distance(grid, a, h) <= 8);
  };
  const royalist = (unit: UnitId) => position.units[unit]?.side === "second";
  return events.some((e) => {
    switch (e.type) {
      case "combat-resolved":
        return e.kind === "melee" && e.attackers.some(royalist) && e.defenders.some((d) => !royalist(d));
      case "unit-moved":
        return royalist(e.unit) && e.steps.some((s) => /^\d{4}$/.test(s) && near(s));
      case "unit-advanced":
      case "unit-retreated":
        return royalist(e.unit) && near(e.to);
      default:
        return false;
    }
  });
}
