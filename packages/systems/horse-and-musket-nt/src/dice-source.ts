import { AVERAGE_DIE, D6, type DiceFaces, isFace, type PrngState, rollFaces } from "@tercio/core";
import { no, type Out, ruleError, yes } from "./rule-error.js";

/**
 * Where an action's dice come from: the position's PRNG, or die results
 * given at the table (a replay, a client echoing the server's dice), used
 * in order. Dice: Dx is the d6 or the average die, a game option; a given
 * value that is no face of the game's die is refused, as is an action
 * needing more dice than it was given.
 */
export class DiceSource {
  private index = 0;
  readonly rolled: number[] = [];
  constructor(
    private state: PrngState,
    private readonly given: readonly number[] | undefined,
    readonly die: DiceFaces,
  ) {}

  get prng(): PrngState {
    return this.state;
  }

  /** The die's top face: Ammunition Supply's "natural 5 [6 with d6]". */
  get top(): number {
    return Math.max(...this.die.faces);
  }

  roll(): Out<number> {
    if (this.given) {
      const value = this.given[this.index];
      if (value === undefined)
        return no(
          ruleError(
            "dice/exhausted",
            "Dice",
            `the action needs more than the ${this.given.length} dice given`,
          ),
        );
      if (!isFace(this.die, value))
        return no(ruleError("dice/invalid", "Dice", `${value} is not a face of the ${this.die.name}`));
      this.index++;
      this.rolled.push(value);
      return yes(value);
    }
    const r = rollFaces(this.state, this.die);
    this.state = r.state;
    this.rolled.push(r.value);
    return yes(r.value);
  }
}

/** Dice: the game's Dx. */
export function dieOf(option: "d6" | "average"): DiceFaces {
  return option === "d6" ? D6 : AVERAGE_DIE;
}
