import type { GameEvent } from "@tercio/horse-and-musket-nt";
import { describe, expect, it } from "vitest";
import { ntActionWords, ntEventKind, ntLocate } from "./words.js";

describe("003's log words in the browser", () => {
  it("says an undone action in words, a move's program as its ops", () => {
    expect(ntActionWords({ type: "roll-move", unit: "A-1" })).toBe("A-1 rolls its move");
    expect(
      ntActionWords({
        type: "move",
        unit: "A-1",
        program: [
          { op: "advance", ticks: 3 * 6096 },
          { op: "wheel", corner: "right", cdeg: 4500 },
        ],
      }),
    ).toBe('A-1: advance 3", wheel 45º on the right corner');
    expect(ntActionWords({ type: "fire", unit: "A-1", target: "F-2" })).toBe("A-1 fires at F-2");
  });

  it("files roll-offs, shots and melee under combat, moves under movement, phases under turns", () => {
    const rollOff: GameEvent = {
      type: "roll-off",
      question: "q",
      key: "k",
      acting: "first",
      rounds: [[3, 2]],
      winner: "first",
      answer: true,
    };
    expect(ntEventKind(rollOff)).toBe("combat");
    expect(ntEventKind({ type: "move-rolled", unit: "A-1", roll: 4 })).toBe("movement");
    expect(ntEventKind({ type: "phase-began", turn: 1, side: "first", phase: "actions" })).toBe("turns");
  });

  it("locates a line's units that are still on the table", () => {
    const charged: GameEvent = {
      type: "charged",
      unit: "C",
      target: "T",
      side: "left",
      x: 0,
      y: 0,
      facing: 0,
      distance: 1,
      touching: "edge-edge",
    };
    expect(ntLocate(charged, { units: { C: {}, T: {} } })).toEqual(["C", "T"]);
    expect(ntLocate(charged, { units: { C: {} } })).toEqual(["C"]);
  });
});
