import { type PolicyRng, rngInt } from "@tercio/ai";
import { PROTOCOL_VERSION } from "@tercio/protocol";
import { type Msg, TestClient } from "./client.js";
import {
  type Expect,
  type Frame,
  FrameMaker,
  type FuzzKind,
  type KnownTokens,
  randomGameId,
  randomToken,
} from "./fuzz-frames.js";

/** The tally every fuzz connection adds to. */
export interface FuzzTally {
  sent: number;
  readonly byKind: Map<FuzzKind | "stranger-hello", number>;
  readonly errors: Map<string, number>;
  readonly closes: Map<number, number>;
  acks: number;
  duplicateAcks: number;
  /** Acks for ids this side never sent as such (a malformed act that happened to be valid). */
  untrackedAcks: number;
  snapshots: number;
  /** How each kind of act was answered ("act-mutated:illegal-action"). */
  readonly actAnswers: Map<string, number>;
}

export function newTally(): FuzzTally {
  return {
    sent: 0,
    byKind: new Map(),
    errors: new Map(),
    closes: new Map(),
    acks: 0,
    duplicateAcks: 0,
    untrackedAcks: 0,
    snapshots: 0,
    actAnswers: new Map(),
  };
}

function count<K>(map: Map<K, number>, key: K, n = 1): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

/** An action the server acknowledged as applied (not a duplicate): it must be stored, legal, for this seat. */
export interface Accepted {
  readonly game: string;
  readonly role: string;
  readonly id: string;
  readonly seq: number;
  /** What was sent, when this side knows (a tracked act). */
  readonly action: unknown;
  readonly kind: FuzzKind | undefined;
}

/** How many frames to send before a ping whose pong says the server has answered them all. */
const BATCH = 25;
/** One batch in this many ends with a frame that makes the server close the connection. */
const CLOSING_EVERY = 40;

/**
 * One fuzzing connection on one game, as a seat, a spectator or a stranger
 * that never says hello ("none"). It sends batches of fuzz frames, each
 * closed by a ping so the connection never runs far ahead of the server;
 * when the server closes it (oversized, not UTF-8) it reconnects and goes
 * on. It checks every answer against what the frame allowed.
 */
export class FuzzConnection {
  readonly client: TestClient;
  readonly accepted: Accepted[] = [];
  /** Fuzz frames this connection sent. */
  sent = 0;
  readonly violations: string[] = [];
  private readonly expected = new Map<string, { expect: Expect; action: unknown; kind: FuzzKind }>();
  private readonly ownIds: string[] = [];
  private readonly maker: FrameMaker;
  private welcomes = 0;
  private pings = 0;

  constructor(
    wsUrl: string,
    readonly game: string,
    token: string,
    /** The role its token opens, or "none": it never says hello. */
    readonly role: "first" | "second" | "spectator" | "none",
    rng: PolicyRng,
    name: string,
    known: KnownTokens,
    seed: number,
    private readonly tally: FuzzTally,
  ) {
    this.client = new TestClient(wsUrl, game, token);
    this.client.reportHashes = false;
    this.maker = new FrameMaker(rng, name, known, seed);
    this.client.observe = (m) => this.answer(m);
  }

  get over(): boolean {
    return this.client.position?.phase === "game-over";
  }

  /** Fuzzes until `more` says stop (checked between batches). */
  async run(more: () => boolean): Promise<void> {
    let batches = 0;
    while (more()) {
      if (!(await this.open())) continue;
      batches += 1;
      const closing = batches % CLOSING_EVERY === 0;
      for (let i = 0; i < BATCH; i++) {
        const frame = this.maker.next(this.view());
        // An act the server may apply is waited for, so that the next ones are made from the new position.
        if (this.send(frame) && frame.act?.expect === "maybe") await this.answered(frame.act.id);
      }
      await this.settle();
      if (closing) {
        const frame = this.maker.closing();
        // Sent alone, once all else is answered: a wrong hello in the batch may have closed it already.
        const sent = this.send(frame);
        await this.client.until(() => this.client.closed !== undefined, 10_000);
        if (sent && this.client.closed?.code !== frame.closes)
          this.violations.push(
            `${frame.kind} closed the connection with ${this.client.closed?.code}, not ${frame.closes}`,
          );
      }
    }
    // Its own goodbye is no answer to count.
    this.client.observe = undefined;
    this.client.close();
  }

  /** Connected (and, but for "none", joined and caught up); false if it could not be. */
  private async open(): Promise<boolean> {
    const c = this.client;
    if (c.ws && c.closed === undefined) return true;
    this.welcomes = 0;
    if (this.role === "none") await c.open();
    else await c.join(c.position ? c.seq : undefined);
    return c.closed === undefined;
  }

  private view() {
    const c = this.client;
    return {
      role: this.role,
      ctx: c.position ? c.ctx : undefined,
      position: c.position,
      seq: c.seq,
      ownIds: this.ownIds,
      game: this.game,
    };
  }

