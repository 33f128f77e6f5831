import { describe, expect, it } from "vitest";
import { IN, play, table, withUnits } from "./test-support/table.js";

const rect = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

describe("victory (designed: the text has none)", () => {
  it("[004 Eliminating Units] destroying a fraction of the enemy wins at once", () => {
    const { ctx, position } = table({
      units: [
        { id: "S", type: "infantry", x: 24, y: 10 },
        { id: "E", type: "infantry", x: 24, y: 18, facing: 18000, side: "second" },
        { id: "E2", type: "infantry", x: 40, y: 40, facing: 18000, side: "second" },
      ],
      victory: {
        suddenDeath: [{ kind: "destroy", side: "first", fraction: { num: 1, den: 2 } }],
        atEnd: [],
        otherwise: "draw",
      },
    });
    const p = play(ctx, withUnits(position, { E: { hits: 14 } }), { type: "end-phase" }).position;
    const shot = play(ctx, p, { type: "shoot", unit: "S", target: "E" }, [2]).position;
    const end = play(ctx, shot, { type: "end-phase" });
    expect(end.position.result).toEqual({ winner: "first", reason: "Red destroyed 1 of 2 enemy units" });
    expect(end.events.at(-1)).toMatchObject({ type: "game-ended", winner: "first" });
  });

  it("[004 Sequence of Play] a side with no units left loses", () => {
    const { ctx, position } = table({
      units: [
        { id: "S", type: "infantry", x: 24, y: 10 },
        { id: "E", type: "infantry", x: 24, y: 18, facing: 18000, side: "second" },
      ],
    });
    const p = play(ctx, withUnits(position, { E: { hits: 14 } }), { type: "end-phase" }).position;
    const end = play(ctx, play(ctx, p, { type: "shoot", unit: "S", target: "E" }, [2]).position, {
      type: "end-phase",
    });
    expect(end.position.result?.winner).toBe("first");
  });

  it("reaching a zone with enough units wins at the end of that side's player turn", () => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "cavalry", x: 10, y: 30 },
        { id: "E", type: "infantry", x: 40, y: 10, side: "second" },
      ],
      victory: {
        suddenDeath: [
          { kind: "reach", side: "first", name: "the far edge", zone: rect(0, 40, 48, 48), count: 1 },
        ],
        atEnd: [],
        otherwise: "second",
      },
    });
    const moved = play(ctx, position, {
      type: "move",
      unit: "A",
      program: [{ op: "advance", ticks: IN(12) }],
    }).position;
    const end = play(ctx, play(ctx, moved, { type: "end-phase" }).position, { type: "end-phase" }).position;
    expect(end.result).toEqual({ winner: "first", reason: "Red reached the far edge with 1 units" });
  });

  it("holding objectives at the end decides; level objectives fall to `otherwise` (fewer losses)", () => {
    const town = { id: "t", kind: "town" as const, name: "Dorf", polygon: rect(20, 20, 28, 26) };
    const setup = (otherwise: "draw" | "second" | "fewer-losses") =>
      table({
        terrain: [town],
        turns: 1,
        units: [
          { id: "I", type: "infantry", x: 24, y: 23 },
          { id: "E", type: "infantry", x: 40, y: 40, facing: 18000, side: "second" },
        ],
        victory: {
          suddenDeath: [],
          atEnd: [{ kind: "hold", name: "Dorf", piece: "t", points: 1 }],
          otherwise,
        },
      });
    const endGame = (t: ReturnType<typeof setup>, p = t.position) => {
      let q = p;
      for (let i = 0; i < 4; i++) q = play(t.ctx, q, { type: "end-phase" }).position;
      return q.result;
    };
    const held = setup("second");
    expect(endGame(held)).toEqual({ winner: "first", reason: "Red hold Dorf after 1 turns" });
    const contested = setup("second");
    // Both sides have a centre in the town: nobody holds it.
    expect(endGame(contested, withUnits(contested.position, { E: { x: IN(24), y: IN(21) } }))?.winner).toBe(
      "second",
    );
    const losses = setup("fewer-losses");
    const away = withUnits(losses.position, { I: { x: IN(10), y: IN(10) } });
    expect(endGame(losses, { ...away, eliminated: ["E"] })?.reason).toMatch(/Red lost fewer units/);
  });
});
