import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { createRng } from "@tercio/ai";
import { canonicalJson } from "@tercio/core";
import { type CreateGame, PROTOCOL_VERSION } from "@tercio/protocol";
import { describe, expect, it } from "vitest";
import { createGame, type Msg, TestClient } from "./test-support/client.js";
import { FrameMaker, type KnownTokens } from "./test-support/fuzz-frames.js";
import { FuzzConnection, type FuzzTally, newTally, strangers } from "./test-support/fuzzer.js";
import { listedVerdict } from "./test-support/listed.js";
import { mpPublicHash } from "./test-support/mp.js";
import { NASTY_STRINGS } from "./test-support/nasty-strings.js";
import { playUntil } from "./test-support/play.js";
import { type ServerProcess, startServerProcess, tempDb } from "./test-support/server-process.js";
import { checkStoredGames } from "./test-support/store-check.js";

/**
 * The real server under a storm of bad messages: random bytes and text,
 * malformed JSON, JSON of the wrong shape, hellos with wrong tokens, acts
 * made from legal actions and then mutated, sent with stale or future seqs,
 * reused ids or from the wrong seat, wrong hash reports, oversized frames.
 * Fuzzers hold the seat tokens of their own games so that their acts reach
 * the engine. Meanwhile two clients play a game of their own. Frames come
 * from a seeded generator (and fast-check pools from the same seed): the
 * seed is printed, and TERCIO_FUZZ_SEED replays it.
 */
const TARGET = 100_000;
const STRANGERS = 400;
/** Frames for each fuzzing place (both seats and a spectator per fuzz game, and a stranger): the seat to act waits for each act it may have applied, so shares are fixed rather than first come. */
const PER_CONNECTION = 14_300;
/** Each fuzz game's scenario in turn; a game that ends is followed by the next. */
const SCENARIOS = ["16.24", "16.31", "16.32", "16.12", "16.36", "16.22"];
const FUZZ_GAMES = 2;

const humans = (scenario: string): CreateGame => ({
  scenario,
  seats: { first: { kind: "human" }, second: { kind: "human" } },
});

