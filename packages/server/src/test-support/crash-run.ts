import { randomBytes } from "node:crypto";
import { createRng } from "@tercio/ai";
import { expect } from "vitest";
import { CrashLane, type SlotPlan } from "./crash-lane.js";
import { seatProblems } from "./seat-check.js";
import { checkStoredGames } from "./store-check.js";

/**
 * The crash test, on any store: the real server (the built CLI's `serve`
 * with `--db`) killed with SIGKILL at random moments while scripted clients
 * play, then restarted on the same database. Lanes (a server and its
 * database each) run side by side to share the time the servers take to
 * start. The kill schedule comes from a seeded generator: the seed is
 * printed, and TERCIO_CRASH_SEED replays it.
 */
export const LANES = 2;
export const KILLS_PER_LANE = 100;

/** Per lane: two games between scripts, one against the server's own AI (killed mid-thought now and then), and a chapter-11 game against it. */
const PLANS: readonly SlotPlan[] = [
  {
    scenario: "16.31",
    first: { kind: "human", level: "greedy" },
    second: { kind: "human", level: "random" },
  },
  {
    scenario: "16.24",
    first: { kind: "human", level: "random" },
    second: { kind: "human", level: "greedy" },
  },
  { scenario: "16.32", first: { kind: "ai", level: "strong" }, second: { kind: "human", level: "greedy" } },
  // A tabletop game beside them, its second seat the server's own AI.
  {
    system: "horse-and-musket-ch11",
    scenario: "meeting-engagement",
    first: { kind: "human", level: "random" },
    second: { kind: "ai", level: "greedy" },
  },
];

export interface CrashOptions {
  /** The store group-commits (the SQLite file's writer thread): kills must find writes in flight. */
  readonly groupCommit?: boolean;
}

/**
 * Runs the lanes, one on each database given (`--db` values: SQLite files
 * or PostgreSQL URLs), then checks that no acknowledged action is lost and
 * every game replays to its stored hashes. `engine` names the store in the
 * figures printed.
 */
