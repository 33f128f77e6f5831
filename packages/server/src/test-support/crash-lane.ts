import { type PolicyRng, rngInt } from "@tercio/ai";
import type { AnySystem, Seat as Side } from "@tercio/core";
import { defaultSystems } from "@tercio/systems";
import { createGame, SystemClient } from "./client.js";
import { mp } from "./mp.js";
import { ScriptedSeat } from "./scripted-seat.js";
import { type ServerProcess, startServerProcess } from "./server-process.js";

/** A seat of a crash-test game: a script on a replica (human) or the server's own AI. */
export type SeatPlan =
  | { readonly kind: "human"; readonly level: string }
  | { readonly kind: "ai"; readonly level: string };

export interface SlotPlan {
  /** The game's rule system (Musket & Pike when not named). */
  readonly system?: string;
  readonly scenario: string;
  readonly first: SeatPlan;
  readonly second: SeatPlan;
}

/** One game of a slot: its scripted seats and its spectator token. */
export interface CrashGame {
  readonly id: string;
  readonly system: AnySystem;
  readonly spectator: string;
  readonly seats: readonly ScriptedSeat[];
  /** One of its seats is the server's AI. */
  readonly againstAi: boolean;
}

/**
 * A place for one game at a time: when its game ends, the next is created
 * (the creation itself may be cut short by a crash, leaving a game nobody
 * plays, which must still be sound in the store).
 */
class Slot {
  readonly games: CrashGame[] = [];
  private made = 0;

  private readonly system: AnySystem;

  constructor(
    private readonly plan: SlotPlan,
    private readonly seed: number,
  ) {
    const system = plan.system === undefined ? mp : defaultSystems().get(plan.system);
    if (!system) throw new Error(`no system ${plan.system}`);
    this.system = system;
  }

  get current(): CrashGame | undefined {
    return this.games.at(-1);
  }

  /**
   * Over for every seat, with no action left unanswered: a seat whose last
   * action ended the game, shown in the event but not acknowledged before a
   * kill, still has it to send again (and its answer to take) in the next life.
   */
  private done(game: CrashGame | undefined): boolean {
    return game === undefined || game.seats.every((s) => s.over && s.pending === undefined);
  }

  /** Plays while the server lives: a new game when the last one is over. */
  async live(server: ServerProcess): Promise<void> {
    for (;;) {
      if (this.done(this.current) && !(await this.create(server))) return;
      const game = this.current;
      if (!game) return;
      await Promise.all(game.seats.map((s) => s.play(server.wsUrl)));
      if (!this.done(game)) return;
    }
  }

  private async create(server: ServerProcess): Promise<boolean> {
    const seat = (p: SeatPlan) => (p.kind === "human" ? { kind: "human" as const } : p);
    const created = await createGame(server.url, {
      ...(this.plan.system ? { system: this.plan.system } : {}),
      scenario: this.plan.scenario,
      seats: { first: seat(this.plan.first), second: seat(this.plan.second) },
    }).catch(() => undefined);
    if (!created) return false;
    this.made += 1;
    const seats: ScriptedSeat[] = [];
    for (const side of ["first", "second"] as const satisfies readonly Side[]) {
      const p = this.plan[side];
      const token = created.tokens[side];
      if (p.kind !== "human" || !token) continue;
      const seed = this.seed + this.made * 2 + (side === "first" ? 0 : 1);
      seats.push(new ScriptedSeat(server.wsUrl, created.game.id, token, side, p.level, seed, this.system));
    }
    this.games.push({
      id: created.game.id,
      system: this.system,
      spectator: created.tokens.spectator,
      seats,
      againstAi: this.plan.first.kind === "ai" || this.plan.second.kind === "ai",
    });
    return true;
  }
}

/** What one kill found (for the summary). */
export interface Kill {
  readonly afterMs: number;
  /** AI moves being thought about on the server at that moment (-1: it did not answer). */
  readonly aiThinking: number;
  /** Writes sent to the store's writer thread and not yet committed at that moment (-1: no answer). */
  readonly writesWaiting: number;
  /** The most writes one transaction held in that life (group commit). */
  readonly largestBatch: number;
}

/**
 * One server process on one database (a SQLite file or a PostgreSQL URL), killed and restarted over and over
 * while its slots' scripted clients play: each life lasts a random time
 * (from the seeded generator) after the server listens, then SIGKILL.
 */
export class CrashLane {
  readonly slots: Slot[];
  readonly kills: Kill[] = [];
  /** Each server life's log. */
  readonly logs: string[] = [];
  /** Milliseconds each start took, to listening. */
  readonly startups: number[] = [];
  /** Set when another lane has failed: no point killing on. */
  aborted = false;

