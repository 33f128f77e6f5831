import {
  fireProtection,
  type GameContext,
  indexOfId,
  type Position,
  terrainOf,
} from "@tercio/musket-and-pike";
import { analyse, chances, threatsOf } from "./analysis.js";
import { DISRUPTION_SHARE, worthOfUnit } from "./worth.js";

/**
 * A static evaluation of a position for `side`, in unit-worth points: what
 * the side has on the board against what the enemy has, the goals it holds
 * or has reached (16.0), and, less, the losses the enemy's next Player-Turn
 * is expected to cost it where its units stand (threat maps, exact chances).
 * Used to compare whole-phase plans (plan-search.ts), not to end games.
 */
export function evaluate(ctx: GameContext, position: Position, side: "first" | "second"): number {
  const a = analyse(ctx, position, side);
  const grid = ctx.map.grid;
  let score = 0;
  for (const [id, unit] of Object.entries(position.units)) {
    const status = position.offMap[id];
    if (status === "eliminated") continue;
    const worth = worthOfUnit(a, id) * (unit.disrupted ? 1 - DISRUPTION_SHARE : 1);
    score += unit.side === side ? worth : -worth;
    if (status === "exited" && unit.side === side && a.goals.exit) score += 3;
  }
  const holdWorth = 4 + 12 / (1 + a.turnsLeft);
  let inArea = 0;
  for (let h = 0; h < grid.size; h++) {
    if (a.goals.hold[h] === 1) {
      const control = position.control[grid.ids[h] as string];
      if (control === side) score += holdWorth;
      else if (control !== undefined) score -= holdWorth;
    }
    if (a.goals.area[h] === 1 && a.owner[h] === 1) inArea += a.count[h] as number;
  }
  if (a.goals.areaNeed > 0) score += 1.5 * Math.min(inArea, a.goals.areaNeed);
  return score - expectedLoss(ctx, position, side);
}

/** The enemy's expected gain against the side's stacks in his next Player-Turn: fire on the top unit, melee on the top two. */
function expectedLoss(ctx: GameContext, position: Position, side: "first" | "second"): number {
  const a = analyse(ctx, position, side);
  const threats = threatsOf(a);
  const grid = ctx.map.grid;
  let loss = 0;
  for (const [hex, ids] of Object.entries(position.stacks)) {
    const top = ids.slice(0, 2);
    if (position.units[top[0] ?? ""]?.side !== side) continue;
    const h = indexOfId(grid, hex);
    const values = top.map((id) => worthOfUnit(a, id));
    const fire = chances(ctx, "fire", threats.fire[h] as number, fireProtection(ctx, h), 0);
    loss += (fire.D * DISRUPTION_SHARE + fire.E1 + fire.E2) * (values[0] ?? 0);
    let defence = top.reduce((t, id) => t + (a.stats.get(id)?.melee ?? 0), 0);
    if (ctx.rules.data.terrain[terrainOf(ctx, h)].meleeDefenceDoubled) defence *= 2;
    const melee = chances(ctx, "melee", (threats.melee[h] as number) * 0.6, Math.max(1, defence), 0);
    const both = values.reduce((t, v) => t + v, 0);
    loss += melee.D * DISRUPTION_SHARE * both + melee.E1 * (values[0] ?? 0) + melee.E2 * both;
  }
  return loss;
}
