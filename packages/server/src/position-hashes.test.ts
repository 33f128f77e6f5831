import { createRng, rngInt } from "@tercio/ai";
import { type AnySystem, type CanonicalMemo, fnv1a64, HIDDEN_PRNG, seedPrng } from "@tercio/core";
import { defaultSystems } from "@tercio/systems";
import { describe, expect, it } from "vitest";
import { positionHashes } from "./position-hashes.js";

/** A game of `system` by random legal actions: every position, from the opening. */
function randomGame(system: AnySystem, seed: number, steps: number): unknown[] {
  const [scenario] = system.scenarios();
  const setup = system.parseSetup({ scenario: scenario?.id, options: {} });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = system.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const opened = system.open(ctx.value, setup.value, seedPrng(seed));
  if (!opened.ok) throw new Error(opened.error.message);
  const rng = createRng(seed);
  const positions = [opened.value.position];
  let position = opened.value.position;
  for (let i = 0; i < steps && system.toAct(position) !== null; i++) {
    const actions = system.legalActions(ctx.value, position);
    const action = actions[rngInt(rng, actions.length)];
    const step = system.apply(ctx.value, position, action);
    if (!step.ok) continue;
    position = step.value.position;
    positions.push(position);
  }
  return positions;
}

describe("a room's position hashes", () => {
  for (const system of defaultSystems().values())
    it(`${system.id}: with one memo for the whole game, every position hashes as it does without`, () => {
      const memo: CanonicalMemo = new WeakMap();
      const positions = randomGame(system, 7, 150);
      expect(positions.length).toBeGreaterThan(20);
      for (const position of positions)
        for (const format of [1, 2] as const)
          expect(positionHashes(system, format, position, memo)).toEqual(
            positionHashes(system, format, position),
          );
    });

  it("format 2's whole hash is of the public hash and the dice state; format 1's is the system's own", () => {
    const system = defaultSystems().get("musket-and-pike");
    if (!system) throw new Error("no Musket & Pike");
    const [, , position] = randomGame(system, 3, 2);
    const open = system.hash(system.publicView(position));
    expect(positionHashes(system, 2, position)).toEqual({
      publicHash: open,
      hash: fnv1a64(`${open}:${system.diceState(position)}`),
    });
    expect(positionHashes(system, 1, position)).toEqual({ publicHash: open, hash: system.hash(position) });
    expect(system.diceState(system.publicView(position))).toBe(HIDDEN_PRNG);
  });
});
