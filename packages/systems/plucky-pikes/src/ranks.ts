/**
 * A unit's figures in ranks, from the front: the strength it fights with.
 * Formations: "A 2nd rank must have at least 50% of the figures of the 1st
 * rank to count as such." Attack Values: "Cavalry and infantry AV are based
 * on the number of figures". The Game Turn: "Casualties are removed as
 * they occur."
 */
export type Ranks = readonly number[];

export function figuresOf(ranks: Ranks): number {
  return ranks.reduce((a, b) => a + b, 0);
}

/**
 * `figures` formed in `depth` ranks, front first, as evenly as they go with
 * the front ranks the fuller (a unit changing formation re-forms its files).
 */
export function formRanks(figures: number, depth: number): Ranks {
  if (!Number.isInteger(figures) || figures < 0 || !Number.isInteger(depth) || depth < 1)
    throw new Error(`cannot form ${figures} figures in ${depth} ranks`);
  const ranks = Math.min(depth, Math.max(1, figures));
  const base = Math.floor(figures / ranks);
  const extra = figures % ranks;
  return Array.from({ length: ranks }, (_, r) => base + (r < extra ? 1 : 0)).filter((n) => n > 0);
}

/**
 * Casualties taken from the rear rank forward, so that the front stays
 * full as long as it can (docs/rules/plucky-pikes.md); an emptied rank is
 * gone. More casualties than figures leave none.
 */
export function withCasualties(ranks: Ranks, casualties: number): Ranks {
  if (!Number.isInteger(casualties) || casualties < 0)
    throw new Error(`casualties are whole figures, not ${casualties}`);
  const out = [...ranks];
  let left = casualties;
  for (let r = out.length - 1; r >= 0 && left > 0; r--) {
    const taken = Math.min(left, out[r] as number);
    out[r] = (out[r] as number) - taken;
    left -= taken;
  }
  return out.filter((n) => n > 0);
}

/**
 * The ranks that count, up to `wanted` of them: a rank behind the first
 * counts only with at least half the first rank's figures (Formations).
 * Counting stops at the first rank that does not count.
 */
export function countedRanks(ranks: Ranks, wanted: number): Ranks {
  const first = ranks[0] ?? 0;
  const out: number[] = [];
  for (const [r, n] of ranks.entries()) {
    if (out.length >= wanted) break;
    // n >= first / 2, in whole numbers.
    if (r > 0 && 2 * n < first) break;
    out.push(n);
  }
  return out;
}

/**
 * Melee: "Pikes and hedgehogs vs. cavalry and flank/rear attacks count 2
 * ranks and all others count 1." "On move 2 of a melee, all the troops of
 * each side are involved in the melee." The figures that fight.
 */
export function meleeFigures(
  ranks: Ranks,
  c: { readonly twoRanks: boolean; readonly general: boolean },
): number {
  if (c.general) return figuresOf(ranks);
  return figuresOf(countedRanks(ranks, c.twoRanks ? 2 : 1));
}

/**
 * Firearms, Bows & Crossbows: the figures that fire. Formed two-rank
 * musketeers, pistols and moving bowmen fire the first rank; stationary
 * heavy bowmen "the first rank and 50% of the second rank" (rounded down).
 */
export function firingFigures(ranks: Ranks, fire: "first-rank" | "first-and-half-second"): number {
  const [first = 0] = ranks;
  if (fire === "first-rank") return first;
  const second = countedRanks(ranks, 2)[1] ?? 0;
  return first + Math.floor(second / 2);
}