  private send(frame: Frame): boolean {
    const c = this.client;
    if (c.closed !== undefined) return false;
    if (frame.act) {
      const { id } = frame.act;
      // An id once stored can only ever be acknowledged as a duplicate, whatever else is sent with it.
      const stored = this.expected.get(id)?.expect === "duplicate" || this.ownIds.includes(id);
      this.expected.set(id, {
        ...frame.act,
        expect: stored ? "duplicate" : frame.act.expect,
        kind: frame.kind,
      });
    }
    c.ws.send(frame.data, { binary: frame.binary ?? false });
    this.sent += 1;
    this.tally.sent += 1;
    count(this.tally.byKind, frame.kind);
    return true;
  }

  /** Waits for the answer to an act and, if it was applied, for its event. */
  private async answered(id: string): Promise<void> {
    const c = this.client;
    const m = await c.next(
      (m) => m.type === "closed" || ((m.type === "ack" || m.type === "error") && m.id === id),
      30_000,
    );
    if (m.type === "ack") await c.until(() => c.closed !== undefined || c.seq >= m.seq, 30_000);
  }

  /** Waits until the server has answered everything sent so far (its pong), or closed the connection. */
  private async settle(): Promise<void> {
    const c = this.client;
    const n = ++this.pings;
    c.inbox.length = 0;
    if (c.closed !== undefined) return;
    c.ws.send(JSON.stringify({ type: "ping", n }));
    await c.next((m) => m.type === "closed" || (m.type === "pong" && m.n === n), 30_000);
  }

  private answer(m: Msg): void {
    switch (m.type) {
      case "welcome":
        this.welcomes += 1;
        if (this.role === "none" || this.welcomes > 1 || m.role !== this.role)
          this.violations.push(`welcomed as ${m.role} (${this.role}, welcome ${this.welcomes})`);
        return;
      case "snapshot":
        this.tally.snapshots += 1;
        return;
      case "closed":
        count(this.tally.closes, m.code as number);
        return;
      case "error": {
        count(this.tally.errors, m.code as string);
        const sent = typeof m.id === "string" ? this.expected.get(m.id) : undefined;
        if (sent) count(this.tally.actAnswers, `${sent.kind}:${m.code}`);
        return;
      }
      case "ack":
        this.ack(m);
        return;
    }
  }

  private ack(m: Msg): void {
    const id = String(m.id);
    const sent = this.expected.get(id);
    if (m.duplicate) {
      this.tally.duplicateAcks += 1;
      if (sent && sent.expect === "never")
        this.violations.push(`${sent.kind} ${id} was acknowledged (duplicate)`);
      return;
    }
    this.tally.acks += 1;
    if (sent) count(this.tally.actAnswers, `${sent.kind}:ack`);
    if (!sent) this.tally.untrackedAcks += 1;
    else if (sent.expect !== "maybe")
      this.violations.push(`${sent.kind} ${id} (${sent.expect}) was acknowledged as applied`);
    this.ownIds.push(id);
    this.accepted.push({
      game: this.game,
      role: this.role,
      id,
      seq: Number(m.seq),
      action: sent?.action,
      kind: sent?.kind,
    });
  }
}

/**
 * Connections that never get in: each sends a frame or two before any hello
 * (refused: not joined), then a hello pairing a real game with another
 * game's token, with a made-up token, or naming no game there is. The
 * server must close it (4401, 4404), never welcome it.
 */
export async function strangers(
  wsUrl: string,
  known: KnownTokens,
  n: number,
  rng: PolicyRng,
  tally: FuzzTally,
): Promise<string[]> {
  const violations: string[] = [];
  const games = known.games;
  for (let i = 0; i < n; i++) {
    const a = games[rngInt(rng, games.length)];
    const b = games.filter((g) => g !== a)[rngInt(rng, games.length - 1)];
    if (!a || !b) throw new Error("strangers need two games");
    const r = rngInt(rng, 3);
    const game = r === 2 ? randomGameId(rng) : a.id;
    const token = r === 0 ? (b.tokens[rngInt(rng, b.tokens.length)] ?? "") : randomToken(rng);
    const c = new TestClient(wsUrl, game, token);
    c.observe = (m) => {
      if (m.type === "error") count(tally.errors, m.code as string);
      if (m.type === "closed") count(tally.closes, m.code as number);
    };
    await c.open();
    for (let k = rngInt(rng, 3); k > 0; k--) {
      c.send(
        rngInt(rng, 2)
          ? { type: "sync" }
          : { type: "act", id: `s${i}`, seq: 0, action: { type: "end-phase" } },
      );
      tally.sent += 1;
      count(tally.byKind, "stranger-hello");
    }
    c.send({ type: "hello", protocol: PROTOCOL_VERSION, game, token });
    tally.sent += 1;
    count(tally.byKind, "stranger-hello");
    const answer = await c.next((m) => m.type === "welcome" || m.type === "closed", 10_000);
    const expected = r === 2 ? 4404 : 4401;
    if (answer.type === "welcome")
      violations.push(`a stranger with ${r === 0 ? "another game's" : "a made-up"} token was welcomed`);
    else if (answer.code !== expected)
      violations.push(`a stranger's hello closed with ${answer.code}, not ${expected}`);
    c.close();
  }
  return violations;
}
