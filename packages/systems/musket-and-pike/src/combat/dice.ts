import { type DiceFrom, err, ok, type PrngState, type Result, rollDie } from "@tercio/core";
import type { GameEvent } from "../events.js";
import { type RuleError, ruleError } from "../rule-error.js";

/**
 * Where die rolls come from while one action is applied: the position's
 * seeded PRNG, or dice given from outside in order (players rolling real
 * dice at a table with Tercio as referee; tests). Local and mutable for the
 * length of one `apply`, which stays pure: it starts from the position's
 * PRNG state and hands back the new one.
 */
export interface DiceBox {
  prng: PrngState;
  readonly external: readonly number[] | undefined;
  /** Who rolled the external dice: a table's, or the server's generator (logged as the generator's). */
  readonly from: DiceFrom;
  used: number;
  readonly events: GameEvent[];
}

export function openDice(prng: PrngState, external?: readonly number[], from: DiceFrom = "table"): DiceBox {
  return { prng, external, from, used: 0, events: [] };
}

/** Rolls one die (1-6) for `purpose` under `rule`, logging the roll as an event. */
export function roll(box: DiceBox, purpose: string, rule: string): Result<number, RuleError> {
  let value: number;
  let source: "prng" | "external";
  if (box.external) {
    const given = box.external[box.used];
    if (given === undefined) {
      return err(
        ruleError("dice/exhausted", "8.0", `${box.used} die roll(s) were given but ${purpose} needs another`),
      );
    }
    if (!Number.isInteger(given) || given < 1 || given > 6) {
      return err(ruleError("dice/invalid", "8.0", `a die shows 1 to 6, not ${given}`));
    }
    value = given;
    // The server's dice, followed by a client, were rolled by the generator as a local game's are.
    source = box.from === "generator" ? "prng" : "external";
  } else {
    const r = rollDie(box.prng);
    box.prng = r.state;
    value = r.value;
    source = "prng";
  }
  box.used += 1;
  box.events.push({ type: "die-rolled", value, source, purpose, rule });
  return ok(value);
}
