import { SEATS } from "@tercio/core";
import { z } from "zod";
import { GAME_ID_PATTERN } from "./limits.js";

/**
 * What the two players say to each other beside the rules: resigning,
 * offering a draw and answering it, a rematch with the seats exchanged, and
 * a short chat kept with the game. None of it is a rule system's: the room
 * decides it the same way for every system, and none of it touches the
 * position or its dice.
 */

/** The most a chat line may hold, in characters (code points), once cleaned. */
export const CHAT_MAX_CHARS = 300;
/**
 * What the wire accepts as a chat line's text (UTF-16 units). Longer than
 * the line may be, so that an over-long line is refused for what it is
 * ("chat-too-long"), not as a malformed message; the frame limit bounds it anyway.
 */
export const CHAT_WIRE_MAX = 4000;
/** The lines a game keeps: a short chat, not a forum. */
export const CHAT_MAX_LINES = 200;
/** A seat's chat bucket: lines at once, and lines a second after that. */
export const CHAT_BURST = 5;
export const CHAT_PER_SECOND = 0.5;

const Side = z.enum(SEATS);

/** Gives up the game: the other side wins. A seat's, while the game is played. */
export const ResignSchema = z.strictObject({ type: z.literal("resign") });
/** Offers the other side a draw; it stands until they answer or play on. */
export const OfferDrawSchema = z.strictObject({ type: z.literal("offer-draw") });
/** Takes the other side's standing offer: the game ends drawn. */
export const AcceptDrawSchema = z.strictObject({ type: z.literal("accept-draw") });
/** Turns the other side's standing offer down (or, from its maker, takes it back). */
export const DeclineDrawSchema = z.strictObject({ type: z.literal("decline-draw") });
/** Once the game is over: a new game of the same system, scenario and options, the seats exchanged. */
export const RematchSchema = z.strictObject({ type: z.literal("rematch") });
/** One line of chat: plain text, cleaned and checked by the room (cleanChat). */
export const ChatSchema = z.strictObject({ type: z.literal("chat"), text: z.string().max(CHAT_WIRE_MAX) });

/** How a game ended other than by its rules. */
export const EndingSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("resigned"), side: Side }),
  z.strictObject({ kind: z.literal("draw-agreed") }),
]);
export type Ending = z.infer<typeof EndingSchema>;

/** One line of chat as kept and sent: its number in the game (from 1), who said it, the text, when (ms). */
export const ChatLineSchema = z.strictObject({
  n: z.number().int().min(1),
  side: Side,
  text: z.string().max(CHAT_MAX_CHARS * 2),
  at: z.number().int(),
});
export type ChatLine = z.infer<typeof ChatLineSchema>;

/** The server's word on what stands between the players: sent on joining and whenever it changes. */
export const TableMessageSchema = z.strictObject({
  type: z.literal("table"),
  /** The seat whose draw offer stands, if any. */
  drawOffer: Side.nullable(),
  /** How the game ended by the players' word, if it did. */
  ending: EndingSchema.nullable(),
  /** The rematch's game id, once asked for: the same tokens open it, each in the other seat. */
  rematch: z.string().regex(GAME_ID_PATTERN).nullable(),
});
export type TableMessage = z.infer<typeof TableMessageSchema>;

/** Chat lines: the game's whole chat on joining, then each new line as it is said. */
export const ChatMessageSchema = z.strictObject({
  type: z.literal("chat"),
  lines: z.array(ChatLineSchema).max(CHAT_MAX_LINES),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/**
 * Bidirectional controls (which can make a line read backwards or reorder
 * what follows it), zero-width joiners and the like, and every control
 * character: none of them belongs in a line of chat.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/gu;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A chat line as it is kept: one line (breaks and tabs become spaces), with
 * no control or bidirectional characters, lone surrogates replaced, runs of
 * spaces folded, trimmed, in NFC. It stays text: the page shows it as text,
 * never as markup, so `<b>` is kept as the four characters it is.
 */
export function cleanChat(text: string): string {
  return text
    .replace(LONE_SURROGATE, "\ufffd")
    .replace(/[\t\n\r\u2028\u2029]/g, " ")
    .replace(UNWANTED, "")
    .normalize("NFC")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** A string's length in characters (code points), as CHAT_MAX_CHARS counts. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}
