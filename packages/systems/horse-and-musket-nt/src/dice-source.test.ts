import { AVERAGE_DIE, D6, seedPrng } from "@tercio/core";
import { describe, expect, it } from "vitest";
import { DiceSource, dieOf } from "./dice-source.js";
import { horseAndMusketNtSystem } from "./system.js";
import { eventsOf, play, refusal, table, withUnits } from "./test-support/table.js";

/**
 * Dice: "May be either standard six-sided, D6, or D5 [six sides of 2, 3,
 * 3, 4, 4, 5] so are referred to as Dx." The die is a per-game option; a
 * die given at the table (a replay, a client echoing the server) is checked
 * against the game's own die.
 */
function game(dice: "d6" | "average") {
  return table({
    units: [
      { id: "A", type: "infantry", x: 36, y: 10 },
      { id: "B", side: "second", type: "infantry", x: 36, y: 19, facing: 18000 },
    ],
    options: { dice },
  });
}

describe("[003 Dice] Dx: the d6 or the average die, a per-game option", () => {
  it("[003 Dice] the two dice: 1-6, and 2, 3, 3, 4, 4, 5", () => {
    expect(dieOf("d6").faces).toEqual([1, 2, 3, 4, 5, 6]);
    expect(dieOf("average").faces).toEqual([2, 3, 3, 4, 4, 5]);
    expect(game("d6").ctx.die).toBe(D6);
    expect(game("average").ctx.die).toBe(AVERAGE_DIE);
    expect(game("d6").ctx.options.dice).toBe("d6");
  });

  it("[003 Dice] the d6 is the rules data's default", () => {
    expect(table({ units: [{ id: "A", type: "infantry", x: 36, y: 10 }] }).ctx.die).toBe(D6);
  });

  it("[003 Dice] the average die's rolls are its faces only, 3 and 4 twice as often as 2 and 5", () => {
    const source = new DiceSource(seedPrng(17), undefined, AVERAGE_DIE);
    const counts = new Map<number, number>();
    for (let i = 0; i < 6000; i++) {
      const r = source.roll();
      if (!r.ok) throw new Error(r.error.message);
      counts.set(r.value, (counts.get(r.value) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([2, 3, 4, 5]);
    for (const face of [2, 5]) expect(counts.get(face)).toBeGreaterThan(850);
    for (const face of [2, 5]) expect(counts.get(face)).toBeLessThan(1150);
    for (const face of [3, 4]) expect(counts.get(face)).toBeGreaterThan(1800);
    for (const face of [3, 4]) expect(counts.get(face)).toBeLessThan(2200);
  });

  it("[003 Dice] a game on the average die rolls it: every move's Dx is 2 to 5", () => {
    const { ctx, position } = game("average");
    const seen = new Set<number>();
    let p = position;
    for (let i = 0; i < 40; i++) {
      // The same unit again, its move forgotten: the PRNG goes on.
      const step = play(ctx, withUnits(p, { A: { acted: "none" } }), { type: "roll-move", unit: "A" });
      seen.add(eventsOf(step.events, "move-rolled")[0]?.roll ?? 0);
      p = step.position;
    }
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
  });

  it("[003 Dice] a die given at the table is checked against the game's die", () => {
    const avg = game("average");
    for (const face of [1, 6]) {
      const e = refusal(avg.ctx, avg.position, { type: "fire", unit: "A" }, [face]);
      expect(e).toMatchObject({ code: "dice/invalid", rule: "Dice" });
      expect(e.message).toBe(`003 Dice: ${face} is not a face of the average die`);
    }
    expect(
      eventsOf(play(avg.ctx, avg.position, { type: "fire", unit: "A" }, [5]).events, "fired")[0]?.roll,
    ).toBe(5);
    const d6 = game("d6");
    expect(refusal(d6.ctx, d6.position, { type: "fire", unit: "A" }, [7]).code).toBe("dice/invalid");
    expect(refusal(d6.ctx, d6.position, { type: "fire", unit: "A" }, [0]).code).toBe("dice/invalid");
    expect(
      eventsOf(play(d6.ctx, d6.position, { type: "fire", unit: "A" }, [6]).events, "fired")[0]?.roll,
    ).toBe(6);
  });

  it("[003 Dice] an action given too few dice is refused", () => {
    const { ctx, position } = game("d6");
    expect(refusal(ctx, position, { type: "fire", unit: "A" }, [])).toMatchObject({
      code: "dice/exhausted",
      rule: "Dice",
    });
  });

  it("[003 Dice] given dice leave the position's generator alone; rolled dice advance it", () => {
    const { ctx, position } = game("d6");
    expect(play(ctx, position, { type: "fire", unit: "A" }, [4]).position.prng).toBe(position.prng);
    expect(play(ctx, position, { type: "fire", unit: "A" }).position.prng).not.toBe(position.prng);
  });

  it("[003 Dice] [003 Ammunition Supply] the top face: 6 on the d6, 5 on the average die", () => {
    expect(new DiceSource(seedPrng(1), undefined, D6).top).toBe(6);
    expect(new DiceSource(seedPrng(1), undefined, AVERAGE_DIE).top).toBe(5);
  });

  it("[003 Dice] the system's dice, for hosts, hold both dice's faces", () => {
    const faces = horseAndMusketNtSystem.dice.faces;
    for (const face of AVERAGE_DIE.faces) expect(faces).toContain(face);
    expect(faces).toEqual(D6.faces);
  });
});
