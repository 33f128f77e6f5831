import { describe, expect, it } from "vitest";
import { opening, withUnit } from "./test-game.js";
import { compass, relationWords, resultSentence, unitWords } from "./words.js";

const { ctx, position } = opening("river-crossing");

describe("announcement words", () => {
  it.each([
    [0, "north"],
    [4500, "north-east"],
    [13000, "south-east"],
    [35000, "north"],
    [27000, "west"],
  ])("facing %i is %s", (cdeg, word) => {
    expect(compass(cdeg)).toBe(word);
  });

  it("names the type, hits towards the rules data's threshold, facing and square", () => {
    const id = "A-INF2";
    const p = withUnit(position, id, { hits: 9, facing: 4500, formation: "square" });
    expect(unitWords(ctx, id, p.units[id] as never)).toBe(
      "Infantry A-INF2, 9 of 15 hits, facing north-east, in square",
    );
  });

  it("makes one sentence of the results, through describeEvent", () => {
    expect(
      resultSentence(ctx, [
        { type: "die-rolled", value: 4, purpose: "shooting", unit: "A-INF1" },
        { type: "shot", unit: "A-INF1", target: "D-INF1", roll: 4, hits: 4, cover: false },
        { type: "eliminated", unit: "D-INF1", hits: 15 },
      ]),
    ).toBe("A-INF1 shot at D-INF1: rolled 4, 4 hits; D-INF1 eliminated with 15 hits.");
    expect(resultSentence(ctx, [{ type: "formed-square", unit: "A-INF1" }])).toBeUndefined();
  });
});

describe("a unit seen from the selected one", () => {
  it("names side, type and distance, and the engine's arc and range for a shooter", () => {
    const a = position.units["A-INF1"];
    const d = position.units["D-INF1"];
    if (!a || !d) throw new Error("units");
    const words = relationWords(ctx, "A-INF1", a, "D-INF1", d);
    expect(words).toMatch(
      /^enemy Infantry D-INF1, centres [\d.]+ inches apart, (in|outside) the field of fire, (in|out of) A-INF1's range$/,
    );
    const c = position.units["A-CAV1"];
    if (!c) throw new Error("cavalry");
    expect(relationWords(ctx, "A-CAV1", c, "A-INF1", a)).toMatch(
      /^friendly Infantry A-INF1, centres [\d.]+ inches apart$/,
    );
  });
});
