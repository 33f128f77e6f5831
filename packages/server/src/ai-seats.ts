import { Worker } from "node:worker_threads";
import type { Seat as Side } from "@tercio/core";
import type { AiReply, AiRequest } from "./ai-protocol.js";
import type { GameRoom } from "./game-room.js";
import { describeError } from "./socket-safety.js";

/** What the seats need of a thread: a worker_threads Worker, or a stand-in running in process. */
export interface AiThread {
  postMessage(request: AiRequest): void;
  on(event: "message", listener: (reply: AiReply) => void): unknown;
  on(event: "error", listener: (e: Error) => void): unknown;
  on(event: "exit", listener: (code: number) => void): unknown;
  terminate(): Promise<number>;
  unref(): void;
}

export type AiThreadFactory = () => AiThread;

interface Pending {
  readonly room: GameRoom;
  /** The event the position asked about follows. */
  readonly seq: number;
  readonly request: AiRequest & { kind: "choose" };
  readonly worker: number;
  /** Tries so far at this event (each submission has its own id). */
  readonly attempt: number;
  readonly askedAt: number;
}

/** Submissions refused for a reason other than the action itself (storage, say) are tried again this often. */
const RESUBMITS = 3;
/** After the level and the random level have failed this often in all, the game is reported stuck. */
const MAX_ATTEMPTS = 6;
/** A stuck game is tried again after this long. */
const STUCK_RETRY_MS = 60_000;

/**
 * The AI seats: a small pool of worker threads, so that a long think never
 * holds up the games of people. Each game goes to one thread (by its id), so
 * its AI player keeps its plans between moves.
 *
 * An AI seat never leaves its game waiting: a refused answer is submitted
 * again under a fresh id, then replaced by the random level's, and a game
 * where nothing is on its way for the seat to move is found by `watch` and
 * asked again; one that cannot be moved at all is reported, and retried.
 */
export class AiSeats {
  private readonly workers: (AiThread | undefined)[];
  private readonly pending = new Map<number, Pending>();
  /** Per game, the event an AI move is on its way for (asked, thought about, or being submitted). */
  private readonly active = new Map<string, number>();
  /** Per game, the event at which every try failed, and when. */
  private readonly stuck = new Map<string, { seq: number; at: number }>();
  private nextId = 1;
  private closed = false;
  failures = 0;
  /** Times every try at an event failed. */
  stuckReports = 0;
  /** Times `watch` found an AI seat to move with nothing on its way. */
  recovered = 0;

  constructor(
    threads: number,
    private readonly log: (line: string) => void,
    private readonly spawn: AiThreadFactory = () =>
      new Worker(new URL("./ai-worker.js", import.meta.url)) as unknown as AiThread,
    private readonly now: () => number = Date.now,
    /** Milliseconds an answer may take before the question is taken as lost (a long queue of other games' questions included). */
    private readonly answerMs = 120_000,
  ) {
    this.workers = Array.from({ length: Math.max(1, threads) }, () => undefined);
  }

  /** Asks the seat to move if it is an AI seat's turn in `room` (after every action, and on load). */
  consider(room: GameRoom): void {
    const side = this.aiToMove(room);
    if (side === undefined || this.active.get(room.id) === room.seq) return;
    const stuck = this.stuck.get(room.id);
    if (stuck?.seq === room.seq && this.now() - stuck.at < STUCK_RETRY_MS) return;
    this.active.set(room.id, room.seq);
    this.ask(room, room.seq, side, this.levelOf(room, side), 0);
  }

  /**
   * The AI seats of these rooms with nothing on its way are asked again
   * (run every few seconds): the last line of defence against a game left
   * waiting for a move that is not coming.
   */
  watch(rooms: Iterable<GameRoom>): void {
    const t = this.now();
    for (const [id, p] of this.pending)
      if (t - p.askedAt >= this.answerMs) {
        this.pending.delete(id);
        this.fallBack(p, `no answer in ${Math.round(this.answerMs / 1000)} s`);
      }
    for (const room of rooms) {
      if (this.aiToMove(room) === undefined || this.active.get(room.id) === room.seq) continue;
      const stuck = this.stuck.get(room.id);
      if (stuck?.seq === room.seq && this.now() - stuck.at < STUCK_RETRY_MS) continue;
      this.recovered += 1;
      this.log(`game ${room.id}: the AI seat had no move on its way at event ${room.seq}; asking again`);
      this.consider(room);
    }
  }

  private aiToMove(room: GameRoom): Side | undefined {
    const side = room.turn;
    if (this.closed || room.over || side === null) return undefined;
    return room.record.seats[side].kind === "ai" ? side : undefined;
  }

