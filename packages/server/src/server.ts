import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import type { Seat as Side } from "@tercio/core";
import { MAX_CLIENT_MESSAGE_BYTES } from "@tercio/protocol";
import { defaultSystems } from "@tercio/systems";
import Fastify, { type FastifyInstance } from "fastify";
import { WebSocketServer } from "ws";
import { addressKey } from "./address-key.js";
import { aiLevelsOf } from "./ai-player.js";
import { AiSeats } from "./ai-seats.js";
import { clientAddress, trustProxy } from "./client-address.js";
import { Connection } from "./connection.js";
import { capConnections, httpTimeouts } from "./connection-caps.js";
import type { GameRoom, Systems } from "./game-room.js";
import { type HashThreadFactory, HashThreads } from "./hash-threads.js";
import { Heartbeat } from "./heartbeat.js";
import { checkHost, hostPolicy } from "./host-check.js";
import { registerApi } from "./http-api.js";
import { frameworkErrors, registerHttpEdge } from "./http-edge.js";
import { KeyedQueue } from "./keyed-queue.js";
import { DEFAULT_LIMITS, type Limits } from "./limits.js";
import { nodeUrl } from "./node-url.js";
import { Notifier } from "./notifier.js";
import { isPostgresUrl, openStore, StoreUnavailable } from "./open-store.js";
import { openRelay, RELAYED_HEADER } from "./peer-relay.js";
import { PerAddress } from "./per-address.js";
import { type Ownership, PgOwnership, SOLE_OWNER } from "./pg-ownership.js";
import { Counter, TokenBucket } from "./rate-limit.js";
import { rematchOf } from "./rematch.js";
import { Rooms } from "./rooms.js";
import { ByteBudget } from "./send-budget.js";
import type { ServerState } from "./server-state.js";
import { newStats } from "./server-stats.js";
import { describeError, guarded, logLine } from "./socket-safety.js";
import type { SqliteOptions } from "./sqlite-store.js";
import { defaultWebRoot, hasWebApp } from "./static-files.js";
import { StaticSite } from "./static-site.js";
import type { GameStore } from "./store.js";
import { ThrottledLog } from "./throttled-log.js";

export interface ServerOptions {
  /**
   * Where games are kept: a PostgreSQL URL (`postgres://user@host/db`), or a
   * SQLite file (created if missing; ":memory:" for a server that forgets).
   * See open-store.ts.
   */
  readonly db?: string;
  /** SQLite's synchronous pragma (a PostgreSQL store always commits synchronously). */
  readonly synchronous?: SqliteOptions["synchronous"];
  /** A store made elsewhere (tests: one that fails, or is slow). */
  readonly store?: GameStore;
  /** The rule systems hosted, by id (default: every registered system with its own rules data). */
  readonly systems?: Systems;
  /** The AI levels of a system (default: @tercio/ai's). */
  readonly aiLevels?: (system: string) => readonly string[];
  readonly limits?: Partial<Limits>;
  /** Threads for AI seats (default 1: the machine's other core serves people). */
  readonly aiThreads?: number;
  /**
   * Room threads: worker threads that hash each action's position beside a
   * replica of its game (hash-threads.ts). 0 (the default): on the main thread.
   */
  readonly roomThreads?: number;
  /** Room threads' stand-in (tests). */
  readonly roomThread?: HashThreadFactory;
  /** The built web app (default packages/web/dist). */
  readonly webRoot?: string;
  /** Answers what neither the API nor the web app serves (the CLI's scenario pages). */
  readonly fallback?: (req: IncomingMessage, res: ServerResponse) => void;
  readonly log?: (line: string) => void;
  /** Delivers "your turn" webhooks, address policy included (tests replace it). */
  readonly post?: (url: string, body: string) => Promise<void>;
  /** Let webhooks reach loopback, private and other non-public addresses (a server on a home network; tests). */
  readonly allowPrivateWebhooks?: boolean;
  /** Milliseconds a game with nobody in it stays in memory. */
  readonly idleMs?: number;
  /** Milliseconds between pings; a connection that has not answered the last one is closed. */
  readonly heartbeatMs?: number;
  /** Milliseconds between looks for AI seats to move that have nothing coming (default 10 s). */
  readonly aiWatchMs?: number;
  /** Milliseconds after which a game whose links never reached anyone is deleted (default 10 minutes). */
  readonly undeliveredMs?: number;
  /** Milliseconds an AI answer may take before its question is taken as lost (default 120 s). */
  readonly aiAnswerMs?: number;
  /** AI threads' stand-in (tests run the AI in process). */
  readonly aiWorker?: ConstructorParameters<typeof AiSeats>[2];
  /** Reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client. */
  readonly trustProxy?: readonly string[];
  /** Host names answered besides IP literals and localhost (host-check.ts). */
  readonly allowedHosts?: readonly string[];
  /**
   * The URL other server processes reach this one at, when several share
   * one PostgreSQL database (`db`): each game is then held by one of them at
   * a time (pg-ownership.ts), and a client reaching another is relayed to it.
   */
  readonly nodeUrl?: string;
  /** Milliseconds a process's hold on its games lasts without renewal (default 10 s; with nodeUrl). */
  readonly leaseMs?: number;
}

