import type { Seat as Side } from "@tercio/core";
import { PROTOCOL_VERSION } from "@tercio/protocol";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createGame, SystemClient } from "./test-support/client.js";
import { mp } from "./test-support/mp.js";
import {
  checkPostgres,
  freePort,
  HAVE_POSTGRES,
  startTestPostgres,
  type TestPostgres,
} from "./test-support/postgres.js";
import { ScriptedSeat } from "./test-support/scripted-seat.js";
import { seatProblems } from "./test-support/seat-check.js";
import { OPEN_LIMITS, type ServerProcess, startServerProcess } from "./test-support/server-process.js";
import { checkStoredGames } from "./test-support/store-check.js";

checkPostgres();

/** Short, so that the killed process's games are free within the test's budget (the default is 10 s). */
const LEASE_MS = 1500;
/** Play before the kill, and after the games are taken over. */
const BEFORE_KILL_MS = 4000;
const AFTER_TAKEOVER_MS = 4000;

interface Game {
  readonly id: string;
  /** The process it was created on, which holds it until that process dies. */
  readonly createdOn: "a" | "b";
  readonly spectator: string;
  readonly seats: readonly ScriptedSeat[];
  /** What its seats had been acknowledged when the process was killed. */
  acksAtKill: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function health(server: ServerProcess): Promise<Record<string, unknown>> {
  return (await (await fetch(`${server.url}api/health`)).json()) as Record<string, unknown>;
}

/** A game's stored summary, read beside the servers (asking a server would make it take the game). */
async function storedSeq(db: string, id: string): Promise<{ seq: number; status: string }> {
  const client = new Client({ connectionString: db });
  await client.connect();
  try {
    const { rows } = await client.query<{ seq: number; status: string }>(
      "SELECT seq, status FROM games WHERE id = $1",
      [id],
    );
    const row = rows[0];
    if (!row) throw new Error(`no game ${id}`);
    return row;
  } finally {
    await client.end();
  }
}

/** The first answer to a hello sent on a socket that says it was relayed already: its message and close code. */
async function relayedHello(server: ServerProcess, game: string, token: string): Promise<[unknown, number]> {
  const ws = new WebSocket(server.wsUrl, { headers: { "x-tercio-relayed": "1" } });
  const first = new Promise<unknown>((resolve) => ws.once("message", (d) => resolve(JSON.parse(String(d)))));
  const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
  await new Promise((resolve) => ws.once("open", resolve));
  ws.send(JSON.stringify({ type: "hello", protocol: PROTOCOL_VERSION, game, token }));
  return [await first, await closed];
}

/**
 * Two server processes on loopback over one PostgreSQL database, each
 * started with --node-url: each game is held by one of them, and a client
 * reaching the other is relayed to it. Scripted players play games created
 * on both, each game's first seat connected to one process and its second
 * to the other, so half the seats are relayed; the HTTP game API is asked
 * at the process that does not hold the game. Then one process is killed
 * (SIGKILL) mid-game: its clients reconnect to the survivor, which takes
 * its games over once the dead one's lease runs out, and play goes on.
 * At the end every acknowledged action is in the database and every game
 * replays to its stored hashes.
 */
describe.skipIf(!HAVE_POSTGRES)("several servers over one PostgreSQL", { timeout: 120_000 }, () => {
  let pg: TestPostgres | undefined;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  }, 60_000);

