import type { RuleError } from "@tercio/core";
import {
  ACTION_ID_PATTERN,
  type ClientMessage,
  ClientMessageSchema,
  type ErrorCode,
  PROTOCOL_VERSION,
  type Role,
  type ServerMessage,
} from "@tercio/protocol";
import type { WebSocket } from "ws";
import { GameRoom, type Member, type Refusal, type SnapshotReason } from "./game-room.js";
import type { Limits } from "./limits.js";
import { Outbox } from "./outbox.js";
import { relayedClose } from "./peer-relay.js";
import { TokenBucket } from "./rate-limit.js";
import { type Elsewhere, isElsewhere } from "./rooms.js";
import type { ByteBudget } from "./send-budget.js";
import { SerialQueue } from "./serial-queue.js";
import type { ServerStats } from "./server-stats.js";
import { closeSocket, describeError, guarded } from "./socket-safety.js";
import { NotOwner } from "./store.js";
import { roleOf } from "./tokens.js";

export interface ConnectionHost {
  readonly limits: Limits;
  readonly now: () => number;
  room(id: string): Promise<GameRoom | { code: ErrorCode; message: string } | Elsewhere>;
  /**
   * A connection to the process that holds a game (several over one
   * database), for this client: its frames are relayed both ways. Absent
   * when this connection was itself relayed by a peer: it is never passed on again.
   */
  relay?(owner: string): Promise<WebSocket>;
  /** Makes (or tells again) a finished game's rematch for a seat of it (rematch.ts). */
  rematch(room: GameRoom, role: Role): Promise<Refusal | undefined>;
  log(line: string): void;
  /** Hash mismatches, one line each, at a bounded rate. */
  logMismatch(line: string): void;
  /** Counters for the health page and the tests. */
  readonly stats: ServerStats;
  /** The budget of bytes sent that this connection shares with the rest of its address's. */
  readonly addressBudget: ByteBudget;
  /** The bucket of messages received that it shares with them. */
  readonly addressMessages: TokenBucket;
}

/** Close codes: 1008 (policy) for abuse, 4000s for what a client should not retry. */
const CLOSE_FOR: Partial<Record<ErrorCode, number>> = {
  unauthorised: 4401,
  "unknown-game": 4404,
  incompatible: 4409,
  "rate-limited": 1008,
};

/** Close reasons in our own words only, whatever the client sent (a close frame holds 123 bytes). */
const CLOSE_REASON: Partial<Record<ErrorCode, string>> = {
  unauthorised: "that token opens no seat of this game",
  "unknown-game": "no such game",
  incompatible: "incompatible: reload the page",
  "rate-limited": "too many messages",
  "not-joined": "no hello in time",
  busy: "too far behind",
};

/** Field names of a refused message, as far as they are ours to repeat: a client's own keys are cut short. */
const SHORT_KEY = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * One WebSocket: it says hello with a game and a token, and from then on
 * plays (or watches) that game. Every frame is checked (text, JSON, the
 * schema) before anything else looks at it; a bad one is answered with a
 * structured error and the connection stays open, unless going on would be
 * unsafe (a wrong token, an unknown game, flooding). No frame can throw out
 * of the socket's handlers: an unforeseen failure cuts this connection only.
 */
export class Connection implements Member {
  private joined: { room: GameRoom; role: Role } | undefined;
  /** The owner's socket, when the game is held by another process: everything after the hello goes through it. */
  private upstream: WebSocket | undefined;
  private readonly queue = new SerialQueue();
  private readonly bucket: TokenBucket;
  private readonly outbox: Outbox;
  private violations = 0;
  private lastViolation = 0;
  private lastRateError = 0;
  private closed = false;
  /** Messages received and not yet handled. */
  private pending = 0;
  /** A snapshot asked for and not yet sent: asking again meanwhile gets the same one. */
  private snapshotWanted: SnapshotReason | undefined;
  /** When the last snapshot (or the joining catch-up) went. */
  private lastSnapshot = Number.NEGATIVE_INFINITY;
  private readonly helloTimer: NodeJS.Timeout;

