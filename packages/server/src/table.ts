import type { Seat } from "@tercio/core";
import {
  CHAT_MAX_CHARS,
  CHAT_MAX_LINES,
  charCount,
  cleanChat,
  type ErrorCode,
  type Role,
  type SeatSetup,
} from "@tercio/protocol";
import type { GameTable } from "./store.js";

/**
 * The players' word beside the rules, decided the same way for every rule
 * system: resigning, a draw offered and answered, a line of chat. Pure: the
 * room stores and broadcasts what these decide. Nothing here touches the
 * position or its dice: a game ended by its players keeps the position it
 * had, and its record replays to it.
 */

export type TableRequest = "resign" | "offer-draw" | "accept-draw" | "decline-draw";

export type TableDecision =
  | { readonly ok: true; readonly table: GameTable; readonly ends: boolean }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

const other = (side: Seat): Seat => (side === "first" ? "second" : "first");

function no(code: ErrorCode, message: string): TableDecision {
  return { ok: false, code, message };
}

/**
 * What a request makes of the table. `over` is whether the game has ended
 * (by its rules or its players); `seats` says which seat an AI plays.
 */
export function decide(
  table: GameTable,
  request: TableRequest,
  role: Role,
  over: boolean,
  seats: Readonly<Record<Seat, SeatSetup>>,
): TableDecision {
  if (role === "spectator")
    return no("spectator", "spectators watch: only a seat may resign or offer a draw");
  if (over) return no("game-over", "the game is over");
  const them = other(role);
  const offered = table.drawOffer;
  switch (request) {
    case "resign":
      return {
        ok: true,
        table: { ...table, drawOffer: null, ending: { kind: "resigned", side: role } },
        ends: true,
      };
    case "offer-draw":
      if (seats[them].kind === "ai")
        return no("ai-seat", "the other side is played by the AI, which plays every game out");
      // Both sides have offered: that is an agreement.
      if (offered === them) return agreed(table);
      return { ok: true, table: { ...table, drawOffer: role }, ends: false };
    case "accept-draw":
      if (offered !== them)
        return no(
          "no-draw-offer",
          offered === role
            ? "you offered the draw: the other side accepts it or not"
            : "the other side has offered no draw",
        );
      return agreed(table);
    case "decline-draw":
      // The other side declines the offer; its maker may take it back the same way.
      if (offered === null) return no("no-draw-offer", "no draw offer stands");
      return { ok: true, table: { ...table, drawOffer: null }, ends: false };
  }
}

function agreed(table: GameTable): TableDecision {
  return { ok: true, table: { ...table, drawOffer: null, ending: { kind: "draw-agreed" } }, ends: true };
}

/**
 * The table after `side` acted: an offer made to it lapses, since playing
 * on answers it (an offer its own maker plays on past stands). With no side
 * (the action ended the game by its rules), any offer lapses.
 */
export function afterAction(table: GameTable, side: Seat | null): GameTable {
  return table.drawOffer !== null && table.drawOffer !== side ? { ...table, drawOffer: null } : table;
}

export type ChatCheck =
  | { readonly ok: true; readonly side: Seat; readonly text: string }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

/**
 * A line of chat as it will be kept, or why not: seats only, cleaned
 * (cleanChat: one line, no control or bidirectional characters), not empty,
 * at most CHAT_MAX_CHARS characters, and the game's chat not full. The rate
 * is the room's to check (it holds each seat's bucket).
 */
export function checkChat(role: Role, raw: string, lines: number): ChatCheck {
  if (role === "spectator")
    return { ok: false, code: "spectator", message: "spectators read the chat: only a seat may write in it" };
  const text = cleanChat(raw);
  if (text.length === 0)
    return { ok: false, code: "chat-empty", message: "there is nothing to say in that line" };
  const chars = charCount(text);
  if (chars > CHAT_MAX_CHARS)
    return {
      ok: false,
      code: "chat-too-long",
      message: `a line of chat holds at most ${CHAT_MAX_CHARS} characters, not ${chars}`,
    };
  if (lines >= CHAT_MAX_LINES)
    return { ok: false, code: "chat-full", message: `the game's chat is full (${CHAT_MAX_LINES} lines)` };
  return { ok: true, side: role, text };
}
