import { D6, isFace, type PrngState, rollFaces } from "@tercio/core";
import { type RuleError, ruleError } from "./rule-error.js";

/**
 * Where an action's dice come from: the position's PRNG, or die results
 * given at the table (a replay, a client echoing the server's dice), used
 * in order. An action needing more than it was given is refused
 * (dice/exhausted), as is a given value that is no face of the d6.
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

  roll(): { ok: true; value: number } | { ok: false; error: RuleError } {
    if (this.given) {
      const value = this.given[this.index];
      if (value === undefined)
        return {
          ok: false,
          error: ruleError(
            "dice/exhausted",
            "Sequence of Play",
            `the action needs more than the ${this.given.length} dice given`,
          ),
        };
      if (!isFace(D6, value))
        return {
          ok: false,
          error: ruleError("dice/invalid", "Sequence of Play", `${value} is not a face of the d6`),
        };
      this.index++;
      this.rolled.push(value);
      return { ok: true, value };
    }
    const r = rollFaces(this.state, D6);
    this.state = r.state;
    this.rolled.push(r.value);
    return { ok: true, value: r.value };
  }
}
