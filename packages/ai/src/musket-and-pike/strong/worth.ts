import type { Assessment, CombatResult, UnitId } from "@tercio/musket-and-pike";
import { type Analysis, unitValue } from "./analysis.js";

/** 8.4: a disrupted unit cannot move or attack in its next Player-Turn and dies if disrupted again. */
export const DISRUPTION_SHARE = 0.4;

/** What an enemy unit is worth to the side planning (its value, 0 if unknown). */
export function worthOfUnit(a: Analysis, id: UnitId): number {
  const unit = a.position.units[id];
  const s = a.stats.get(id);
  return unit && s ? unitValue(a, s, unit.side) : 0;
}

/** Disrupting a unit: a share of its value, or all of it when it is already disrupted (8.4). */
function disruptWorth(a: Analysis, id: UnitId): number {
  const v = worthOfUnit(a, id);
  return a.position.units[id]?.disrupted ? v : v * DISRUPTION_SHARE;
}

/**
 * 8.11, 8.12: the worth of one result to the attacker, on the units it
 * falls on (top first). Melee results empty the hex more often (D retreats
 * everyone it falls on), which is worth `vacate` more when it opens a goal hex.
 */
export function resultWorth(
  a: Analysis,
  kind: "fire" | "melee",
  result: CombatResult,
  affected: readonly UnitId[],
  vacate: number,
): number {
  const [top, second] = affected;
  if (top === undefined || result === "-") return 0;
  switch (result) {
    case "D":
      if (kind === "fire") return disruptWorth(a, top);
      return affected.reduce((t, id) => t + disruptWorth(a, id), 0) + vacate;
    case "E1":
      return worthOfUnit(a, top) + (second ? disruptWorth(a, second) : 0) + (kind === "melee" ? vacate : 0);
    case "E2":
      return worthOfUnit(a, top) + (second ? worthOfUnit(a, second) : 0) + vacate;
  }
}

/** The expected worth of an assessed attack (its exact chances, 8.0). */
export function expectedWorth(a: Analysis, assessment: Assessment, vacate: number): number {
  let total = 0;
  for (const o of assessment.outcomes) {
    if (o.probability > 0)
      total += o.probability * resultWorth(a, assessment.kind, o.result, assessment.affected, vacate);
  }
  return total;
}

/** The bonus for emptying an enemy-held goal hex: more as the end nears, when control decides (16.0). */
export function vacateBonus(a: Analysis, hex: number, stackSize: number, affected: number): number {
  if (a.goals.hold[hex] !== 1 || affected < stackSize) return 0;
  return 2 + 6 / (1 + a.turnsLeft);
}
