import { describe, expect, it } from "vitest";
import { forgetGame, type KeyValueStore, knownGames, rememberGame } from "./my-games.js";

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const link = (n: number, seat = "A") => ({
  game: `Game${String(n).padStart(12, "0")}`,
  token: seat.repeat(43),
});

describe("the online games this browser knows", () => {
  it("keeps the most recently opened first, each link once, and forgets on request", () => {
    const store = memory();
    rememberGame(store, link(1));
    rememberGame(store, link(2));
    rememberGame(store, link(1));
    rememberGame(store, link(1, "B"));
    expect(knownGames(store)).toEqual([link(1, "B"), link(1), link(2)]);
    forgetGame(store, link(1));
    expect(knownGames(store)).toEqual([link(1, "B"), link(2)]);
  });

  it("keeps at most fifty, and passes over anything in storage that is not a link", () => {
    const store = memory();
    for (let n = 0; n < 60; n++) rememberGame(store, link(n));
    expect(knownGames(store)).toHaveLength(50);
    expect(knownGames(store)[0]).toEqual(link(59));
    store.data.set("tercio.online-games", JSON.stringify([link(1), { game: "x", token: "y" }, 7, null]));
    expect(knownGames(store)).toEqual([link(1)]);
    store.data.set("tercio.online-games", "not json");
    expect(knownGames(store)).toEqual([]);
  });
});
