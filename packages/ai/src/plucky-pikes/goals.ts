import type { Seat } from "@tercio/core";
import type { Point } from "@tercio/geometry";
import { type Ctx, type Objective, type Position, traitsOf } from "@tercio/plucky-pikes";
import { footprint, gap, INCH } from "./geometry.js";
import { onTable, otherSide, unitOf } from "./policy.js";

/** The distance (ticks) of a unit's footprint from a point. */
export function unitGapFrom(ctx: Ctx, position: Position, id: string, p: Point): number {
  return gap([p], footprint(ctx, id, unitOf(position, id)));
}

/** The enemy unit nearest to the unit (footprints' gap), if any. */
export function nearestEnemy(
  ctx: Ctx,
  position: Position,
  id: string,
): { id: string; d: number } | undefined {
  const u = unitOf(position, id);
  const poly = footprint(ctx, id, u);
  let best: { id: string; d: number } | undefined;
  for (const e of onTable(position, otherSide(u.side))) {
    const d = gap(poly, footprint(ctx, e, unitOf(position, e)));
    if (!best || d < best.d) best = { id: e, d };
  }
  return best;
}

/**
 * Each objective's keeper: the side's unit nearest it (guns only where
 * nothing else is), one objective each, the most valuable objective served
 * first.
 */
export function assignObjectives(ctx: Ctx, position: Position, side: Seat): Map<string, Objective> {
  const out = new Map<string, Objective>();
  const own = onTable(position, side).filter(
    (id) => !position.melees.some((m) => [...m.attackers, ...m.defenders].includes(id)),
  );
  const far = 100 * INCH;
  const objectives = [...ctx.objectives].sort((a, b) => b.points - a.points || (a.id < b.id ? -1 : 1));
  for (const o of objectives) {
    let best: { id: string; key: number } | undefined;
    for (const id of own) {
      if (out.has(id)) continue;
      const key = (traitsOf(ctx, id).arm === "guns" ? far : 0) + unitGapFrom(ctx, position, id, o);
      if (!best || key < best.key) best = { id, key };
    }
    if (best) out.set(best.id, o);
  }
  return out;
}
