import {
  type ClientMessage,
  ClientMessageSchema,
  type ErrorCode,
  PROTOCOL_VERSION,
  type Role,
  type ServerMessage,
} from "@tercio/protocol";
import type { WebSocket } from "ws";
import { GameRoom, type Member } from "./game-room.js";
import type { Limits } from "./limits.js";
import { TokenBucket } from "./rate-limit.js";
import { SerialQueue } from "./serial-queue.js";
import { roleOf } from "./tokens.js";

export interface ConnectionHost {
  readonly limits: Limits;
  readonly now: () => number;
  room(id: string): Promise<GameRoom | { code: ErrorCode; message: string }>;
  log(line: string): void;
  /** Counters for the health page and the tests. */
  readonly stats: { messages: number; refused: number; mismatches: number };
}

/** Close codes: 1008 (policy) for abuse, 4000s for what a client should not retry. */
const CLOSE_FOR: Partial<Record<ErrorCode, number>> = {
  unauthorised: 4401,
  "unknown-game": 4404,
  incompatible: 4409,
  "rate-limited": 1008,
};

/**
 * One WebSocket: it says hello with a game and a token, and from then on
 * plays (or watches) that game. Every frame is checked (text, JSON, the
 * schema) before anything else looks at it; a bad one is answered with a
 * structured error and the connection stays open, unless going on would be
 * unsafe (a wrong token, an unknown game, flooding).
 */
export class Connection implements Member {
  private joined: { room: GameRoom; role: Role } | undefined;
  private readonly queue = new SerialQueue();
  private readonly bucket: TokenBucket;
  private violations = 0;
  private lastViolation = 0;
  private lastRateError = 0;
  private closed = false;
  private readonly helloTimer: NodeJS.Timeout;

  constructor(
    private readonly ws: WebSocket,
    private readonly host: ConnectionHost,
  ) {
    const { limits } = host;
    this.bucket = new TokenBucket(limits.messagesPerSecond, limits.messageBurst, host.now);
    this.helloTimer = setTimeout(() => {
      if (!this.joined)
        this.fail("not-joined", "no hello in time: say hello with a game and a token first", 1008);
    }, limits.helloTimeoutMs);
    ws.on("message", (data, isBinary) => this.onFrame(data, isBinary));
    ws.on("close", () => this.onClose());
    ws.on("error", () => this.onClose());
  }

  get role(): Role {
    return this.joined?.role ?? "spectator";
  }

  send(message: ServerMessage): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(JSON.stringify(message));
  }

  private error(
    code: ErrorCode,
    message: string,
    extra: { rule?: string; id?: string; seq?: number } = {},
  ): void {
    this.host.stats.refused += 1;
    this.send({ type: "error", code, message, ...extra, fatal: false });
  }

  private fail(code: ErrorCode, message: string, closeCode = CLOSE_FOR[code] ?? 1008): void {
    this.host.stats.refused += 1;
    this.send({ type: "error", code, message, fatal: true });
    this.closed = true;
    this.ws.close(closeCode, message.slice(0, 120));
  }

  private onFrame(data: unknown, isBinary: boolean): void {
    if (this.closed) return;
    this.host.stats.messages += 1;
    if (!this.admit()) return;
    const message = this.parse(data, isBinary);
    if (!message) return;
    void this.queue
      .run(() => this.handle(message))
      .catch((e: unknown) => {
        this.host.log(
          `internal error on a connection: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
        );
        this.error("internal", "the server could not handle that message; nothing was applied");
      });
  }

  /** The rate limit: false (and the frame dropped) when the connection sends too fast. */
  private admit(): boolean {
    const t = this.host.now();
    if (this.bucket.take()) {
      // A client that bursts now and then is not a flood: a quiet minute clears its record.
      if (this.violations > 0 && t - this.lastViolation >= 60_000) this.violations = 0;
      return true;
    }
    this.violations += 1;
    this.lastViolation = t;
    if (this.violations > this.host.limits.rateViolationsBeforeClose) {
      this.fail("rate-limited", "too many messages: the connection is closed");
      return false;
    }
    // One notice a second at most: the answer to a flood must not be a flood.
    if (t - this.lastRateError >= 1000) {
      this.lastRateError = t;
      this.error(
        "rate-limited",
        `at most ${this.host.limits.messagesPerSecond} messages a second: messages are being dropped`,
      );
    }
    return false;
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
      this.fail(
        "incompatible",
        `this server speaks protocol ${PROTOCOL_VERSION}, not ${JSON.stringify(claimed.protocol) ?? "none"}: reload the page`,
      );
      return undefined;
    }
    const parsed = ClientMessageSchema.safeParse(json);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join(".") || "message"}: ${i.message}`)
      .join("; ");
    const id = typeof json === "object" && json !== null ? (json as { id?: unknown }).id : undefined;
    this.error("bad-message", `not a valid message (${issues})`.slice(0, 500), {
      ...(typeof id === "string" && id.length <= 64 ? { id } : {}),
    });
    return undefined;
  }

  private async handle(message: ClientMessage): Promise<void> {
    if (this.closed) return;
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
        if (!done.ok)
          return this.error(done.refusal.code, done.refusal.message, { ...done.refusal, id: message.id });
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
        this.host.log(
          `game ${joined.room.id}: the ${joined.role} client is at ${message.hash} after event ${message.seq}, the server at ${expected}; resyncing it`,
        );
        return joined.room.resync(this, "hash-mismatch");
      }
      case "sync":
        return joined.room.resync(this, "requested");
    }
  }

  private async hello(game: string, token: string, lastSeq: number | undefined): Promise<void> {
    if (this.joined)
      return this.error("bad-message", `this connection already plays game ${this.joined.room.id}`);
    const room = await this.host.room(game);
    if (!(room instanceof GameRoom)) return this.fail(room.code, room.message);
    const role = roleOf(token, room.record.tokens);
    if (!role) return this.fail("unauthorised", `that token opens no seat of game ${game}`);
    clearTimeout(this.helloTimer);
    this.joined = { room, role };
    await room.join(this, lastSeq);
  }

  private onClose(): void {
    clearTimeout(this.helloTimer);
    this.closed = true;
    this.joined?.room.leave(this);
  }
}
