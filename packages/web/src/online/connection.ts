import type { AnySystem, RuleError } from "@tercio/core";
import {
  type ChatLine,
  type ClientMessage,
  type ErrorCode,
  type GameInfo,
  PROTOCOL_VERSION,
  parseServerMessage,
  type Role,
  type ServerMessage,
  SOCIAL_ERROR_CODES,
  type TableMessage,
} from "@tercio/protocol";
import {
  applyEvent,
  applySnapshot,
  type Replica,
  type ReplicaRules,
  replicaRules,
  resync,
} from "./replica.js";
import {
  browserSocket,
  CONNECT_TIMEOUT_MS,
  cryptoRandom,
  HASH_REPORT_MS,
  newActionId,
  type OpenSocket,
  PING_MS,
  retryDelay,
  SILENCE_MS,
  type Socket,
} from "./socket.js";

/**
 * The browser's end of an online game: one WebSocket to the server, kept
 * open (reconnecting with backoff), the replica fed from it, and this
 * seat's actions sent one at a time until the server acknowledges each.
 * It plays any rule system: the game's system parses, applies and hashes.
 * Every message is checked against the protocol's schemas first, so a
 * malformed one is told to the player (and resynchronised past), never a
 * crash. Plain TypeScript with a listener API; React reads it through
 * useOnlineGame. The socket is injected, so tests drive it headless.
 */

export type ConnectionStatus =
  /** A socket under way; `attempt` once the first connection was lost (a reconnection's try). */
  | { readonly kind: "connecting"; readonly attempt?: number }
  | { readonly kind: "online" }
  /** Waiting to try again: `attempt` counts from 1, `retryAt` is a Date.now() time. */
  | {
      readonly kind: "reconnecting";
      readonly attempt: number;
      readonly retryAt: number;
      readonly reason: string;
    }
  /** For good: refused by the server (bad link, unknown game, other version), or left. */
  | { readonly kind: "closed"; readonly reason: string; readonly code?: string };

/** An action of this seat on its way: sent (on socket generation `sentOn`), acknowledged at event `ackSeq`. */
export interface PendingAction {
  /** Client action id, url-safe ("Qk3v9-x_b2LmA0tZ7yWc1g"): the server applies it at most once. */
  readonly id: string;
  /** Already parsed by the game's system: plain data for the wire. */
  readonly action: unknown;
  readonly sentOn?: number;
  readonly ackSeq?: number;
}

export interface Presence {
  readonly first: boolean;
  readonly second: boolean;
  readonly spectators: number;
}

export interface OnlineState {
  readonly status: ConnectionStatus;
  /** This token's role, from the server's welcome. */
  readonly role: Role | undefined;
  /** The game's public face, from the welcome (its seq and turn age; the replica's do not). */
  readonly info: GameInfo | undefined;
  readonly replica: Replica | undefined;
  /** Whether the replica has caught up with the server and agrees with it: this seat may act. */
  readonly inSync: boolean;
  readonly presence: Presence | undefined;
  /** This seat's actions not yet settled, oldest first; only the first is ever in flight. */
  readonly queue: readonly PendingAction[];
  /**
   * The server's refusal of this seat's last action: the system's whole rule
   * error (its message citing the rule, "5.2(F): …"), or the room's own
   * ("room/stale-seq") when the rules were not asked.
   */
  readonly refusal: RuleError | undefined;
  /** Something else worth telling the player: a resync, a server's notice. */
  readonly notice: string | undefined;
  /** The game is over: the revealed save (tercio/save@1, checked by the page before use). */
  readonly over: { readonly seq: number; readonly save: unknown } | undefined;
  /** What stands between the players (a draw offer, an end by their word, a rematch), from the server. */
  readonly table: Omit<TableMessage, "type"> | undefined;
  /** The game's chat, oldest first, as the server keeps it. */
  readonly chat: readonly ChatLine[];
  /** The server's refusal of this seat's last word (a resignation, an offer, a line of chat). */
  readonly socialRefusal: string | undefined;
}