  private levelOf(room: GameRoom, side: Side): string {
    const seat = room.record.seats[side];
    return seat.kind === "ai" ? seat.level : "random";
  }

  private ask(room: GameRoom, seq: number, side: Side, level: string, attempt: number): void {
    const request = {
      kind: "choose" as const,
      id: this.nextId++,
      game: room.id,
      system: room.system.id,
      setup: { scenario: room.record.scenario, options: room.record.options },
      side,
      level,
      position: room.publicView,
    };
    const worker = this.threadOf(room.id);
    this.pending.set(request.id, { room, seq, request, worker, attempt, askedAt: this.now() });
    this.worker(worker).postMessage(request);
  }

  /**
   * A level that fails must not stall the game: the random level, which
   * only ever picks a listed legal action, moves instead; when even that
   * fails again and again, the game is reported stuck and tried later.
   */
  private fallBack(p: Pending, why: string): void {
    this.failures += 1;
    this.log(`AI ${p.request.level} in game ${p.room.id} at event ${p.seq}: ${why}`);
    if (this.closed || !this.stillToMove(p)) {
      this.finish(p);
      return;
    }
    const attempt = p.attempt + 1;
    if (attempt >= MAX_ATTEMPTS) {
      this.stuckReports += 1;
      this.stuck.set(p.room.id, { seq: p.seq, at: this.now() });
      this.log(
        `game ${p.room.id} is stuck: its AI seat (${p.request.side}) has no move the server accepts at event ${p.seq}; it will be tried again in ${STUCK_RETRY_MS / 1000} s`,
      );
      this.finish(p);
      return;
    }
    this.ask(p.room, p.seq, p.request.side, "random", attempt);
  }

  /** The game still waits for this seat at this event. */
  private stillToMove(p: Pending): boolean {
    return p.room.seq === p.seq && this.aiToMove(p.room) === p.request.side;
  }

  private finish(p: Pending): void {
    if (this.active.get(p.room.id) === p.seq) this.active.delete(p.room.id);
  }

  busyWith(gameId: string): boolean {
    return this.active.has(gameId);
  }

  /** How many AI moves are being thought about. */
  get thinking(): number {
    return this.pending.size;
  }

  forget(gameId: string): void {
    this.active.delete(gameId);
    this.stuck.delete(gameId);
    const w = this.workers[this.threadOf(gameId)];
    w?.postMessage({ kind: "forget", game: gameId } satisfies AiRequest);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => w?.terminate()));
  }

  private threadOf(gameId: string): number {
    let h = 0;
    for (let i = 0; i < gameId.length; i++) h = (Math.imul(h, 31) + gameId.charCodeAt(i)) >>> 0;
    return h % this.workers.length;
  }

  private worker(index: number): AiThread {
    const existing = this.workers[index];
    if (existing) return existing;
    const worker = this.spawn();
    worker.on("message", (reply: AiReply) => this.onReply(reply));
    worker.on("error", (e) => {
      this.log(`AI thread ${index} failed: ${e.message}; restarting it`);
      this.restart(index);
    });
    worker.on("exit", (code) => {
      if (!this.closed && this.workers[index] === worker && code !== 0) this.restart(index);
    });
    worker.unref();
    this.workers[index] = worker;
    return worker;
  }

  /** A thread that died takes nothing with it: its questions are asked again of a new one. */
  private restart(index: number): void {
    this.workers[index] = undefined;
    if (this.closed) return;
    for (const p of this.pending.values()) if (p.worker === index) this.worker(index).postMessage(p.request);
  }

  private onReply(reply: AiReply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (reply.ok) void this.play(p, reply.action);
    else this.fallBack(p, `failed: ${reply.message}`);
  }

  /**
   * Submits the seat's answer under an id of the server's own ("ai:" is no
   * client id), fresh for each try: nothing a client sends can take it.
   */
  private async play(p: Pending, action: unknown): Promise<void> {
    const { room, seq, request } = p;
    for (let resubmit = 0; ; resubmit++) {
      const id = `ai:${seq}:${p.attempt}.${resubmit}`;
      const done = await room.submit(request.side, id, seq, action).catch((e: unknown) => ({
        ok: false as const,
        refusal: { code: "internal" as const, message: describeError(e) },
      }));
      if (done.ok || !this.stillToMove(p)) return this.finish(p);
      // The action itself was refused: another try of it would be too.
      if (done.refusal.code === "illegal-action" || resubmit + 1 >= RESUBMITS)
        return this.fallBack(p, `chose a refused action: ${done.refusal.message}`);
      await new Promise((r) => setTimeout(r, 50 * (resubmit + 1)));
    }
  }
}
