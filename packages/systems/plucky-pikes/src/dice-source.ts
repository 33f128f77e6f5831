import { isFace, type PrngState, rollFaces } from "@tercio/core";
import { DICE } from "./context.js";
import { no, type Out, ruleError, yes } from "./rule-error.js";

/**
 * Where an action's dice come from: the position's PRNG, or die results
 * given at the table (a replay, a client echoing the server's dice), used
 * in order. Preliminaries: "One d10 has a range of 1-10. 2 d10s are d% and
 * give a range of 1-100": a d% is two d10 read as tens and units, the 10
 * read as 0 and 0-0 as 100, so every die of 001 is a d10 and a replay
 * gives its d% as the two dice.
 */
export class DiceSource {
  private index = 0;
  readonly rolled: number[] = [];
  constructor(
    private state: PrngState,
    private readonly given: readonly number[] | undefined,
  ) {}

  get prng(): PrngState {
    return this.state;
  }

  d10(): Out<number> {
    if (this.given) {
      const value = this.given[this.index];
      if (value === undefined)
        return no(
          ruleError(
            "dice/exhausted",
            "Preliminaries",
            `the action needs more than the ${this.given.length} dice given`,
          ),
        );
      if (!isFace(DICE, value))
        return no(ruleError("dice/invalid", "Preliminaries", `${value} is not a face of the d10`));
      this.index++;
      this.rolled.push(value);
      return yes(value);
    }
    const r = rollFaces(this.state, DICE);
    this.state = r.state;
    this.rolled.push(r.value);
    return yes(r.value);
  }

  /** d%: the tens die, then the units die. */
  percent(): Out<number> {
    const tens = this.d10();
    if (!tens.ok) return tens;
    const units = this.d10();
    if (!units.ok) return units;
    return yes(percentOf(tens.value, units.value));
  }
}

/** Two d10 read as d%: tens and units, a 10 read as 0, and 0-0 as 100. */
export function percentOf(tens: number, units: number): number {
  const v = (tens % 10) * 10 + (units % 10);
  return v === 0 ? 100 : v;
}