describe("fuzz test", { timeout: 300_000 }, () => {
  it("fuzz test: 100,000 random, malformed and mutated messages; no illegal action is accepted, the server stays up and a game goes on meanwhile", async () => {
    const seed = Number(process.env.TERCIO_FUZZ_SEED ?? randomBytes(4).readUInt32LE(0)) >>> 0;
    const started = Date.now();
    const db = tempDb();
    const [server, limited] = await Promise.all([startServerProcess(db), startServerProcess(tempDb(), [])]);
    const problems: string[] = [];
    const tally = newTally();
    const known: KnownTokens = { games: [] };
    const connections: FuzzConnection[] = [];
    try {
      const legitCreated = await createGame(server.url, humans("16.24"));
      known.games.push(tokensOf(legitCreated));
      let storming = true;
      const legit = legitPlay(server, legitCreated, () => storming, seed);
      const groups = Array.from({ length: FUZZ_GAMES }, (_, g) =>
        fuzzGroup(server, g, seed, known, tally, connections),
      );
      // A stranger on the first fuzz game that never says hello.
      const firstGame = await waitFor(() => known.games[1]?.id);
      const none = new FuzzConnection(
        server.wsUrl,
        firstGame,
        "-".repeat(43),
        "none",
        createRng(seed ^ 0x5eed),
        "none",
        known,
        seed + 77,
        tally,
      );
      connections.push(none);
      await waitFor(() => (known.games.length >= 1 + FUZZ_GAMES ? true : undefined));
      const [, strangerViolations, rate] = await Promise.all([
        Promise.all([...groups, none.run(() => none.sent < PER_CONNECTION)]),
        strangers(server.wsUrl, known, STRANGERS, createRng(seed + 3), tally),
        rateLimitStorm(limited, seed),
      ]);
      storming = false;
      const played = await legit;
      problems.push(...strangerViolations, ...played.problems, ...rate.problems);

      // The server never went down, and still answers.
      const alive = server.child.exitCode === null && server.child.signalCode === null;
      const health = (await (await fetch(`${server.url}api/health`)).json()) as Msg;
      expect(alive, `seed ${seed}`).toBe(true);
      expect(health.ok).toBe(true);
      await server.stop();

      // Every stored game replays from its opening, each action legal and its side's to take.
      const accepted = new Map(connections.flatMap((c) => c.accepted).map((a) => [`${a.game}/${a.id}`, a]));
      const verdicts = new Map<string, number>();
      const checked = await checkStoredGames(db, (ctx, before, entry, game, action) => {
        if (!accepted.has(`${game}/${entry.actionId}`)) return;
        const verdict = `${action.type}:${listedVerdict(ctx, before, action)}`;
        verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1);
        if (verdict.endsWith(":illegal"))
          problems.push(`accepted ${JSON.stringify(entry.action)} is not in the engine's list`);
      });
      const logs = new Map(checked.map((c) => [c.game.id, c.log]));
      for (const c of checked) problems.push(...c.problems.map((p) => `game ${c.game.id}: ${p}`));
      for (const c of connections) problems.push(...c.violations.map((v) => `${c.role} on ${c.game}: ${v}`));
      for (const a of accepted.values()) {
        const entry = logs.get(a.game)?.[a.seq - 1];
        if (entry?.actionId !== a.id || entry.side !== a.role)
          problems.push(
            `acknowledged ${a.id} (${a.role}) is not stored at ${a.seq}: ${entry?.actionId} ${entry?.side}`,
          );
        else if (a.action !== undefined && canonicalJson(entry.action) !== canonicalJson(a.action))
          problems.push(`acknowledged ${a.id} is stored as another action`);
      }
      const legitGame = checked.find((c) => c.game.id === played.game);
      const storedHash = legitGame?.final ? mpPublicHash(legitGame.final) : "none";
      if (played.seq !== legitGame?.log.length || played.hash !== storedHash)
        problems.push(
          `the legit game's replicas (event ${played.seq}) differ from the store (${legitGame?.log.length})`,
        );
      // Wrong hash reports are logged as they are answered: with a snapshot (at most 20 lines a minute,
      // then a count of those left out, which a run longer than a minute shows).
      for (const line of server.stderr().split("\n"))
        if (
          line.trim() !== "" &&
          !/client is at [0-9a-f]{16} after event \d+.*resyncing it$/.test(line) &&
          !/^\(\d+ more such lines in the last minute were left out\)$/.test(line)
        )
          problems.push(`server log: ${line}`);

      const fuzzAccepted = [...accepted.values()];
      const summary = {
        seed,
        sent: tally.sent,
        byKind: Object.fromEntries(tally.byKind),
        acks: tally.acks,
        acceptedByKind: countBy(fuzzAccepted.map((a) => a.kind ?? "untracked")),
        duplicateAcks: tally.duplicateAcks,
        untrackedAcks: tally.untrackedAcks,
        errors: Object.fromEntries(tally.errors),
        closes: Object.fromEntries(tally.closes),
        snapshots: tally.snapshots,
        actAnswers: Object.fromEntries([...tally.actAnswers].sort()),
        verdicts: Object.fromEntries(verdicts),
        legit: { games: played.games, acksDuringStorm: played.acks },
        rateLimit: rate.figures,
        serverMessages: health.messages,
        games: checked.length,
        storedActions: checked.reduce((n, c) => n + c.log.length, 0),
        seconds: Math.round((Date.now() - started) / 1000),
      };
      console.log(`fuzz test: ${JSON.stringify(summary)}`);

      expect(problems.slice(0, 20), `seed ${seed}`).toEqual([]);
      expect(tally.sent).toBeGreaterThanOrEqual(TARGET);
      expect(played.acks, `seed ${seed}: the legit game went on during the storm`).toBeGreaterThanOrEqual(30);
      expect(played.mismatches, `seed ${seed}`).toBe(0);
      // The mutated acts reached the engine: most refused, some (legal after all) accepted.
      expect(tally.errors.get("illegal-action") ?? 0, `seed ${seed}`).toBeGreaterThanOrEqual(200);
      expect(
        fuzzAccepted.filter((a) => a.kind === "act-mutated").length,
        `seed ${seed}`,
      ).toBeGreaterThanOrEqual(50);
      // Kept only when something failed, to look into.
      await limited.stop();
      for (const file of [db, limited.db]) rmSync(dirname(file), { recursive: true, force: true });
    } finally {
      for (const c of connections) c.client.close();
      for (const s of [server, limited])
        if (s.child.exitCode === null && s.child.signalCode === null) await s.stop();
    }
  });
});

/**
 * Every field of every kind of message (and a field of a client's own
 * naming), one at a time, given each strange string: multi-byte, astral,
 * lone surrogates, control characters, over every length a field allows.
 * Sent before hello and after it; after each frame the server must answer
 * a ping (or, if it closed the connection, a new one's), and still run.
 */
