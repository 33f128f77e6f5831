import { describeEvent, relativeWords, unitWords } from "@tercio/horse-and-musket-ch11";
import { describe, expect, it } from "vitest";
import { opening } from "./test-game.js";
import { resultSentence } from "./words.js";

const { ctx, position } = opening("river-crossing");

describe("announcement words", () => {
  it("makes one sentence of the results, through describeEvent", () => {
    const shot = {
      type: "shot",
      unit: "A-INF1",
      target: "D-INF1",
      roll: 4,
      hits: 4,
      cover: false,
      modifier: 0,
    } as const;
    const gone = { type: "eliminated", unit: "D-INF1", hits: 15 } as const;
    const sentence = resultSentence(ctx, [
      { type: "die-rolled", value: 4, purpose: "shooting", unit: "A-INF1" },
      shot,
      gone,
    ]);
    expect(sentence).toBe(`${describeEvent(ctx, shot)}; ${describeEvent(ctx, gone)}.`);
    expect(sentence).toMatch(/^A-INF1 shot at D-INF1: .*; D-INF1 eliminated with 15 hits\.$/);
    expect(resultSentence(ctx, [{ type: "formed-square", unit: "A-INF1" }])).toBeUndefined();
  });

  it("announces units with the library's words (the board adds none of its own)", () => {
    expect(unitWords(ctx, position, "A-INF1")).toMatch(/^Infantry A-INF1 \(.+\), 0 hits of 15, facing north/);
    expect(relativeWords(ctx, position, "A-INF1", "D-INF1")).toMatch(/^enemy infantry D-INF1 [\d.]+ inch/);
  });
});