  constructor(
    readonly db: string,
    plans: readonly SlotPlan[],
    private readonly rng: PolicyRng,
    seed: number,
  ) {
    this.slots = plans.map((p, i) => new Slot(p, seed + i * 1000));
  }

  get games(): CrashGame[] {
    return this.slots.flatMap((s) => s.games);
  }

  get seats(): ScriptedSeat[] {
    return this.games.flatMap((g) => g.seats);
  }

  /** The server's AI's moves that the seats of its games were shown (so far: before `settle`, under the crashes). */
  aiMovesSeen(): number {
    return this.games.filter((g) => g.againstAi).reduce((n, g) => n + movesSeen(g), 0);
  }

  async run(kills: number): Promise<void> {
    for (let i = 0; i < kills && !this.aborted; i++) {
      const starting = Date.now();
      const server = await startServerProcess(this.db);
      this.startups.push(Date.now() - starting);
      const aiMoves = this.aiMovesSeen();
      const living = Promise.allSettled(this.slots.map((s) => s.live(server)));
      // Mostly short lives; one in five lasts until the AI has moved (its thread started and
      // thought: longer than the short lives on a loaded machine, at most 10 s), and a while more.
      const long = rngInt(this.rng, 5) === 0;
      const afterMs = long ? rngInt(this.rng, 601) : 30 + rngInt(this.rng, 371);
      for (const end = Date.now() + 10_000; long && this.aiMovesSeen() === aiMoves && Date.now() < end; )
        await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, afterMs));
      const seen = await health(server.url).catch(() => undefined);
      await server.kill();
      const commits = seen?.commits as { waiting?: number; largestBatch?: number } | undefined;
      this.kills.push({
        afterMs,
        aiThinking: seen ? Number(seen.aiThinking) : -1,
        writesWaiting: commits?.waiting ?? -1,
        largestBatch: commits?.largestBatch ?? 0,
      });
      this.logs.push(server.stderr());
      for (const r of await living) if (r.status === "rejected") throw r.reason;
    }
  }

  /**
   * The last life, without a kill: every seat catches up and settles its
   * pending action, AI seats finish their turn, and a spectator's snapshot of
   * each current game must equal every seat's replica. Then a clean stop.
   */
  async settle(): Promise<string[]> {
    const problems: string[] = [];
    const server = await startServerProcess(this.db);
    try {
      const current = this.slots.map((s) => s.current).filter((g) => g !== undefined);
      for (const g of current)
        for (const s of g.seats)
          if (!(await s.rejoin(server.wsUrl))) problems.push(`game ${g.id} ${s.side}: could not rejoin`);
      for (const g of current) {
        // An AI seat's move may be coming: wait until a script is to act (nothing moves then).
        // A wait that fails is a problem reported with the rest (and the server's log), not thrown.
        const waited = await Promise.all(
          g.seats.map((s) =>
            s.client
              .until(() => s.over || anyToAct(g), 60_000)
              .then(
                () => undefined,
                (e: unknown) => `game ${g.id} ${s.side}: ${e instanceof Error ? e.message : String(e)}`,
              ),
          ),
        );
        const stalled = waited.filter((w) => w !== undefined);
        if (stalled.length > 0) {
          problems.push(...stalled);
          continue;
        }
        const spectator = new SystemClient(server.wsUrl, g.id, g.spectator, g.system);
        await spectator.join();
        for (const s of g.seats) {
          await s.client.until(() => s.client.seq >= spectator.seq, 10_000);
          if (s.client.seq !== spectator.seq || hashOf(s.client) !== hashOf(spectator))
            problems.push(
              `game ${g.id} ${s.side}: replica at ${s.client.seq} ${hashOf(s.client)}, server at ${spectator.seq} ${hashOf(spectator)}`,
            );
          s.client.close();
        }
        spectator.close();
      }
    } finally {
      await server.stop();
      this.logs.push(server.stderr());
    }
    return problems;
  }
}

function movesSeen(game: CrashGame): number {
  return new Set(game.seats.flatMap((s) => [...s.othersMoves])).size;
}

function hashOf(c: SystemClient<unknown, unknown, unknown>): string {
  return c.viewHash() ?? "no position";
}

function anyToAct(game: CrashGame): boolean {
  return game.seats.some((s) => s.client.myTurn);
}

async function health(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}api/health`, { signal: AbortSignal.timeout(300) });
  return (await res.json()) as Record<string, unknown>;
}
