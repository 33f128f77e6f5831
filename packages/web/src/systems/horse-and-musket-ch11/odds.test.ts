import { describe, expect, it } from "vitest";
import { fightOdds, shotOdds } from "./odds.js";
import { opening } from "./test-game.js";

const { ctx, position } = opening("river-crossing");
const byType = (side: string, type: string) =>
  Object.keys(position.units).find(
    (id) => position.units[id]?.side === side && position.units[id]?.type === type,
  ) as string;

describe("odds before the die (engine functions, every face)", () => {
  it("an infantry shot hits the die's score (004 Shooting: Assess Casualties)", () => {
    const o = shotOdds(ctx, position, byType("first", "infantry"), byType("second", "infantry"));
    expect(o?.faces).toEqual([1, 2, 3, 4, 5, 6]);
    expect(o?.modifiers).toEqual([]);
    expect(o?.outcomes).toHaveLength(6);
  });

  it("artillery and skirmishers take 2 off, never below none", () => {
    const o = shotOdds(ctx, position, byType("first", "artillery"), byType("second", "infantry"));
    expect(o?.faces).toEqual([0, 0, 1, 2, 3, 4]);
    expect(o?.outcomes[0]).toEqual({ hits: 0, faces: 2 });
    expect(o?.modifiers[0]?.rule).toBe("004 Shooting: Assess Casualties");
  });

  it("a flank charge doubles the die + 2 (004 Hand-to-Hand Combat)", () => {
    const front = fightOdds(ctx, position, byType("second", "infantry"), "front");
    const flank = fightOdds(ctx, position, byType("second", "infantry"), "left");
    expect(front?.faces).toEqual([3, 4, 5, 6, 7, 8]);
    expect(flank?.faces).toEqual([6, 8, 10, 12, 14, 16]);
    expect(flank?.modifiers.map((m) => m.rule)).toContain("004 Hand-to-Hand Combat: Flank or Rear Attacks");
  });

  it("defending cavalry takes half, rounded up in favour of the attacker", () => {
    const o = fightOdds(ctx, position, byType("second", "cavalry"), "front");
    expect(o?.faces).toEqual([2, 2, 3, 3, 4, 4]);
  });
});
