import { CHAT_MAX_CHARS, CHAT_WIRE_MAX, MAX_CLIENT_MESSAGE_BYTES } from "@tercio/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGame, type Msg, TestClient } from "./test-support/client.js";
import { playUntil } from "./test-support/play.js";
import { type ServerProcess, startServerProcess, tempDb } from "./test-support/server-process.js";

/**
 * The players' word over the wire, against the real server (the built
 * CLI's `serve`, default limits): resigning, a draw offered and accepted, a
 * rematch with the seats exchanged, the chat; each refusal as the client
 * gets it; and a chat flood, malformed and oversized chat frames that cost
 * the sender only, while a game beside them goes on.
 */
const humans = (scenario: string) => ({
  scenario,
  seats: { first: { kind: "human" as const }, second: { kind: "human" as const } },
});
const alive = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;

async function pair(server: ServerProcess) {
  const created = await createGame(server.url, humans("16.24"));
  const first = new TestClient(server.wsUrl, created.game.id, created.tokens.first ?? "");
  const second = new TestClient(server.wsUrl, created.game.id, created.tokens.second ?? "");
  const spectator = new TestClient(server.wsUrl, created.game.id, created.tokens.spectator);
  await Promise.all([first.join(), second.join(), spectator.join()]);
  return { created, first, second, spectator };
}

const refusal = (c: TestClient, code: string) => c.next((m) => m.type === "error" && m.code === code);
const table = (c: TestClient, pred: (m: Msg) => boolean) => c.next((m) => m.type === "table" && pred(m));