describe("fuzz test: strange strings", { timeout: 300_000 }, () => {
  it("fuzz test: non-ASCII, astral-plane, lone-surrogate and over-long strings in every string field of every message; the server is up after each", async () => {
    const server = await startServerProcess(tempDb());
    try {
      const created = await createGame(server.url, humans("16.24"));
      const token = created.tokens.first ?? "";
      const templates: Record<string, unknown>[] = [
        { type: "hello", protocol: PROTOCOL_VERSION, game: created.game.id, token, lastSeq: 0 },
        { type: "act", id: "a1", seq: 0, action: { type: "move", unit: "B-PP01", steps: [{ to: "1204" }] } },
        {
          type: "act",
          id: "a2",
          seq: 0,
          action: { type: "deploy", unit: "B-PP01", hex: "1204", limbered: false },
        },
        { type: "hash", seq: 0, hash: "0123456789abcdef" },
        { type: "sync" },
        { type: "ping", n: 1 },
        // The players' word: every one is sent changed (a field a strange string), so none is taken.
        { type: "chat", text: "gg" },
        { type: "resign" },
        { type: "offer-draw" },
        { type: "accept-draw" },
        { type: "decline-draw" },
        { type: "rematch" },
      ];
      let client: TestClient | undefined;
      let n = 0;
      let frames = 0;
      let closes = 0;
      const open = async (joined: boolean) => {
        client?.close();
        const c = new TestClient(server.wsUrl, created.game.id, token);
        c.reportHashes = false;
        if (joined) await c.join();
        else await c.open();
        client = c;
        return c;
      };
      for (const joined of [false, true]) {
        let c = await open(joined);
        for (const template of templates)
          for (const path of [...leafPaths(template), ["(a field of its own)"]])
            for (const value of NASTY_STRINGS) {
              const frame = structuredClone(template);
              if (path[0] === "(a field of its own)") frame[value] = 1;
              else setAt(frame, path, value);
              c.send(frame);
              frames += 1;
              n += 1;
              c.send({ type: "ping", n });
              const answer = await c.next((m) => (m.type === "pong" && m.n === n) || m.type === "closed");
              if (answer.type === "closed") {
                closes += 1;
                c = await open(joined);
                n += 1;
                c.send({ type: "ping", n });
                expect(await c.next((m) => m.type === "pong" && m.n === n)).toMatchObject({ n });
              }
              expect(server.child.exitCode, `after ${JSON.stringify(frame).slice(0, 200)}`).toBeNull();
            }
      }
      client?.close();
      console.log(
        `fuzz test, strange strings: ${frames} frames, ${closes} closed connections, the server up after each`,
      );
      expect(frames).toBeGreaterThan(1000);
      const health = (await (await fetch(`${server.url}api/health`)).json()) as Msg;
      expect(health.ok).toBe(true);
      for (const line of server.stderr().split("\n"))
        expect(line.length, "a log line stays bounded").toBeLessThanOrEqual(2100);
    } finally {
      await server.stop();
    }
  });
});

/** The paths of every leaf of a message (each field, and each field of its action). */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...prefix, i]));
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
  return [prefix];
}

function setAt(target: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void {
  let at: Record<string | number, unknown> = target;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last !== undefined) at[last] = value;
}

function tokensOf(created: Awaited<ReturnType<typeof createGame>>) {
  const { first, second, spectator } = created.tokens;
  return { id: created.game.id, tokens: [first, second, spectator].filter((t) => t !== undefined) };
}

async function waitFor<T>(get: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}

function countBy(keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = (out[k] ?? 0) + 1;
  return out;
}

/**
 * A fuzz game and its three fuzzing connections (both seats and a
 * spectator); when the game ends (fuzzers play real moves now and then, and
 * mutations are sometimes legal), the next scenario's game takes its place.
 */
async function fuzzGroup(
  server: ServerProcess,
  group: number,
  seed: number,
  known: KnownTokens,
  tally: FuzzTally,
  all: FuzzConnection[],
): Promise<void> {
  const sent = { first: 0, second: 0, spectator: 0 };
  for (let round = 0; Object.values(sent).some((n) => n < PER_CONNECTION); round++) {
    const scenario = SCENARIOS[(group + round * FUZZ_GAMES) % SCENARIOS.length] ?? "16.31";
    const created = await createGame(server.url, humans(scenario));
    known.games.push(tokensOf(created));
    const roles = ["first", "second", "spectator"] as const;
    const conns = roles.map((role, i) => {
      const token = created.tokens[role];
      if (!token) throw new Error(`no ${role} token`);
      const s = (seed + group * 1_000_003 + round * 10_007 + i * 101) >>> 0;
      return new FuzzConnection(
        server.wsUrl,
        created.game.id,
        token,
        role,
        createRng(s),
        `g${group}r${round}${role[0]}`,
        known,
        s,
        tally,
      );
    });
    all.push(...conns);
    await Promise.all(
      conns.map(async (c, i) => {
        const role = roles[i] ?? "spectator";
        const before = sent[role];
        await c.run(() => before + c.sent < PER_CONNECTION && !c.over);
        sent[role] = before + c.sent;
      }),
    );
  }
}