export const INITIAL_STATE: OnlineState = {
  status: { kind: "connecting" },
  role: undefined,
  info: undefined,
  replica: undefined,
  inSync: false,
  presence: undefined,
  queue: [],
  refusal: undefined,
  notice: undefined,
  over: undefined,
  table: undefined,
  chat: [],
  socialRefusal: undefined,
};

/** Refusals of the players' word, shown beside the buttons and the chat box that sent it. */
const SOCIAL: ReadonlySet<ErrorCode> = new Set(SOCIAL_ERROR_CODES);

/** What a player may say beside the rules (protocol's social.ts). */
export type Word =
  | { readonly type: "resign" | "offer-draw" | "accept-draw" | "decline-draw" | "rematch" }
  | { readonly type: "chat"; readonly text: string };

/** A chat merged with lines that came: each line once, by its number, in order. */
export function mergeChat(chat: readonly ChatLine[], lines: readonly ChatLine[]): readonly ChatLine[] {
  const byN = new Map(chat.map((l) => [l.n, l]));
  for (const l of lines) byN.set(l.n, l);
  return [...byN.values()].sort((a, b) => a.n - b.n);
}

export interface ConnectionOptions {
  readonly url: string;
  readonly game: string;
  readonly token: string;
  /** The game's rule system, under the built-in rules data the server plays: the lobby names it. */
  readonly system: AnySystem;
  readonly openSocket?: OpenSocket;
  /** A number in [0, 1) for the backoff's jitter; the browser's crypto generator by default. */
  readonly random?: () => number;
}

/**
 * The server's close codes for what a retry cannot cure (a wrong token, an
 * unknown game, another engine or rules data), in case its fatal error
 * message was lost on the way.
 */
const FATAL_CLOSE: Readonly<Record<number, string>> = {
  4401: "unauthorised",
  4404: "unknown-game",
  4409: "incompatible",
};

/** Refusals that no retry can cure: the connection closes for good. */
const FATAL: ReadonlySet<ErrorCode> = new Set([
  "unauthorised",
  "unknown-game",
  "incompatible",
  "bad-message",
  "too-large",
]);

/** A refusal in the player's words, citing the rule once, the system's way. */
export function refusalText(
  msg: { readonly message: string; readonly rule?: string | undefined },
  cite: (rule: string) => string,
): string {
  const cited = msg.rule ? cite(msg.rule) : undefined;
  return cited && !msg.message.includes(cited) ? `${cited}: ${msg.message}` : msg.message;
}

/** The refusal of an action as the board is handed it: the system's rule error, or the room's in the same shape. */
export function refusalOf(
  msg: Extract<ServerMessage, { type: "error" }>,
  cite: (rule: string) => string,
): RuleError {
  const message = refusalText(msg, cite);
  return msg.refusal
    ? { ...msg.refusal, message }
    : { code: `room/${msg.code}`, rule: msg.rule ?? "", message };
}

/** The protocol a welcome says it speaks, read before anything else of it is trusted. */
function welcomeProtocol(json: unknown): unknown {
  if (typeof json !== "object" || json === null) return undefined;
  const m = json as { type?: unknown; protocol?: unknown };
  return m.type === "welcome" ? m.protocol : undefined;
}

export class OnlineConnection {
  private state: OnlineState = INITIAL_STATE;
  private readonly listeners = new Set<() => void>();
  private socket: Socket | undefined;
  /** Counts sockets: handlers of a socket given up on are ignored. */
  private generation = 0;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  /** Gives up on a socket that neither opens nor closes. */
  private openTimer: ReturnType<typeof setTimeout> | undefined;
  private reportTimer: ReturnType<typeof setTimeout> | undefined;
  private lastReport = Number.NEGATIVE_INFINITY;
  /** A hash report held back, to go when the interval is over (a newer one replaces it). */
  private heldReport: ClientMessage | undefined;
  private lastHeard = 0;
  /** The server's seq at the welcome: actions wait until the replica has caught up with it. */
  private catchUpTo = 0;
  private left = false;
  private readonly openSocket: OpenSocket;
  private readonly random: () => number;
  private readonly rules: ReplicaRules<unknown, unknown, unknown, unknown>;

  constructor(private readonly options: ConnectionOptions) {
    this.openSocket = options.openSocket ?? browserSocket;
    this.random = options.random ?? cryptoRandom;
    this.rules = replicaRules(options.system);
  }

