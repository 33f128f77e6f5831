import { EventEmitter } from "node:events";
import { createRng, mpPolicy } from "@tercio/ai";
import { legalActions } from "@tercio/musket-and-pike";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiPlayers } from "./ai-player.js";
import type { AiReply, AiRequest } from "./ai-protocol.js";
import type { AiThread } from "./ai-seats.js";
import { createServer } from "./server.js";
import { createGame, type Msg, randomId, TestClient } from "./test-support/client.js";
import { inProcessAi } from "./test-support/in-process-ai.js";

/** A server in this process with its AI seats in this thread too, so that many games run quickly. */
async function startServer(aiWorker: () => AiThread = inProcessAi, aiWatchMs = 100, aiAnswerMs = 120_000) {
  const logged: string[] = [];
  const server = await createServer({
    db: ":memory:",
    aiWorker,
    aiWatchMs,
    aiAnswerMs,
    log: (line) => logged.push(line),
    limits: {
      gamesPerHour: 100_000,
      messagesPerSecond: 100_000,
      messageBurst: 100_000,
      // The test clients report a hash after every event (the web client coalesces its reports):
      // with the AI moving as fast as the server now commits, one address would pass 200 a second.
      addressMessagesPerSecond: 100_000,
      connectionsPerAddress: 100_000,
      snapshotIntervalMs: 0,
    },
  });
  const url = await server.listen(0, "127.0.0.1");
  return { server, url, wsUrl: `${url.replace(/^http/, "ws")}ws`, logged };
}

const health = async (url: string) => (await (await fetch(`${url}api/health`)).json()) as Msg;

/**
 * The invariant: a game whose AI seat is to move gets its move. Waits until
 * it is the human's turn again (or the game is over); fails after `ms`.
 */
async function aiHasMoved(client: TestClient, ms = 10_000): Promise<void> {
  await client.until(
    () => client.position !== undefined && (client.position.phase === "game-over" || client.myTurn),
    ms,
  );
}

