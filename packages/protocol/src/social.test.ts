import { describe, expect, it } from "vitest";
import { ClientMessageSchema } from "./messages.js";
import { parseServerMessage } from "./server-messages.js";
import { CHAT_MAX_CHARS, CHAT_WIRE_MAX, charCount, cleanChat } from "./social.js";

describe("the players' messages", () => {
  it.each([
    [{ type: "resign" }],
    [{ type: "offer-draw" }],
    [{ type: "accept-draw" }],
    [{ type: "decline-draw" }],
    [{ type: "rematch" }],
    [{ type: "chat", text: "Good game" }],
    [{ type: "chat", text: "<b>x</b>" }],
  ])("accepts %j", (message) => {
    expect(ClientMessageSchema.safeParse(message).success).toBe(true);
  });

  it.each([
    ["a resign with a side", { type: "resign", side: "first" }],
    ["a draw offer with a field", { type: "offer-draw", to: "second" }],
    ["a chat without text", { type: "chat" }],
    ["a chat of a number", { type: "chat", text: 7 }],
    ["a chat with html", { type: "chat", text: "x", html: "<b>x</b>" }],
    ["a chat past the wire's limit", { type: "chat", text: "x".repeat(CHAT_WIRE_MAX + 1) }],
    ["a rematch naming the seats", { type: "rematch", seats: {} }],
  ])("refuses %s", (_what, message) => {
    expect(ClientMessageSchema.safeParse(message).success).toBe(false);
  });

  it("lets through a line longer than a chat line may be, for the room to refuse as too long", () => {
    expect(
      ClientMessageSchema.safeParse({ type: "chat", text: "x".repeat(CHAT_MAX_CHARS + 1) }).success,
    ).toBe(true);
  });
});

describe("the server's table and chat messages", () => {
  it.each([
    [{ type: "table", drawOffer: null, ending: null, rematch: null }],
    [{ type: "table", drawOffer: "first", ending: null, rematch: null }],
    [
      {
        type: "table",
        drawOffer: null,
        ending: { kind: "resigned", side: "second" },
        rematch: "Vq3x-7_aB0cD9eFg",
      },
    ],
    [{ type: "table", drawOffer: null, ending: { kind: "draw-agreed" }, rematch: null }],
    [{ type: "chat", lines: [{ n: 1, side: "first", text: "<b>x</b>", at: 1 }] }],
    [{ type: "chat", lines: [] }],
  ])("reads %j as sent", (message) => {
    expect(parseServerMessage(message)).toEqual({ ok: true, message });
  });

  it.each([
    [
      "an ending of a spectator",
      { type: "table", drawOffer: null, ending: { kind: "resigned", side: "spectator" }, rematch: null },
    ],
    ["a rematch that is no game id", { type: "table", drawOffer: null, ending: null, rematch: "../x" }],
    [
      "a chat line from a spectator",
      { type: "chat", lines: [{ n: 1, side: "spectator", text: "x", at: 1 }] },
    ],
    [
      "a chat line of markup fields",
      { type: "chat", lines: [{ n: 1, side: "first", text: "x", at: 1, html: "<b>" }] },
    ],
  ])("refuses %s", (_what, json) => {
    expect(parseServerMessage(json).ok).toBe(false);
  });
});

describe("cleanChat", () => {
  it.each([
    ["keeps markup as the text it is", "<b>x</b>", "<b>x</b>"],
    ["makes one line of several", "a\nb\r\nc\td", "a b c d"],
    ["removes control characters", "a\u0000b\u0007c\u009bd", "abcd"],
    ["removes bidirectional controls", "abc\u202edef\u2066g", "abcdefg"],
    ["replaces lone surrogates", "a\ud800b\udc00", "a\ufffdb\ufffd"],
    ["keeps astral characters whole", "horse \u{1f40e}", "horse \u{1f40e}"],
    ["folds spaces and trims", "  a    b  ", "a b"],
    ["composes to NFC", "e\u0301", "\u00e9"],
  ])("%s", (_what, given, kept) => {
    expect(cleanChat(given)).toBe(kept);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(charCount("\u{1f40e}\u{1f40e}")).toBe(2);
    expect(charCount("abc")).toBe(3);
  });
});
