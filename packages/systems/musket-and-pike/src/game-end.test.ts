import { describe, expect, it } from "vitest";
import { apply } from "./apply.js";
import { legalActions } from "./legal.js";
import { attack, endPhase, eventsOf, field, playWithDice, resolve } from "./test-support/combat.js";
import { expectRefused } from "./test-support/setup.js";

describe("the end of the game", () => {
  it("[16.21] [16.0] the game ends the moment a combat result achieves a scenario's victory", () => {
    // White Mountain: the Imperialists eliminate the last Bohemian unit in Game-Turn 2: a Decisive victory.
    const { ctx, position } = field(
      { "0605": ["G-EP1"], "0606": ["B-MP1"] },
      { scenario: "16.21", phasing: "second", gameTurn: 2 },
    );
    // EP 6 against MP 2: 3-1; a 6 is E1.
    const s = playWithDice(ctx, position, [6], attack("G-EP1", "0606"), resolve("0606"));
    expect(s.position.phase).toBe("game-over");
    expect(s.position.result).toMatchObject({ winner: "second", level: "decisive", gameTurn: 2 });
    expect(eventsOf(s.events, "game-ended")[0]?.result?.winner).toBe("second");
    expect(legalActions(ctx, s.position)).toEqual([]);
    expectRefused(apply(ctx, s.position, endPhase), "4.1", "sequence/game-over");
  });

  it("[16.32] [4.2] after the last Game-Turn the game ends with the scenario's result", () => {
    // Grantham on the test map: key hexes 8 (0810) and 11 (1110).
    const { ctx, position } = field(
      { "0810": ["B-PP1"], "1110": ["B-PP2"], "0101": ["G-PP1"] },
      { phasing: "second", gameTurn: 10 },
    );
    const s = playWithDice(ctx, position, [], endPhase);
    expect(s.position.phase).toBe("game-over");
    expect(s.position.result).toMatchObject({ winner: "first", gameTurn: 10 });
    expect(s.position.result?.reason).toContain("control both hexes 8 and 11");
    const types = s.events.map((e) => e.type);
    expect(types.slice(-3)).toEqual(["player-turn-ended", "game-turn-recorded", "game-ended"]);
  });

  it("[16.0] before the last Game-Turn, control conditions do not end the game", () => {
    const { ctx, position } = field(
      { "0810": ["B-PP1"], "1110": ["B-PP2"], "0101": ["G-PP1"] },
      { phasing: "second", gameTurn: 9 },
    );
    const s = playWithDice(ctx, position, [], endPhase);
    expect(s.position).toMatchObject({ phase: "fire", phasing: "first", gameTurn: 10 });
    expect(s.position.result).toBeUndefined();
  });
});
