import { afterEach, describe, expect, it } from "vitest";
import { GameRoom } from "./game-room.js";
import { createServer, type TercioServer } from "./server.js";
import { createGame } from "./test-support/client.js";
import { inProcessAi } from "./test-support/in-process-ai.js";
import { tempDb } from "./test-support/server-process.js";
import { checkStoredGames } from "./test-support/store-check.js";

/** One scenario of each system, played by two of the server's AI seats. */
const GAMES = [
  { system: "musket-and-pike", scenario: "16.31" },
  { system: "horse-and-musket-nt", scenario: "minden-heath" },
  { system: "horse-and-musket-ch11", scenario: "meeting-engagement" },
] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A server in this process with room threads (the built hash-worker.js) and
 * its AI seats in this thread, on a SQLite file the test reads afterwards.
 */
async function startServer(roomThreads: number) {
  const db = tempDb();
  const logged: string[] = [];
  const server = await createServer({
    db,
    roomThreads,
    aiWorker: inProcessAi,
    log: (line) => logged.push(line),
    limits: { gamesPerHour: 100_000 },
  });
  const url = await server.listen(0, "127.0.0.1");
  return { server, url, db, logged };
}

async function aiGame(url: string, game: { system: string; scenario: string }): Promise<string> {
  const created = await createGame(url, {
    ...game,
    seats: { first: { kind: "ai", level: "random" }, second: { kind: "ai", level: "random" } },
  });
  return created.game.id;
}

/** Waits until the game has had `actions` actions (or is over). */
async function played(server: TercioServer, id: string, actions: number): Promise<number> {
  const until = Date.now() + 60_000;
  for (;;) {
    const room = await server.state.rooms.get(id);
    if (!(room instanceof GameRoom)) throw new Error(`game ${id} has no room`);
    if (room.seq >= actions || room.over) return room.seq;
    if (Date.now() > until) throw new Error(`game ${id} stuck at event ${room.seq}`);
    await sleep(20);
  }
}

describe("room threads", { timeout: 120_000 }, () => {
  let running: TercioServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it("hash every action of games of all three systems as the main thread would: each stored game replays to its stored hashes", async () => {
    const { server, url, db, logged } = await startServer(2);
    running = server;
    const ids = await Promise.all(GAMES.map((g) => aiGame(url, g)));
    const seqs = await Promise.all(ids.map((id) => played(server, id, 40)));
    const stats = { ...server.state.roomThreads?.stats };
    running = undefined;
    await server.close();

    const checked = await checkStoredGames(db);
    expect(checked.map((c) => c.game.system).sort()).toEqual(GAMES.map((g) => g.system).sort());
    for (const c of checked) expect(c.problems, c.game.id).toEqual([]);
    // Every action the window saw was hashed by a thread's replica, none on the main thread.
    expect(stats.threaded).toBeGreaterThanOrEqual(seqs.reduce((a, b) => a + b, 0));
    expect(stats.here).toBe(0);
    expect(logged).toEqual([]);
  });

  it("lose nothing when a thread dies: what it owed is hashed on the main thread, the game goes on through a new thread", async () => {
    const { server, url, db, logged } = await startServer(1);
    running = server;
    const threads = server.state.roomThreads;
    if (!threads) throw new Error("no room threads");
    const id = await aiGame(url, GAMES[0]);
    const before = await played(server, id, 10);
    await threads.kill(id);
    const threadedAtKill = threads.stats.threaded;
    await played(server, id, before + 30);
    expect(threads.stats.crashes).toBe(1);
    // A new thread was seeded with the room's position and hashes again.
    expect(threads.stats.threaded).toBeGreaterThan(threadedAtKill);
    expect(logged.some((l) => /a room thread stopped/.test(l))).toBe(true);
    running = undefined;
    await server.close();

    const [checked] = await checkStoredGames(db);
    expect(checked?.problems).toEqual([]);
    expect(checked?.log.length).toBeGreaterThanOrEqual(before + 30);
  });
});
