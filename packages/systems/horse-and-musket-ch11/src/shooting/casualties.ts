import type { Fraction } from "../rules-data/schema.js";

/**
 * Hits as exact fractions and their rounding, shared by Shooting and
 * Hand-to-Hand Combat. "Rounded in favour of" the side inflicting the hits
 * is up (ceil) everywhere in the text.
 */
export interface Exact {
  readonly num: number;
  readonly den: number;
}

export function ceilDiv(num: number, den: number): number {
  return Math.ceil(num / den);
}

export function times(a: Exact, f: Fraction): Exact {
  return { num: a.num * f.num, den: a.den * f.den };
}

/**
 * 004 Shooting: Assess Casualties: the die, the shooter's modifier
 * (Skirmishers and Artillery −2; never below the floor, 0), then 004
 * Shooting: Cover: a target in woods or a town suffers half, fractions
 * rounded in favour of the shooter (up).
 */
export function shootingHits(roll: number, modifier: number, floor: number, cover: Fraction | null): number {
  const score = Math.max(floor, roll + modifier);
  return cover ? ceilDiv(score * cover.num, cover.den) : score;
}

/** The expected hits of a shot, exactly: the mean over the six faces. */
export function expectedShootingHits(modifier: number, floor: number, cover: Fraction | null): Exact {
  let sum = 0;
  for (let roll = 1; roll <= 6; roll++) sum += shootingHits(roll, modifier, floor, cover);
  return reduce({ num: sum, den: 6 });
}

export function reduce(f: Exact): Exact {
  let a = Math.abs(f.num);
  let b = f.den;
  while (b !== 0) [a, b] = [b, a % b];
  const g = a === 0 ? f.den : a;
  return { num: f.num / g, den: f.den / g };
}