describe("the players' word online", { timeout: 120_000 }, () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(tempDb());
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("a draw offered and accepted ends the game for both seats and the spectator; refusals are structured and leave the connection open", async () => {
    const { first, second, spectator } = await pair(server);
    spectator.send({ type: "resign" });
    expect(await refusal(spectator, "spectator")).toMatchObject({ fatal: false });
    second.send({ type: "accept-draw" });
    expect(await refusal(second, "no-draw-offer")).toMatchObject({ fatal: false });
    first.send({ type: "rematch" });
    expect(await refusal(first, "game-not-over")).toMatchObject({ fatal: false });
    first.send({ type: "offer-draw" });
    for (const c of [first, second, spectator]) await table(c, (m) => m.drawOffer === "first");
    first.send({ type: "accept-draw" });
    expect(await refusal(first, "no-draw-offer")).toMatchObject({
      message: expect.stringMatching(/you offered/),
    });
    second.send({ type: "accept-draw" });
    for (const c of [first, second, spectator]) {
      await table(c, (m) => m.ending?.kind === "draw-agreed" && m.drawOffer === null);
      await c.next((m) => m.type === "over");
    }
    second.send({ type: "resign" });
    expect(await refusal(second, "game-over")).toMatchObject({ fatal: false });
    // The lobby says so too (the end screen and "my games" read it).
    const lobby = (await (
      await fetch(`${server.url}api/games/${first.gameId}`, {
        headers: { authorization: `Bearer ${first.token}` },
      })
    ).json()) as Msg;
    expect(lobby).toMatchObject({ status: "over", turn: null, ending: { kind: "draw-agreed" } });
    for (const c of [first, second, spectator]) c.close();
  });

  it("a resignation, then a rematch with the seats exchanged that the same links open", async () => {
    const { created, first, second, spectator } = await pair(server);
    first.send({ type: "resign" });
    for (const c of [first, second, spectator])
      await table(c, (m) => m.ending?.kind === "resigned" && m.ending.side === "first");
    spectator.send({ type: "rematch" });
    expect(await refusal(spectator, "spectator")).toBeDefined();
    second.send({ type: "rematch" });
    const told = await table(first, (m) => typeof m.rematch === "string");
    const rematch = String(told.rematch);
    expect(rematch).not.toBe(created.game.id);
    await table(spectator, (m) => m.rematch === rematch);
    // The first game's First holds the rematch's Second, and the other way about.
    const a = new TestClient(server.wsUrl, rematch, first.token);
    const b = new TestClient(server.wsUrl, rematch, second.token);
    const watching = new TestClient(server.wsUrl, rematch, spectator.token);
    await Promise.all([a.join(), b.join(), watching.join()]);
    expect([a.role, b.role, watching.role]).toEqual(["second", "first", "spectator"]);
    expect(a.game).toMatchObject({
      scenario: created.game.scenario,
      options: created.game.options,
      status: "playing",
    });
    // Asked again: the same rematch.
    first.send({ type: "rematch" });
    await table(first, (m) => m.rematch === rematch);
    for (const c of [first, second, spectator, a, b, watching]) c.close();
  });

  it("keeps the chat with the game: sent to everyone as text, markup and all, and given again on reconnecting", async () => {
    const { first, second, spectator } = await pair(server);
    first.send({ type: "chat", text: "<b>x</b>" });
    for (const c of [first, second, spectator]) {
      const m = await c.next((x) => x.type === "chat");
      expect(m.lines).toEqual([{ n: 1, side: "first", text: "<b>x</b>", at: expect.any(Number) }]);
    }
    second.send({ type: "chat", text: "x".repeat(CHAT_MAX_CHARS + 1) });
    expect(await refusal(second, "chat-too-long")).toMatchObject({ fatal: false });
    spectator.send({ type: "chat", text: "hello" });
    expect(await refusal(spectator, "spectator")).toMatchObject({ fatal: false });
    second.close();
    const again = new TestClient(server.wsUrl, second.gameId, second.token);
    await again.join();
    const history = await again.next((m) => m.type === "chat");
    expect(history.lines.map((l: Msg) => l.text)).toEqual(["<b>x</b>"]);
    for (const c of [first, spectator, again]) c.close();
  });

  it("a chat flood, malformed and oversized chat cost their sender only: the server stays up and a game beside them goes on", async () => {
    const flood = await pair(server);
    const other = await pair(server);
    const playing = playUntil([other.first, other.second], (c) => c.seq >= 12, {
      pace: { perSecond: 10, burst: 10 },
    });
    // 50 lines at once (within the connection's own burst of 60): five are taken (one more for each
    // two seconds the 50 take to arrive, on a slow machine), the rest refused as too fast.
    for (let i = 0; i < 50; i++) flood.first.send({ type: "chat", text: `spam ${i}` });
    flood.first.send({ type: "ping", n: 1 });
    await flood.first.next((m) => m.type === "pong" && m.n === 1);
    const tooFast = flood.first.inbox.filter((m) => m.type === "error" && m.code === "chat-too-fast").length;
    const chatOf = (c: TestClient) =>
      c.inbox.filter((m) => m.type === "chat").flatMap((m) => m.lines as Msg[]);
    const kept = chatOf(flood.first).length;
    expect(kept).toBeGreaterThanOrEqual(5);
    expect(kept).toBeLessThanOrEqual(8);
    expect(kept + tooFast).toBe(50);
    await flood.second.until(() => chatOf(flood.second).length >= kept);
    expect(
      chatOf(flood.second)
        .map((l) => l.text)
        .slice(0, 5),
    ).toEqual(["spam 0", "spam 1", "spam 2", "spam 3", "spam 4"]);
    // Out of shape: bad-message, the connection open.
    flood.second.send({ type: "chat", text: 7 });
    expect(await refusal(flood.second, "bad-message")).toMatchObject({ fatal: false });
    flood.second.send({ type: "chat", text: "y".repeat(CHAT_WIRE_MAX + 1) });
    expect(await refusal(flood.second, "bad-message")).toMatchObject({ fatal: false });
    flood.second.send({ type: "chat", text: "<script>alert(1)</script>", html: true });
    expect(await refusal(flood.second, "bad-message")).toMatchObject({ fatal: false });
    // Over the frame limit: that connection is closed (1009), no other.
    flood.second.send({ type: "chat", text: "z".repeat(MAX_CLIENT_MESSAGE_BYTES) });
    expect(await flood.second.next((m) => m.type === "closed")).toMatchObject({ code: 1009 });
    await playing;
    expect(other.first.seq).toBeGreaterThanOrEqual(12);
    expect(alive(server)).toBe(true);
    const health = (await (await fetch(`${server.url}api/health`)).json()) as Msg;
    expect(health.ok).toBe(true);
    for (const c of [flood.first, flood.spectator, other.first, other.second, other.spectator]) c.close();
  });
});
