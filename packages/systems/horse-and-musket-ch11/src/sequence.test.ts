import { describe, expect, it } from "vitest";
import { legalActions } from "./legal.js";
import { IN, play, refusal, table } from "./test-support/table.js";

describe("004 Sequence of Play", () => {
  it("[004 Sequence of Play] a turn is two player turns, each Movement, Shooting, Hand-to-Hand Combat, Eliminating Units", () => {
    const { ctx, position } = table({
      units: [
        { id: "R", type: "infantry", x: 24, y: 10 },
        { id: "B", type: "infantry", x: 24, y: 30, facing: 18000, side: "second" },
      ],
      turns: 2,
    });
    const seen: string[] = [];
    let p = position;
    for (let i = 0; i < 8; i++) {
      seen.push(`${p.turn} ${p.toMove} ${p.phase}`);
      p = play(ctx, p, { type: "end-phase" }).position;
    }
    expect(seen).toEqual([
      "1 first movement",
      "1 first shooting",
      "1 second movement",
      "1 second shooting",
      "2 first movement",
      "2 first shooting",
      "2 second movement",
      "2 second shooting",
    ]);
    expect(p.phase).toBe("over");
    expect(p.result).toEqual({ winner: "draw", reason: "neither side prevailed after 2 turns" });
    expect(refusal(ctx, p, { type: "end-phase" }).code).toBe("sequence/game-over");
    expect(legalActions(ctx, p)).toEqual([]);
  });

  it("[004 Sequence of Play] only the phasing player acts, in the phase's own actions", () => {
    const { ctx, position } = table({
      units: [
        { id: "R", type: "infantry", x: 24, y: 10 },
        { id: "B", type: "infantry", x: 24, y: 20, facing: 18000, side: "second" },
      ],
    });
    expect(
      refusal(ctx, position, { type: "move", unit: "B", program: [{ op: "advance", ticks: 1 }] }).code,
    ).toBe("action/not-your-unit");
    expect(refusal(ctx, position, { type: "shoot", unit: "R", target: "B" }).code).toBe("action/wrong-phase");
    const shooting = play(ctx, position, { type: "end-phase" }).position;
    expect(
      refusal(ctx, shooting, { type: "move", unit: "R", program: [{ op: "advance", ticks: IN(1) }] }).code,
    ).toBe("action/wrong-phase");
  });

  it("[004 Sequence of Play] a new player turn: the other side's units are fresh", () => {
    const { ctx, position } = table({
      units: [
        { id: "R", type: "infantry", x: 24, y: 10 },
        { id: "B", type: "infantry", x: 24, y: 30, facing: 18000, side: "second" },
      ],
    });
    const moved = play(ctx, position, {
      type: "move",
      unit: "R",
      program: [{ op: "advance", ticks: IN(1) }],
    }).position;
    const next = play(ctx, play(ctx, moved, { type: "end-phase" }).position, { type: "end-phase" }).position;
    expect(next.toMove).toBe("second");
    expect(next.units.R?.acted).toBe("none");
  });
});