  it("two processes share the games: clients relayed to each game's owner, one process killed mid-game and its games taken over by the other, no acknowledged action lost, every game replaying to its stored hash", async () => {
    if (!pg) throw new Error("PostgreSQL did not start");
    const db = await pg.database();
    const args = (port: number) => [
      ...OPEN_LIMITS,
      "--port",
      String(port),
      "--node-url",
      `http://127.0.0.1:${port}`,
      "--lease",
      String(LEASE_MS),
      // The peers relay clients from loopback: the owner believes the client's address they pass on.
      "--trust-proxy",
      "loopback",
    ];
    const [portA, portB] = [await freePort(), await freePort()];
    const [a, b] = await Promise.all([
      startServerProcess(db, args(portA)),
      startServerProcess(db, args(portB)),
    ]);
    try {
      // Six games, three created on each process; each game's first seat plays through `a`, its second through `b`.
      const games: Game[] = [];
      for (let i = 0; i < 6; i++) {
        const on = i % 2 === 0 ? a : b;
        const created = await createGame(on.url, {
          scenario: i % 3 === 0 ? "16.24" : "16.31",
          seats: { first: { kind: "human" }, second: { kind: "human" } },
        });
        const seat = (side: Side, level: string) => {
          const token = created.tokens[side];
          if (!token) throw new Error("no token");
          const via = side === "first" ? a : b;
          return new ScriptedSeat(via.wsUrl, created.game.id, token, side, level, 1000 + i * 2, mp);
        };
        games.push({
          id: created.game.id,
          createdOn: on === a ? "a" : "b",
          spectator: created.tokens.spectator,
          seats: [seat("first", i % 2 === 0 ? "greedy" : "random"), seat("second", "greedy")],
          acksAtKill: 0,
        });
      }

      // A game between two of the server's AI seats, held by `a`: nobody is connected to it when `a` dies.
      const aiGame = (
        await createGame(a.url, {
          scenario: "16.31",
          seats: { first: { kind: "ai", level: "random" }, second: { kind: "ai", level: "random" } },
        })
      ).game.id;

      // Each seat plays through its own process, reconnecting whenever its connection is lost; once `a` is
      // killed, through `b`, which takes the killed process's games over once its lease runs out.
      let killed = false;
      let halted = false;
      const playing = games.flatMap((g) =>
        g.seats.map(async (s) => {
          while (!s.over && !halted) {
            await s.play(s.side === "first" && !killed ? a.wsUrl : b.wsUrl);
            if (!s.over && !halted) await sleep(100);
          }
        }),
      );
      await sleep(BEFORE_KILL_MS);

      // The lobby, asked of the process that does not hold the game: it passes the request on.
      for (const g of games) {
        const other = g.createdOn === "a" ? b : a;
        const res = await fetch(`${other.url}api/games/${g.id}`, {
          headers: { authorization: `Bearer ${g.spectator}` },
        });
        expect(res.status, `game ${g.id} at the process not holding it`).toBe(200);
        expect(((await res.json()) as { role: string }).role).toBe("spectator");
      }
      // What was relayed once is never passed on again: the process not holding the game says "busy, try again".
      const held = games[0];
      if (!held) throw new Error("no games");
      const again = await fetch(`${b.url}api/games/${held.id}`, {
        headers: { authorization: `Bearer ${held.spectator}`, "x-tercio-relayed": "1" },
      });
      expect(again.status).toBe(503);
      expect(await again.json()).toMatchObject({ error: { code: "busy" } });
      expect(await relayedHello(b, held.id, held.spectator)).toEqual([
        expect.objectContaining({ type: "error", code: "busy", fatal: true }),
        1013,
      ]);
      const relayedBefore = [await health(a), await health(b)];
      for (const g of games) g.acksAtKill = g.seats.reduce((n, s) => n + s.acks.length, 0);

      const aiAtKill = await storedSeq(db, aiGame);
      killed = true;
      await a.kill();
      await sleep(LEASE_MS + AFTER_TAKEOVER_MS);
      halted = true;
      for (const s of games.flatMap((g) => g.seats)) s.halt();
      await Promise.all(playing);

      // Every replica catches up with the server's game (a spectator's), then everything stops cleanly.
      for (const g of games) {
        for (const s of g.seats) if (s.pending || s.client.closed) await s.rejoin(b.wsUrl);
        const spectator = new SystemClient(b.wsUrl, g.id, g.spectator, mp);
        await spectator.join();
        for (const s of g.seats) {
          await s.client.until(() => s.client.seq >= spectator.seq, 10_000).catch(() => undefined);
          s.client.close();
        }
        spectator.close();
      }
      const relayedAfter = await health(b);
      await b.stop();

      const aiAfter = await storedSeq(db, aiGame);
      const checked = new Map((await checkStoredGames(db)).map((c) => [c.game.id, c]));
      const aiChecked = checked.get(aiGame);
      expect(aiChecked?.problems ?? ["the AI game is not in the database"]).toEqual([]);
      const problems: string[] = [];
      for (const g of games) {
        const c = checked.get(g.id);
        if (!c) {
          problems.push(`game ${g.id} is not in the database`);
          continue;
        }
        problems.push(...c.problems.map((p) => `game ${g.id}: ${p}`));
        for (const s of g.seats) problems.push(...seatProblems(s, c));
      }
      // The survivor logs nothing but what went wrong.
      for (const line of b.stderr().split("\n")) if (line.trim() !== "") problems.push(`server log: ${line}`);
      expect(problems.slice(0, 20)).toEqual([]);

      const acks = (g: Game) => g.seats.reduce((n, s) => n + s.acks.length, 0);
      const figures = {
        games: games.length,
        acksBeforeKill: games.reduce((n, g) => n + g.acksAtKill, 0),
        acksAfterKill: games.reduce((n, g) => n + acks(g) - g.acksAtKill, 0),
        takenOverAndPlayed: games.filter(
          (g) => g.createdOn === "a" && (acks(g) > g.acksAtKill || g.seats.some((s) => s.over)),
        ).length,
        relayedBeforeKill: relayedBefore.map((h) => h.relayed),
        forwardedBeforeKill: relayedBefore.map((h) => h.forwarded),
        relayedBySurvivor: relayedAfter.relayed,
        aiGame: { atKill: aiAtKill, atEnd: aiAfter },
      };
      console.log(`several servers: ${JSON.stringify(figures)}`);
      // Play went on through both processes, relayed, before the kill.
      expect(figures.acksBeforeKill).toBeGreaterThan(0);
      for (const h of relayedBefore) {
        expect(h.relayed, "each process relayed the seats of the games the other holds").toBeGreaterThan(0);
        expect(h.forwarded, "and passed the lobby requests on").toBe(3);
      }
      // The killed process's games were taken over by the survivor and played on.
      expect(figures.takenOverAndPlayed).toBe(3);
      expect(figures.acksAfterKill).toBeGreaterThan(0);
      // The AI game nobody was connected to was found by the survivor and played on.
      expect(aiAtKill.status === "over" || aiAfter.seq > aiAtKill.seq, JSON.stringify(figures.aiGame)).toBe(
        true,
      );
    } finally {
      await a.kill();
      await b.kill();
    }
  });
});
