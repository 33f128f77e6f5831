import {
  type Ctx,
  formedRanks,
  ranksOf,
  traitsOf,
  type UnitState,
  unitCorners,
  unitSize,
} from "@tercio/plucky-pikes";
import type { Point } from "../svg.js";

/**
 * A unit drawn as the table shows it (001 Preliminaries: "model soldiers"
 * on stands): its figures in ranks, front first, on the places its files
 * and ranks were formed on (the footprint is the engine's: unitSize and
 * unitCorners), each place filled by a figure or left empty by a casualty
 * (casualties come off the rear rank: ranksOf), and the stands that group
 * them. The browser's table draws this same picture (its adapter,
 * packages/web/src/systems/plucky-pikes/figures.ts, turns the fractions
 * into points with `at` and `box`). Display only: the
 * ranks are the engine's, the layout of places and stands is the picture's.
 *
 * Every point is placed by its fractions across and back within the
 * engine's integer corners (bilinear: + - * / only), so no angle is turned
 * into floats here.
 */

/** Three corners of a footprint: enough to place any point of it. */
export interface Footing {
  readonly fl: Point;
  readonly fr: Point;
  readonly rl: Point;
}

/**
 * The point `across` from the left edge (0) to the right (1) and `back`
 * from the front (0) to the rear (1); beyond [0, 1], outside the footprint
 * (a negative `back` is ahead of the front).
 */
export function at(c: Footing, across: number, back: number): Point {
  return {
    x: c.fl.x + (c.fr.x - c.fl.x) * across + (c.rl.x - c.fl.x) * back,
    y: c.fl.y + (c.fr.y - c.fl.y) * across + (c.rl.y - c.fl.y) * back,
  };
}

/** A rectangle of the footing's frame, counter-clockwise from its front right (as the engine lists a base). */
export function box(c: Footing, left: number, right: number, front: number, rear: number): Point[] {
  return [at(c, right, front), at(c, left, front), at(c, left, rear), at(c, right, rear)];
}

/** The footing of an engine polygon listed front-right, front-left, rear-left, rear-right. */
export function footingOf(poly: readonly Point[]): Footing {
  const [fr, fl, rl] = poly;
  if (!fr || !fl || !rl) throw new Error("a footprint has four corners");
  return { fl, fr, rl };
}

export interface FigurePlace {
  /** Fractions across (left 0, right 1) and back (front 0, rear 1) of the footprint. */
  readonly across: number;
  readonly back: number;
  /** Rank from the front (0) and place in the rank from the left (0). */
  readonly rank: number;
  readonly file: number;
  /** A figure stands here; false: an empty place (a casualty). */
  readonly present: boolean;
}

export interface UnitPicture {
  readonly arm: "foot" | "horse" | "guns";
  /** Figures per rank now, front first (ranksOf); a battery's points. */
  readonly ranks: readonly number[];
  /** Places per rank as formed, front first (formedRanks of the figures it formed with). */
  readonly formed: readonly number[];
  readonly places: readonly FigurePlace[];
  /** Each stand as fractions of the footprint: left, right, front, rear. */
  readonly stands: readonly (readonly [number, number, number, number])[];
  /** A figure's drawn size as fractions of the footprint: across its front and front to rear. */
  readonly figure: { readonly across: number; readonly along: number };
  /** The footprint's corners (the engine's integers) and size in ticks. */
  readonly corners: Footing;
  readonly frontage: number;
  readonly depth: number;
}

/**
 * How many files and ranks a stand takes: two ranks deep where the unit has
 * two or more (a pike block's stands are two deep in rows), its figures
 * across; one rank in a single-rank order (skirmish, a single rank of shot).
 */
export function standShape(perStand: number, ranks: number): { files: number; ranks: number } {
  const deep = Math.max(1, Math.min(ranks, perStand >= 2 ? 2 : 1));
  return { files: Math.max(1, Math.ceil(perStand / deep)), ranks: deep };
}

