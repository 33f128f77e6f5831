import { handToHandWorking, shotWorking } from "@tercio/horse-and-musket-ch11";
import { describe, expect, it } from "vitest";
import { fightOdds, outcomeWords, shotOdds } from "./odds.js";
import { opening } from "./test-game.js";

const { ctx, position } = opening("river-crossing");
const byType = (side: string, type: string) =>
  Object.keys(position.units).find(
    (id) => position.units[id]?.side === side && position.units[id]?.type === type,
  ) as string;
const shot = (a: string, b: string) => {
  const w = shotWorking(ctx, position, a, b);
  if (!w) throw new Error("units");
  return shotOdds(w);
};
const fight = (defender: string, side: "front" | "left" | "right" | "rear") => {
  const w = handToHandWorking(ctx, position, { attacker: byType("first", "cavalry"), defender, side });
  if (!w) throw new Error("units");
  return fightOdds(w);
};

describe("odds before the die, read from the engine's working", () => {
  it("an infantry shot hits the die's score (004 Shooting: Assess Casualties)", () => {
    const o = shot(byType("first", "infantry"), byType("second", "infantry"));
    expect(o.faces).toEqual([1, 2, 3, 4, 5, 6]);
    expect(o.modifiers).toEqual([]);
    expect(o.outcomes).toHaveLength(6);
  });

  it("artillery takes 2 off, never below none, each with its rule", () => {
    const o = shot(byType("first", "artillery"), byType("second", "infantry"));
    expect(o.faces).toEqual([0, 0, 1, 2, 3, 4]);
    expect(o.outcomes[0]).toEqual({ hits: 0, faces: 2 });
    expect(outcomeWords(o.outcomes[0] as never)).toBe("0 hits: 2 in 6");
    expect(o.modifiers.map((m) => m.rule)).toEqual([
      "004 Shooting: Assess Casualties",
      "004 Shooting: Assess Casualties",
    ]);
  });

  it("a flank charge doubles the die + 2 (004 Hand-to-Hand Combat)", () => {
    expect(fight(byType("second", "infantry"), "front").faces).toEqual([3, 4, 5, 6, 7, 8]);
    const flank = fight(byType("second", "infantry"), "left");
    expect(flank.faces).toEqual([6, 8, 10, 12, 14, 16]);
    expect(flank.modifiers.map((m) => m.rule)).toContain("004 Hand-to-Hand Combat: Flank or Rear Attacks");
  });

  it("defending cavalry takes half, rounded up in favour of the attacker", () => {
    expect(fight(byType("second", "cavalry"), "front").faces).toEqual([2, 2, 3, 3, 4, 4]);
  });
});
