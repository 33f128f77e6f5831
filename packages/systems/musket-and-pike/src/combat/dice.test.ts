import { seedPrng } from "@tercio/core";
import { describe, expect, it } from "vitest";
import { openDice, roll } from "./dice.js";

describe("where a die comes from [8.0]", () => {
  it("[8.0] logs a die read off a table as given, and the server's generator's die, followed by a client, as rolled", () => {
    const table = openDice(seedPrng(1), [4]);
    const server = openDice(seedPrng(1), [4], "generator");
    expect(roll(table, "fire", "8.0")).toEqual({ ok: true, value: 4 });
    expect(roll(server, "fire", "8.0")).toEqual({ ok: true, value: 4 });
    expect(table.events).toEqual([
      { type: "die-rolled", value: 4, source: "external", purpose: "fire", rule: "8.0" },
    ]);
    expect(server.events).toEqual([
      { type: "die-rolled", value: 4, source: "prng", purpose: "fire", rule: "8.0" },
    ]);
    // Either way the die is the one given, and the position's own generator is left as it was.
    expect(server.prng).toEqual(seedPrng(1));
  });
});

describe("die rolls given and rolled [8.0]", () => {
  it("[8.0] without dice given, the position's generator rolls, logged as rolled, and moves on", () => {
    const box = openDice(seedPrng(1));
    const first = roll(box, "fire", "8.0");
    const second = roll(box, "melee", "8.0");
    const values = [first.ok && first.value, second.ok && second.value];
    for (const v of values) expect([1, 2, 3, 4, 5, 6]).toContain(v);
    expect(box.used).toBe(2);
    expect(box.prng).not.toEqual(seedPrng(1));
    expect(box.events).toEqual([
      { type: "die-rolled", value: values[0], source: "prng", purpose: "fire", rule: "8.0" },
      { type: "die-rolled", value: values[1], source: "prng", purpose: "melee", rule: "8.0" },
    ]);
    // The same seed rolls the same dice.
    const again = openDice(seedPrng(1));
    expect([roll(again, "fire", "8.0"), roll(again, "melee", "8.0")]).toEqual([first, second]);
  });

  it("[8.0] dice given run out: the roll that needs another is refused, saying how many were given", () => {
    const box = openDice(seedPrng(1), [3]);
    expect(roll(box, "fire", "8.0")).toEqual({ ok: true, value: 3 });
    expect(roll(box, "the melee at 0707", "8.0")).toEqual({
      ok: false,
      error: {
        code: "dice/exhausted",
        rule: "8.0",
        message: "8.0: 1 die roll(s) were given but the melee at 0707 needs another",
      },
    });
  });

  it("[8.0] a die given shows 1 to 6: 0, 7 and 3.5 are refused, 1 and 6 accepted", () => {
    for (const bad of [0, 7, 3.5]) {
      expect(roll(openDice(seedPrng(1), [bad]), "fire", "8.0")).toEqual({
        ok: false,
        error: { code: "dice/invalid", rule: "8.0", message: `8.0: a die shows 1 to 6, not ${bad}` },
      });
    }
    for (const good of [1, 6])
      expect(roll(openDice(seedPrng(1), [good]), "fire", "8.0")).toEqual({ ok: true, value: good });
  });
});
