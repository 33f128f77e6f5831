import { describe, expect, it } from "vitest";
import { AI_LEVELS } from "../ai/protocol.js";
import { strongestAi } from "./SystemScenarios.js";

describe("the second seat's first choice", () => {
  it("is the strongest level the system's AI has, never one it lacks", () => {
    for (const [system, levels] of Object.entries(AI_LEVELS))
      expect(strongestAi(system)).toEqual({ kind: "ai", level: levels[levels.length - 1]?.id });
    expect(strongestAi("horse-and-musket-nt")).toEqual({
      kind: "ai",
      level: AI_LEVELS["horse-and-musket-nt"]?.at(-1)?.id,
    });
  });

  it("is a person for a system without an AI", () => {
    expect(strongestAi("no-such-system")).toEqual({ kind: "human" });
  });
});
