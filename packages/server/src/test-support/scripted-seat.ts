import { type AnyPolicy, createRng, findPolicy, type PolicyRng } from "@tercio/ai";
import type { AnySystem, Seat as Side } from "@tercio/core";
import { type Msg, randomId, SystemClient } from "./client.js";
import { mp } from "./mp.js";

/** An acknowledgement a scripted seat received: the server promised this action is stored at `seq`. */
export interface AckRecord {
  readonly game: string;
  readonly side: Side;
  readonly id: string;
  readonly seq: number;
  readonly duplicate: boolean;
  /** Sent again after a crash swallowed the first answer. */
  readonly resubmitted: boolean;
}

interface Pending {
  readonly id: string;
  readonly seq: number;
  readonly action: unknown;
}

/** Refusals a resubmitted action may meet: the game went on without it, so it was never stored. */
const GONE = new Set(["stale-seq", "game-over", "not-your-turn", "illegal-action"]);

/**
 * A human seat played by a script across server crashes. Its replica (a
 * SystemClient) outlives each connection; after each restart it says hello
 * with the last event it applied. An action sent but not answered before a
 * crash may or may not have been stored: it is sent again with the same id,
 * and either acknowledged (as a duplicate, or fresh) or refused as stale
 * (and then dropped, never stored).
 */
export class ScriptedSeat {
  readonly client: SystemClient<unknown, unknown, unknown>;
  pending: Pending | undefined;
  readonly acks: AckRecord[] = [];
  /** Ids of actions refused on resubmission: they must never be in the store. */
  readonly dropped: string[] = [];
  /** Every event hash this seat was shown, by seq: each must be the stored one. */
  readonly seen = new Map<number, string>();
  /** The events of the other side this seat was shown (its seqs): the server's AI's moves, in a game against it. */
  readonly othersMoves = new Set<number>();
  readonly problems: string[] = [];
  private readonly policy: AnyPolicy;
  private readonly rng: PolicyRng;
  /** Set by `halt`: no new action is chosen (the one under way is still answered). */
  private halted = false;

  constructor(
    wsUrl: string,
    readonly game: string,
    token: string,
    readonly side: Side,
    level: string,
    seed: number,
    system: AnySystem = mp,
  ) {
    this.client = new SystemClient(wsUrl, game, token, system);
    const policy = findPolicy(system.id, level);
    if (!policy) throw new Error(`no ${system.id} AI level ${level}`);
    this.policy = policy;
    this.rng = createRng(seed);
    this.client.observe = (m) => {
      if (m.type !== "event" && m.type !== "snapshot") return;
      const before = this.seen.get(m.seq);
      if (before !== undefined && before !== m.hash)
        this.problems.push(`event ${m.seq} was shown with hash ${before}, then ${m.hash}`);
      this.seen.set(m.seq, m.hash);
      if (m.type === "event" && m.side !== side) this.othersMoves.add(m.seq);
    };
  }

  get over(): boolean {
    return this.client.over;
  }

  /** Stops choosing actions: `play` returns once the action under way (if any) is answered. */
  halt(): void {
    this.halted = true;
  }

  private get lost(): boolean {
    return this.client.closed !== undefined;
  }

  /**
   * Connects to the server at `wsUrl` and catches up; false if the server
   * went down meanwhile. A server that comes back behind what this seat had
   * seen or been promised has lost acknowledged actions.
   */
  async rejoin(wsUrl: string): Promise<boolean> {
    const c = this.client;
    c.wsUrl = wsUrl;
    const known = Math.max(c.seq, ...this.acks.map((a) => a.seq));
    const welcome = await c.connect(c.position ? c.seq : undefined).catch(() => undefined);
    if (welcome?.type !== "welcome") {
      // Busy: the game is changing hands between server processes (its owner just died); try again.
      if (welcome?.type === "error" && welcome.code !== "busy")
        this.problems.push(`hello refused: ${JSON.stringify(welcome)}`);
      return false;
    }
    if (welcome.game.seq < known)
      this.problems.push(`the server came back at event ${welcome.game.seq}, after this seat had ${known}`);
    await c.until(() => this.lost || (c.position !== undefined && c.seq >= welcome.game.seq), 30_000);
    if (this.lost) return false;
    if (this.pending) await this.send(this.pending, true);
    return !this.lost;
  }

  /** One server life: rejoins, then plays whenever it is this seat's turn, until the game ends or the server dies. */
  async play(wsUrl: string): Promise<void> {
    if (!(await this.rejoin(wsUrl))) return;
    const c = this.client;
    while (!this.lost && !this.over && !this.halted) {
      // The other side (a script or the server's AI) moves meanwhile; a crash ends the wait.
      await c.until(() => this.lost || this.over || this.halted || c.myTurn, 120_000);
      if (this.lost || this.over || this.halted || !c.position) return;
      const action = this.policy.choose(c.ctx, c.position, this.rng);
      const pending = { id: randomId(), seq: c.seq, action };
      this.pending = pending;
      await this.send(pending, false);
    }
  }

  /** Sends an action and takes its answer; leaves it pending if the server dies first. */
  private async send(p: Pending, resubmitted: boolean): Promise<void> {
    const c = this.client;
    if (this.lost) return;
    c.send({ type: "act", id: p.id, seq: p.seq, action: p.action });
    const answer: Msg = await c.next(
      (m) => m.type === "closed" || ((m.type === "ack" || m.type === "error") && m.id === p.id),
      30_000,
    );
    if (answer.type === "closed") return;
    this.pending = undefined;
    if (answer.type === "ack") {
      this.acks.push({
        game: this.game,
        side: this.side,
        id: p.id,
        seq: answer.seq,
        duplicate: answer.duplicate,
        resubmitted,
      });
      await c.until(() => this.lost || c.seq >= answer.seq, 30_000);
      return;
    }
    if (resubmitted && GONE.has(answer.code)) this.dropped.push(p.id);
    else this.problems.push(`action ${p.id} refused: ${JSON.stringify(answer)}`);
  }
}
