import { type Hashing, type RuleError, SEATS } from "@tercio/core";
import { z } from "zod";
import { ACTION_ID_PATTERN, GAME_ID_PATTERN, PROTOCOL_VERSION, TOKEN_PATTERN } from "./limits.js";
import {
  AcceptDrawSchema,
  type ChatMessage,
  ChatSchema,
  DeclineDrawSchema,
  EndingSchema,
  OfferDrawSchema,
  RematchSchema,
  ResignSchema,
  type TableMessage,
} from "./social.js";

/**
 * The messages of the online game, client to server and back, as JSON text
 * frames over one WebSocket. Every client message is validated against
 * these schemas before the server looks at it. The protocol knows no rule
 * system: actions and positions travel as plain data, and the game's own
 * system parses them (RuleSystem.parseAction, parsePosition).
 */

export const SeqSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A position hash: FNV-1a 64, in hex. */
export const HashSchema = z.string().regex(/^[0-9a-f]{16}$/);
const Seq = SeqSchema;
const Hash = HashSchema;
export const GameIdSchema = z.string().regex(GAME_ID_PATTERN);
export const TokenSchema = z.string().regex(TOKEN_PATTERN);
export const ActionIdSchema = z.string().regex(ACTION_ID_PATTERN);
export const SideSchema = z.enum(SEATS);
export const RoleSchema = z.enum(["first", "second", "spectator"]);
export type Role = z.infer<typeof RoleSchema>;

// ---- client to server ----

/**
 * Opens a session on one game with a seat or spectator token; `lastSeq` asks
 * only for what was missed. (A hello of another protocol version is answered
 * "incompatible: reload the page" before it is parsed.)
 */
export const HelloSchema = z.strictObject({
  type: z.literal("hello"),
  protocol: z.literal(PROTOCOL_VERSION),
  game: GameIdSchema,
  token: TokenSchema,
  lastSeq: Seq.optional(),
});

/**
 * An action for the sender's seat. `seq` is the sequence number of the last
 * event the client has applied: the action follows it or is refused as stale.
 * `id` makes a resubmission apply at most once. The action is the game's
 * system's to validate (its parseAction): here it is any JSON value, within
 * the message's size limit.
 */
export const ActSchema = z.strictObject({
  type: z.literal("act"),
  id: ActionIdSchema,
  seq: Seq,
  action: z.unknown().refine((a) => a !== undefined, "an action is required"),
});

/** The hash of the client's public position after event `seq`. */
export const HashReportSchema = z.strictObject({ type: z.literal("hash"), seq: Seq, hash: Hash });

/** Asks for a full snapshot. */
export const SyncSchema = z.strictObject({ type: z.literal("sync") });

export const PingSchema = z.strictObject({ type: z.literal("ping"), n: z.number().int().optional() });

export const ClientMessageSchema = z.discriminatedUnion("type", [
  HelloSchema,
  ActSchema,
  HashReportSchema,
  SyncSchema,
  PingSchema,
  ResignSchema,
  OfferDrawSchema,
  AcceptDrawSchema,
  DeclineDrawSchema,
  RematchSchema,
  ChatSchema,
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

// ---- creating a game (HTTP) ----

const WebhookSchema = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .describe("POSTed a JSON note when it becomes this seat's turn");

export const SeatSetupSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("human"), webhook: WebhookSchema.optional() }),
  z.strictObject({ kind: z.literal("ai"), level: z.string().min(1).max(32) }),
]);
export type SeatSetup = z.infer<typeof SeatSetupSchema>;

const SystemIdSchema = z.string().regex(/^[a-z][a-z0-9-]{1,47}$/, "a rule system id such as musket-and-pike");

/**
 * A new game: its rule system (Musket & Pike when none is named), the
 * scenario and the system's options, checked by the system's parseSetup.
 */
export const CreateGameSchema = z.strictObject({
  system: SystemIdSchema.default("musket-and-pike"),
  /** The system's scenario id: Musket & Pike's rule number ("16.24") or name. */
  scenario: z.string().min(1).max(64),
  /** The system's options: Musket & Pike's `{ "optionalRules": ["caracolla"] }`. */
  options: z.record(z.string().max(64), z.unknown()).default({}),
  seats: z.strictObject({ first: SeatSetupSchema, second: SeatSetupSchema }),
});
export type CreateGame = z.input<typeof CreateGameSchema>;

export const SetWebhookSchema = z.strictObject({ webhook: WebhookSchema.nullable() });

/** The public face of a seat: never its token or webhook. */
export const SeatInfoSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("human"), connected: z.boolean() }),
  z.strictObject({ kind: z.literal("ai"), level: z.string() }),
]);
export type SeatInfo = z.infer<typeof SeatInfoSchema>;

