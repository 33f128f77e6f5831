import { horseAndMusket } from "@tercio/horse-and-musket-ch11";
import { musketAndPike } from "@tercio/musket-and-pike";
import type { GameInfo } from "@tercio/protocol";
import { describe, expect, it } from "vitest";
import { catalog, opening } from "../systems/musket-and-pike/test-support.js";
import { FakeServerGame, gameInfo } from "./test-support.js";
import {
  drawOfferText,
  endingText,
  endingWords,
  presenceText,
  roleText,
  sideToAct,
  statusText,
  turnText,
} from "./words.js";

const { ctx, position } = opening();
const mp = { system: musketAndPike(catalog), position };
const names = { first: ctx.scenario.players[0]?.name ?? "", second: ctx.scenario.players[1]?.name ?? "" };
const seats: GameInfo["seats"] = {
  first: { kind: "human", connected: true },
  second: { kind: "ai", level: "greedy" },
};

describe("the online screen's words", () => {
  it("says how the connection stands", () => {
    expect(statusText({ kind: "online" }, true, 0)).toBe("Online");
    expect(statusText({ kind: "online" }, false, 0)).toBe("Online, catching up…");
    expect(statusText({ kind: "reconnecting", attempt: 3, retryAt: 4_000, reason: "lost" }, false, 0)).toBe(
      "Reconnecting (attempt 3)… next try in 4 s",
    );
    expect(statusText({ kind: "closed", reason: "This link is not valid." }, false, 0)).toBe(
      "Offline: This link is not valid.",
    );
  });

  it("says whose turn it is", () => {
    const side = sideToAct(mp, undefined);
    expect(side).toBe("first");
    expect(turnText(names, "first", side, seats)).toBe("Your turn");
    expect(turnText(names, "second", side, seats)).toBe(`Waiting for the ${names.first}`);
    expect(turnText(names, "first", "second", seats)).toBe(`Waiting for the ${names.second} (AI, greedy)`);
    expect(turnText(names, "spectator", undefined, seats)).toBe("Game over");
    expect(roleText(names, "second")).toBe(`You play the Second Player (${names.second})`);
  });

  it("reads whose turn it is through the game's system, whichever it is", () => {
    const table = FakeServerGame.tabletop();
    const side = sideToAct({ system: horseAndMusket, position: table.position }, undefined);
    expect(side).toBe(horseAndMusket.toAct(table.position));
    const tableNames = {
      first: horseAndMusket.seatName(table.ctx, "first"),
      second: horseAndMusket.seatName(table.ctx, "second"),
    };
    expect(turnText(tableNames, "spectator", side, seats)).toMatch(/^Waiting for the /);
  });

  it("takes the turn from the lobby before any position, and none once the game is over", () => {
    const info = gameInfo(FakeServerGame.tabletop(), { turn: "second" });
    expect(sideToAct(undefined, info)).toBe("second");
    expect(sideToAct(undefined, { ...info, status: "over" })).toBeUndefined();
  });

  it("says who is there", () => {
    expect(presenceText(names, "second", seats, { first: false, second: true, spectators: 2 })).toBe(
      `Opponent (${names.first}): not connected · 2 watching`,
    );
    expect(presenceText(names, "first", seats, undefined)).toBe(`Opponent (${names.second}): AI (greedy)`);
    expect(presenceText(names, "spectator", seats, { first: true, second: false, spectators: 1 })).toBe(
      `${names.first}: connected · ${names.second}: AI (greedy) · 1 watching`,
    );
  });
});

describe("the players' word in words", () => {
  const two = { first: "Swedish", second: "Imperialists" };
  it("says who resigned and who wins, or that both agreed a draw", () => {
    expect(endingText(two, { kind: "resigned", side: "first" })).toBe("Swedish resigned: Imperialists win");
    expect(endingWords(two, { kind: "resigned", side: "second" })).toEqual({
      headline: "Swedish win",
      reason: "Imperialists resigned",
    });
    expect(endingText(two, { kind: "draw-agreed" })).toBe("Drawn by agreement");
  });

  it("says whose draw offer stands", () => {
    expect(drawOfferText(two, "first", "first")).toMatch(/^You offered a draw/);
    expect(drawOfferText(two, "first", "second")).toBe("The Imperialists offer a draw.");
    expect(drawOfferText(two, "spectator", "first")).toBe("The Swedish offer a draw.");
    expect(drawOfferText(two, "first", null)).toBeUndefined();
  });
});