export function unitPicture(ctx: Ctx, id: string, u: UnitState): UnitPicture {
  const t = traitsOf(ctx, id, u);
  const size = unitSize(ctx, id, u);
  const corners = unitCorners(ctx, id, u);
  const ranks = ranksOf(ctx, id, u);
  const common = { corners, frontage: size.frontage, depth: size.depth };
  if (t.arm === "guns") {
    // A battery is one stand (Artillery: "Artillery loses points the way other units lose figures"):
    // its points drawn as pips along the rear, lost points empty.
    const points = Math.max(u.formedWith, u.strength, 1);
    const places: FigurePlace[] = [];
    for (let i = 0; i < points; i++)
      places.push({ across: (i + 0.5) / points, back: 0.88, rank: 0, file: i, present: i < u.strength });
    return {
      arm: "guns",
      ranks,
      formed: [points],
      places,
      stands: [[0, 1, 0, 1]],
      figure: { across: Math.min(0.7 / points, 0.08), along: 0.08 },
      ...common,
    };
  }
  const formed = formedRanks(ctx, id, u.formation, Math.max(1, u.formedWith), u);
  const files = Math.max(1, formed[0] ?? 1);
  const depth = formed.length;
  // Stands: blocks of figures across the files and down the ranks, each as wide as its figures'
  // frontage, so that where the order's spacing is wider than a figure (skirmish, open horse) the
  // stands stand apart with their figures on them. Positions across are in files from the left.
  const fig = t.arm === "horse" ? ctx.rules.data.basing.horse : ctx.rules.data.basing.foot;
  const fill = Math.min(1, fig.frontage / (size.frontage / files));
  const shape = standShape(t.perStand, depth);
  const rows: { lo: number; hi: number; mid: number }[][] = [];
  const stands: [number, number, number, number][] = [];
  for (let r0 = 0; r0 < depth; r0 += shape.ranks) {
    const rowFiles = Math.max(...formed.slice(r0, r0 + shape.ranks));
    const offset = (files - rowFiles) / 2;
    const row: { lo: number; hi: number; mid: number }[] = [];
    for (let f0 = 0; f0 < rowFiles; f0 += shape.files) {
      const span = Math.min(shape.files, rowFiles - f0);
      const lo = offset + f0;
      const mid = lo + span / 2;
      row.push({ lo, hi: lo + span, mid });
      const half = (span * fill) / 2;
      stands.push([
        (mid - half) / files,
        (mid + half) / files,
        r0 / depth,
        Math.min(depth, r0 + shape.ranks) / depth,
      ]);
    }
    rows.push(row);
  }
  const places: FigurePlace[] = [];
  for (const [r, n] of formed.entries()) {
    const here = ranks[r] ?? 0;
    const row = rows[Math.floor(r / shape.ranks)] ?? [];
    // A shorter rank stands centred behind the ones in front.
    const offset = (files - n) / 2;
    for (let f = 0; f < n; f++) {
      const p = offset + f + 0.5;
      const stand = row.find((s) => p >= s.lo && p < s.hi) ?? row[row.length - 1];
      const across = stand ? stand.mid + (p - stand.mid) * fill : p;
      places.push({ across: across / files, back: (r + 0.5) / depth, rank: r, file: f, present: f < here });
    }
  }
  return {
    arm: t.arm,
    ranks,
    formed,
    places,
    stands,
    figure:
      t.arm === "horse"
        ? { across: (fill * 0.5) / files, along: 0.78 / depth }
        : { across: (fill * 0.62) / files, along: 0.55 / depth },
    ...common,
  };
}

/** "6 + 6 + 6 + 4 (22 of 24 places filled)": the ranks front first, and the places left empty. */
export function ranksWords(picture: Pick<UnitPicture, "ranks" | "formed">): string {
  const now = picture.ranks.reduce((a, b) => a + b, 0);
  const places = picture.formed.reduce((a, b) => a + b, 0);
  const list = picture.ranks.length > 0 ? picture.ranks.join(" + ") : "none";
  return `${list} (${now} of ${places} places filled)`;
}
