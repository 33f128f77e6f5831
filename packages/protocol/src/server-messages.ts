import type { RuleError } from "@tercio/core";
import { z } from "zod";
import {
  ActionIdSchema,
  ERROR_CODES,
  GameInfoSchema,
  HashSchema,
  RoleSchema,
  SeqSchema,
  type ServerMessage,
  SideSchema,
} from "./messages.js";
import { ChatMessageSchema, TableMessageSchema } from "./social.js";

/**
 * The server's messages as the browser checks them before looking inside:
 * a page is handed only what these schemas accept, so a malformed or
 * hostile message is a clear refusal, never a crash. Actions and positions
 * stay plain data here; the game's system parses them.
 */

const Text = z.string().max(10_000);

/** A system's rule error as it crosses the wire whole (code, rule, message, where). */
export const RuleErrorSchema = z
  .strictObject({
    code: z.string().min(1).max(64),
    rule: z.string().max(200),
    message: Text,
    unit: z.string().max(64).optional(),
    other: z.string().max(64).optional(),
    hex: z.string().max(16).optional(),
    point: z.strictObject({ x: z.number().int(), y: z.number().int() }).optional(),
  })
  .transform(
    ({ unit, other, hex, point, ...rest }): RuleError => ({
      ...rest,
      ...(unit !== undefined ? { unit } : {}),
      ...(other !== undefined ? { other } : {}),
      ...(hex !== undefined ? { hex } : {}),
      ...(point !== undefined ? { point } : {}),
    }),
  );

const Present = z.unknown().refine((v) => v !== undefined, "required");

export const ServerMessageSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("welcome"),
    protocol: z.number().int(),
    role: RoleSchema,
    game: GameInfoSchema,
  }),
  z.strictObject({
    type: z.literal("snapshot"),
    seq: SeqSchema,
    position: Present,
    hash: HashSchema,
    /**
     * How this hash and the events' after it are made (core's Hashing):
     * FNV-1a 64 of the public position's canonical JSON, or its structural
     * digest (games stored in hash format 3).
     */
    hashing: z.enum(["canonical", "structural"]),
    reason: z.enum(["join", "reconnect", "requested", "hash-mismatch", "gap"]),
  }),
  z.strictObject({
    type: z.literal("event"),
    seq: SeqSchema,
    side: SideSchema,
    action: Present,
    dice: z.array(z.number().int()).max(1000).readonly(),
    hash: HashSchema,
  }),
  z.strictObject({ type: z.literal("ack"), id: ActionIdSchema, seq: SeqSchema, duplicate: z.boolean() }),
  z.strictObject({
    type: z.literal("error"),
    code: z.enum(ERROR_CODES),
    message: Text,
    rule: z.string().max(200).optional(),
    refusal: RuleErrorSchema.optional(),
    id: ActionIdSchema.optional(),
    seq: SeqSchema.optional(),
    fatal: z.boolean(),
  }),
  z.strictObject({
    type: z.literal("presence"),
    first: z.boolean(),
    second: z.boolean(),
    spectators: z.number().int().min(0),
  }),
  z.strictObject({ type: z.literal("over"), seq: SeqSchema, save: Present }),
  z.strictObject({ type: z.literal("pong"), n: z.number().int().optional() }),
  TableMessageSchema,
  ChatMessageSchema,
]);

/** What the schema gives is a ServerMessage (checked here, at compile time). */
const _typed: z.ZodType<ServerMessage, unknown> = ServerMessageSchema;
void _typed;

/**
 * A frame from the server (its JSON, parsed) as a message, or why it is
 * not one (an unknown type, a field out of shape), in words for the player,
 * with the type it claimed so that the page knows what it missed.
 */
export function parseServerMessage(
  json: unknown,
):
  | { readonly ok: true; readonly message: ServerMessage }
  | { readonly ok: false; readonly type: string | undefined; readonly problem: string } {
  const parsed = ServerMessageSchema.safeParse(json);
  if (parsed.success) return { ok: true, message: parsed.data };
  const type = typeof json === "object" && json !== null ? (json as { type?: unknown }).type : undefined;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return {
    ok: false,
    type: typeof type === "string" ? type.slice(0, 32) : undefined,
    problem: `${where}${issue?.message ?? "invalid"}`.slice(0, 200),
  };
}
