import {
  type BaseCorners,
  type BaseSize,
  baseCorners,
  basePolygon,
  frontCentre,
  type Point,
  type Pose,
  scaledDirection,
} from "@tercio/geometry";
import type { Ctx, UnitTraits } from "./context.js";
import { floorOf, fraction, times } from "./fraction.js";
import type { UnitState } from "./position.js";
import { formRanks, type Ranks, withCasualties } from "./ranks.js";

/**
 * A unit on the table: figures on stands in ranks (Preliminaries), its
 * footprint the files across its front by its ranks (designed basing,
 * B-1 and B-2 of the rules data). The footprint is the ground the unit
 * formed on: its files and ranks as it last formed (`formedWith`).
 * Casualties come off the rear rank (ranks.ts) and leave their places
 * empty, and lightly wounded figures rallied back fill them again, so
 * neither moves the unit's edges into a neighbour; a change of formation
 * forms the figures it has anew. A battery is one stand.
 */

/** The formation's rank count for `figures`: "square" makes as many ranks as files (the hedgehog). */
function depthOf(ctx: Ctx, t: UnitTraits, formation: string, figures: number): number {
  if (t.arm === "guns") return 1;
  if (t.arm === "foot" && formation === "open" && t.ranks !== undefined) return t.ranks;
  const spec = formationSpec(ctx, t, formation);
  if (spec.ranks !== "square") return spec.ranks;
  const files = Math.max(1, Math.ceil(Math.sqrt(figures)));
  return Math.max(1, Math.ceil(figures / files));
}

function formationSpec(ctx: Ctx, t: UnitTraits, formation: string) {
  const f = ctx.rules.data.formations;
  const spec =
    t.arm === "horse" ? f.horse[formation as keyof typeof f.horse] : f.foot[formation as keyof typeof f.foot];
  if (!spec) throw new Error(`${formation} is not a formation of ${t.arm}`);
  return spec;
}

/** The ranks a unit stands in now, front first. */
export function ranksOf(ctx: Ctx, id: string, u: UnitState): Ranks {
  const t = traitsOf(ctx, id, u);
  if (t.arm === "guns") return [u.strength];
  const formed = formRanks(u.formedWith, depthOf(ctx, t, u.formation, u.formedWith));
  return withCasualties(formed, Math.max(0, u.formedWith - u.strength));
}

/** The ranks of `figures` newly formed in `formation` (a change of formation re-forms the files). */
export function formedRanks(
  ctx: Ctx,
  id: string,
  formation: string,
  figures: number,
  u?: { readonly dismounted: boolean },
): Ranks {
  const t = traitsOf(ctx, id, u);
  return t.arm === "guns" ? [figures] : formRanks(Math.max(1, figures), depthOf(ctx, t, formation, figures));
}

/**
 * What a unit is: the scenario's, except that dismounted horse archers are
 * foot bowmen while on foot (Bows & Crossbows: "If they dismount they fire
 * as regular bowmen").
 */
export function traitsOf(ctx: Ctx, id: string, u?: { readonly dismounted: boolean }): UnitTraits {
  const t = ctx.units[id];
  if (!t) throw new Error(`no unit ${id} in the scenario`);
  return u?.dismounted ? { ...t, arm: "foot", missile: "light-bow", melee: "shot" } : t;
}

/** The footprint's size for figures formed as `formedWith` in `formation`, `ranks` of them left. */
function sizeFor(ctx: Ctx, t: UnitTraits, formation: string, files: number, ranks: number): BaseSize {
  const b = ctx.rules.data.basing;
  if (t.arm === "guns") return { frontage: b.gun.frontage, depth: b.gun.depth };
  const fig = t.arm === "horse" ? b.horse : b.foot;
  const spacing = formationSpec(ctx, t, formation).spacing;
  return {
    frontage: Math.max(1, floorOf(times(fraction(files * fig.frontage), spacing))),
    depth: Math.max(1, ranks) * fig.rankDepth,
  };
}

export function unitSize(ctx: Ctx, id: string, u: UnitState): BaseSize {
  const t = traitsOf(ctx, id, u);
  const formed = formedRanks(ctx, id, u.formation, u.formedWith, u);
  return sizeFor(ctx, t, u.formation, formed[0] ?? 1, formed.length);
}

/** The size a unit would have formed anew in `formation` with its figures now. */
export function sizeInFormation(ctx: Ctx, id: string, u: UnitState, formation: string): BaseSize {
  const t = traitsOf(ctx, id, u);
  const ranks = formedRanks(ctx, id, formation, u.strength, u);
  return sizeFor(ctx, t, formation, ranks[0] ?? 1, ranks.length);
}

export function poseOf(u: { readonly x: number; readonly y: number; readonly facing: number }): Pose {
  return { x: u.x, y: u.y, facing: u.facing };
}

/**
 * Footprints are asked for again and again of the same unit state (every
 * engagement legalActions tries meets every unit on the table), and a state
 * is never changed in place: each is drawn once, kept beside the state
 * object for its context and id, and handed out frozen.
 */
const drawn = new WeakMap<UnitState, { ctx: Ctx; id: string; poly: readonly Point[] }>();

export function unitPolygon(ctx: Ctx, id: string, u: UnitState): Point[] {
  const kept = drawn.get(u);
  if (kept && kept.ctx === ctx && kept.id === id) return kept.poly as Point[];
  const poly = Object.freeze(basePolygon(poseOf(u), unitSize(ctx, id, u)).map((p) => Object.freeze(p)));
  drawn.set(u, { ctx, id, poly });
  return poly as Point[];
}

export function unitCorners(ctx: Ctx, id: string, u: UnitState): BaseCorners {
  return baseCorners(poseOf(u), unitSize(ctx, id, u));
}

export function unitFront(ctx: Ctx, id: string, u: UnitState): Point {
  return frontCentre(poseOf(u), unitSize(ctx, id, u));
}

/**
 * The centre that keeps the front edge where it is when the depth changes
 * (a rank lost from the rear, a new formation formed on its front).
 */
export function centreKeepingFront(u: Pose, before: BaseSize, after: BaseSize): Point {
  // Depths are whole ticks: an odd difference leaves half a tick, rounded half away from zero.
  const shift = Math.sign(before.depth - after.depth) * Math.round(Math.abs(before.depth - after.depth) / 2);
  if (shift === 0) return { x: u.x, y: u.y };
  const d = scaledDirection(u.facing, shift);
  return { x: u.x + d.x, y: u.y + d.y };
}

/** Skirmish order: the stands along the front, each one's centre (Firearms: "only the stands in range count"). */
export function standCentres(ctx: Ctx, id: string, u: UnitState): { centre: Point; figures: number }[] {
  const t = traitsOf(ctx, id, u);
  const stands = Math.max(1, Math.ceil(u.strength / t.perStand));
  const size = unitSize(ctx, id, u);
  const c = baseCorners(poseOf(u), size);
  const out: { centre: Point; figures: number }[] = [];
  let left = u.strength;
  for (let s = 0; s < stands; s++) {
    // The centre of stand s along the front-to-rear midline, as an exact fraction of the front edge.
    const k = times(fraction(2 * s + 1), fraction(1, 2 * stands));
    const x = c.fl.x + Math.round(((c.fr.x - c.fl.x) * k.num) / k.den);
    const y = c.fl.y + Math.round(((c.fr.y - c.fl.y) * k.num) / k.den);
    const back = scaledDirection(u.facing, -Math.round(size.depth / 2));
    const figures = Math.min(t.perStand, left);
    left -= figures;
    out.push({ centre: { x: x + back.x, y: y + back.y }, figures });
  }
  return out;
}
