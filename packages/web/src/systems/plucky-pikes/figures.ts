import { direction, type Point } from "@tercio/geometry";
import { type Ctx, formedRanks, ranksOf, traitsOf, type UnitState, unitSize } from "@tercio/plucky-pikes";

/**
 * A unit drawn as the table shows it (Preliminaries: "model soldiers" on
 * stands): its figures in ranks, front first, on the places its files and
 * ranks were formed on (the footprint is the engine's: unitSize), each
 * place filled by a figure or left empty by a casualty (casualties come off
 * the rear rank: ranksOf), and the stands that group them. Display only:
 * the ranks are the engine's, the layout of places and stands is the
 * picture's.
 */
export interface FigurePlace {
  readonly at: Point;
  /** Rank from the front (0) and place in the rank from the left (0). */
  readonly rank: number;
  readonly file: number;
  /** A figure stands here; false: an empty place (a casualty). */
  readonly present: boolean;
}

export interface UnitPicture {
  /** Figures per rank now, front first (ranksOf). */
  readonly ranks: readonly number[];
  /** Places per rank as formed, front first (formedRanks of the figures it formed with). */
  readonly formed: readonly number[];
  readonly places: readonly FigurePlace[];
  /** Each stand's outline, counter-clockwise. */
  readonly stands: readonly (readonly Point[])[];
  /** A figure's drawn size: across the front and front to rear, ticks. */
  readonly figure: { readonly across: number; readonly along: number };
}

/** The unit's local axes: `right` along the front from left to right, `forward` along its facing (unit vectors). */
export function axes(facing: number): { right: Point; forward: Point } {
  const f = direction(facing);
  return { forward: { x: f.x, y: f.y }, right: { x: f.y, y: -f.x } };
}

/** A point `across` to the right of the centre and `ahead` in front of it. */
export function local(u: Point & { readonly facing: number }, across: number, ahead: number): Point {
  const { right, forward } = axes(u.facing);
  return { x: u.x + right.x * across + forward.x * ahead, y: u.y + right.y * across + forward.y * ahead };
}

/** A rectangle in the unit's frame, counter-clockwise from its front right. */
function box(
  u: Point & { readonly facing: number },
  left: number,
  right: number,
  front: number,
  rear: number,
): Point[] {
  return [local(u, right, front), local(u, left, front), local(u, left, rear), local(u, right, rear)];
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
  // Dismounted horse archers are drawn as the foot bowmen they are (Bows & Crossbows).
  const t = traitsOf(ctx, id, u);
  const size = unitSize(ctx, id, u);
  const ranks = ranksOf(ctx, id, u);
  if (t.arm === "guns") {
    // A battery is one stand; its points are drawn as pips along the rear, lost points empty.
    const points = Math.max(u.formedWith, u.strength);
    const across = size.frontage / Math.max(points, 1);
    const places: FigurePlace[] = [];
    for (let i = 0; i < points; i++)
      places.push({
        at: local(u, -size.frontage / 2 + (i + 0.5) * across, -size.depth / 2 + size.depth * 0.12),
        rank: 0,
        file: i,
        present: i < u.strength,
      });
    return {
      ranks,
      formed: [points],
      places,
      stands: [box(u, -size.frontage / 2, size.frontage / 2, size.depth / 2, -size.depth / 2)],
      figure: { across: Math.min(across * 0.7, size.depth * 0.12), along: size.depth * 0.12 },
    };
  }
  const formed = formedRanks(ctx, id, u.formation, Math.max(1, u.formedWith), u);
  const files = Math.max(1, formed[0] ?? 1);
  const pitch = size.frontage / files;
  const rankDepth = size.depth / formed.length;
  const basing = ctx.rules.data.basing;
  const fig = t.arm === "horse" ? basing.horse : basing.foot;
  const places: FigurePlace[] = [];
  for (const [r, n] of formed.entries()) {
    const here = ranks[r] ?? 0;
    // A shorter rank stands centred behind the ones in front.
    const offset = ((files - n) * pitch) / 2;
    for (let f = 0; f < n; f++)
      places.push({
        at: local(u, -size.frontage / 2 + offset + (f + 0.5) * pitch, size.depth / 2 - (r + 0.5) * rankDepth),
        rank: r,
        file: f,
        present: f < here,
      });
  }
  // Stands: blocks of figures across the files and down the ranks, each as wide as its figures'
  // frontage (the gaps between them are the order's spacing: skirmish and open horse stand apart).
  const shape = standShape(t.perStand, formed.length);
  const stands: Point[][] = [];
  const width = Math.min(pitch * shape.files, fig.frontage * shape.files);
  for (let r0 = 0; r0 < formed.length; r0 += shape.ranks) {
    const rowFiles = Math.max(...formed.slice(r0, r0 + shape.ranks));
    const offset = ((files - rowFiles) * pitch) / 2;
    const front = size.depth / 2 - r0 * rankDepth;
    const rear = size.depth / 2 - Math.min(formed.length, r0 + shape.ranks) * rankDepth;
    for (let f0 = 0; f0 < rowFiles; f0 += shape.files) {
      const span = Math.min(shape.files, rowFiles - f0);
      const mid = -size.frontage / 2 + offset + (f0 + span / 2) * pitch;
      const w = (width * span) / shape.files;
      stands.push(box(u, mid - w / 2, mid + w / 2, front, rear));
    }
  }
  return {
    ranks,
    formed,
    places,
    stands,
    figure: {
      across: Math.min(pitch, fig.frontage) * 0.62,
      along: rankDepth * (t.arm === "horse" ? 0.7 : 0.55),
    },
  };
}

/** "6 + 6 + 6 + 4 (22 of 24 figures)": the ranks front first, and the places left empty. */
export function ranksWords(picture: UnitPicture): string {
  const now = picture.ranks.reduce((a, b) => a + b, 0);
  const places = picture.formed.reduce((a, b) => a + b, 0);
  const list = picture.ranks.length > 0 ? picture.ranks.join(" + ") : "none";
  return `${list} (${now} of ${places} places filled)`;
}
