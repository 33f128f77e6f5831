import { describe, expect, it } from "vitest";
import { headlineOf, reasonUnder } from "./end-words.js";

const names = (s: "first" | "second") => (s === "first" ? "Royalists" : "Bohemians");

describe("the end screen's words", () => {
  it("heads with the winner and the grade of the win, or a draw", () => {
    expect(headlineOf({ winner: "second", reason: "x" }, names)).toBe("Bohemians win");
    expect(headlineOf({ winner: "first", level: "decisive", reason: "x" }, names)).toBe(
      "Royalists win — decisive victory",
    );
    expect(headlineOf({ winner: "draw", reason: "x" }, names)).toBe("A draw");
    expect(headlineOf(null, names)).toBe("Game over");
  });

  it("does not repeat the headline's verdict under it", () => {
    expect(
      reasonUnder("Bohemians win", "Bohemians control hex 3 at the end of the game: Bohemians win"),
    ).toBe("Bohemians control hex 3 at the end of the game.");
    expect(
      reasonUnder(
        "Royalists win — marginal victory",
        "20 Victory Points at the end of Game-Turn 8: Royalists win a marginal victory",
      ),
    ).toBe("20 Victory Points at the end of Game-Turn 8.");
    expect(reasonUnder("A draw", "no player has fulfilled his condition at the end of the game: draw")).toBe(
      "No player has fulfilled his condition at the end of the game.",
    );
  });

  it("keeps a reason whose last clause says something the headline does not", () => {
    expect(reasonUnder("Royalists win", "the Bohemians have no units left on the table")).toBe(
      "The Bohemians have no units left on the table.",
    );
    expect(reasonUnder("Royalists win", "time ran out: the Bohemians fled")).toBe(
      "Time ran out: the Bohemians fled.",
    );
  });
});