describe("AI seats", { timeout: 120_000 }, () => {
  let s: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s.server.close();
  });

  it("a player who sends its actions under the AI's old ids cannot stop the AI: ids are each seat's own, and the server's are no client's", async () => {
    const created = await createGame(s.url, {
      scenario: "16.31",
      seats: { first: { kind: "human" }, second: { kind: "ai", level: "random" } },
    });
    const human = new TestClient(s.wsUrl, created.game.id, created.tokens.first ?? "");
    await human.join();
    const policy = mpPolicy("random");
    if (!policy) throw new Error("no random level");
    const rng = createRng(7);
    let aiMoves = 0;
    human.observe = (m) => {
      if (m.type === "event" && m.side === "second") aiMoves += 1;
    };
    // The server's own ids cannot even be sent: they are no client id.
    human.send({ type: "act", id: "ai:1:0.0", seq: 0, action: { type: "end-phase" } });
    expect(await human.next((m) => m.type === "error")).toMatchObject({ code: "bad-message" });
    for (let n = 0; n < 400 && aiMoves < 5; n++) {
      if (!human.myTurn) {
        await aiHasMoved(human);
        continue;
      }
      if (!human.position) throw new Error("no position");
      // The attack: every action under the id the AI's answer to the next event once had.
      const reply = await human.act(
        policy.choose(human.ctx, human.position, rng),
        `ai-second-${human.seq + 1}`,
      );
      expect(reply.type).toBe("ack");
    }
    expect(aiMoves).toBeGreaterThanOrEqual(5);
    expect((await health(s.url)).aiStuck).toBe(0);
    human.close();
  });

  it("no sequence of client messages leaves a game with its AI seat to move and no move coming (property)", async () => {
    const command = fc.oneof(
      fc.record({ kind: fc.constant("legal" as const), id: fc.nat(4), pick: fc.nat(1000) }),
      fc.record({
        kind: fc.constantFrom(
          "illegal",
          "stale",
          "future",
          "sync",
          "hash",
          "reconnect",
          "spectator",
          "server-id",
        ),
      }),
    );
    const setup = fc.record({
      aiSide: fc.constantFrom("first" as const, "second" as const),
      level: fc.constantFrom("random", "greedy"),
      scenario: fc.constantFrom("16.31", "16.24"),
      commands: fc.array(command, { minLength: 1, maxLength: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(setup, async ({ aiSide, level, scenario, commands }) => {
        const humanSide = aiSide === "first" ? "second" : "first";
        const created = await createGame(s.url, {
          scenario,
          seats: { [aiSide]: { kind: "ai", level }, [humanSide]: { kind: "human" } } as never,
        });
        const token = created.tokens[humanSide] ?? "";
        const human = new TestClient(s.wsUrl, created.game.id, token);
        const spectator = new TestClient(s.wsUrl, created.game.id, created.tokens.spectator);
        await human.join();
        await spectator.join();
        const used: string[] = [];
        try {
          for (const c of commands) {
            if (!human.myTurn) await aiHasMoved(human);
            if (!human.position || human.position.phase === "game-over") break;
            const p = human.position;
            switch (c.kind) {
              case "legal": {
                if (!human.myTurn) break;
                const legal = legalActions(human.ctx, p);
                const action = legal[c.pick % Math.max(1, legal.length)] ?? { type: "end-phase" as const };
                const ids = [
                  randomId(),
                  `ai-${aiSide}-${human.seq + 1}`,
                  `ai-${aiSide}-${human.seq + 2}`,
                  used.at(-1) ?? "x",
                  `ai-${humanSide}-${human.seq + 1}`,
                ];
                const id = ids[c.id] ?? randomId();
                used.push(id);
                await human.act(action, id);
                break;
              }
              case "illegal":
                await human.act({ type: "move", unit: "NO-SUCH-UNIT", steps: [{ to: "0101" }] } as never);
                break;
              case "stale":
                await human.act({ type: "end-phase" }, randomId(), Math.max(0, human.seq - 1));
                break;
              case "future":
                await human.act({ type: "end-phase" }, randomId(), human.seq + 5);
                break;
              case "sync":
                human.send({ type: "sync" });
                break;
              case "hash":
                human.send({ type: "hash", seq: human.seq, hash: "0123456789abcdef" });
                break;
              case "reconnect": {
                // The same replica comes back and asks for what it missed.
                human.close();
                await human.until(() => human.closed !== undefined);
                await human.join(human.seq);
                break;
              }
              case "spectator":
                await spectator.act({ type: "end-phase" }, used.at(-1) ?? randomId());
                break;
              case "server-id":
                human.send({
                  type: "act",
                  id: `ai:${human.seq}:0.0`,
                  seq: human.seq,
                  action: { type: "end-phase" },
                });
                await human.next((m) => m.type === "error" && m.code === "bad-message");
                break;
            }
          }
          // The invariant: if it is the AI's turn, its move comes.
          await aiHasMoved(human);
        } finally {
          human.close();
          spectator.close();
        }
      }),
      { numRuns: 40, seed: 1201 },
    );
    expect((await health(s.url)).aiStuck).toBe(0);
  });
});

/** An AI thread with a fault: it answers through `behave`, which may drop, fail or change an answer. */
function faultyAi(behave: (request: AiRequest, answer: () => AiReply | undefined) => AiReply | undefined) {
  return (): AiThread => {
    const players = aiPlayers();
    const thread = new EventEmitter() as EventEmitter & AiThread;
    thread.postMessage = (request: AiRequest) =>
      setImmediate(() => {
        const reply = behave(request, () => players(request));
        if (reply) thread.emit("message", reply);
      });
    thread.terminate = async () => 0;
    thread.unref = () => undefined;
    return thread;
  };
}

describe("AI seats when things go wrong", { timeout: 60_000 }, () => {
  const aiFirst = { first: { kind: "ai", level: "greedy" }, second: { kind: "human" } } as const;

  it("a question the thread never answers is found by the watch and asked again", async () => {
    let dropped = 0;
    const s = await startServer(
      faultyAi((request, answer) => {
        if (request.kind === "choose" && request.id <= 3) {
          dropped += 1;
          return undefined;
        }
        return answer();
      }),
      50,
      300,
    );
    try {
      const created = await createGame(s.url, { scenario: "16.31", seats: aiFirst });
      const watcher = new TestClient(s.wsUrl, created.game.id, created.tokens.spectator);
      await watcher.join();
      await watcher.until(() => watcher.seq >= 3, 10_000);
      expect(dropped).toBe(3);
      expect(s.logged.filter((l) => /no answer in 0 s/.test(l))).toHaveLength(3);
      watcher.close();
    } finally {
      await s.server.close();
    }
  });

  it("an answer the server refuses is replaced by the random level's; one that can never be played is reported stuck, then tried again", async () => {
    let broken = true;
    const s = await startServer(
      faultyAi((request, answer) => {
        if (request.kind !== "choose") return answer();
        // While broken, every level answers with an action no position allows.
        if (broken) return { id: request.id, ok: true, action: { type: "undeploy", unit: "NO-SUCH-UNIT" } };
        return answer();
      }),
      50,
    );
    try {
      const created = await createGame(s.url, { scenario: "16.31", seats: aiFirst });
      const watcher = new TestClient(s.wsUrl, created.game.id, created.tokens.spectator);
      await watcher.join();
      const end = Date.now() + 10_000;
      while ((await health(s.url)).aiStuck < 1 && Date.now() < end)
        await new Promise((r) => setTimeout(r, 20));
      const h = await health(s.url);
      expect(h.aiStuck).toBe(1);
      expect(h.aiFailures).toBeGreaterThanOrEqual(6);
      expect(s.logged.some((l) => /is stuck: its AI seat \(first\)/.test(l))).toBe(true);
      expect(watcher.seq).toBe(0);
      // Mended, it moves when the game is tried again (a minute later, or at once when it is loaded anew).
      broken = false;
      s.server.state.ai.forget(created.game.id);
      s.server.state.ai.watch(s.server.state.rooms.values());
      await watcher.until(() => watcher.seq >= 1, 10_000);
      watcher.close();
    } finally {
      await s.server.close();
    }
  });
});
