import {
  citeRule,
  type Exact,
  type HandToHandWorking,
  type HitChance,
  type ShotWorking,
} from "@tercio/horse-and-musket-ch11";

/**
 * The odds the board shows before the die, read from the engine's working
 * (shotWorking, handToHandWorking): every modifier with its rule, the hits
 * each face of the die inflicts, and how many faces give each number of
 * hits. The board adds words, never a number.
 */
export interface Modifier {
  /** What applies, as the working words it ("Artillery: the score is reduced by 2"). */
  readonly text: string;
  /** The rule it comes from, cited as the engine cites rules: "004 Shooting: Cover". */
  readonly rule: string;
}

export interface Odds {
  readonly modifiers: readonly Modifier[];
  /** Hits for rolls 1 to 6. */
  readonly faces: readonly number[];
  /** Each number of hits and how many of the six faces give it, fewest hits first. */
  readonly outcomes: readonly { readonly hits: number; readonly faces: number }[];
  readonly expected: Exact;
}

function facesOf(distribution: readonly HitChance[]): { faces: number[]; outcomes: Odds["outcomes"] } {
  const faces: number[] = [];
  for (const d of distribution) for (const f of d.faces) faces[f - 1] = d.hits;
  return { faces, outcomes: distribution.map((d) => ({ hits: d.hits, faces: d.faces.length })) };
}

const fraction = (f: Exact) => (f.den === 1 ? `× ${f.num}` : `× ${f.num}/${f.den}`);

export function shotOdds(w: ShotWorking): Odds {
  const modifiers: Modifier[] = w.modifiers.map((m) => ({ text: m.text, rule: citeRule(m.rule) }));
  if (w.modifiers.some((m) => m.value < 0))
    modifiers.push({
      text: `never fewer than ${w.floor} hits`,
      rule: citeRule("Shooting: Assess Casualties"),
    });
  if (w.cover)
    modifiers.push({
      text: `${w.target} in cover in ${w.cover.area.name}: ${fraction(w.cover.fraction)}, ${w.cover.rounding}`,
      rule: citeRule(w.cover.rule),
    });
  return { modifiers, ...facesOf(w.distribution), expected: w.expected };
}

export function fightOdds(w: HandToHandWorking): Odds {
  const modifiers: Modifier[] = [{ text: w.die.text, rule: citeRule(w.die.rule) }];
  for (const f of w.factors)
    if (f.applies) modifiers.push({ text: `${f.text}: ${fraction(f.fraction)}`, rule: citeRule(f.rule) });
  if (w.factors.some((f) => f.applies))
    modifiers.push({ text: w.rounding.text, rule: citeRule(w.rounding.rule) });
  return { modifiers, ...facesOf(w.distribution), expected: w.expected };
}

/** "3 hits: 2 in 6". */
export function outcomeWords(o: Odds["outcomes"][number]): string {
  return `${o.hits} hit${o.hits === 1 ? "" : "s"}: ${o.faces} in 6`;
}

/** An exact chance as a percentage for the eye: {1, 3} -> "33%". */
export function percent(e: Exact): string {
  return `${Math.round((100 * e.num) / e.den)}%`;
}
