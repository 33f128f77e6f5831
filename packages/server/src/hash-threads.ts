import { Worker } from "node:worker_threads";
import type { HashReply, HashRequest } from "./hash-protocol.js";
import type { PositionHashes } from "./position-hashes.js";
import { threadScript } from "./thread-script.js";

/** What the pool needs of a thread: a worker_threads Worker, or a stand-in running in process. */
export interface HashThread {
  postMessage(requests: readonly HashRequest[]): void;
  on(event: "message", listener: (replies: readonly HashReply[]) => void): unknown;
  on(event: "error", listener: (e: Error) => void): unknown;
  on(event: "exit", listener: (code: number) => void): unknown;
  terminate(): Promise<number>;
  unref(): void;
}

export type HashThreadFactory = () => HashThread;

/** What a room asks of the hashing of its positions (GameRoom.submit). */
export interface PositionHasher {
  /**
   * The hashes of the position after `action` (the room has applied it):
   * from the game's replica in a thread, or `here` on the main thread when
   * the thread cannot answer. `seed` is the room's position before the
   * action, asked for only when the thread has no replica of the game.
   */
  hashAfter(
    game: string,
    seed: () => HashRequest & { kind: "seed" },
    action: unknown,
    here: () => PositionHashes,
  ): Promise<PositionHashes>;
  /** The game's replica is dropped: the room is gone, its game over, or an action it saw was not stored. */
  forget(game: string): void;
}

/** Counts for the tests and the health page. */
export interface HashThreadStats {
  /** Positions hashed by a thread's replica. */
  threaded: number;
  /** Positions hashed on the main thread because no thread could. */
  here: number;
  /** Threads that died (each restarted, up to MAX_RESTARTS a thread). */
  crashes: number;
}

/** A thread that dies this often is not started again: its games are hashed on the main thread. */
const MAX_RESTARTS = 5;
/**
 * A thread that owes an answer this long is taken as hung and stopped (its
 * games' actions wait on it): a hash takes a millisecond or so, and a
 * thread's queue is at most an action per live game.
 */
const ANSWER_MS = 10_000;

interface Pending {
  readonly game: string;
  readonly askedAt: number;
  readonly resolve: (hashes: PositionHashes) => void;
  readonly here: () => PositionHashes;
}

interface Slot {
  thread: HashThread | undefined;
  /** The games this thread holds a replica of. */
  readonly seeded: Set<string>;
  readonly pending: Map<number, Pending>;
  /** Requests made this turn of the event loop, posted together: one message a turn, not one per request. */
  outbox: HashRequest[];
  crashes: number;
}

/**
 * The room threads (`tercio serve --room-threads N`): a small pool of
 * worker threads that hash positions, the costliest part of an action, off
 * the main thread. Each game goes to one thread (by its id), which keeps a
 * replica of its position, applies each action the room applied, and
 * answers with the hashes the room then stores. A game's messages reach its
 * thread in the order the room sent them, and the room sends one action at
 * a time, so a replica never runs ahead of its room by more than one action.
 *
 * Nothing is lost when a thread dies: the hashes it owed are made on the
 * main thread from the room's own position (no action is acknowledged
 * before its hashes are stored), and the next thread is seeded afresh.
 */
export class HashThreads implements PositionHasher {
  private readonly slots: Slot[];
  /** Games whose replica failed once: hashed on the main thread until their room is dropped. */
  private readonly local = new Set<string>();
  private nextId = 1;
  private closed = false;
  private flushing: NodeJS.Immediate | undefined;
  private readonly watchdog: NodeJS.Timeout;
  readonly stats: HashThreadStats = { threaded: 0, here: 0, crashes: 0 };

  constructor(
    threads: number,
    private readonly log: (line: string) => void,
    private readonly spawn: HashThreadFactory = () =>
      new Worker(threadScript("hash-worker", "the room threads")) as unknown as HashThread,
    private readonly now: () => number = Date.now,
  ) {
    this.slots = Array.from({ length: Math.max(1, threads) }, () => ({
      thread: undefined,
      seeded: new Set<string>(),
      pending: new Map<number, Pending>(),
      outbox: [],
      crashes: 0,
    }));
    this.watchdog = setInterval(() => this.watch(), ANSWER_MS / 4);
    this.watchdog.unref();
    // Started now, with the server: a thread loads its modules as it starts, and under load the
    // process's open files are its sockets (at 9,900 games a thread started late met EMFILE).
    for (const slot of this.slots) this.thread(slot);
  }

