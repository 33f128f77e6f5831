import { Worker } from "node:worker_threads";
import type { Action } from "@tercio/engine";
import type { AiReply, AiRequest } from "./ai-protocol.js";
import type { GameRoom } from "./game-room.js";

interface Pending {
  readonly room: GameRoom;
  /** The event the position asked about follows. */
  readonly seq: number;
  readonly request: AiRequest & { kind: "choose" };
  readonly worker: number;
}

/**
 * The AI seats: a small pool of worker threads, so that a long think never
 * holds up the games of people. Each game goes to one thread (by its id), so
 * its AI player keeps its plans between moves.
 */
export class AiSeats {
  private readonly workers: (Worker | undefined)[];
  private readonly pending = new Map<number, Pending>();
  /** Room id and the seq it was asked at, so one position is never asked twice. */
  private readonly asked = new Set<string>();
  private nextId = 1;
  private closed = false;
  failures = 0;

  constructor(
    threads: number,
    private readonly log: (line: string) => void,
    private readonly workerUrl: URL = new URL("./ai-worker.js", import.meta.url),
  ) {
    this.workers = Array.from({ length: Math.max(1, threads) }, () => undefined);
  }

  /** Asks the seat to move if it is an AI seat's turn in `room` (after every action, and on load). */
  consider(room: GameRoom): void {
    const side = room.turn;
    if (this.closed || room.over || side === null) return;
    const seat = room.record.seats[side];
    if (seat.kind !== "ai") return;
    const key = `${room.id}@${room.seq}`;
    if (this.asked.has(key)) return;
    this.asked.add(key);
    const request = {
      kind: "choose" as const,
      id: this.nextId++,
      game: room.id,
      side,
      level: seat.level,
      scenario: room.ctx.scenario.id,
      position: room.publicView,
    };
    this.ask(room, room.seq, request);
  }

  private ask(room: GameRoom, seq: number, request: AiRequest & { kind: "choose" }): void {
    const worker = this.threadOf(room.id);
    this.pending.set(request.id, { room, seq, request, worker });
    this.worker(worker).postMessage(request);
  }

  /**
   * A level that fails (it never has in testing) must not stall the game:
   * the random level, which only ever picks a listed legal action, moves instead.
   */
  private fallBack(p: Pending, why: string): void {
    this.failures += 1;
    this.log(`AI ${p.request.level} in game ${p.room.id} at event ${p.seq}: ${why}`);
    if (p.request.level === "random" || this.closed) return;
    this.ask(p.room, p.seq, { ...p.request, id: this.nextId++, level: "random" });
  }

  busyWith(gameId: string): boolean {
    for (const p of this.pending.values()) if (p.room.id === gameId) return true;
    return false;
  }

  /** How many AI moves are being thought about. */
  get thinking(): number {
    return this.pending.size;
  }

  forget(gameId: string): void {
    for (const [i, w] of this.workers.entries())
      if (w && i === this.threadOf(gameId))
        w.postMessage({ kind: "forget", game: gameId } satisfies AiRequest);
    for (const key of this.asked) if (key.startsWith(`${gameId}@`)) this.asked.delete(key);
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

  private worker(index: number): Worker {
    const existing = this.workers[index];
    if (existing) return existing;
    const worker = new Worker(this.workerUrl);
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

  private async play(p: Pending, action: Action): Promise<void> {
    const { room, seq, request } = p;
    const done = await room
      .submit(request.side, `ai-${request.side}-${seq}`, seq, action)
      .catch((e: unknown) => ({
        ok: false as const,
        refusal: { message: e instanceof Error ? e.message : String(e) },
      }));
    this.asked.delete(`${room.id}@${seq}`);
    // A stale answer is no failure: the game moved on (only after a restart or a takeover).
    if (!done.ok && room.seq === seq) this.fallBack(p, `chose a refused action: ${done.refusal.message}`);
  }
}
