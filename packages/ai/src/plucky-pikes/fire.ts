import type { Polygon } from "@tercio/geometry";
import {
  aim,
  type Ctx,
  hits,
  lethality,
  type Position,
  type Strike,
  traitsOf,
  type UnitState,
} from "@tercio/plucky-pikes";
import { footprint } from "./geometry.js";
import { onTable } from "./policy.js";

/**
 * What a shot is worth: the engine's own aim (fire/aim.ts: arc, range,
 * sight, cover, enfilade, fire into melee, the strike with the d10 still
 * to roll) and Lethality against the Defense Factor (lethality, hits) on
 * each of the d10's ten faces, for a shot the players may only imagine (a
 * unit at a pose it might move to, a target that has not fired yet): the
 * position is a hypothetical one, the aim is the engine's. `fire.test.ts`
 * holds these odds to the engine's resolution of the same shot with the
 * same die given.
 */
export interface ShotOdds {
  /** Hits (figures or points lost) on each face 1..10 of the d10. */
  readonly byFace: readonly number[];
  readonly mean: number;
  /** The shot strikes a building, not the troops in it. */
  readonly atBuilding: boolean;
}

/** A cheap test that the target is out of every range of the unit (bounding boxes apart by more than the range). */
function beyondReach(ctx: Ctx, id: string, u: UnitState, target: Polygon, hailshot: boolean): boolean {
  const t = traitsOf(ctx, id);
  const reach =
    t.arm === "guns"
      ? hailshot
        ? ctx.rules.data.artillery.hailshot.range
        : t.gun
          ? (ctx.rules.data.artillery.bands[t.gun][2] ?? 0)
          : 0
      : t.missile
        ? ctx.rules.data.smallArms[t.missile]
        : 0;
  const own = footprint(ctx, id, u);
  const box = (poly: Polygon) => {
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (const p of poly) {
      x0 = Math.min(x0, p.x);
      y0 = Math.min(y0, p.y);
      x1 = Math.max(x1, p.x);
      y1 = Math.max(y1, p.y);
    }
    return { x0, y0, x1, y1 };
  };
  const a = box(own);
  const b = box(target);
  const dx = Math.max(0, a.x0 - b.x1, b.x0 - a.x1);
  const dy = Math.max(0, a.y0 - b.y1, b.y0 - a.y1);
  return dx > reach + 1 || dy > reach + 1;
}

export interface AimOptions {
  readonly hailshot?: boolean;
}

/** The strike the unit would make at the target (a d10 still to roll), and the DF, or undefined if it may not fire at it. */
export function strikeAt(
  ctx: Ctx,
  position: Position,
  id: string,
  targetId: string,
  options: AimOptions = {},
): { strike: (d10: number) => Strike; df: number; atBuilding: boolean } | undefined {
  const hailshot = options.hailshot ?? false;
  const u = position.units[id];
  const tu = position.units[targetId];
  if (!u || u.gone || !tu || tu.gone || tu.side === u.side) return undefined;
  if (beyondReach(ctx, id, u, footprint(ctx, targetId, tu), hailshot)) return undefined;
  const a = aim(ctx, position, id, targetId, hailshot);
  if (!a.ok) return undefined;
  return { strike: a.value.strike, df: a.value.df, atBuilding: a.value.building !== undefined };
}

/** The shot's hits on each face of the d10, or undefined if the unit may not fire at the target. */
export function shotOdds(
  ctx: Ctx,
  position: Position,
  id: string,
  targetId: string,
  options: AimOptions = {},
): ShotOdds | undefined {
  const s = strikeAt(ctx, position, id, targetId, options);
  if (!s) return undefined;
  const byFace: number[] = [];
  for (let face = 1; face <= 10; face++) byFace.push(hits(lethality(ctx.rules.data, s.strike(face)), s.df));
  return { byFace, mean: byFace.reduce((a, b) => a + b, 0) / 10, atBuilding: s.atBuilding };
}

/** Whether the unit could fire at all now (a missile or guns, loaded, unlimbered, not in melee, not muddled, not fired). */
export function mayFire(ctx: Ctx, position: Position, id: string): boolean {
  const u = position.units[id];
  if (!u || u.gone || u.fired || u.muddle > 0) return false;
  const t = traitsOf(ctx, id);
  if (t.arm === "guns") return u.formation === "unlimbered";
  if (!t.missile) return false;
  if (u.reload > 0) return false;
  if (t.missile === "pistol" && u.pistols >= ctx.rules.data.fire.pistols) return false;
  return true;
}

/** The enemy units the unit could shoot at now, with the odds of each (hailshot where it is better). */
export function shotsOf(
  ctx: Ctx,
  position: Position,
  id: string,
): { target: string; hailshot: boolean; odds: ShotOdds }[] {
  const u = position.units[id];
  if (!u || !mayFire(ctx, position, id)) return [];
  const guns = traitsOf(ctx, id).arm === "guns";
  const out: { target: string; hailshot: boolean; odds: ShotOdds }[] = [];
  for (const tid of onTable(position)) {
    const tu = position.units[tid] as UnitState;
    if (tu.side === u.side) continue;
    let best: { target: string; hailshot: boolean; odds: ShotOdds } | undefined;
    const plain = shotOdds(ctx, position, id, tid);
    if (plain) best = { target: tid, hailshot: false, odds: plain };
    if (guns) {
      const hail = shotOdds(ctx, position, id, tid, { hailshot: true });
      if (hail && (!best || hail.mean > best.odds.mean)) best = { target: tid, hailshot: true, odds: hail };
    }
    if (best) out.push(best);
  }
  return out;
}

/** The range the unit fires to (ticks), 0 for one that does not. */
export function rangeOf(ctx: Ctx, id: string): number {
  const t = traitsOf(ctx, id);
  if (t.arm === "guns") return t.gun ? (ctx.rules.data.artillery.bands[t.gun][2] ?? 0) : 0;
  return t.missile ? ctx.rules.data.smallArms[t.missile] : 0;
}