  constructor(
    private readonly ws: WebSocket,
    private readonly host: ConnectionHost,
  ) {
    const { limits } = host;
    this.bucket = new TokenBucket(limits.messagesPerSecond, limits.messageBurst, host.now);
    this.outbox = new Outbox(ws, host.addressBudget, limits, host.now, () => this.overflow());
    this.helloTimer = setTimeout(
      guarded(
        "the hello timer",
        host.log,
        () => this.cut(),
        () => {
          if (!this.joined)
            this.fail("not-joined", "no hello in time: say hello with a game and a token first");
        },
      ),
      limits.helloTimeoutMs,
    );
    const cut = () => this.cut();
    ws.on(
      "message",
      guarded("a message handler", host.log, cut, (data, isBinary: boolean) => this.onFrame(data, isBinary)),
    );
    ws.on(
      "close",
      guarded("a close handler", host.log, cut, () => this.onClose()),
    );
    ws.on(
      "error",
      guarded("an error handler", host.log, cut, () => this.onClose()),
    );
  }

  get role(): Role {
    return this.joined?.role ?? "spectator";
  }

  /** Bytes queued for the client and not yet taken by the network. */
  get bufferedBytes(): number {
    return this.ws.bufferedAmount;
  }

  /** Bytes this connection has been sent. */
  get bytesSent(): number {
    return this.outbox.sent;
  }

  send(message: ServerMessage): void {
    this.sendText(JSON.stringify(message));
  }

  sendText(text: string): void {
    if (this.closed) return;
    this.outbox.send(text);
  }

  /**
   * A snapshot for this client, once its budgets allow: asked again before
   * it goes, it is sent once. It goes through the room's queue, so it is in
   * order with the events.
   */
  requestSnapshot(reason: SnapshotReason): void {
    const joined = this.joined;
    if (!joined || this.closed) return;
    if (this.snapshotWanted !== undefined) {
      this.host.stats.coalesced += 1;
      return;
    }
    this.snapshotWanted = reason;
    void this.affordable(this.lastSnapshot + this.host.limits.snapshotIntervalMs)
      .then((ok) => {
        if (!ok) return;
        return joined.room.resync(this, () => {
          const why = this.snapshotWanted ?? reason;
          this.snapshotWanted = undefined;
          this.lastSnapshot = this.host.now();
          return why;
        });
      })
      .catch((e: unknown) => this.internal(e));
  }

  /**
   * Resolves true once what was asked for may be sent (not before
   * `notBefore`, and within the budgets), false if the connection closed meanwhile.
   */
  private async affordable(notBefore = Number.NEGATIVE_INFINITY): Promise<boolean> {
    for (;;) {
      if (this.closed || !this.outbox.open) return false;
      const wait = Math.max(this.outbox.delayMs(), notBefore - this.host.now());
      if (wait === 0) return true;
      this.host.stats.paced += 1;
      await new Promise((r) => setTimeout(r, Math.min(wait, 1000)));
    }
  }

  private error(
    code: ErrorCode,
    message: string,
    extra: { rule?: string; refusal?: RuleError; id?: string; seq?: number } = {},
  ): void {
    this.host.stats.refused += 1;
    this.send({ type: "error", code, message, ...extra, fatal: false });
  }

  private fail(code: ErrorCode, message: string, closeCode = CLOSE_FOR[code] ?? 1008): void {
    if (this.closed) return;
    this.host.stats.refused += 1;
    this.send({ type: "error", code, message, fatal: true });
    this.closed = true;
    closeSocket(this.ws, closeCode, CLOSE_REASON[code] ?? code);
  }

  /** The client is too far behind reading: closed at once, its queued bytes dropped with the socket. */
  private overflow(): void {
    if (this.closed) return;
    this.host.stats.closedForBackpressure += 1;
    this.cut();
  }

  /** Ends the connection without a word (after an unforeseen failure, or for backpressure). */
  private cut(): void {
    this.closed = true;
    try {
      this.ws.terminate();
    } catch {
      // Already gone.
    }
    this.onClose();
  }

  /** The game is held by another process now: the client reconnects, and reaches it. */
  moved(): void {
    this.fail("busy", "the game has moved to another server process: reconnect", 1012);
  }

  private internal(e: unknown): void {
    if (e instanceof NotOwner) {
      this.moved();
      return;
    }
    this.host.log(`internal error on a connection: ${describeError(e)}`);
    this.error("internal", "the server could not handle that message; nothing was applied");
  }

  private onFrame(data: unknown, isBinary: boolean): void {
    if (this.closed) return;
    this.host.stats.messages += 1;
    if (!this.admit()) return;
    const message = this.parse(data, isBinary);
    if (!message) return;
    // Messages wait for the ones before them; a client that sends faster than they are handled is told so.
    if (this.pending >= this.host.limits.pendingMessages) {
      this.host.stats.busy += 1;
      this.error("busy", "too many messages waiting: this one is dropped, send it again later");
      return;
    }
    this.pending += 1;
    void this.queue
      .run(() => this.handle(message))
      .catch((e: unknown) => this.internal(e))
      .finally(() => {
        this.pending -= 1;
      });
  }