/** Two clients playing a game of their own through the storm (and a new one if it ends). */
async function legitPlay(
  server: ServerProcess,
  first: Awaited<ReturnType<typeof createGame>>,
  storming: () => boolean,
  seed: number,
) {
  const problems: string[] = [];
  let created = first;
  let acks = 0;
  let games = 0;
  let clients: TestClient[] = [];
  for (;;) {
    games += 1;
    clients = (["first", "second"] as const).map(
      (side) => new TestClient(server.wsUrl, created.game.id, created.tokens[side] ?? ""),
    );
    for (const c of clients) await c.join();
    const got = await playUntil(clients, (c) => !storming() || c.position?.phase === "game-over", {
      level: "greedy",
      seed: seed + games,
      maxActions: 1_000_000,
    });
    acks += got.length;
    if (!storming()) break;
    for (const c of clients) c.close();
    created = await createGame(server.url, humans("16.31"));
  }
  // The server's view of the game, through a spectator: the replicas must equal it.
  const spectator = new TestClient(server.wsUrl, created.game.id, created.tokens.spectator);
  await spectator.join();
  for (const c of clients) {
    await c.until(() => c.seq >= spectator.seq);
    if (
      c.seq !== spectator.seq ||
      !c.position ||
      !spectator.position ||
      mpPublicHash(c.position) !== mpPublicHash(spectator.position)
    )
      problems.push(`legit ${c.role}: replica at ${c.seq}, the server at ${spectator.seq}`);
    const resent = c.snapshotReasons.filter((r) => r !== "join");
    if (resent.length > 0) problems.push(`legit ${c.role}: snapshots ${resent.join(", ")}`);
    c.close();
  }
  spectator.close();
  const lead = clients[0];
  return {
    problems,
    acks,
    games,
    game: created.game.id,
    seq: lead?.seq ?? -1,
    hash: lead?.position ? mpPublicHash(lead.position) : "",
    mismatches: clients.reduce((n, c) => n + c.mismatches, 0),
  };
}

/**
 * On a second server with the default limits: one connection floods it with
 * fuzz frames and is answered with a notice or two and then closed (1008),
 * while two players on the same server play on.
 */
async function rateLimitStorm(server: ServerProcess, seed: number) {
  const problems: string[] = [];
  const flood = await createGame(server.url, humans("16.31"));
  const game = await createGame(server.url, humans("16.31"));
  const flooder = new TestClient(server.wsUrl, flood.game.id, flood.tokens.first ?? "");
  flooder.reportHashes = false;
  await flooder.join();
  const players = (["first", "second"] as const).map(
    (side) => new TestClient(server.wsUrl, game.game.id, game.tokens[side] ?? ""),
  );
  for (const p of players) await p.join();
  const known: KnownTokens = { games: [tokensOf(flood), tokensOf(game)] };
  const maker = new FrameMaker(createRng(seed + 9), "rl", known, seed + 9);
  let sent = 0;
  for (let i = 0; i < 600 && flooder.closed === undefined; i++) {
    const frame = maker.next({
      role: "first",
      ctx: flooder.ctx,
      position: flooder.position,
      seq: flooder.seq,
      ownIds: [],
      game: flood.game.id,
    });
    flooder.ws.send(frame.data, { binary: frame.binary ?? false });
    sent += 1;
  }
  const acks = await playUntil(players, () => false, { level: "greedy", seed, maxActions: 12 });
  await flooder.until(() => flooder.closed !== undefined, 15_000);
  const notices = flooder.inbox.filter((m) => m.type === "error" && m.code === "rate-limited").length;
  if (flooder.closed?.code !== 1008) problems.push(`the flooder was closed with ${flooder.closed?.code}`);
  if (notices < 1 || notices > 3) problems.push(`${notices} rate-limit notices`);
  if (acks.length !== 12) problems.push(`the players beside the flood got ${acks.length} acks`);
  for (const p of players) p.close();
  return { problems, figures: { sent, notices, closed: flooder.closed?.code, playersAcks: acks.length } };
}