  getState = (): OnlineState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): void {
    if (this.socket || this.left) return;
    this.connect();
  }

  /** Leaves the game: closes the socket and stops retrying. */
  close(): void {
    this.left = true;
    this.stopTimers();
    this.generation++;
    this.socket?.close(1000, "left");
    this.socket = undefined;
    this.update({ status: { kind: "closed", reason: "left the game" } });
  }

  /** Whether this seat may send an action now: connected, in step with the server, nothing awaiting an answer. */
  canAct(): boolean {
    const s = this.state;
    return (
      s.status.kind === "online" &&
      s.inSync &&
      s.queue.length === 0 &&
      s.over === undefined &&
      !s.table?.ending
    );
  }

  /**
   * Says something beside the rules: resigns, offers or answers a draw,
   * asks for the rematch, or a line of chat. The server decides and tells
   * everyone (this page too) what changed; false if not connected.
   */
  tell(word: Word): boolean {
    if (this.state.status.kind !== "online" || !this.socket) return false;
    this.update({ socialRefusal: undefined });
    this.send(word);
    return true;
  }

  /**
   * Sends actions of this seat, one at a time, each after the server has
   * acknowledged the one before and its event has been applied here (so
   * each carries the right seq). False, and nothing sent, if this seat may
   * not act now.
   */
  submit(...actions: unknown[]): boolean {
    if (actions.length === 0 || !this.canAct()) return false;
    this.update({
      queue: actions.map((action) => ({ id: newActionId(), action })),
      refusal: undefined,
    });
    this.pump();
    return true;
  }

  /**
   * Tries to reconnect now instead of waiting out the backoff (the player's
   * "Retry now", the browser back online, the page shown again). True if a
   * try began: only while waiting between attempts.
   */
  retryNow(): boolean {
    if (this.state.status.kind !== "reconnecting" || this.left) return false;
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retry();
    return true;
  }

  /** Asks the server for a full snapshot (the player's "resynchronise" button). */
  requestSync(): void {
    this.send({ type: "sync" });
  }

  // ---- the socket ----

  private retry(): void {
    this.retryTimer = undefined;
    this.update({ status: { kind: "connecting", attempt: this.attempt } });
    this.connect();
  }

  private connect(): void {
    const gen = ++this.generation;
    this.openTimer = setTimeout(() => {
      if (gen === this.generation) this.drop("the server did not answer");
    }, CONNECT_TIMEOUT_MS);
    const ok = (f: () => void) => () => {
      if (gen === this.generation) f();
    };
    this.socket = this.openSocket(this.options.url, {
      onOpen: ok(() => this.onOpen()),
      onMessage: (data) => {
        if (gen === this.generation) this.guarded(data);
      },
      onClose: (code, reason) => {
        if (gen === this.generation) this.onClose(code, reason);
      },
    });
  }

  private onOpen(): void {
    clearTimeout(this.openTimer);
    this.openTimer = undefined;
    this.lastHeard = Date.now();
    const r = this.state.replica;
    // After a disagreement the replica is not to be trusted: a fresh snapshot, not the events since.
    const lastSeq = r && !r.resyncing ? { lastSeq: r.seq } : {};
    this.send({
      type: "hello",
      protocol: PROTOCOL_VERSION,
      game: this.options.game,
      token: this.options.token,
      ...lastSeq,
    });
    this.pingTimer = setInterval(() => this.ping(), PING_MS);
  }

  private ping(): void {
    if (Date.now() - this.lastHeard > SILENCE_MS) {
      this.drop("the server stopped answering");
      return;
    }
    this.send({ type: "ping" });
  }

  private onClose(code: number, reason: string): void {
    this.socket = undefined;
    this.stopTimers();
    const fatal = FATAL_CLOSE[code];
    if (fatal) {
      // Its error message, if it came, already said why in full (the close reason is cut short).
      if (!this.left && this.state.status.kind !== "closed")
        this.fail(fatal, reason || `the server refused this link (${code})`);
      return;
    }
    this.afterClose(reason || (code === 1006 ? "connection lost" : `closed (${code})`));
  }

  /** Gives up on the current socket (silent, or refused) without waiting for its close. */
  private drop(reason: string): void {
    const s = this.socket;
    this.generation++;
    this.socket = undefined;
    this.stopTimers();
    s?.close(4000, reason);
    this.afterClose(reason);
  }

  private afterClose(reason: string): void {
    // A finished game is reconnected to as well: its chat and the rematch go on over the connection.
    if (this.left || this.state.status.kind === "closed") return;
    this.attempt++;
    const wait = retryDelay(this.attempt, this.random());
    this.update({
      status: { kind: "reconnecting", attempt: this.attempt, retryAt: Date.now() + wait, reason },
      inSync: false,
    });
    // The status's retryAt is this timer's time: the banner counts down to it (countdown.ts).
    this.retryTimer = setTimeout(() => this.retry(), wait);
  }

  private stopTimers(): void {
    if (this.pingTimer !== undefined) clearInterval(this.pingTimer);
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    if (this.reportTimer !== undefined) clearTimeout(this.reportTimer);
    if (this.openTimer !== undefined) clearTimeout(this.openTimer);
    this.openTimer = undefined;
    this.pingTimer = undefined;
    this.retryTimer = undefined;
    this.reportTimer = undefined;
    this.heldReport = undefined;
  }

  /** Sends a hash report now, or holds it (and any newer) until HASH_REPORT_MS after the last one. */
  private reportHash(report: ClientMessage): void {
    const wait = this.lastReport + HASH_REPORT_MS - Date.now();
    if (wait <= 0) {
      this.lastReport = Date.now();
      this.send(report);
      return;
    }
    this.heldReport = report;
    this.reportTimer ??= setTimeout(() => {
      this.reportTimer = undefined;
      const held = this.heldReport;
      this.heldReport = undefined;
      if (held) this.reportHash(held);
    }, wait);
  }

  private send(msg: ClientMessage): void {
    this.socket?.send(JSON.stringify(msg));
  }

  // ---- messages ----

  /**
   * The last resort: a message that a system's code fails on (a bug, since
   * every input is parsed first) is told to the player and the position
   * asked for again, rather than thrown out of the socket's handler.
   */
  private guarded(data: string): void {
    try {
      this.onMessage(data);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      this.update({
        notice: `This page could not handle a message from the server (${why.slice(0, 200)}): resynchronising.`,
        ...(this.state.replica
          ? { replica: { ...this.state.replica, resyncing: "unplayable" as const } }
          : {}),
        inSync: false,
      });
      this.send({ type: "sync" });
    }
  }

  private onMessage(data: string): void {
    this.lastHeard = Date.now();
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      this.malformed(undefined, "not JSON");
      return;
    }
    // Another protocol's welcome is told as such, before its fields are held to this one's.
    const protocol = welcomeProtocol(json);
    if (protocol !== undefined && protocol !== PROTOCOL_VERSION) {
      this.fail("incompatible", `the server speaks protocol ${protocol}, this page ${PROTOCOL_VERSION}`);
      return;
    }
    const parsed = parseServerMessage(json);
    if (!parsed.ok) {
      this.malformed(parsed.type, parsed.problem);
      return;
    }
    const msg = parsed.message;
    switch (msg.type) {
      case "welcome":
        if (msg.game.system !== this.options.system.id) {
          this.fail(
            "incompatible",
            `this is a game of ${msg.game.systemTitle}, not of ${this.options.system.title}`,
          );
          return;
        }
        this.attempt = 0;
        this.catchUpTo = msg.game.seq;
        this.update({ status: { kind: "online" }, role: msg.role, info: msg.game, notice: undefined });
        break;
      case "snapshot": {
        const r = applySnapshot(this.rules, msg, this.state.replica);
        if (!r.ok) {
          this.fail("incompatible", r.message);
          return;
        }
        this.update({ replica: r.replica });
        break;
      }
      case "event": {
        const replica = this.state.replica;
        if (!replica) {
          this.send({ type: "sync" });
          return;
        }
        const step = applyEvent(replica, msg);
        for (const m of step.send)
          if (m.type === "hash") this.reportHash(m);
          else this.send(m);
        this.update({ replica: step.replica, ...(step.problem ? { notice: step.problem } : {}) });
        break;
      }
      case "ack":
        this.update({
          queue: this.state.queue.map((p) => (p.id === msg.id ? { ...p, ackSeq: msg.seq } : p)),
        });
        break;
      case "error":
        this.onError(msg);
        return;
      case "presence":
        this.update({ presence: { first: msg.first, second: msg.second, spectators: msg.spectators } });
        return;
      case "over":
        this.update({ over: { seq: msg.seq, save: msg.save }, queue: [] });
        return;
      case "pong":
        return;
      case "table":
        this.update({
          table: { drawOffer: msg.drawOffer, ending: msg.ending, rematch: msg.rematch },
          ...(msg.ending ? { queue: [] } : {}),
        });
        return;
      case "chat":
        this.update({ chat: mergeChat(this.state.chat, msg.lines) });
        return;
    }
    this.pump();
  }

  private onError(msg: Extract<ServerMessage, { type: "error" }>): void {
    const mine = msg.id !== undefined && this.state.queue.some((p) => p.id === msg.id);
    if (msg.code === "stale-seq") this.send({ type: "sync" });
    if (mine) {
      // The refused action and any queued behind it are dropped: the player looks again and decides.
      const refusal = refusalOf(msg, (rule) => this.options.system.cite(rule));
      this.update({
        queue: [],
        refusal:
          msg.code === "stale-seq"
            ? {
                ...refusal,
                message: `${refusal.message} The game moved on before your action arrived: look at the board again and retry.`,
              }
            : refusal,
      });
    } else if (SOCIAL.has(msg.code)) {
      this.update({ socialRefusal: msg.message });
    } else if (msg.fatal && FATAL.has(msg.code)) {
      this.fail(msg.code, msg.message);
      return;
    } else this.update({ notice: msg.message });
    // Any other fatal error (busy, rate-limited, internal): the server closes, and the connection retries.
  }

  /**
   * A message that is not the protocol's: told to the player, never acted
   * on. A snapshot that cannot be read closes the connection (this page and
   * the server do not speak alike); an event, which the replica needed, is
   * made up for by one snapshot; anything else is passed over.
   */
  private malformed(type: string | undefined, problem: string): void {
    const what = `The server sent ${type ? `a "${type}" message` : "a message"} this page cannot read (${problem})`;
    if (type === "snapshot" || type === "welcome") {
      this.fail("incompatible", `${what}.`);
      return;
    }
    const replica = this.state.replica;
    if (type === "event" && replica && !replica.resyncing) {
      const step = resync(replica, "unplayable", `${what}: resynchronising.`);
      for (const m of step.send) this.send(m);
      this.update({ replica: step.replica, notice: step.problem, inSync: false });
      return;
    }
    this.update({ notice: `${what}.` });
  }

  /** Closes for good with the reason shown to the player. */
  private fail(code: string, reason: string): void {
    this.update({ status: { kind: "closed", reason, code }, inSync: false });
    this.stopTimers();
    this.generation++;
    this.socket?.close(1000, code);
    this.socket = undefined;
  }

  /**
   * Sends the next action when it may go: the replica caught up with the
   * server (after a reconnect too, so a resubmission carries the right seq)
   * and the one before it acknowledged and applied. An action sent on a
   * socket since lost goes again with the same id: the server applies it at
   * most once and acknowledges the copy as a duplicate.
   */
  private pump(): void {
    const s = this.state;
    const r = s.replica;
    const inSync = s.status.kind === "online" && r !== undefined && !r.resyncing && r.seq >= this.catchUpTo;
    if (inSync !== s.inSync) this.update({ inSync });
    if (!inSync) return;
    let queue = s.queue;
    while (queue[0]?.ackSeq !== undefined && r.seq >= queue[0].ackSeq) queue = queue.slice(1);
    const head = queue[0];
    if (head && head.ackSeq === undefined && head.sentOn !== this.generation) {
      this.send({ type: "act", id: head.id, seq: r.seq, action: head.action ?? null });
      queue = [{ ...head, sentOn: this.generation }, ...queue.slice(1)];
    }
    if (queue !== s.queue) this.update({ queue });
  }

  private update(patch: Partial<OnlineState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }
}