  /** The rate limit: false (and the frame dropped) when the connection sends too fast. */
  private admit(): boolean {
    const t = this.host.now();
    const own = this.bucket.take();
    if (own && this.host.addressMessages.take()) {
      // A client that bursts now and then is not a flood: a quiet minute clears its record.
      if (this.violations > 0 && t - this.lastViolation >= 60_000) this.violations = 0;
      return true;
    }
    if (own) {
      // Its address's connections together send too much: dropped, but not held against this one (a neighbour may be the flood).
      this.host.stats.addressDropped += 1;
      this.rateNotice(
        t,
        `at most ${this.host.limits.addressMessagesPerSecond} messages a second from one address: messages are being dropped`,
      );
      return false;
    }
    this.violations += 1;
    this.lastViolation = t;
    if (this.violations > this.host.limits.rateViolationsBeforeClose) {
      this.fail("rate-limited", "too many messages: the connection is closed");
      return false;
    }
    this.rateNotice(
      t,
      `at most ${this.host.limits.messagesPerSecond} messages a second: messages are being dropped`,
    );
    return false;
  }

  /** One notice a second at most: the answer to a flood must not be a flood. */
  private rateNotice(t: number, message: string): void {
    if (t - this.lastRateError < 1000) return;
    this.lastRateError = t;
    this.error("rate-limited", message);
  }

