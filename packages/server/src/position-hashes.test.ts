import { createRng, rngInt } from "@tercio/ai";
import { type AnySystem, fnv1a64, HIDDEN_PRNG, seedPrng, structuralHash } from "@tercio/core";
import { defaultSystems } from "@tercio/systems";
import { describe, expect, it } from "vitest";
import { gameHasher, HASH_FORMAT, hashingOf, positionHashes } from "./position-hashes.js";

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
    it(`${system.id}: with one hasher for the whole game, every position hashes as it does without, in every format`, () => {
      const positions = randomGame(system, 7, 150);
      expect(positions.length).toBeGreaterThan(20);
      for (const format of [1, 2, 3] as const) {
        const hasher = gameHasher(format);
        for (const position of positions)
          expect(positionHashes(system, format, position, hasher)).toEqual(
            positionHashes(system, format, position),
          );
      }
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

  it("format 3 (new games') is format 2 with the structural digest of the public view as its public hash", () => {
    expect(HASH_FORMAT).toBe(3);
    expect([hashingOf(1), hashingOf(2), hashingOf(3)]).toEqual(["canonical", "canonical", "structural"]);
    const system = defaultSystems().get("musket-and-pike");
    if (!system) throw new Error("no Musket & Pike");
    const positions = randomGame(system, 3, 120);
    const position = positions[2];
    const open = system.hash(system.publicView(position), gameHasher(3));
    expect(open).toMatch(/^[0-9a-f]{16}$/);
    expect(open).not.toBe(positionHashes(system, 2, position).publicHash);
    // The same value as the canonical hash reads: positions apart in one are apart in the other, and a
    // position read back from its file (as a client reads a snapshot) digests as the room's own.
    const structural = positions.map((p) => positionHashes(system, 3, p).publicHash);
    const canonical = positions.map((p) => positionHashes(system, 2, p).publicHash);
    expect(new Set(structural).size).toBe(new Set(canonical).size);
    for (const p of positions.slice(0, 30)) {
      const read = system.parsePosition(JSON.parse(JSON.stringify(system.makePosition(p))));
      if (!read.ok) throw new Error(read.error.message);
      expect(positionHashes(system, 3, read.value.position)).toEqual(positionHashes(system, 3, p));
    }
    expect(structuralHash({ b: [1, "x"], a: null })).toBe(structuralHash({ a: null, b: [1, "x"] }));
    expect(positionHashes(system, 3, position)).toEqual({
      publicHash: open,
      hash: fnv1a64(`${open}:${system.diceState(position)}`),
    });
  });

  it("refuses a hasher of the other kind: a room's hashes are of its game's format", () => {
    const system = defaultSystems().get("musket-and-pike");
    if (!system) throw new Error("no Musket & Pike");
    const [position] = randomGame(system, 3, 0);
    expect(() => positionHashes(system, 3, position, gameHasher(2))).toThrow(/hash format 3/);
  });
});
