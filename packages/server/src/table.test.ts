import { CHAT_MAX_CHARS, CHAT_MAX_LINES } from "@tercio/protocol";
import { describe, expect, it } from "vitest";
import { EMPTY_TABLE, type GameTable } from "./store.js";
import { afterAction, checkChat, decide, type TableRequest } from "./table.js";

const humans = { first: { kind: "human" }, second: { kind: "human" } } as const;
const offeredBy = (side: "first" | "second"): GameTable => ({ ...EMPTY_TABLE, drawOffer: side });

describe("the players' word on the game", () => {
  it.each<[string, GameTable, TableRequest, "first" | "second" | "spectator", boolean, string]>([
    ["a spectator resigning", EMPTY_TABLE, "resign", "spectator", false, "spectator"],
    ["a spectator offering a draw", EMPTY_TABLE, "offer-draw", "spectator", false, "spectator"],
    ["resigning a game that is over", EMPTY_TABLE, "resign", "first", true, "game-over"],
    ["offering a draw in a game that is over", EMPTY_TABLE, "offer-draw", "second", true, "game-over"],
    ["accepting a draw nobody offered", EMPTY_TABLE, "accept-draw", "first", false, "no-draw-offer"],
    ["accepting one's own offer", offeredBy("first"), "accept-draw", "first", false, "no-draw-offer"],
    ["declining when no offer stands", EMPTY_TABLE, "decline-draw", "second", false, "no-draw-offer"],
    ["accepting after the end", offeredBy("second"), "accept-draw", "first", true, "game-over"],
  ])("refuses %s", (_what, table, request, role, over, code) => {
    expect(decide(table, request, role, over, humans)).toMatchObject({ ok: false, code });
  });

  it("refuses a draw offered to the AI, which plays every game out", () => {
    const seats = { first: { kind: "human" }, second: { kind: "ai", level: "greedy" } } as const;
    expect(decide(EMPTY_TABLE, "offer-draw", "first", false, seats)).toMatchObject({
      ok: false,
      code: "ai-seat",
    });
  });

  it("ends the game when a seat resigns, withdrawing any offer", () => {
    expect(decide(offeredBy("first"), "resign", "second", false, humans)).toEqual({
      ok: true,
      table: { drawOffer: null, ending: { kind: "resigned", side: "second" }, rematch: null },
      ends: true,
    });
  });

  it("keeps an offer standing until answered, and ends the game drawn when it is accepted", () => {
    const offered = decide(EMPTY_TABLE, "offer-draw", "first", false, humans);
    expect(offered).toEqual({ ok: true, table: offeredBy("first"), ends: false });
    expect(decide(offeredBy("first"), "accept-draw", "second", false, humans)).toEqual({
      ok: true,
      table: { drawOffer: null, ending: { kind: "draw-agreed" }, rematch: null },
      ends: true,
    });
  });

  it("reads an offer made while the other side's stands as an agreement", () => {
    expect(decide(offeredBy("second"), "offer-draw", "first", false, humans)).toMatchObject({
      ok: true,
      table: { ending: { kind: "draw-agreed" } },
      ends: true,
    });
  });

  it("lets either side clear an offer: the other declining, its maker taking it back", () => {
    for (const side of ["first", "second"] as const)
      expect(decide(offeredBy("first"), "decline-draw", side, false, humans)).toEqual({
        ok: true,
        table: EMPTY_TABLE,
        ends: false,
      });
  });

  it("lets an offer lapse when the side it was made to plays on, not when its maker does", () => {
    expect(afterAction(offeredBy("first"), "second")).toEqual(EMPTY_TABLE);
    const standing = offeredBy("first");
    expect(afterAction(standing, "first")).toBe(standing);
    expect(afterAction(EMPTY_TABLE, "first")).toBe(EMPTY_TABLE);
    // An action that ends the game by its rules answers any offer.
    expect(afterAction(offeredBy("first"), null)).toEqual(EMPTY_TABLE);
  });
});

describe("a line of chat", () => {
  it("is kept as text, markup and all", () => {
    expect(checkChat("first", "  <b>x</b>\n", 0)).toEqual({ ok: true, side: "first", text: "<b>x</b>" });
  });

  it.each([
    ["from a spectator", "spectator", "hello", 0, "spectator"],
    ["of nothing", "first", " \n\t", 0, "chat-empty"],
    ["of control characters only", "first", "\u0000\u202e", 0, "chat-empty"],
    ["too long", "second", "x".repeat(CHAT_MAX_CHARS + 1), 0, "chat-too-long"],
    ["in a full chat", "first", "one more", CHAT_MAX_LINES, "chat-full"],
  ] as const)("is refused %s", (_what, role, text, lines, code) => {
    expect(checkChat(role, text, lines)).toMatchObject({ ok: false, code });
  });

  it("counts characters, so a line of astral characters as long as allowed is taken", () => {
    const line = "\u{1f40e}".repeat(CHAT_MAX_CHARS);
    expect(checkChat("first", line, 0)).toMatchObject({ ok: true, text: line });
  });
});
