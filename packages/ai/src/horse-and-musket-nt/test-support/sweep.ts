import { OPTION_IDS, OPTIONS, type OptionValues } from "@tercio/horse-and-musket-nt";
import { HMNT } from "./games.js";

/**
 * The exhaustive sweep's games: every scenario x every combination of the
 * seven options x every AI level. A scenario may impose options (the ACW
 * scenarios acw, the AWI ones chargingInfantry): the combinations that
 * differ only there resolve to the same setup, so they are one setup (its
 * seeds are drawn from the resolved setup, so playing it again would repeat
 * it move for move) and the plan lists it once, with the number of
 * combinations it stands for.
 *
 * Each setup is played by games that between them field every level: with
 * levels L0..Ln-1 and the setup's index i, the levels from Li on are paired
 * in turn (Li against Li+1, Li+2 against Li+3, ...; an odd one out meets Li
 * in the other seat), so three levels take two games a setup, and over a
 * scenario's setups every level sits in each seat. `pairs` plays instead
 * every ordered pair of levels on every setup (n x n games a setup).
 */
export type Combination = { -readonly [K in keyof OptionValues]?: OptionValues[K] };

export interface SweepGame {
  readonly scenario: string;
  readonly first: string;
  readonly second: string;
  /** The first of the combinations that resolve to this setup. */
  readonly options: Combination;
  /** The setup's key: its resolved option values. */
  readonly setup: string;
  /** How many of the scenario's combinations resolve to this setup. */
  readonly combinations: number;
  readonly seed: number;
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

/** The scenario's distinct setups: each resolved option set, the first combination giving it, and how many do. */
function setupsOf(scenario: string): { key: string; options: Combination; combinations: number }[] {
  const byResolved = new Map<string, { key: string; options: Combination; combinations: number }>();
  for (const options of allCombinations()) {
    const setup = HMNT.parseSetup({ scenario, options });
    if (!setup.ok) throw new Error(setup.error.message);
    const key = JSON.stringify(OPTION_IDS.map((id) => setup.value.options[id]));
    const known = byResolved.get(key);
    if (known) known.combinations++;
    else byResolved.set(key, { key, options, combinations: 1 });
  }
  return [...byResolved.values()];
}

/** The pairs of levels (first, second) that field every level once, starting from the i-th. */
export function coveringPairs(levels: readonly string[], i: number): [string, string][] {
  const n = levels.length;
  const order = levels.map((_, k) => levels[(i + k) % n] as string);
  const out: [string, string][] = [];
  for (let k = 0; k + 1 < n; k += 2) out.push([order[k] as string, order[k + 1] as string]);
  if (n % 2 === 1) out.push([order[n - 1] as string, order[0] as string]);
  return out;
}

export function sweepPlan(
  scenarios: readonly string[],
  levels: readonly string[],
  mode: "cover" | "pairs" = "cover",
): SweepGame[] {
  const out: SweepGame[] = [];
  for (const scenario of scenarios)
    setupsOf(scenario).forEach(({ key, options, combinations }, i) => {
      const pairs =
        mode === "pairs"
          ? levels.flatMap((a) => levels.map((b) => [a, b] as [string, string]))
          : coveringPairs(levels, i);
      for (const [first, second] of pairs)
        out.push({
          scenario,
          first,
          second,
          options,
          setup: key,
          combinations,
          seed: seedOf(`${scenario}|${first}|${second}|${key}`),
        });
    });
  return out;
}
