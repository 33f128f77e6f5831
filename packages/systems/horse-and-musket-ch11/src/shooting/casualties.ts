import { D6 } from "@tercio/core";
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

/** One outcome of a die: the hits, the faces giving them, and their chance, exactly. */
export interface HitChance {
  readonly hits: number;
  readonly faces: readonly number[];
  readonly chance: Exact;
}

/**
 * The hits over the faces of the engine's die (the d6 the dice source rolls),
 * grouped by hits, fewest first: the chances sum to 1.
 */
export function hitDistribution(hitsOf: (face: number) => number): HitChance[] {
  const faces = D6.faces;
  const by = new Map<number, number[]>();
  for (const face of faces) {
    const hits = hitsOf(face);
    const list = by.get(hits);
    if (list) list.push(face);
    else by.set(hits, [face]);
  }
  return [...by.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([hits, f]) => ({ hits, faces: f, chance: reduce({ num: f.length, den: faces.length }) }));
}

/** The mean of a distribution, exactly. */
export function expectation(distribution: readonly HitChance[]): Exact {
  let num = 0;
  let den = 1;
  for (const d of distribution) {
    // num/den + hits·c.num/c.den, kept over the common denominator (the die's faces: small).
    num = num * d.chance.den + d.hits * d.chance.num * den;
    den *= d.chance.den;
    const r = reduce({ num, den });
    num = r.num;
    den = r.den;
  }
  return reduce({ num, den });
}

/** The hits of a shot over the die's faces. */
export function shootingDistribution(modifier: number, floor: number, cover: Fraction | null): HitChance[] {
  return hitDistribution((roll) => shootingHits(roll, modifier, floor, cover));
}

/** The expected hits of a shot, exactly: the mean over the six faces. */
export function expectedShootingHits(modifier: number, floor: number, cover: Fraction | null): Exact {
  return expectation(shootingDistribution(modifier, floor, cover));
}

export function reduce(f: Exact): Exact {
  let a = Math.abs(f.num);
  let b = f.den;
  while (b !== 0) [a, b] = [b, a % b];
  const g = a === 0 ? f.den : a;
  return { num: f.num / g, den: f.den / g };
}
