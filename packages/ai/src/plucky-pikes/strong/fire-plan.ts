import { type Action, type Ctx, legalActions, type Position, type UnitState } from "@tercio/plucky-pikes";
import { shotOdds } from "../fire.js";
import { END_PHASE } from "../policy.js";
import { lossValue, type Values } from "./value.js";

/**
 * The strong player's fire: one declaration a call, the shot that adds the
 * most expected Victory Points given the shots the side has already
 * declared at the same target this step (their hits' distribution over
 * the faces, so that fire is concentrated where it removes a unit or
 * drops it below a level, and not wasted on a unit already done for).
 */
function hitsDistribution(byFaces: readonly (readonly number[])[]): Map<number, number> {
  let dist = new Map<number, number>([[0, 1]]);
  for (const b of byFaces) {
    const next = new Map<number, number>();
    for (const [s, p] of dist) for (const h of b) next.set(s + h, (next.get(s + h) ?? 0) + p / b.length);
    dist = next;
  }
  return dist;
}

export function bestDeclaration(ctx: Ctx, v: Values, position: Position): Action {
  const declared = new Map<string, number[][]>();
  for (const f of position.fire) {
    const u = position.units[f.unit];
    if (!u || u.side !== position.toMove || f.team) continue;
    const odds = shotOdds(ctx, position, f.unit, f.target, { hailshot: f.hailshot });
    if (odds) declared.set(f.target, [...(declared.get(f.target) ?? []), [...odds.byFace]]);
  }
  let best: { action: Action; value: number } | undefined;
  for (const a of legalActions(ctx, position)) {
    // A horse team's points count in no score: the strong player's fire goes at units and guns.
    if (a.type !== "fire" || a.team) continue;
    const odds = shotOdds(ctx, position, a.unit, a.target, { hailshot: a.hailshot ?? false });
    if (!odds || odds.atBuilding) continue;
    const target = position.units[a.target] as UnitState;
    const before = hitsDistribution(declared.get(a.target) ?? []);
    let value = 0;
    for (const [prior, p] of before) {
      const base = lossValue(ctx, v, a.target, target, prior);
      for (const h of odds.byFace)
        value += (p / odds.byFace.length) * (lossValue(ctx, v, a.target, target, prior + h) - base);
    }
    if (value > 1e-6 && (!best || value > best.value)) best = { action: a, value };
  }
  return best?.action ?? END_PHASE;
}
