import { aiLevels, aiSystems } from "@tercio/ai";
import { describe, expect, it } from "vitest";
import { levelsOf } from "./protocol.js";

describe("the AI levels the page offers", () => {
  it("are exactly each system's levels in @tercio/ai, in the same order", () => {
    for (const system of aiSystems())
      expect(levelsOf(system).map((l) => l.id)).toEqual([...aiLevels(system)]);
    expect(levelsOf("no-such-system")).toEqual([]);
  });
});
