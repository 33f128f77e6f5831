import { OPTION_IDS, OPTIONS, type OptionValues } from "@tercio/horse-and-musket-nt";
import { HMNT } from "./games.js";

/**
 * The exhaustive sweep's games: every scenario x every ordered pair of
 * levels x every combination of the seven options. A scenario may impose
 * options (the ACW scenarios acw, the AWI ones chargingInfantry): the
 * combinations that differ only there resolve to the same setup, so they
 * are one game (its seed is drawn from the resolved setup, so playing it
 * again would repeat it move for move) and the plan lists it once, with
 * the number of combinations it covers.
 */
export type Combination = { -readonly [K in keyof OptionValues]?: OptionValues[K] };

export interface SweepGame {
  readonly scenario: string;
  readonly first: string;
  readonly second: string;
  readonly options: Combination;
  readonly seed: number;
  /** How many (scenario, pair, combination) triples this game stands for. */
  readonly covers: number;
}

/** Every combination of the options' values (2^7 = 128). */
export function allCombinations(): Combination[] {
  let out: Combination[] = [{}];
  for (const id of OPTION_IDS) {
    const next: Combination[] = [];
    for (const c of out) for (const v of OPTIONS[id]) next.push({ ...c, [id]: v });
    out = next;
  }
  return out;
}

/** A 32-bit seed from a string (FNV-1a): the same setup always gets the same seed. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function sweepPlan(scenarios: readonly string[], levels: readonly string[]): SweepGame[] {
  const out: SweepGame[] = [];
  for (const scenario of scenarios) {
    const byResolved = new Map<string, { options: Combination; covers: number }>();
    for (const options of allCombinations()) {
      const setup = HMNT.parseSetup({ scenario, options });
      if (!setup.ok) throw new Error(setup.error.message);
      const key = JSON.stringify(OPTION_IDS.map((id) => setup.value.options[id]));
      const known = byResolved.get(key);
      if (known) known.covers++;
      else byResolved.set(key, { options, covers: 1 });
    }
    for (const first of levels)
      for (const second of levels)
        for (const [key, { options, covers }] of byResolved)
          out.push({
            scenario,
            first,
            second,
            options,
            seed: seedOf(`${scenario}|${first}|${second}|${key}`),
            covers,
          });
  }
  return out;
}
