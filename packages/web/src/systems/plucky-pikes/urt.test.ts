import { type MoveOp, pluckyPikesSystem as pp, traitsOf } from "@tercio/plucky-pikes";
import { describe, expect, it } from "vitest";
import { atFirstMove } from "./test-game.js";
import {
  clockOf,
  clockWords,
  fractionWords,
  opCost,
  pivotWords,
  programCosts,
  sum,
  urtsPerMove,
} from "./urt.js";

describe("URTs on the screen", () => {
  const { ctx, position } = atFirstMove();
  const mover = position.toMove;
  const mine = Object.keys(position.units)
    .sort()
    .filter((id) => position.units[id]?.side === mover);

  it("[001 Movement] a pivot, a face, a change of formation cost what the engine records", () => {
    const programs: MoveOp[][] = [
      [{ op: "pivot", end: "left", cdeg: 3000 }],
      [{ op: "pivot", end: "right", cdeg: -1500 }],
      [{ op: "pivot", end: "left", cdeg: 1000 }],
      [{ op: "face", to: "about" }],
      [{ op: "form", formation: "hedgehog" }],
      [{ op: "form", formation: "skirmish" }],
      [{ op: "form", formation: "open" }],
      [{ op: "form", formation: "close" }],
      [{ op: "unlimber" }],
      [{ op: "limber" }],
    ];
    let checked = 0;
    for (const id of mine)
      for (const program of programs) {
        const u = position.units[id];
        if (!u) continue;
        const step = pp.apply(ctx, position, { type: "move", unit: id, program });
        if (!step.ok) continue;
        const cost = sum(programCosts(ctx, id, u, program));
        expect(step.value.position.units[id]?.used, `${id} ${JSON.stringify(program)}`).toBe(
          Math.ceil((cost.num * 1000) / cost.den),
        );
        checked++;
      }
    expect(checked).toBeGreaterThan(5);
  });

  it("[001 Movement] an advance in the open costs its length over the rate", () => {
    for (const id of mine) {
      const u = position.units[id];
      if (!u) continue;
      const op: MoveOp = { op: "advance", ticks: 6096 };
      const step = pp.apply(ctx, position, { type: "move", unit: id, program: [op] });
      if (!step.ok) continue;
      const c = opCost(ctx, traitsOf(ctx, id), u, op);
      if (!c) continue;
      expect(step.value.position.units[id]?.used).toBe(Math.ceil((c.num * 1000) / c.den));
    }
  });

  it("words a pivot with its end, swing and cost", () => {
    const id = mine.find((x) => traitsOf(ctx, x).class === "veteran" && traitsOf(ctx, x).arm === "foot");
    if (!id) throw new Error("no veteran foot");
    const u = position.units[id];
    if (!u) throw new Error("no unit");
    expect(pivotWords(ctx, id, u, "left", 3000)).toBe(
      "30° about the left end, the right end swinging forward: 1 URT, 1/2 of its move",
    );
    expect(pivotWords(ctx, id, u, "right", -1500)).toBe(
      "15° about the right end, the left end swinging back: 1/2 URT, 1/4 of its move",
    );
  });

  it("a clock has a segment for each URT of the class", () => {
    for (const id of Object.keys(position.units)) {
      const t = traitsOf(ctx, id);
      const expected = { guard: 4, elite: 3, veteran: 2, recruit: 1 }[t.class];
      expect(urtsPerMove(ctx, t)).toBe(expected);
    }
    const id = mine[0] as string;
    const u = position.units[id];
    if (!u) throw new Error("no unit");
    expect(clockWords(clockOf(ctx, id, { ...u, used: 500 }))).toMatch(/^URT clock: 0\.5 of its move used \(/);
    expect(fractionWords({ num: 3, den: 2 })).toBe("1 1/2");
  });
});
