import {
  type Action,
  apply,
  distance,
  type GameContext,
  indexOfId,
  type Position,
  type UnitId,
  unitHexes,
} from "@tercio/musket-and-pike";

/**
 * Why a unit of the Phasing Player has nothing to fire at (or attack) this
 * combat phase, in the engine's words: the engine is asked to allocate it
 * against each enemy-held hex, nearest first, and the most telling refusal
 * is kept. A reason about the unit itself (not a fire unit 3.34, disrupted
 * 8.4, not among the top two 7.1A, already allocated 7.3F) is the same for
 * every hex; otherwise a blocked line of sight (7.3G) or the like at a hex in
 * range says more than "out of range" (7.1C) at the nearest one.
 * Undefined when the unit has a target after all.
 */
export function whyNoTarget(ctx: GameContext, position: Position, unit: UnitId): string | undefined {
  const side = position.units[unit]?.side;
  const at = unitHexes(position).get(unit);
  if (side === undefined) return undefined;
  const kind = position.phase === "fire" ? "fire" : position.phase === "melee" ? "melee" : undefined;
  if (!kind) return undefined;
  const from = at === undefined ? -1 : indexOfId(ctx.map.grid, at);
  const enemies = Object.entries(position.stacks)
    .filter(([, ids]) => ids.length > 0 && position.units[ids[0] ?? ""]?.side !== side)
    .map(([hex]) => hex)
    .sort((a, b) => range(ctx, from, a) - range(ctx, from, b) || (a < b ? -1 : 1));
  const attempt = (hex: string): Action =>
    kind === "fire" ? { type: "fire", unit, target: hex } : { type: "attack", unit, targets: [hex] };
  const distant = kind === "fire" ? "fire/out-of-range" : "melee/not-adjacent";
  let nearest: string | undefined;
  let telling: string | undefined;
  for (const hex of enemies) {
    const r = apply(ctx, position, attempt(hex));
    if (r.ok) return undefined;
    nearest ??= r.error.message;
    if (r.error.code !== distant) telling ??= r.error.message;
  }
  if (telling) return telling;
  if (nearest) return nearest;
  // No enemy on the map at all: the engine still judges the unit itself first.
  const probe = at ?? "0101";
  const r = apply(ctx, position, attempt(probe));
  return r.ok ? undefined : r.error.message;
}

function range(ctx: GameContext, from: number, hex: string): number {
  const to = indexOfId(ctx.map.grid, hex);
  return from < 0 || to < 0 ? Number.MAX_SAFE_INTEGER : distance(ctx.map.grid, from, to);
}
