import type { Melee, Position } from "../position.js";

/** The melee a unit fights in, if any (a unit is in one melee at a time). */
export function meleeOf(position: Position, id: string): Melee | undefined {
  return position.melees.find((m) => m.attackers.includes(id) || m.defenders.includes(id));
}

/** The units on the other side of the melee from `id`. */
export function opponentsIn(m: Melee, id: string): readonly string[] {
  return m.attackers.includes(id) ? m.defenders : m.attackers;
}

/** The melee without `id` (it fell back, routed or was destroyed); undefined once a side is empty. */
export function withoutUnit(m: Melee, id: string): Melee | undefined {
  const attackers = m.attackers.filter((a) => a !== id);
  const defenders = m.defenders.filter((d) => d !== id);
  if (attackers.length === 0 || defenders.length === 0) return undefined;
  const fatigue = Object.fromEntries(Object.entries(m.fatigue).filter(([k]) => k !== id));
  const charges = Object.fromEntries(Object.entries(m.charges).filter(([k]) => k !== id));
  return { ...m, attackers, defenders, fatigue, charges, joined: m.joined.filter((j) => j !== id) };
}

/** The position with `id` taken out of its melee (the melee ending when a side is empty). */
export function leaveMelee(position: Position, id: string): Position {
  const m = meleeOf(position, id);
  if (!m) return position;
  const rest = withoutUnit(m, id);
  return {
    ...position,
    melees: rest ? position.melees.map((x) => (x === m ? rest : x)) : position.melees.filter((x) => x !== m),
  };
}
