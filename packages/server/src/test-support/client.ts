import { randomUUID } from "node:crypto";
import { publicHash, type RuleSystem, type ValueHasher, valueHasher } from "@tercio/core";
import type { Action, GameContext, Position } from "@tercio/musket-and-pike";
import { type CreatedGame, type CreateGame, type GameInfo, PROTOCOL_VERSION } from "@tercio/protocol";
import WebSocket from "ws";
import { mp } from "./mp.js";

/** Any message from the server, loosely typed for tests to look into. */
// biome-ignore lint/suspicious/noExplicitAny: tests read fields of server messages freely
export type Msg = { type: string; [key: string]: any };

export async function createGame(baseUrl: string, body: CreateGame): Promise<CreatedGame> {
  const res = await fetch(`${baseUrl}api/games`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as CreatedGame;
}

/** The pending `until`s of every client. */
const untils = new Set<() => void>();
let waking = false;

/**
 * Checks every pending `until` once the messages that came in together have
 * all been taken in (as a timer would see them), without a timer's delay.
 */
function wakeUntils(): void {
  if (waking || untils.size === 0) return;
  waking = true;
  setImmediate(() => {
    waking = false;
    for (const test of [...untils]) test();
  });
}

/**
 * A scripted client over a real WebSocket, of a game of any system: it keeps
 * its own copy of the game by applying each event with the dice the server
 * reports (through the system), checks every hash, and reports its hash back
 * as the browser does.
 */
export class SystemClient<C, P, A> {
  readonly inbox: Msg[] = [];
  private waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
  ws!: WebSocket;
  ctx!: C;
  position: P | undefined;
  seq = 0;
  role: string | undefined;
  game: GameInfo | undefined;
  closed: { code: number; reason: string } | undefined;
  mismatches = 0;
  events = 0;
  snapshots = 0;
  /** Report hashes after each event (as the browser does). */
  reportHashes = true;
  /** How the game's public hashes are made, as its last snapshot named it. */
  hasher: ValueHasher = valueHasher("structural");
  /** Why each snapshot was sent ("join", "reconnect", "gap", ...), in order. */
  readonly snapshotReasons: string[] = [];
  /** Sees every message once the replica has taken it in (tests that keep their own records). */
  observe: ((m: Msg) => void) | undefined;

  constructor(
    /** Writable: a restarted server listens on another port, and the replica carries over. */
    public wsUrl: string,
    readonly gameId: string,
    readonly token: string,
    readonly system: RuleSystem<C, P, A, unknown, unknown>,
  ) {}

  /** The replica's public hash now, or undefined before it holds a position. */
  viewHash(): string | undefined {
    return this.position === undefined ? undefined : publicHash(this.system, this.position, this.hasher);
  }

  /** Whether the replica's game is over (the system says nobody is to act). */
  get over(): boolean {
    return this.position !== undefined && this.system.toAct(this.position) === null;
  }

  /** Opens a new WebSocket and says nothing yet (a fuzzer's stranger never says hello). */
  async open(): Promise<void> {
    this.closed = undefined;
    // What the last connection left behind is not an answer to this one.
    this.inbox.length = 0;
    this.ws = new WebSocket(this.wsUrl);
    this.ws.on("message", (data) => this.onMessage(JSON.parse(String(data)) as Msg));
    this.ws.on("close", (code, reason) => {
      this.closed = { code, reason: String(reason) };
      const closed = { type: "closed", code, reason: String(reason) };
      this.observe?.(closed);
      this.deliver(closed);
      wakeUntils();
    });
    this.ws.on("error", () => undefined);
    await new Promise<void>((resolve, reject) => {
      this.ws.once("open", () => resolve());
      this.ws.once("error", reject);
    });
  }

  async connect(lastSeq?: number): Promise<Msg> {
    await this.open();
    this.send({
      type: "hello",
      protocol: PROTOCOL_VERSION,
      game: this.gameId,
      token: this.token,
      ...(lastSeq !== undefined ? { lastSeq } : {}),
    });
    return this.next((m) => m.type === "welcome" || m.type === "error" || m.type === "closed");
  }

  /** Connects and waits until the client holds the position (snapshot or caught-up events). */
  async join(lastSeq?: number): Promise<void> {
    const welcome = await this.connect(lastSeq);
    if (welcome.type !== "welcome") throw new Error(`not welcomed: ${JSON.stringify(welcome)}`);
    await this.until(
      () => this.position !== undefined && this.game !== undefined && this.seq >= welcome.game.seq,
    );
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  close(): void {
    // Never connected: nothing to close.
    (this.ws as WebSocket | undefined)?.close();
  }

  /** The next message (already received or to come) matching `pred`, removed from the inbox. */
  next(pred: (m: Msg) => boolean, timeoutMs = 20_000): Promise<Msg> {
    const i = this.inbox.findIndex(pred);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0] as Msg);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no matching message in ${timeoutMs} ms; inbox: ${JSON.stringify(this.inbox.slice(-5)).slice(0, 800)}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        pred,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /**
   * Waits until `check` holds: checked once any client has taken in what
   * arrived (a condition may look at several clients), and every 20 ms for
   * one on something else (a webhook's request).
   */
  async until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
    if (check()) return;
    await new Promise<void>((resolve, reject) => {
      const done = (error?: unknown) => {
        untils.delete(test);
        clearInterval(poll);
        clearTimeout(timer);
        if (error === undefined) resolve();
        else reject(error);
      };
      const test = () => {
        try {
          if (check()) done();
        } catch (e) {
          done(e);
        }
      };
      untils.add(test);
      const poll = setInterval(test, 20);
      const timer = setTimeout(
        () => done(new Error(`condition not met in ${timeoutMs} ms (seq ${this.seq})`)),
        timeoutMs,
      );
    });
  }

  get myTurn(): boolean {
    return this.position !== undefined && this.system.toAct(this.position) === this.role;
  }

  /** Sends an action and waits for its ack or error. */
  async act(action: A, id: string = randomId(), seq = this.seq): Promise<Msg> {
    this.send({ type: "act", id, seq, action });
    return this.next((m) => (m.type === "ack" || m.type === "error") && m.id === id);
  }

  private onMessage(m: Msg): void {
    switch (m.type) {
      case "welcome":
        this.role = m.role;
        this.game = m.game;
        break;
      case "snapshot": {
        const parsed = this.system.parsePosition(m.position);
        if (!parsed.ok) throw new Error(`bad snapshot: ${parsed.error.message}`);
        this.ctx = parsed.value.ctx;
        this.position = parsed.value.position;
        this.seq = m.seq;
        this.snapshots += 1;
        this.snapshotReasons.push(String(m.reason));
        if (this.hasher.hashing !== m.hashing) this.hasher = valueHasher(m.hashing);
        if (publicHash(this.system, this.position, this.hasher) !== m.hash) this.mismatches += 1;
        break;
      }
      case "event": {
        if (!this.position || m.seq !== this.seq + 1) {
          this.send({ type: "sync" });
          break;
        }
        const action = this.system.parseAction(m.action);
        if (!action.ok) throw new Error(`event ${m.seq} is no action: ${action.error.message}`);
        const step = this.system.apply(this.ctx, this.position, action.value, m.dice);
        if (!step.ok) throw new Error(`event ${m.seq} does not apply here: ${step.error.message}`);
        this.position = step.value.position;
        this.seq = m.seq;
        this.events += 1;
        const hash = publicHash(this.system, this.position, this.hasher);
        if (hash !== m.hash) this.mismatches += 1;
        if (this.reportHashes) this.send({ type: "hash", seq: m.seq, hash });
        break;
      }
    }
    this.observe?.(m);
    this.deliver(m);
    wakeUntils();
  }

  private deliver(m: Msg): void {
    const i = this.waiters.findIndex((w) => w.pred(m));
    if (i >= 0) {
      const [w] = this.waiters.splice(i, 1);
      w?.resolve(m);
      return;
    }
    // Events and snapshots are folded into the replica; keep the inbox small.
    if (m.type !== "event" && m.type !== "presence" && m.type !== "snapshot") this.inbox.push(m);
  }
}

/** A client of a Musket & Pike game (what most server tests play). */
export class TestClient extends SystemClient<GameContext, Position, Action> {
  constructor(wsUrl: string, gameId: string, token: string) {
    super(wsUrl, gameId, token, mp);
  }
}

let counter = 0;
export function randomId(): string {
  counter += 1;
  return `t${counter}-${randomUUID().slice(0, 8)}`;
}
