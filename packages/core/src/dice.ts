import { type PrngState, rollDie } from "./prng.js";

/**
 * The dice the rule systems roll, as the faces printed on them. A die is
 * rolled by choosing one face uniformly (rollDie, by rejection), so the
 * "average die" is exactly as fair as a d6.
 */
export interface DiceFaces {
  /** How the rules name it: "d6", "average die", "d10", "d%". */
  readonly name: string;
  readonly faces: readonly number[];
}

/** The ordinary six-sided die (004, 003's "standard six-sided, D6", Musket & Pike). */
export const D6: DiceFaces = { name: "d6", faces: [1, 2, 3, 4, 5, 6] };

/** 003's "D5 [six sides of 2, 3, 3, 4, 4, 5]", the average die. */
export const AVERAGE_DIE: DiceFaces = { name: "average die", faces: [2, 3, 3, 4, 4, 5] };

/** 001's d10, "a range of 1-10". */
export const D10: DiceFaces = {
  name: "d10",
  faces: Array.from({ length: 10 }, (_, i) => i + 1),
};

/** 001's d%: "2 d10s are d% and give a range of 1-100". */
export const D_PERCENT: DiceFaces = {
  name: "d%",
  faces: Array.from({ length: 100 }, (_, i) => i + 1),
};

/** One roll: the face shown and the generator's state after it. */
export function rollFaces(state: PrngState, dice: DiceFaces): { value: number; state: PrngState } {
  const roll = rollDie(state, dice.faces.length);
  return { value: dice.faces[roll.value - 1] as number, state: roll.state };
}

/** Whether a die given at the table (a replay's, a player's) is one of the die's faces. */
export function isFace(dice: DiceFaces, value: number): boolean {
  return dice.faces.includes(value);
}