export async function runCrashTest(
  engine: string,
  dbs: readonly string[],
  options: CrashOptions = {},
): Promise<void> {
  const seed = Number(process.env.TERCIO_CRASH_SEED ?? randomBytes(4).readUInt32LE(0)) >>> 0;
  const started = Date.now();
  const lanes = dbs.map((db, i) => new CrashLane(db, PLANS, createRng(seed + i), (seed + i * 100_003) >>> 0));
  await Promise.all(
    lanes.map((lane) =>
      lane.run(KILLS_PER_LANE).catch((e: unknown) => {
        for (const other of lanes) other.aborted = true;
        throw new Error(`seed ${seed}: ${e instanceof Error ? e.message : String(e)}`);
      }),
    ),
  );
  // What the AI and the chapter-11 seats did under the crashes, before the last life (settle) lets every game catch up.
  const aiMovesUnderCrashes = lanes.reduce((n, lane) => n + lane.aiMovesSeen(), 0);
  const tabletopAcksUnderCrashes = lanes
    .flatMap((lane) => lane.games.filter((g) => g.system.id === "horse-and-musket-ch11"))
    .reduce((n, g) => n + g.seats.reduce((m, seat) => m + seat.acks.length, 0), 0);
  // A failure while settling names the seed too, so that the run can be replayed (TERCIO_CRASH_SEED).
  const problems = (
    await Promise.all(
      lanes.map((lane) =>
        lane.settle().catch((e: unknown) => {
          throw new Error(`seed ${seed}, settling: ${e instanceof Error ? e.message : String(e)}`);
        }),
      ),
    )
  ).flat();

  let stored = 0;
  let aiMoves = 0;
  let games = 0;
  let tabletopActions = 0;
  let undelivered = 0;
  for (const lane of lanes) {
    const checked = new Map((await checkStoredGames(lane.db)).map((c) => [c.game.id, c]));
    for (const c of checked.values()) {
      games += 1;
      stored += c.log.length;
      if (c.game.system === "horse-and-musket-ch11") tabletopActions += c.log.length;
      aiMoves += c.log.filter((e) => e.actionId.startsWith("ai:")).length;
      for (const p of c.problems) problems.push(`game ${c.game.id}: ${p}`);
    }
    for (const game of lane.games) {
      const c = checked.get(game.id);
      if (!c) {
        problems.push(`game ${game.id} was created but is not in the store`);
        continue;
      }
      for (const seat of game.seats) problems.push(...seatProblems(seat, c));
    }
    // The server logs only what went wrong (a mismatch, an internal error, a failing AI), and the
    // games whose creation a kill cut short before their links went out, deleted on restart.
    for (const log of lane.logs)
      for (const line of log.split("\n")) {
        const deleted = /^deleted (\d+) game\(s\) whose links never reached anyone$/.exec(line);
        if (deleted) undelivered += Number(deleted[1]);
        else if (line.trim() !== "") problems.push(`server log: ${line}`);
      }
  }

  const kills = lanes.flatMap((lane) => lane.kills);
  const seats = lanes.flatMap((lane) => lane.seats);
  const acks = seats.flatMap((s) => s.acks);
  const resent = acks.filter((a) => a.resubmitted);
  const figures = {
    seed,
    kills: kills.length,
    killsWhileAiThinking: kills.filter((k) => k.aiThinking > 0).length,
    healthUnanswered: kills.filter((k) => k.aiThinking < 0).length,
    // Group commit: kills that found writes in the writer thread, and the largest transaction seen.
    killsWithWritesWaiting: kills.filter((k) => k.writesWaiting > 0).length,
    largestBatch: Math.max(0, ...kills.map((k) => k.largestBatch)),
    games,
    undeliveredDeleted: undelivered,
    storedActions: stored,
    tabletopActions,
    aiMoves,
    aiMovesUnderCrashes,
    tabletopAcksUnderCrashes,
    acks: acks.length,
    resubmittedAcked: resent.length,
    resubmittedDuplicate: resent.filter((a) => a.duplicate).length,
    resubmittedDropped: seats.reduce((n, s) => n + s.dropped.length, 0),
    meanStartupMs: Math.round(mean(lanes.flatMap((lane) => lane.startups))),
    seconds: Math.round((Date.now() - started) / 1000),
  };
  console.log(`crash test (${engine}): ${JSON.stringify(figures)}`);

  expect(problems.slice(0, 20), `seed ${seed}`).toEqual([]);
  expect(figures.kills).toBeGreaterThanOrEqual(dbs.length * KILLS_PER_LANE);
  // The point of the exercise: answers lost to a crash, and actions sent again.
  expect(figures.resubmittedAcked + figures.resubmittedDropped, `seed ${seed}`).toBeGreaterThan(0);
  expect(aiMoves, `seed ${seed}`).toBeGreaterThan(0);
  expect(tabletopActions, `seed ${seed}: the chapter-11 games were played`).toBeGreaterThan(0);
  expect(figures.killsWhileAiThinking, `seed ${seed}`).toBeGreaterThan(0);
  if (options.groupCommit) {
    // Writes were batched, and kills landed while writes were in the writer's hands.
    expect(figures.largestBatch, `seed ${seed}: a transaction held several writes`).toBeGreaterThan(1);
    expect(figures.killsWithWritesWaiting, `seed ${seed}: kills with writes in flight`).toBeGreaterThan(0);
  }
  // Not only in the last life: the server's AI moved, and the chapter-11 script acted, between kills.
  expect(aiMovesUnderCrashes, `seed ${seed}: AI moves between kills`).toBeGreaterThan(0);
  expect(tabletopAcksUnderCrashes, `seed ${seed}: chapter-11 actions between kills`).toBeGreaterThan(0);
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
}