export const GameInfoSchema = z.strictObject({
  id: GameIdSchema,
  /** The rule system, its title and the version of it that plays the game. */
  system: SystemIdSchema,
  systemTitle: z.string(),
  version: z.string(),
  scenario: z.string(),
  scenarioName: z.string(),
  /** The system's options for this game. */
  options: z.record(z.string(), z.unknown()),
  /** The seats' names in this scenario ("Swedish", "Imperialist"). */
  seatNames: z.strictObject({ first: z.string(), second: z.string() }),
  seats: z.strictObject({ first: SeatInfoSchema, second: SeatInfoSchema }),
  status: z.enum(["playing", "over"]),
  seq: Seq,
  /** Whose move it is: the seat to act, or none once the game is over. */
  turn: SideSchema.nullable(),
  /** Where the game stands, in the system's words. */
  progress: z.strictObject({ turn: z.number().int(), phase: z.string(), text: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  rules: z.strictObject({ version: z.string(), hash: Hash }),
  /** How the game ended by the players' word (a resignation, an agreed draw), when it did. */
  ending: EndingSchema.optional(),
  /** The game's rematch, once asked for: the same token opens it, in the other seat. */
  rematch: GameIdSchema.optional(),
});
export type GameInfo = z.infer<typeof GameInfoSchema>;

export const CreatedGameSchema = z.strictObject({
  game: GameInfoSchema,
  /** Paths (to put after the site's origin) holding each human seat's token, and the spectators'. */
  links: z.strictObject({
    first: z.string().optional(),
    second: z.string().optional(),
    spectator: z.string(),
  }),
  tokens: z.strictObject({
    first: TokenSchema.optional(),
    second: TokenSchema.optional(),
    spectator: TokenSchema,
  }),
});
export type CreatedGame = z.infer<typeof CreatedGameSchema>;

// ---- server to client ----

/** The room's own refusals; a refused action carries the system's whole rule error beside its code. */
/** The refusals of the players' own word (resign, draws, rematches, chat: social.ts). */
export const SOCIAL_ERROR_CODES = [
  "no-draw-offer",
  "game-not-over",
  "ai-seat",
  "chat-empty",
  "chat-too-long",
  "chat-too-fast",
  "chat-full",
] as const;

export const ERROR_CODES = [
  "bad-message",
  "too-large",
  "rate-limited",
  "unauthorised",
  "not-your-turn",
  "spectator",
  "illegal-action",
  "stale-seq",
  "game-over",
  "unknown-game",
  "incompatible",
  "not-joined",
  "busy",
  "internal",
  // The players' own word (social.ts): refused for what it is, never a crash or a closed connection.
  ...SOCIAL_ERROR_CODES,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type ServerMessage =
  | {
      readonly type: "welcome";
      readonly protocol: number;
      readonly role: Role;
      readonly game: GameInfo;
    }
  | {
      /** The whole public position after event `seq`; replaces whatever the client had. */
      readonly type: "snapshot";
      readonly seq: number;
      readonly position: unknown;
      readonly hash: string;
      /** How `hash` and the following events' hashes are made (core's Hashing). */
      readonly hashing: Hashing;
      readonly reason: "join" | "reconnect" | "requested" | "hash-mismatch" | "gap";
    }
  | {
      /** One accepted action, in order. Apply it with exactly these dice; the result hashes to `hash`. */
      readonly type: "event";
      readonly seq: number;
      readonly side: "first" | "second";
      readonly action: unknown;
      readonly dice: readonly number[];
      readonly hash: string;
    }
  | { readonly type: "ack"; readonly id: string; readonly seq: number; readonly duplicate: boolean }
  | {
      readonly type: "error";
      readonly code: ErrorCode;
      readonly message: string;
      /** The rule case that forbids an illegal action ("5.2(F)"). */
      readonly rule?: string | undefined;
      /**
       * An illegal action's whole rule error, as the system gave it: its code
       * from the system's closed list, the rule, the message, and where
       * (unit, other unit, hex or table point), so any board can show it.
       */
      readonly refusal?: RuleError | undefined;
      /** The client action id this answers, if any. */
      readonly id?: string | undefined;
      /** The server's current sequence number, for stale-seq and mismatch errors. */
      readonly seq?: number | undefined;
      /** Whether the server closes the connection after this message. */
      readonly fatal: boolean;
    }
  | {
      readonly type: "presence";
      readonly first: boolean;
      readonly second: boolean;
      readonly spectators: number;
    }
  | {
      /** The game is over: the dice are revealed, and the whole game can be replayed and checked. */
      readonly type: "over";
      readonly seq: number;
      readonly save: unknown;
    }
  | { readonly type: "pong"; readonly n?: number | undefined }
  | TableMessage
  | ChatMessage;
