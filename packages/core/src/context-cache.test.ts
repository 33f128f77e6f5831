import { describe, expect, it } from "vitest";
import { contextCache } from "./context-cache.js";
import { D6 } from "./dice.js";
import { err, ok } from "./result.js";
import type { RuleSystem } from "./rule-system.js";

/** A system whose contexts are counted: only the members a cache uses are real. */
function counting() {
  let built = 0;
  const system = {
    id: "counting",
    dice: D6,
    parseSetup: (raw: unknown) =>
      typeof raw === "object" && raw !== null && "scenario" in raw && typeof raw.scenario === "string"
        ? ok({ scenario: raw.scenario, options: {} })
        : err({ code: "data/invalid" as const, source: "setup", issues: [], message: "invalid setup" }),
    context: (setup: { scenario: string }) => {
      built += 1;
      return ok({ scenario: setup.scenario, n: built });
    },
  } as unknown as RuleSystem<{ scenario: string; n: number }, unknown, unknown, unknown, unknown>;
  return { system, built: () => built };
}

describe("a context cache", () => {
  it("builds a context once per setup, and again once it has been dropped", () => {
    const { system, built } = counting();
    const cache = contextCache(system, 2);
    expect(cache({ scenario: "a" })).toEqual(ok({ scenario: "a", n: 1 }));
    expect(cache({ scenario: "a" })).toEqual(ok({ scenario: "a", n: 1 }));
    cache({ scenario: "b" });
    cache({ scenario: "a" });
    cache({ scenario: "c" });
    expect(built()).toBe(3);
    // "b" was the least recently used: it went when "c" came.
    cache({ scenario: "b" });
    expect(built()).toBe(4);
  });

  it("refuses a setup the system does not parse, building nothing", () => {
    const { system, built } = counting();
    expect(contextCache(system)({ nope: 1 }).ok).toBe(false);
    expect(built()).toBe(0);
  });
});
