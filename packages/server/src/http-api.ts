import { SEATS as SIDES, type Seat as Side } from "@tercio/core";
import {
  type CreatedGame,
  CreateGameSchema,
  GameIdSchema,
  PROTOCOL_VERSION,
  type Role,
  SetWebhookSchema,
  TokenSchema,
} from "@tercio/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { addressKey } from "./address-key.js";
import { GameRoom } from "./game-room.js";
import { forwardToOwner } from "./peer-forward.js";
import { RELAYED_HEADER } from "./peer-relay.js";
import { isElsewhere } from "./rooms.js";
import type { ServerState } from "./server-state.js";
import { newGameId, newPrngState, newToken, roleOf, tokenHash } from "./tokens.js";

const HOUR = 3_600_000;

/** The game routes' common path; each route's own path follows it. */
const GAME_ROUTE = "/api/games/:id";

/** The HTTP status of a game that cannot be opened, by why (others: 409). */
const STATUS_OF: Partial<Record<string, number>> = { "unknown-game": 404, busy: 503 };

function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ error: { code, message } });
}

/** The seat link's path: the token rides in the fragment, which browsers never send to a server. */
export function linkPath(gameId: string, token: string): string {
  return `/#/online/${gameId}/${token}`;
}

/** The HTTP side of online play: creating games, and what a seat link's lobby shows. */
export function registerApi(app: FastifyInstance, state: ServerState): void {
  app.post("/api/games", async (request, reply) => {
    const parsed = CreateGameSchema.safeParse(request.body);
    if (!parsed.success)
      return sendError(
        reply,
        400,
        "bad-request",
        parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "),
      );
    const body = parsed.data;
    const system = state.systems.get(body.system);
    if (!system)
      return sendError(
        reply,
        400,
        "bad-request",
        `system: this server hosts ${[...state.systems.keys()].join(", ")}, not "${body.system}"`,
      );
    // The system checks the scenario and its own options.
    const setup = system.parseSetup({ scenario: body.scenario, options: body.options });
    if (!setup.ok) return sendError(reply, 400, "bad-request", setup.error.message);
    const levels = state.aiLevels(system.id);
    for (const side of SIDES) {
      const seat = body.seats[side];
      if (seat.kind === "ai" && !levels.includes(seat.level))
        return sendError(
          reply,
          400,
          "bad-request",
          levels.length === 0
            ? `seats.${side}: ${system.id} has no AI player yet`
            : `seats.${side}: there is no AI level "${seat.level}" for ${system.id} (levels: ${levels.join(", ")})`,
        );
    }
    // Counted per address key (an IPv6 /64), the client behind a trusted proxy.
    const address = addressKey(state.clientAddress(request.raw));
    const tokens: Partial<Record<Role, string>> = { spectator: newToken() };
    for (const side of SIDES) if (body.seats[side].kind === "human") tokens[side] = newToken();
    const hashed = (role: Role) => {
      const t = tokens[role];
      return t === undefined ? undefined : tokenHash(t);
    };
    // The count and the new row in one step per address: creations at once are counted one by one.
    const room = await state.creations.run(address, async () => {
      const recent = await state.store.gamesCreatedSince(address, state.now() - HOUR);
      if (recent >= state.limits.gamesPerHour) return { recent };
      return state.rooms.create({
        id: newGameId(),
        system: system.id,
        scenario: setup.value.scenario,
        options: setup.value.options,
        seats: body.seats,
        openingPrng: newPrngState(),
        tokens: { first: hashed("first"), second: hashed("second"), spectator: hashed("spectator") },
        creator: address,
        createdAt: state.now(),
      });
    });
    if ("recent" in room)
      return sendError(
        reply,
        429,
        "too-many-games",
        `this address (or its IPv6 /64) has created ${room.recent} games in the last hour; the limit is ${state.limits.gamesPerHour}`,
      );
    if (!(room instanceof GameRoom)) return sendError(reply, 400, "bad-request", room.message);
    const link = (role: Role) => {
      const t = tokens[role];
      return t === undefined ? undefined : linkPath(room.id, t);
    };
    // Marked delivered, durably, before its links go out: marked only once the reply had gone, a game
    // whose links the creator got was deleted at the next start by a crash in between (the crash test
    // found it). A crash before the mark leaves a game nobody has the links of, deleted at start; so
    // does a creator already gone (hung up): the reply could not reach it, and the sweeper deletes it.
    if (request.raw.socket?.destroyed !== true) await room.markDelivered();
    const created: CreatedGame = {
      game: room.info(),
      links: {
        ...(link("first") ? { first: link("first") } : {}),
        ...(link("second") ? { second: link("second") } : {}),
        spectator: link("spectator") ?? "",
      },
      tokens: {
        ...(tokens.first ? { first: tokens.first } : {}),
        ...(tokens.second ? { second: tokens.second } : {}),
        spectator: tokens.spectator ?? "",
      },
    };
    return reply.code(201).send(created);
  });

  /** The room of `:id` and the role of the bearer token, or an error already sent. */
  const authorise = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
  ): Promise<{ room: GameRoom; role: Role } | undefined> => {
    const id = GameIdSchema.safeParse(request.params.id);
    const header = request.headers.authorization ?? "";
    const token = TokenSchema.safeParse(header.replace(/^Bearer\s+/i, ""));
    if (!id.success) {
      sendError(reply, 404, "unknown-game", "that is not a game id");
      return undefined;
    }
    if (!token.success) {
      sendError(reply, 401, "unauthorised", "send the seat's token as Authorization: Bearer <token>");
      return undefined;
    }
    const room = await state.rooms.get(id.data);
    if (isElsewhere(room)) {
      // Another process holds the game: it answers. A request passed on once is not passed on again.
      if (request.headers[RELAYED_HEADER] !== undefined) {
        reply.header("retry-after", "1");
        sendError(
          reply,
          503,
          "busy",
          "the game is changing hands between server processes: try again shortly",
        );
        return undefined;
      }
      state.stats.forwarded += 1;
      // The route's own path (not the request's): "/api/games/:id" and what follows it.
      const rest = (request.routeOptions.url ?? "").slice(GAME_ROUTE.length);
      await forwardToOwner(
        room.owner,
        `${GAME_ROUTE.slice(0, -3)}${encodeURIComponent(id.data)}${rest}`,
        request,
        reply,
        state.clientAddress(request.raw),
      );
      return undefined;
    }
    if (!(room instanceof GameRoom)) {
      if (room.code === "busy") reply.header("retry-after", "1");
      sendError(reply, STATUS_OF[room.code] ?? 409, room.code, room.message);
      return undefined;
    }
    const role = roleOf(token.data, room.record.tokens);
    if (!role) {
      sendError(reply, 401, "unauthorised", `that token opens no seat of game ${id.data}`);
      return undefined;
    }
    return { room, role };
  };

  app.get<{ Params: { id: string } }>("/api/games/:id", async (request, reply) => {
    const ok = await authorise(request, reply);
    if (!ok) return reply;
    return { ...ok.room.info(), role: ok.role };
  });

  app.put<{ Params: { id: string } }>("/api/games/:id/webhook", async (request, reply) => {
    const ok = await authorise(request, reply);
    if (!ok) return reply;
    if (ok.role === "spectator") return sendError(reply, 403, "spectator", "only a seat has a webhook");
    if (ok.room.over)
      return sendError(
        reply,
        409,
        "game-over",
        "4.1: the game is over: there are no more turns to be told of",
      );
    const parsed = SetWebhookSchema.safeParse(request.body);
    if (!parsed.success)
      return sendError(reply, 400, "bad-request", parsed.error.issues.map((i) => i.message).join("; "));
    await state.store.setWebhook(ok.room.id, ok.role as Side, parsed.data.webhook);
    ok.room.setWebhook(ok.role as Side, parsed.data.webhook);
    return { webhook: parsed.data.webhook };
  });

  app.get<{ Params: { id: string } }>("/api/games/:id/save", async (request, reply) => {
    const ok = await authorise(request, reply);
    if (!ok) return reply;
    if (!ok.room.over)
      return sendError(
        reply,
        409,
        "running",
        "the game is still being played: its dice stay secret until it ends",
      );
    // A finished game's record is the largest thing the server sends: it comes out of the address's budget.
    // The same key as the address's WebSockets: they share one budget.
    const budget = state.budgets.of(addressKey(state.clientAddress(request.raw)));
    const wait = budget.waitMs();
    if (wait > 0) {
      state.stats.downloadsRefused += 1;
      reply.header("retry-after", String(Math.ceil(wait / 1000)));
      return sendError(
        reply,
        429,
        "rate-limited",
        "too much downloaded from this address: try again shortly",
      );
    }
    const text = await ok.room.saveText();
    budget.charge(Buffer.byteLength(text, "utf8"));
    return reply.type("application/json; charset=utf-8").send(text);
  });

  app.get("/api/health", async () => ({
    ok: true,
    // What a client's hello must name: a bench or a script can ask before it connects.
    protocol: PROTOCOL_VERSION,
    ...(state.node !== undefined ? { node: state.node } : {}),
    games: state.rooms.size,
    connections: state.connections.size,
    aiThinking: state.ai.thinking,
    aiFailures: state.ai.failures,
    aiStuck: state.ai.stuckReports,
    aiRecovered: state.ai.recovered,
    webhooksSent: state.notifier.sent,
    webhooksFailed: state.notifier.failed,
    bufferedBytes: [...state.connections].reduce((n, c) => n + c.bufferedBytes, 0),
    ...(state.store.commits && { commits: state.store.commits }),
    ...state.stats,
  }));
}
