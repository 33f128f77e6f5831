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
