import type { Point } from "@tercio/geometry";
import { type Ctx, sideName, traitsOf, type UnitState, unitName } from "@tercio/plucky-pikes";
import { inchesNumber, TICK } from "../tabletop/frame.js";
import { axes, local } from "./figures.js";

/**
 * A gun's horse or ox team in the browser's words and frame (Artillery:
 * "Horse/ox models can be placed anywhere within 6" of an unlimbered gun";
 * Defense Values: "Horse teams function fully until the points run out").
 * The team's state is the engine's (`u.team`: its points, and `at`, its
 * model's centre, while the gun is unlimbered); its model is the engine's
 * teamPolygon. Here: where it stands from its gun, in inches, and the
 * words for it. Display only.
 */

/** The points a full team of the gun has (the rules data's teamPoints), or 0 for a unit that is not a gun. */
export function teamMost(ctx: Ctx, id: string): number {
  const gun = ctx.units[id]?.gun;
  return gun ? ctx.rules.data.artillery.teamPoints[gun] : 0;
}

/** Where `at` lies from the gun's centre in its own frame, in inches: right of it and ahead of it (negative: left, behind). */
export function teamOffset(gun: UnitState, at: Point): { across: number; ahead: number } {
  const { right, forward } = axes(gun.facing);
  const dx = at.x - gun.x;
  const dy = at.y - gun.y;
  return { across: (dx * right.x + dy * right.y) / TICK, ahead: (dx * forward.x + dy * forward.y) / TICK };
}

/** The table point `across` inches right of the gun's centre and `ahead` inches in front of it, in whole ticks. */
export function teamPointFrom(gun: UnitState, across: number, ahead: number): Point {
  const p = local(gun, across * TICK, ahead * TICK);
  return { x: Math.round(p.x), y: Math.round(p.y) };
}

const inches = (n: number) => `${inchesNumber(Math.abs(n) * TICK)}"`;

/** '2" behind the gun, 1" to its left' (a half-inch or less either way is "level with" or "in line with"). */
export function teamPlaceWords(gun: UnitState, at: Point): string {
  const { across, ahead } = teamOffset(gun, at);
  const back =
    Math.abs(ahead) < 0.05
      ? "level with the gun"
      : `${inches(ahead)} ${ahead < 0 ? "behind" : "in front of"} the gun`;
  const side = Math.abs(across) < 0.05 ? "" : `, ${inches(across)} to its ${across < 0 ? "left" : "right"}`;
  const far = Math.hypot(across, ahead);
  return `${back}${side} (${inches(far)} from its centre)`;
}

/**
 * The gun's team in words: "horse team 3 of 3 points, on the table 2.25"
 * behind the gun"; on the stand while limbered; lost at no points. Undefined
 * for a unit that is not a gun.
 */
export function teamWords(ctx: Ctx, id: string, gun: UnitState): string | undefined {
  if (traitsOf(ctx, id).arm !== "guns" || !gun.team) return undefined;
  const { points, at } = gun.team;
  if (points === 0) return "horse team lost: the guns cannot limber";
  const of = `horse team ${points} of ${teamMost(ctx, id)} points`;
  return at ? `${of}, on the table ${teamPlaceWords(gun, at)}` : `${of}, on the stand`;
}

/** "Horse team of W7 Swedish twelve-pounders (Swedes): 4 of 4 points, 2.25" behind the gun": the team model's name. */
export function teamLabel(ctx: Ctx, id: string, gun: UnitState): string {
  const points = gun.team?.points ?? 0;
  const where = gun.team?.at ? `, ${teamPlaceWords(gun, gun.team.at)}` : "";
  return `Horse team of ${id} ${unitName(ctx, id)} (${sideName(ctx, gun.side)}): ${points} of ${teamMost(ctx, id)} points${where}`;
}