export interface TercioServer {
  readonly app: FastifyInstance;
  readonly state: ServerState;
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
}

const CSP =
  "default-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; worker-src 'self'";

/** The online game server: the web app, the game API, and the games' WebSocket at /ws. */
export async function createServer(options: ServerOptions = {}): Promise<TercioServer> {
  const write = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // Every line is bounded and on one line, whatever text a client managed to get into it.
  const log = (line: string) => write(logLine(line));
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const trusted = trustProxy(options.trustProxy ?? []);
  const hosts = hostPolicy(options.allowedHosts ?? []);
  const systems = options.systems ?? defaultSystems();
  const aiLevels = options.aiLevels ?? aiLevelsOf;
  const db = options.db ?? ":memory:";
  const node = options.nodeUrl === undefined ? undefined : nodeUrl(options.nodeUrl);
  if (node !== undefined && (options.store !== undefined || !isPostgresUrl(db)))
    throw new StoreUnavailable(
      "--node-url is for several servers over one PostgreSQL database: give --db postgres://... too",
    );
  // This start of the process: a restart under the same node URL is a new holder of nothing.
  const fence = node === undefined ? undefined : { node, session: randomUUID() };
  const store =
    options.store ??
    (await openStore(db, {
      ...(options.synchronous ? { synchronous: options.synchronous } : {}),
      log,
      ...(fence ? { fence } : {}),
    }));
  const ownership: Ownership = fence
    ? PgOwnership.open(db, fence, {
        log,
        ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
      })
    : SOLE_OWNER;
  const now = () => Date.now();
  const ai = new AiSeats(options.aiThreads ?? 1, log, options.aiWorker, Date.now, options.aiAnswerMs);
  const roomThreads =
    (options.roomThreads ?? 0) > 0
      ? new HashThreads(options.roomThreads ?? 0, log, options.roomThread)
      : undefined;
  const notifier = new Notifier(log, options.post, options.allowPrivateWebhooks ?? false);
  const afterAction = (room: GameRoom, previousTurn: Side | null) => {
    ai.consider(room);
    const turn = room.turn;
    if (turn === null || turn === previousTurn) return;
    const seat = room.record.seats[turn];
    if (seat.kind === "human" && seat.webhook) {
      const info = room.info();
      notifier.yourTurn(seat.webhook, {
        game: room.id,
        system: info.system,
        side: turn,
        scenario: info.scenarioName,
        gameTurn: info.progress.turn,
        phase: info.progress.phase,
        status: info.progress.text,
        seq: room.seq,
        url: `/#/online/${room.id}`,
      });
    }
  };
  const rooms = new Rooms(
    store,
    systems,
    {
      afterAction,
      loaded: (room) => ai.consider(room),
      dropped: (room) => {
        ai.forget(room.id);
        roomThreads?.forget(room.id);
      },
    },
    now,
    ownership,
    roomThreads,
  );
  const state: ServerState = {
    systems,
    aiLevels,
    store,
    rooms,
    ai,
    roomThreads,
    notifier,
    limits,
    creations: new KeyedQueue(),
    connections: new Set(),
    budgets: new PerAddress(
      () => new ByteBudget(limits.addressSendBytesPerSecond, limits.addressSendBurstBytes, now),
    ),
    messageBuckets: new PerAddress(
      () => new TokenBucket(limits.addressMessagesPerSecond, limits.addressMessageBurst, now),
    ),
    stats: newStats(),
    now,
    log,
    clientAddress: (req) => clientAddress(req, trusted),
    node,
  };
  const mismatchLog = new ThrottledLog(log, 20, now);

  const app = Fastify({
    logger: false,
    bodyLimit: MAX_CLIENT_MESSAGE_BYTES,
    trustProxy: options.trustProxy?.length ? [...options.trustProxy] : false,
    frameworkErrors: frameworkErrors(hosts, log),
    ...httpTimeouts(limits),
  });
  capConnections(app.server, limits, trusted);
  registerHttpEdge(app, hosts, log);
  registerApi(app, state);

  const webRoot = options.webRoot ?? defaultWebRoot();
  const site = new StaticSite(webRoot, () => {
    state.stats.staticCompressions += 1;
  });
  app.setNotFoundHandler(async (request, reply) => {
    const path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
    if ((request.method === "GET" || request.method === "HEAD") && !path.startsWith("/api/")) {
      const answer =
        hasWebApp(webRoot) && (path === "/" || path === "/index.html" || path.startsWith("/assets/"))
          ? await site.answer(path === "/" ? "/index.html" : path, {
              acceptEncoding: request.headers["accept-encoding"],
              ifNoneMatch: request.headers["if-none-match"],
            })
          : undefined;
      if (answer)
        return reply
          .code(answer.status)
          .headers(answer.headers)
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", CSP)
          .send(answer.body);
      if (options.fallback) {
        reply.hijack();
        return options.fallback(request.raw, reply.raw);
      }
    }
    return reply.code(404).send({ error: { code: "not-found", message: "nothing is served here" } });
  });

  // The games' WebSocket. Frames over the size limit are refused by ws itself (close 1009).
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES });
  const perAddress = new Counter();
  const accept = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (checkHost(req.headers, hosts) !== "ok") return refuseUpgrade(socket, 403, "Forbidden");
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const address = addressKey(state.clientAddress(req));
    if (path !== "/ws") return refuseUpgrade(socket, 404, "Not Found");
    if (perAddress.get(address) >= limits.connectionsPerAddress)
      return refuseUpgrade(socket, 429, "Too Many Connections");
    wss.handleUpgrade(
      req,
      socket,
      head,
      guarded(
        "a WebSocket upgrade",
        log,
        () => socket.destroy(),
        (ws) => {
          perAddress.add(address);
          // A connection a peer relayed here is served or refused here, never passed on again.
          const relayable = ownership.node !== undefined && req.headers[RELAYED_HEADER] === undefined;
          const client = state.clientAddress(req);
          const connection = new Connection(ws, {
            limits,
            now,
            room: (id) => rooms.get(id),
            ...(relayable ? { relay: (owner: string) => openRelay(owner, client) } : {}),
            rematch: (room, role) => rematchOf(state, room, role),
            log,
            logMismatch: (line) => mismatchLog.line(line),
            stats: state.stats,
            addressBudget: state.budgets.of(address),
            addressMessages: state.messageBuckets.of(address),
          });
          state.connections.add(connection);
          ws.on(
            "close",
            guarded(
              "a close handler",
              log,
              () => undefined,
              () => {
                perAddress.remove(address);
                state.connections.delete(connection);
              },
            ),
          );
          // With noServer, ws leaves emitting "connection" to its caller; the heartbeat below counts on it.
          wss.emit("connection", ws, req);
        },
      ),
    );
  };
  app.server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A socket's error with no listener would be thrown at the process: a client resetting mid-upgrade must not stop the server.
    socket.on("error", () => socket.destroy());
    try {
      accept(req, socket, head);
    } catch (e) {
      log(`a WebSocket upgrade failed: ${describeError(e)}`);
      socket.destroy();
    }
  });

  // Dead connections (a laptop lid shut) are found by ping and closed, so presence stays true.
  const heartbeat = new Heartbeat(
    () => wss.clients,
    options.heartbeatMs ?? 30_000,
    (tick) => guarded("the heartbeat", log, () => undefined, tick),
  );
  wss.on("connection", (ws) => heartbeat.add(ws));
  const undeliveredMs = options.undeliveredMs ?? 10 * 60_000;
  const forgetUndelivered = async (before: number) => {
    const ids = await store.deleteUndelivered(before);
    for (const id of ids) rooms.drop(id);
    state.stats.undeliveredDeleted += ids.length;
    if (ids.length > 0) log(`deleted ${ids.length} game(s) whose links never reached anyone`);
  };
  const sweeper = setInterval(
    guarded(
      "the sweeper",
      log,
      () => undefined,
      () => {
        rooms.sweep(options.idleMs ?? 10 * 60_000, (room) => ai.busyWith(room.id));
        state.budgets.sweep((address) => perAddress.get(address) > 0);
        state.messageBuckets.sweep((address) => perAddress.get(address) > 0);
        void forgetUndelivered(now() - undeliveredMs).catch((e: unknown) =>
          log(`deleting undelivered games failed: ${describeError(e)}`),
        );
      },
    ),
    Math.min(60_000, undeliveredMs),
  );
  // AI seats with nothing coming (a refused answer, a thread lost) are found and asked again.
  const aiWatch = setInterval(
    guarded(
      "the AI watch",
      log,
      () => undefined,
      () => ai.watch(rooms.values()),
    ),
    options.aiWatchMs ?? 10_000,
  );
  const orphanWatch =
    ownership.node === undefined
      ? undefined
      : setInterval(
          guarded(
            "the orphan watch",
            log,
            () => undefined,
            () => void resume().catch((e: unknown) => log(`resuming AI seats failed: ${describeError(e)}`)),
          ),
          options.leaseMs ?? 10_000,
        );
  sweeper.unref();
  aiWatch.unref();
  orphanWatch?.unref();

  // AI seats whose turn it was when the server stopped move again; with several processes, the
  // games whose owner died (nobody holds them) are looked for as well, as each lease would run out.
  const resume = async () => {
    const ids = ownership.node === undefined ? await store.playingGames() : await ownership.orphans();
    for (const id of ids) {
      const game = await store.getGame(id);
      const turn = game?.summary.turn;
      if (game && turn && game.seats[turn].kind === "ai") await rooms.get(id);
    }
  };

  return {
    app,
    state,
    async listen(port, host) {
      // Games created just before the server stopped, whose links never went out, are deleted before
      // anyone is served: they must not count against their creators' games per hour.
      // With other processes over the database, only those as old as the sweeper's: another process's
      // game made a moment ago is undelivered only until its reply has gone.
      await forgetUndelivered(ownership.node === undefined ? now() : now() - undeliveredMs).catch(
        (e: unknown) => log(`deleting undelivered games failed: ${describeError(e)}`),
      );
      // Registered before anyone is served: claims need this process's lease.
      await ownership.start({
        held: () => [...rooms.values()].map((r) => r.id),
        lost: (ids) => rooms.loseGames(ids),
      });
      await app.listen({ port, host });
      void resume().catch((e: unknown) => log(`resuming AI seats failed: ${String(e)}`));
      const address = app.server.address() as AddressInfo;
      const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
      return `http://${shown}:${address.port}/`;
    },
    async close() {
      heartbeat.stop();
      clearInterval(sweeper);
      clearInterval(aiWatch);
      clearInterval(orphanWatch);
      for (const ws of wss.clients) ws.close(1001, "the server is stopping");
      await Promise.all([...rooms.values()].map((r) => r.idle()));
      await ai.close();
      await roomThreads?.close();
      // Its games are anyone's at once: the clients reconnecting now are served by the other processes.
      await ownership.release();
      await app.close();
      await store.close();
    },
  };
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
