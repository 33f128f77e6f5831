import { parseSave, type Save } from "@tercio/core";
import {
  type CreatedGame,
  CreatedGameSchema,
  type CreateGame,
  type GameInfo,
  GameInfoSchema,
  type Role,
  RoleSchema,
} from "@tercio/protocol";
import type { z } from "zod";

/**
 * The online server's HTTP API: create a game, read its lobby, set a seat's
 * webhook, fetch the revealed save once the game is over. Same origin as the
 * page; the seat or spectator token goes in the Authorization header, never
 * in a URL. Every reply is validated against the protocol's schemas, so a
 * server speaking another version fails here with a clear message.
 */

/** A refusal from the server (`{ error: { code, message } }` with a 4xx or 5xx status), or a network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** The server's code ("unauthorised", "unknown-game"), or "network" / "bad-reply" when there was none. */
    readonly code: string,
    /** The HTTP status; 0 when the request never got an answer. */
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiOptions {
  /** The server's origin, "" for this page's (the default). */
  readonly base?: string;
  /** Injected by tests; the browser's fetch otherwise. */
  readonly fetch?: Fetch;
}

export const LobbySchema = GameInfoSchema.extend({ role: RoleSchema });
export type Lobby = GameInfo & { readonly role: Role };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function request<T>(
  path: string,
  init: RequestInit,
  schema: z.ZodType<T> | undefined,
  options: ApiOptions,
): Promise<T> {
  const doFetch = options.fetch ?? ((input: string, i?: RequestInit) => fetch(input, i));
  let res: Response;
  try {
    res = await doFetch(`${options.base ?? ""}${path}`, init);
  } catch (e) {
    throw new ApiError(
      `The server cannot be reached (${e instanceof Error ? e.message : String(e)}).`,
      "network",
      0,
    );
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const error = (json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    const message =
      typeof error?.message === "string"
        ? error.message
        : `The server answered ${res.status} ${res.statusText}.`;
    throw new ApiError(message, typeof error?.code === "string" ? error.code : "http", res.status);
  }
  // Unchecked replies (the save, checked by core's parser; the webhook's empty answer) go back as they are.
  if (!schema) return json as T;
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ApiError(
      `The server's reply is not what this page expects (another version?): ${parsed.error.issues[0]?.message ?? "invalid"}.`,
      "bad-reply",
      res.status,
    );
  return parsed.data;
}

/** POST /api/games: a new game; the links and tokens of its human seats and of the spectators. */
export function createGame(body: CreateGame, options: ApiOptions = {}): Promise<CreatedGame> {
  return request(
    "/api/games",
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    CreatedGameSchema,
    options,
  );
}

/** GET /api/games/:id: the game's public face, and the role the token holds in it. */
export function fetchLobby(gameId: string, token: string, options: ApiOptions = {}): Promise<Lobby> {
  return request(
    `/api/games/${encodeURIComponent(gameId)}`,
    { headers: bearer(token) },
    LobbySchema,
    options,
  );
}

/** PUT /api/games/:id/webhook: the URL POSTed a note when it becomes this seat's turn; null removes it. */
export async function setWebhook(
  gameId: string,
  token: string,
  url: string | null,
  options: ApiOptions = {},
): Promise<void> {
  await request(
    `/api/games/${encodeURIComponent(gameId)}/webhook`,
    {
      method: "PUT",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ webhook: url }),
    },
    undefined,
    options,
  );
}

/**
 * GET /api/games/:id/save: the finished game as tercio/save@1 with its dice
 * revealed (the opening PRNG state), which the replay viewer and any copy of
 * Tercio can check action by action. Refused while the game is being played.
 * Its envelope is checked here; its options and actions by the system it names.
 */
export async function fetchSave(gameId: string, token: string, options: ApiOptions = {}): Promise<Save> {
  const json = await request<unknown>(
    `/api/games/${encodeURIComponent(gameId)}/save`,
    { headers: bearer(token) },
    undefined,
    options,
  );
  const parsed = parseSave(json);
  if (!parsed.ok)
    throw new ApiError(`The server's saved game is not valid: ${parsed.error.message}`, "bad-reply", 200);
  return parsed.value;
}
