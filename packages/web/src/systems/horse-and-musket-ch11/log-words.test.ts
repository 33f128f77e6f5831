import { TICKS_PER_INCH } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { hm11ActionWords, hm11EventKind, turnWords } from "./log-words.js";

describe("chapter-11 actions and events in the log", () => {
  it("[004 Movement: Turning] words a move program: the pivots with their side, the legs in inches", () => {
    expect(
      hm11ActionWords({
        type: "move",
        unit: "R-INF1",
        program: [
          { op: "pivot", cdeg: 4500 },
          { op: "advance", ticks: 3 * TICKS_PER_INCH + TICKS_PER_INCH / 2 },
          { op: "pivot", cdeg: -1250 },
        ],
      }),
    ).toBe('move R-INF1: pivot 45º right, advance 3.5", pivot 12.5º left');
    expect(hm11ActionWords({ type: "charge", unit: "C1", target: "I2", turn: -3000 })).toBe(
      "C1 charges I2 (turning 30º left)",
    );
    expect(turnWords(100)).toBe("1º right");
  });

  it("[004 Sequence of Play] sorts each event under one filter", () => {
    expect(
      hm11EventKind({ type: "shot", unit: "a", target: "b", roll: 3, hits: 3, cover: false, modifier: 0 }),
    ).toBe("combat");
    expect(hm11EventKind({ type: "formed-square", unit: "a" })).toBe("movement");
    expect(hm11EventKind({ type: "phase-began", turn: 2, side: "first", phase: "shooting" })).toBe("turns");
  });
});