  hashAfter(
    game: string,
    seed: () => HashRequest & { kind: "seed" },
    action: unknown,
    here: () => PositionHashes,
  ): Promise<PositionHashes> {
    const slot = this.slotOf(game);
    const thread = this.local.has(game) ? undefined : this.thread(slot);
    if (!thread) return Promise.resolve(this.hashHere(here));
    if (!slot.seeded.has(game)) {
      this.post(slot, seed());
      slot.seeded.add(game);
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      slot.pending.set(id, { game, askedAt: this.now(), resolve, here });
      this.post(slot, { kind: "apply", id, game, action });
    });
  }

  forget(game: string): void {
    this.local.delete(game);
    const slot = this.slotOf(game);
    if (slot.seeded.delete(game) && slot.thread) this.post(slot, { kind: "forget", game });
  }

  /** Queued for the slot's thread, in order; posted once this turn of the event loop is done. */
  private post(slot: Slot, request: HashRequest): void {
    slot.outbox.push(request);
    this.flushing ??= setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushing = undefined;
    for (const slot of this.slots) {
      if (slot.outbox.length === 0) continue;
      const requests = slot.outbox;
      slot.outbox = [];
      slot.thread?.postMessage(requests);
    }
  }

  /** Threads stopped; anything still owed is hashed on the main thread. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    await Promise.all(this.slots.map((slot) => this.stop(slot)));
  }

  /** A test's crash: the thread of `game` is terminated as if it had died. */
  async kill(game: string): Promise<void> {
    const thread = this.slotOf(game).thread;
    await thread?.terminate();
  }

  /** A thread that owes an answer too long is stopped as if it had died: its games' actions go on here. */
  private watch(): void {
    const t = this.now();
    for (const slot of this.slots) {
      const thread = slot.thread;
      const oldest = slot.pending.values().next();
      if (!thread || oldest.done || t - oldest.value.askedAt < ANSWER_MS) continue;
      this.died(slot, thread, `no answer in ${ANSWER_MS / 1000} s`);
      void thread.terminate();
    }
  }

  private async stop(slot: Slot): Promise<void> {
    const thread = slot.thread;
    if (!thread) return;
    this.lost(slot, thread);
    await thread.terminate();
  }

  private hashHere(here: () => PositionHashes): PositionHashes {
    this.stats.here += 1;
    return here();
  }

  private slotOf(game: string): Slot {
    let h = 0;
    for (let i = 0; i < game.length; i++) h = (Math.imul(h, 31) + game.charCodeAt(i)) >>> 0;
    const slot = this.slots[h % this.slots.length];
    if (!slot) throw new Error("the room threads have no slot");
    return slot;
  }

  /** The slot's thread, started if need be; undefined once it has died too often (or the pool is closed). */
  private thread(slot: Slot): HashThread | undefined {
    if (slot.thread) return slot.thread;
    if (this.closed || slot.crashes > MAX_RESTARTS) return undefined;
    const thread = this.spawn();
    thread.on("message", (replies: readonly HashReply[]) => {
      for (const reply of replies) this.answered(slot, reply);
    });
    thread.on("error", (e) => this.died(slot, thread, e.message));
    thread.on("exit", (code) => this.died(slot, thread, `it exited with code ${code}`));
    // Idle, a thread does not keep the process alive; the server's sockets do.
    thread.unref();
    slot.thread = thread;
    return thread;
  }

  private answered(slot: Slot, reply: HashReply): void {
    const p = slot.pending.get(reply.id);
    if (!p) return;
    slot.pending.delete(reply.id);
    if (reply.ok) {
      this.stats.threaded += 1;
      p.resolve(reply.hashes);
      return;
    }
    // A replica out of step (it should never be): this game is hashed here from now on, and said so once.
    this.log(`game ${p.game}: its room thread could not hash an action (${reply.message}); hashing it here`);
    slot.seeded.delete(p.game);
    if (slot.thread) this.post(slot, { kind: "forget", game: p.game });
    this.local.add(p.game);
    p.resolve(this.hashHere(p.here));
  }

  private died(slot: Slot, thread: HashThread, why: string): void {
    if (slot.thread !== thread) return;
    if (!this.closed) {
      slot.crashes += 1;
      this.stats.crashes += 1;
      const next =
        slot.crashes > MAX_RESTARTS
          ? "its games are hashed on the main thread from now on"
          : "its games are hashed here until the next action starts another";
      this.log(`a room thread stopped (${why}); ${next}`);
    }
    this.lost(slot, thread);
  }

  /** The thread's replicas are gone with it: what it owed is hashed here, and its games are seeded again. */
  private lost(slot: Slot, thread: HashThread): void {
    if (slot.thread !== thread) return;
    slot.thread = undefined;
    slot.seeded.clear();
    // Not yet posted: the requests die with the thread they were for (the applies among them are owed, below).
    slot.outbox = [];
    const owed = [...slot.pending.values()];
    slot.pending.clear();
    for (const p of owed) p.resolve(this.hashHere(p.here));
  }
}
