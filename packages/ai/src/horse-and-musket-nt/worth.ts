import {
  actsAs,
  type Band,
  type ContactState,
  type Ctx,
  fireCover,
  fireValues,
  hitsAfterRally,
  meleeSequence,
  modifiedDie,
  type Position,
  removedAt,
  type Sequence,
  skirmishes,
  type Term,
  type UnitSide,
  work,
} from "@tercio/horse-and-musket-nt";

/**
 * Exact worth from the rules: the hits each face of the game's die deals,
 * their mean, and the chance they remove the target.
 *
 * A shot's hits are built from the rules data and the engine's own pieces
 * (fireValues, actsAs, skirmishes, fireCover, modifiedDie, and `work`, the
 * engine's exact modifier sequence with its cap and rounding), in 1.1's
 * order, for a shooter and target anywhere (a pose a move would reach):
 * planShot gives the same hits for a real shot (worth.test.ts holds them
 * to hitsByFace). A charge's hits are the engine's meleeSequence itself.
 */
export function shotSequence(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  targetId: string,
  side: UnitSide,
  band: Band,
  face: number,
): Sequence | undefined {
  const shooter = position.units[shooterId];
  const target = position.units[targetId];
  if (!shooter || !target) return undefined;
  const values = fireValues(ctx, shooter);
  if (!values) return undefined;
  const data = ctx.rules.data;
  const adds: (Term & { by: number })[] = [];
  const kind = actsAs(ctx, target);
  if (kind === "cavalry" || (data.unitTypes[kind].foot && side !== "front"))
    adds.push({ rule: "1.1 i", text: "add 2", by: data.fire.flankRearOrCavalry });
  if (values.subtract > 0) adds.push({ rule: "1.1 ii", text: "subtract", by: -values.subtract });
  if (ctx.options.acw === "on" && shooter.type === "infantry" && shooter.formation === "column")
    adds.push({ rule: "ACW 6", text: "column", by: -data.acw.columnFire });
  const halves: Term[] = [];
  if (band === "long") halves.push({ rule: "ACW 3", text: "long range" });
  if (skirmishes(ctx, target)) halves.push({ rule: "1.1 iv", text: "skirmishers" });
  if (fireCover(ctx, position, targetId, side)) halves.push({ rule: "1.1 v", text: "cover" });
  return {
    start: { value: modifiedDie(ctx, shooterId, face), rule: "1.1 B", text: "Dx" },
    adds,
    doubles: band === "point-blank" ? [{ rule: "1.1 iii", text: "double", by: data.fire.pointBlank }] : [],
    halves,
    halve: data.fire.halve,
    cap: { ...data.fire.cap, rule: "1.1 vi" },
  };
}

/** The hits of a shot for each face of the game's die (empty when the shooter does not fire). */
export function shotFaces(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  targetId: string,
  side: UnitSide,
  band: Band,
): number[] {
  const out: number[] = [];
  for (const face of ctx.die.faces) {
    const seq = shotSequence(ctx, position, shooterId, targetId, side, band, face);
    if (!seq) return [];
    out.push(work(seq).hits);
  }
  return out;
}

/** A charge's hits for each face, the charger at its contact pose in `position`. */
export function meleeFaces(ctx: Ctx, position: Position, contact: ContactState): number[] {
  return ctx.die.faces.map((face) => work(meleeSequence(ctx, position, contact, face)).hits);
}

export function meanOf(faces: readonly number[]): number {
  if (faces.length === 0) return 0;
  let s = 0;
  for (const f of faces) s += f;
  return s / faces.length;
}

/** What removing a unit is worth beyond its hits, in hits (a unit is its 15 hits and more). */
export const KILL_BONUS = 12;

/**
 * The worth of dealing these faces to a unit that has `hits` (and
 * `pending` more expected before the half ends): the useful hits (those
 * past removal wasted), weighted up as the unit nears removal, and the
 * chance of removing it times the bonus.
 */
export function damageWorth(
  ctx: Ctx,
  targetId: string,
  faces: readonly number[],
  hits: number,
  pending = 0,
): number {
  if (faces.length === 0) return 0;
  const limit = removedAt(ctx, targetId);
  const remaining = Math.max(1, limit - hits - pending);
  let useful = 0;
  let kills = 0;
  for (const f of faces) {
    useful += Math.min(f, remaining);
    if (f >= remaining) kills++;
  }
  const n = faces.length;
  return (useful / n) * (1 + (hits + pending) / limit) + (kills / n) * KILL_BONUS;
}

/** The mean number of hits a rally would remove from the unit as it stands. */
export function rallyGain(ctx: Ctx, position: Position, id: string): number {
  const u = position.units[id];
  if (!u || u.hits === 0) return 0;
  let s = 0;
  for (const face of ctx.die.faces) s += hitsAfterRally(ctx, position, id, face).removed;
  return s / ctx.die.faces.length;
}