  /** The frame as a valid client message, or undefined once the sender has been told what is wrong. */
  private parse(data: unknown, isBinary: boolean): ClientMessage | undefined {
    if (isBinary) {
      this.error("bad-message", "send JSON text frames, not binary ones");
      return undefined;
    }
    const text = Buffer.isBuffer(data) ? data.toString("utf8") : String(data);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.error("bad-message", "the message is not JSON");
      return undefined;
    }
    // A page from another version of Tercio is told so, not that its hello is malformed.
    const claimed =
      typeof json === "object" && json !== null ? (json as { type?: unknown; protocol?: unknown }) : {};
    if (!this.joined && claimed.type === "hello" && claimed.protocol !== PROTOCOL_VERSION) {
      // Only a small whole number is repeated back: anything else the client wrote stays with it.
      const theirs =
        Number.isSafeInteger(claimed.protocol) && Math.abs(claimed.protocol as number) < 1e6
          ? `protocol ${claimed.protocol}`
          : "another protocol";
      this.fail(
        "incompatible",
        `this server speaks protocol ${PROTOCOL_VERSION}, not ${theirs}: reload the page`,
      );
      return undefined;
    }
    const parsed = ClientMessageSchema.safeParse(json);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.map(pathPart).join(".") || "message"}: ${issueText(i)}`)
      .join("; ");
    const id = typeof json === "object" && json !== null ? (json as { id?: unknown }).id : undefined;
    this.error("bad-message", `not a valid message (${issues})`.slice(0, 500), {
      ...(typeof id === "string" && ACTION_ID_PATTERN.test(id) ? { id } : {}),
    });
    return undefined;
  }

  private async handle(message: ClientMessage): Promise<void> {
    if (this.closed) return;
    if (this.upstream) {
      // Checked here already (the schema, the rate); the owner checks it again and answers.
      this.upstream.send(JSON.stringify(message));
      return;
    }
    switch (message.type) {
      case "ping":
        return this.send({ type: "pong", ...(message.n !== undefined ? { n: message.n } : {}) });
      case "hello":
        return this.hello(message.game, message.token, message.lastSeq);
    }
    const joined = this.joined;
    if (!joined) return this.error("not-joined", "say hello with a game and a token first");
    switch (message.type) {
      case "act": {
        const done = await joined.room.submit(joined.role, message.id, message.seq, message.action, this);
        if (!done.ok) {
          const { code, message: text, rule, refusal, seq } = done.refusal;
          return this.error(code, text, {
            ...(rule !== undefined ? { rule } : {}),
            ...(refusal !== undefined ? { refusal } : {}),
            ...(seq !== undefined ? { seq } : {}),
            id: message.id,
          });
        }
        if (done.duplicate) this.send({ type: "ack", id: message.id, seq: done.seq, duplicate: true });
        return;
      }
      case "hash": {
        if (message.seq > joined.room.seq)
          return this.error("bad-message", `there is no event ${message.seq} yet`, { seq: joined.room.seq });
        const expected = await joined.room.publicHashAt(message.seq);
        if (expected === undefined || expected === message.hash) return;
        joined.room.mismatches += 1;
        this.host.stats.mismatches += 1;
        this.host.logMismatch(
          `game ${joined.room.id}: the ${joined.role} client is at ${message.hash} after event ${message.seq}, the server at ${expected}; resyncing it`,
        );
        return this.requestSnapshot("hash-mismatch");
      }
      case "sync":
        return this.requestSnapshot("requested");
      case "resign":
      case "offer-draw":
      case "accept-draw":
      case "decline-draw":
        return this.answer(await joined.room.tell(joined.role, message.type));
      case "chat":
        return this.answer(await joined.room.say(joined.role, message.text));
      case "rematch":
        return this.answer(await this.host.rematch(joined.room, joined.role));
    }
  }

  /** The players' word is answered only when refused: what it changed reaches everyone, the sender too. */
  private answer(refusal: Refusal | undefined): void {
    if (refusal) this.error(refusal.code, refusal.message);
  }

  private async hello(game: string, token: string, lastSeq: number | undefined): Promise<void> {
    if (this.joined)
      return this.error("bad-message", `this connection already plays game ${this.joined.room.id}`);
    const room = await this.host.room(game);
    if (isElsewhere(room)) return this.relayTo(room.owner, game, token, lastSeq);
    if (!(room instanceof GameRoom))
      return this.fail(room.code, room.message, room.code === "busy" ? 1013 : undefined);
    const role = roleOf(token, room.record.tokens);
    if (!role) return this.fail("unauthorised", `that token opens no seat of game ${game}`);
    clearTimeout(this.helloTimer);
    this.joined = { room, role };
    // Joining sends the position (and a finished game's record): it waits for the budgets like any snapshot.
    if (!(await this.affordable())) return;
    this.lastSnapshot = this.host.now();
    await room.join(this, lastSeq);
  }

  /**
   * The game is held by another process: this connection becomes a relay to
   * it. The hello goes on as the client sent it; from then on every frame
   * goes on both ways, the client's still checked and rate-limited here,
   * the owner's sent through this connection's outbox (its budgets and
   * backpressure). When either side closes, so does the other.
   */
  private async relayTo(owner: string, game: string, token: string, lastSeq: number | undefined) {
    const relay = this.host.relay;
    if (!relay)
      return this.fail(
        "busy",
        "the game is changing hands between server processes: try again shortly",
        1013,
      );
    clearTimeout(this.helloTimer);
    let upstream: WebSocket;
    try {
      upstream = await relay(owner);
    } catch {
      // Its owner died, most likely: its lease runs out shortly, and then any process takes the game over.
      return this.fail(
        "busy",
        "the server process holding this game cannot be reached: try again shortly",
        1013,
      );
    }
    if (this.closed) {
      upstream.terminate();
      return;
    }
    this.upstream = upstream;
    this.host.stats.relayed += 1;
    upstream.on(
      "message",
      guarded(
        "a relayed message",
        this.host.log,
        () => this.cut(),
        (data: unknown) => {
          this.sendText(Buffer.isBuffer(data) ? data.toString("utf8") : String(data));
        },
      ),
    );
    upstream.on(
      "close",
      guarded(
        "a relay's close",
        this.host.log,
        () => this.cut(),
        (code: number, reason: Buffer) => {
          if (this.closed) return;
          this.closed = true;
          closeSocket(
            this.ws,
            relayedClose(code),
            reason.toString("utf8") || "the game's server went away: reconnect",
          );
        },
      ),
    );
    upstream.send(
      JSON.stringify({
        type: "hello",
        protocol: PROTOCOL_VERSION,
        game,
        token,
        ...(lastSeq !== undefined ? { lastSeq } : {}),
      }),
    );
  }

  private onClose(): void {
    clearTimeout(this.helloTimer);
    this.closed = true;
    this.joined?.room.leave(this);
    if (this.upstream && this.upstream.readyState <= 1) this.upstream.close(1000);
  }
}

function pathPart(part: PropertyKey): string {
  if (typeof part === "number") return String(part);
  const text = String(part);
  return SHORT_KEY.test(text) ? text : "(a field)";
}

/** A zod issue in words that never repeat a client's own keys or values. */
function issueText(issue: { code: string; message: string }): string {
  return issue.code === "unrecognized_keys" ? "unknown fields" : issue.message.slice(0, 120);
}
