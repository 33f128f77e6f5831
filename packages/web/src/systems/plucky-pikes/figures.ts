import { direction, type Point } from "@tercio/geometry";
import type { Ctx, UnitState } from "@tercio/plucky-pikes";
import { at, box, unitPicture as layout } from "@tercio/render/tabletop-pp";

/**
 * A unit drawn as the table shows it (Preliminaries: "model soldiers" on
 * stands), in table points: the picture is @tercio/render/tabletop-pp's
 * `unitPicture`, the one the command line's render draws (places, stands
 * and figure size as fractions of the engine's footprint), turned here
 * into points between the engine's integer corners (`at`, `box`) and a
 * figure's size into ticks. Display only: the ranks are the engine's, the
 * layout of places and stands is render's.
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
  readonly arm: "foot" | "horse" | "guns";
  /** Figures per rank now, front first (ranksOf). */
  readonly ranks: readonly number[];
  /** Places per rank as formed, front first (formedRanks of the figures it formed with). */
  readonly formed: readonly number[];
  readonly places: readonly FigurePlace[];
  /** Each stand's outline, counter-clockwise from its front right. */
  readonly stands: readonly (readonly Point[])[];
  /** A figure's drawn size: across the front and front to rear, ticks. */
  readonly figure: { readonly across: number; readonly along: number };
}

export { ranksWords } from "@tercio/render/tabletop-pp";

export function unitPicture(ctx: Ctx, id: string, u: UnitState): UnitPicture {
  const pic = layout(ctx, id, u);
  const c = pic.corners;
  return {
    arm: pic.arm,
    ranks: pic.ranks,
    formed: pic.formed,
    places: pic.places.map((p) => ({
      at: at(c, p.across, p.back),
      rank: p.rank,
      file: p.file,
      present: p.present,
    })),
    stands: pic.stands.map((s) => box(c, ...s)),
    figure: { across: pic.figure.across * pic.frontage, along: pic.figure.along * pic.depth },
  };
}

/**
 * The unit's local axes: `right` along the front from left to right,
 * `forward` along its facing (unit vectors). For the glyphs drawn about a
 * point (a gun, an officer's stand, a team), not for the figures.
 */
export function axes(facing: number): { right: Point; forward: Point } {
  const f = direction(facing);
  return { forward: { x: f.x, y: f.y }, right: { x: f.y, y: -f.x } };
}

/** A point `across` to the right of the centre and `ahead` in front of it. */
export function local(u: Point & { readonly facing: number }, across: number, ahead: number): Point {
  const { right, forward } = axes(u.facing);
  return { x: u.x + right.x * across + forward.x * ahead, y: u.y + right.y * across + forward.y * ahead };
}
