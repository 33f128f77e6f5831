import { describe, expect, it } from "vitest";
import { apply } from "./apply.js";
import { newGame } from "./new-game.js";
import { ctxFor, deployed, expectRefused, play } from "./test-support/setup.js";

const end = { type: "end-phase" } as const;

describe("the Sequence of Play", () => {
  it("[4.2] each Player-Turn is a Fire Combat, a Movement and a Melee Combat Phase, first player then second", () => {
    const { ctx, position } = deployed("16.31");
    expect([position.gameTurn, position.phasing, position.phase]).toEqual([1, "first", "fire"]);
    const seen: string[] = [];
    let p = position;
    for (let i = 0; i < 6; i++) {
      seen.push(`${p.gameTurn}:${p.phasing}:${p.phase}`);
      p = play(ctx, p, end).position;
    }
    expect(seen).toEqual([
      "1:first:fire",
      "1:first:movement",
      "1:first:melee",
      "1:second:fire",
      "1:second:movement",
      "1:second:melee",
    ]);
    expect([p.gameTurn, p.phasing, p.phase]).toEqual([2, "first", "fire"]);
  });

  it("[4.1] the Turn Record advances after the Second Player-Turn and the game ends after the scenario's length", () => {
    const { ctx, position } = deployed("16.31");
    let p = position;
    const recorded: number[] = [];
    let guard = 0;
    while (p.phase !== "game-over" && guard++ < 1000) {
      const step = play(ctx, p, end);
      for (const e of step.events) if (e.type === "game-turn-recorded") recorded.push(e.gameTurn);
      p = step.position;
    }
    expect(recorded).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(p.gameTurn).toBe(ctx.scenario.gameLength);
    expectRefused(apply(ctx, p, end), "4.1", "sequence/game-over");
  });

  it("[4.2] the First Player is designated by the scenario: the Jacobites at Killiecrankie (errata)", () => {
    const ctx = ctxFor("16.51");
    const opened = newGame(ctx, { seed: 3 });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.value.position.phasing).toBe("first");
    expect(ctx.scenario.players[0].name).toBe("Jacobites");
  });

  it("[5.2D] no unit of the non-Phasing Player moves", () => {
    const { ctx, position } = deployed("16.31");
    const p = play(ctx, position, end).position;
    const enemy = Object.keys(p.units).find(
      (id) => p.units[id]?.side === "second" && p.offMap[id] === undefined,
    );
    expect(enemy).toBeDefined();
    const hex = Object.entries(p.stacks).find(([, ids]) => ids.includes(enemy ?? ""))?.[0] ?? "";
    expectRefused(apply(ctx, p, { type: "move", unit: enemy ?? "", steps: [hex] }), "5.2D");
  });

  it("[5.2E] no unit moves outside its Movement Phase", () => {
    const { ctx, position } = deployed("16.31");
    const id = Object.keys(position.units).find((u) => position.units[u]?.side === "first") ?? "";
    expectRefused(
      apply(ctx, position, { type: "move", unit: id, steps: ["0101"] }),
      "4.2",
      "move/wrong-phase",
    );
  });
});
