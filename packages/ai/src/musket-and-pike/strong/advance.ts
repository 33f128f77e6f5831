import {
  type Action,
  type GameContext,
  indexOfId,
  legalActions,
  type Position,
} from "@tercio/musket-and-pike";
import { type Analysis, analyse, threatsOf } from "./analysis.js";

/** What one unit advancing is worth: taking the ground the enemy left (8.3), as the strong level always did. */
const ADVANCE_WORTH = 1;

/**
 * 8.3: which of the offered advances the strong player makes. Each unit that
 * advances is worth ADVANCE_WORTH, and taking a control hex the side plays
 * for is worth what holding it is worth; against that, each objective the
 * advance leaves behind costs what it is worth:
 *
 * - a control hex of the side's goals (16.0) that the advance leaves with
 *   none of the side's units, where an enemy unit can come next Player-Turn
 *   (the melee threat map reaches it): he walks in and takes control;
 * - each unit an area condition needs (16.0: within a region, within n
 *   hexes) that the advance takes out of the area.
 *
 * An objective is worth 4 + 12 / (1 + Game-Turns left), as in evaluate.ts:
 * always more than two advancing units, decisive in the last Game-Turn.
 * The best option wins; ties go to more units, then to the legal order, so
 * the choice depends on the position alone.
 */
export function chooseAdvance(ctx: GameContext, position: Position): Action | undefined {
  const decision = position.decision;
  if (decision?.kind !== "advance") return undefined;
  const a = analyse(ctx, position, decision.side);
  const into = indexOfId(ctx.map.grid, decision.into);
  let best: Action | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const action of legalActions(ctx, position)) {
    if (action.type !== "advance") continue;
    const score = advanceScore(a, action.units, into);
    const more = best?.type === "advance" && action.units.length > best.units.length;
    if (score > bestScore || (score === bestScore && more)) {
      best = action;
      bestScore = score;
    }
  }
  return best;
}

/** An advance of `units` into hex `into`, weighed for the analysis' side (see chooseAdvance). */
export function advanceScore(a: Analysis, units: readonly string[], into: number): number {
  const objective = 4 + 12 / (1 + a.turnsLeft);
  let score = units.length * ADVANCE_WORTH;
  if (units.length > 0 && a.goals.hold[into] === 1 && a.position.control[hexId(a, into)] !== a.side)
    score += objective;
  const leaving = new Map<number, number>();
  for (const id of units) {
    const from = a.hexOf.get(id);
    if (from !== undefined) leaving.set(from, (leaving.get(from) ?? 0) + 1);
  }
  let threats: ReturnType<typeof threatsOf> | undefined;
  for (const [from, n] of leaving) {
    const emptied = n >= (a.count[from] as number);
    if (a.goals.hold[from] !== 1 || !emptied) continue;
    threats ??= threatsOf(a);
    if ((threats.melee[from] as number) > 0) score -= objective;
  }
  if (a.goals.areaNeed > 0 && a.goals.area[into] !== 1) {
    const out = units.filter((id) => a.goals.area[a.hexOf.get(id) ?? -1] === 1).length;
    const short =
      Math.max(0, a.goals.areaNeed - (inArea(a) - out)) - Math.max(0, a.goals.areaNeed - inArea(a));
    score -= short * objective;
  }
  return score;
}

/** The side's units standing in its area goal. */
function inArea(a: Analysis): number {
  let n = 0;
  for (let h = 0; h < a.count.length; h++)
    if (a.goals.area[h] === 1 && a.owner[h] === 1) n += a.count[h] as number;
  return n;
}

function hexId(a: Analysis, h: number): string {
  return a.ctx.map.grid.ids[h] as string;
}
