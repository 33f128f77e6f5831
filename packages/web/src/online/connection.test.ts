import { PROTOCOL_VERSION } from "@tercio/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refusalText } from "./connection.js";
import { setup, TOKEN } from "./fake-socket.js";
import { HASH_REPORT_MS, PING_MS, retryDelay, SILENCE_MS } from "./socket.js";
import { FakeServerGame, GAME_ID as GAME, gameInfo } from "./test-support.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the online connection", () => {
  it("says hello without lastSeq the first time, and is online and in step after the snapshot", () => {
    const server = FakeServerGame.start();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    expect(conn.getState().status).toEqual({ kind: "connecting" });
    socket().open();
    expect(socket().sent).toEqual([{ type: "hello", protocol: PROTOCOL_VERSION, game: GAME, token: TOKEN }]);
    expect(socket().url).toBe("ws://example.test/ws");
    welcome(socket(), [server.snapshot("join")]);
    const s = conn.getState();
    expect(s.status).toEqual({ kind: "online" });
    expect(s.role).toBe("first");
    expect(s.inSync).toBe(true);
    expect(s.replica?.seq).toBe(0);
  });

  it("sends an action with an id and the replica's seq, and lets the next go only after ack and event", () => {
    const server = FakeServerGame.start();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    const [a1, a2] = [server.nextAction(), { type: "end-phase" } as const];
    expect(conn.submit(a1, a2)).toBe(true);
    expect(conn.canAct()).toBe(false);
    const [act1] = socket().acts();
    expect(act1).toMatchObject({ type: "act", seq: 0, action: a1 });
    if (act1?.type !== "act") throw new Error("no act");
    expect(act1.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    socket().receive({ type: "ack", id: act1.id, seq: 1, duplicate: false });
    // Acknowledged, but its event not yet applied: the next action would carry a stale seq.
    expect(socket().acts()).toHaveLength(1);
    socket().receive(server.play(a1));
    const act2 = socket().acts()[1];
    expect(act2).toMatchObject({ type: "act", seq: 1, action: a2 });
    expect(act2?.type === "act" && act2.id).not.toBe(act1.id);
    expect(socket().sent).toContainEqual({ type: "hash", seq: 1, hash: server.snapshot().hash });
  });

  it("in a fast game (two AI seats) reports its hash at most twice a second, the latest one last, so its messages stay within the server's rate limit", () => {
    const server = FakeServerGame.start();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    const hashes = () => socket().sent.filter((m) => m.type === "hash");
    for (let i = 0; i < 30; i++) socket().receive(server.play(server.nextAction()));
    // The first at once; the rest held back, then only the newest of them.
    expect(hashes()).toHaveLength(1);
    vi.advanceTimersByTime(HASH_REPORT_MS);
    expect(hashes()).toHaveLength(2);
    expect(hashes()[1]).toEqual({ type: "hash", seq: server.seq, hash: server.snapshot().hash });
    vi.advanceTimersByTime(10 * HASH_REPORT_MS);
    expect(hashes()).toHaveLength(2);
    expect(conn.getState().replica?.seq).toBe(server.seq);
  });

  it("after a reconnect, applies the events missed and resubmits the pending action with the same id", () => {
    const server = FakeServerGame.start();
    const { conn, sockets, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    // The server applies the action, but the line drops before its event and ack arrive.
    const a1 = server.nextAction();
    conn.submit(a1);
    const first = socket().acts()[0];
    if (first?.type !== "act") throw new Error("no act");
    const missed = server.play(a1);
    socket().lose();
    const status = conn.getState().status;
    expect(status).toMatchObject({ kind: "reconnecting", attempt: 1 });
    expect(conn.getState().queue).toHaveLength(1);

    vi.advanceTimersByTime(retryDelay(1, 0));
    expect(sockets).toHaveLength(2);
    socket().open();
    expect(socket().sent[0]).toEqual({
      type: "hello",
      protocol: PROTOCOL_VERSION,
      game: GAME,
      token: TOKEN,
      lastSeq: 0,
    });
    // The server is at seq 1: nothing is resubmitted before the replica has caught up.
    welcome(socket(), []);
    expect(socket().acts()).toHaveLength(0);
    expect(conn.getState().inSync).toBe(false);
    socket().receive(missed);
    expect(conn.getState().replica?.seq).toBe(1);
    const again = socket().acts()[0];
    expect(again).toEqual({ type: "act", id: first.id, seq: 1, action: a1 });
    // The server recognises the id: a duplicate, applied once.
    socket().receive({ type: "ack", id: first.id, seq: 1, duplicate: true });
    expect(conn.getState().queue).toEqual([]);
    expect(conn.canAct()).toBe(true);
    expect(conn.getState().replica?.hash).toBe(server.snapshot().hash);
  });

  it("backs off from 0.5 s doubling to 4 s, and resets once welcomed", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelay(n, 0))).toEqual([
      500, 1000, 2000, 4000, 4000, 4000, 4000, 4000,
    ]);
    expect(retryDelay(1, 0.999)).toBeGreaterThanOrEqual(375);
    const server = FakeServerGame.start();
    const { conn, sockets, socket, welcome } = setup(server);
    conn.start();
    for (let n = 1; n <= 3; n++) {
      socket().lose();
      expect(conn.getState().status).toMatchObject({ kind: "reconnecting", attempt: n });
      vi.advanceTimersByTime(retryDelay(n, 0));
    }
    expect(sockets).toHaveLength(4);
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    socket().lose();
    expect(conn.getState().status).toMatchObject({ kind: "reconnecting", attempt: 1 });
  });

  it("closes for good on a fatal refusal, without retrying", () => {
    const server = FakeServerGame.start();
    const { conn, sockets, socket } = setup(server);
    conn.start();
    socket().open();
    socket().receive({
      type: "error",
      code: "unauthorised",
      message: "This link is not valid.",
      fatal: true,
    });
    socket().lose();
    expect(conn.getState().status).toEqual({
      kind: "closed",
      reason: "This link is not valid.",
      code: "unauthorised",
    });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it("closes for good on the server's close code for a wrong token, even without its message", () => {
    const server = FakeServerGame.start();
    const { conn, sockets, socket } = setup(server);
    conn.start();
    socket().open();
    socket().handlers.onClose(4401, "that token opens no seat");
    expect(conn.getState().status).toEqual({
      kind: "closed",
      reason: "that token opens no seat",
      code: "unauthorised",
    });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it("shows the refusal of its own action, citing the rule, and asks for a snapshot on stale-seq", () => {
    const server = FakeServerGame.start();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    conn.submit({ type: "end-phase" });
    const act = socket().acts()[0];
    if (act?.type !== "act") throw new Error("no act");
    socket().receive({
      type: "error",
      code: "illegal-action",
      message: "hex 1407 holds enemy units",
      rule: "5.2F",
      id: act.id,
      fatal: false,
    });
    expect(conn.getState().refusal).toEqual({
      code: "room/illegal-action",
      rule: "5.2F",
      message: "5.2(F): hex 1407 holds enemy units",
    });
    expect(conn.getState().queue).toEqual([]);
    conn.submit({ type: "end-phase" });
    const act2 = socket().acts()[1];
    if (act2?.type !== "act") throw new Error("no act");
    socket().receive({
      type: "error",
      code: "stale-seq",
      message: "stale",
      id: act2.id,
      seq: 4,
      fatal: false,
    });
    expect(socket().sent.at(-1)).toEqual({ type: "sync" });
    expect(conn.getState().refusal?.message).toMatch(/retry/);
  });

  it("pings every 25 s and reconnects when the server falls silent", () => {
    const server = FakeServerGame.start();
    const { conn, sockets, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    vi.advanceTimersByTime(PING_MS);
    expect(socket().sent.at(-1)).toEqual({ type: "ping" });
    vi.advanceTimersByTime(SILENCE_MS);
    // Given up on at the first ping after the silence, and a new socket opened after the first backoff.
    expect(sockets[0]?.closed).toBeDefined();
    expect(sockets).toHaveLength(2);
    expect(conn.getState().status).toEqual({ kind: "connecting", attempt: 1 });
  });

  it("notifies its listeners and stops for good when left", () => {
    const server = FakeServerGame.start();
    const { conn, sockets, socket } = setup(server);
    const seen: string[] = [];
    conn.subscribe(() => seen.push(conn.getState().status.kind));
    conn.start();
    socket().open();
    conn.close();
    expect(seen.at(-1)).toBe("closed");
    socket().lose();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it("quotes the rule once, the system's way", () => {
    const cite = FakeServerGame.start().system.cite;
    expect(refusalText({ message: "5.2(F): hex 1407 holds enemy units", rule: "5.2F" }, cite)).toBe(
      "5.2(F): hex 1407 holds enemy units",
    );
    expect(refusalText({ message: "hex 1407 holds enemy units", rule: "5.2F" }, cite)).toBe(
      "5.2(F): hex 1407 holds enemy units",
    );
    expect(refusalText({ message: "not your turn" }, cite)).toBe("not your turn");
  });
});

describe("the online connection, for any rule system", () => {
  it("plays a chapter-11 game: its actions go out as they are, the server's events come back applied with their dice", () => {
    const server = FakeServerGame.tabletop();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    expect(conn.getState().inSync).toBe(true);
    for (let i = 0; i < 30; i++) {
      const action = server.nextAction();
      if (server.side === "first") {
        expect(conn.submit(action)).toBe(true);
        const act = socket().acts().at(-1);
        if (act?.type !== "act") throw new Error("no act");
        expect(act).toMatchObject({ seq: server.seq, action: JSON.parse(JSON.stringify(action)) });
        socket().receive({ type: "ack", id: act.id, seq: server.seq + 1, duplicate: false });
      }
      socket().receive(server.play(action));
      expect(conn.canAct()).toBe(true);
    }
    const s = conn.getState();
    expect(s.notice).toBeUndefined();
    expect(s.replica?.seq).toBe(server.seq);
    expect(s.replica?.hash).toBe(server.snapshot().hash);
    expect(s.replica?.log.some((e) => e.dice.length > 0)).toBe(true);
  });

  it("hands the board the system's whole rule error of a refused action, unit and all", () => {
    const server = FakeServerGame.tabletop();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    conn.submit({ type: "end-phase" });
    const act = socket().acts()[0];
    if (act?.type !== "act") throw new Error("no act");
    const refusal = {
      code: "move/allowance",
      rule: "004 Movement: Movement Allowances",
      message: "004 Movement: Movement Allowances: A-INF1 may move 6 inches",
      unit: "A-INF1",
    };
    socket().receive({
      type: "error",
      code: "illegal-action",
      message: refusal.message,
      rule: refusal.rule,
      refusal,
      id: act.id,
      fatal: false,
    });
    expect(conn.getState().refusal).toEqual(refusal);
    expect(conn.canAct()).toBe(true);
  });

  it("closes with a clear reason when welcomed to a game of another system", () => {
    const server = FakeServerGame.tabletop();
    const { conn, sockets, socket } = setup(FakeServerGame.start());
    conn.start();
    socket().open();
    socket().receive({ type: "welcome", protocol: PROTOCOL_VERSION, role: "first", game: gameInfo(server) });
    expect(conn.getState().status).toMatchObject({ kind: "closed", code: "incompatible" });
    expect(conn.getState().status.kind === "closed" && conn.getState().status).toMatchObject({
      reason: expect.stringMatching(/Horse and Musket.*not of Musket & Pike/),
    });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it("says which protocol the server speaks when it is another one, whatever else its welcome holds", () => {
    const { conn, socket } = setup(FakeServerGame.tabletop());
    conn.start();
    socket().open();
    socket().receiveRaw(JSON.stringify({ type: "welcome", protocol: PROTOCOL_VERSION + 1, game: { v: 3 } }));
    expect(conn.getState().status).toMatchObject({
      kind: "closed",
      code: "incompatible",
      reason: `the server speaks protocol ${PROTOCOL_VERSION + 1}, this page ${PROTOCOL_VERSION}`,
    });
  });

  it("tells the player of a malformed message and never acts on it: passed over, or resynchronised past", () => {
    const server = FakeServerGame.tabletop();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    const before = conn.getState().replica;
    for (const frame of [
      "not json {",
      "null",
      "[1,2]",
      JSON.stringify({ type: "surprise" }),
      JSON.stringify({ type: "ack", id: 7, seq: 1, duplicate: false }),
      JSON.stringify({ type: "presence", first: "yes" }),
      JSON.stringify({ type: "error", code: "no-such-code", message: "x", fatal: true }),
      JSON.stringify({ type: "over", seq: -1 }),
    ]) {
      expect(() => socket().receiveRaw(frame)).not.toThrow();
      expect(conn.getState().notice).toMatch(/cannot read/);
      expect(conn.getState().status).toEqual({ kind: "online" });
      expect(conn.getState().replica).toBe(before);
    }
    // An event out of shape: it cannot be applied, so the replica asks for the position instead.
    const e = server.play(server.nextAction());
    socket().receiveRaw(JSON.stringify({ ...e, dice: "six" }));
    expect(conn.getState().replica?.resyncing).toBe("unplayable");
    expect(conn.getState().inSync).toBe(false);
    expect(conn.canAct()).toBe(false);
    expect(socket().sent.at(-1)).toEqual({ type: "sync" });
    socket().receive(server.snapshot("requested"));
    expect(conn.getState().replica?.seq).toBe(1);
    expect(conn.canAct()).toBe(true);
  });

  it("resynchronises past an event whose action is another system's", () => {
    const server = FakeServerGame.tabletop();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    const e = server.play(server.nextAction());
    socket().receive({ ...e, action: { type: "deploy", unit: "C1", hex: "1407" } });
    expect(conn.getState().notice).toMatch(/not an action of Horse and Musket/);
    expect(socket().sent.at(-1)).toEqual({ type: "sync" });
    socket().receive(server.snapshot("requested"));
    expect(conn.getState().replica?.hash).toBe(e.hash);
  });

  it("closes for good on a snapshot it cannot read: this page and the server do not speak alike", () => {
    const server = FakeServerGame.tabletop();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), []);
    socket().receiveRaw(JSON.stringify({ ...server.snapshot(), hash: 12 }));
    expect(conn.getState().status).toMatchObject({ kind: "closed", code: "incompatible" });
    expect(conn.getState().status.kind === "closed" && conn.getState().status).toMatchObject({
      reason: expect.stringMatching(/"snapshot" message this page cannot read \(hash: /),
    });
  });
});

describe("the online connection's last resort", () => {
  it("tells the player and asks for the position when the system's code throws on a message, never throwing itself", () => {
    const server = FakeServerGame.tabletop();
    const throwing = {
      ...server.system,
      apply: () => {
        throw new Error("a bug");
      },
    };
    const { conn, socket, welcome } = setup(
      new FakeServerGame(throwing, server.ctx, server.position, {
        name: "none",
        choose: () => ({ type: "end-phase" }),
      }),
    );
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    expect(() => socket().receive(server.play(server.nextAction()))).not.toThrow();
    expect(conn.getState().notice).toMatch(/could not handle a message from the server \(a bug\)/);
    expect(conn.getState().replica?.resyncing).toBe("unplayable");
    expect(socket().sent.at(-1)).toEqual({ type: "sync" });
    socket().receive(server.snapshot("requested"));
    expect(conn.getState().replica?.resyncing).toBe(false);
  });
});

describe("the players' word on the connection", () => {
  it("sends a resignation, a draw's answers, the rematch and chat as typed messages, and only when online", () => {
    const server = FakeServerGame.start();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    expect(conn.tell({ type: "resign" })).toBe(false);
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    for (const word of [
      { type: "offer-draw" },
      { type: "accept-draw" },
      { type: "decline-draw" },
      { type: "rematch" },
      { type: "chat", text: "<b>x</b>" },
      { type: "resign" },
    ] as const)
      expect(conn.tell(word)).toBe(true);
    expect(socket().sent.slice(1)).toEqual([
      { type: "offer-draw" },
      { type: "accept-draw" },
      { type: "decline-draw" },
      { type: "rematch" },
      { type: "chat", text: "<b>x</b>" },
      { type: "resign" },
    ]);
  });

  it("follows the table: an offer, then an end by the players' word, after which this seat may not act", () => {
    const server = FakeServerGame.start();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    expect(conn.canAct()).toBe(true);
    socket().receive({ type: "table", drawOffer: "second", ending: null, rematch: null });
    expect(conn.getState().table).toEqual({ drawOffer: "second", ending: null, rematch: null });
    expect(conn.canAct()).toBe(true);
    socket().receive({ type: "table", drawOffer: null, ending: { kind: "draw-agreed" }, rematch: null });
    expect(conn.getState().table?.ending).toEqual({ kind: "draw-agreed" });
    expect(conn.canAct()).toBe(false);
    expect(conn.submit({ type: "end-phase" })).toBe(false);
  });

  it("keeps each chat line once, in order, however often it comes (a reconnect sends the whole chat again)", () => {
    const server = FakeServerGame.start();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    const line = (n: number, text: string) => ({ n, side: "first" as const, text, at: n });
    socket().receive({ type: "chat", lines: [line(1, "a"), line(2, "b")] });
    socket().receive({ type: "chat", lines: [line(3, "<b>c</b>")] });
    socket().receive({ type: "chat", lines: [line(1, "a"), line(2, "b"), line(3, "<b>c</b>")] });
    expect(conn.getState().chat.map((l) => l.text)).toEqual(["a", "b", "<b>c</b>"]);
  });

  it("after the game is over, reconnects when the connection drops, so that chat and the rematch still go", () => {
    const server = FakeServerGame.start();
    const { conn, sockets, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    socket().receive({ type: "over", seq: 0, save: {} });
    expect(conn.getState().over).toBeDefined();
    socket().lose();
    expect(conn.getState().status).toMatchObject({ kind: "reconnecting", attempt: 1 });
    vi.advanceTimersByTime(retryDelay(1, 0));
    expect(sockets).toHaveLength(2);
    socket().open();
    welcome(socket(), [server.snapshot("join"), { type: "over", seq: 0, save: {} }]);
    expect(conn.getState().status.kind).toBe("online");
    expect(conn.tell({ type: "chat", text: "gg" })).toBe(true);
    expect(conn.tell({ type: "rematch" })).toBe(true);
    expect(socket().sent.slice(-2)).toEqual([{ type: "chat", text: "gg" }, { type: "rematch" }]);
    // Still no action: the game is over.
    expect(conn.canAct()).toBe(false);
  });

  it("shows a refusal of the players' word beside the chat, not as a refused action, and keeps the connection", () => {
    const server = FakeServerGame.start();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    socket().receive({ type: "error", code: "chat-too-fast", message: "wait a moment", fatal: false });
    expect(conn.getState()).toMatchObject({
      socialRefusal: "wait a moment",
      refusal: undefined,
      status: { kind: "online" },
    });
    conn.tell({ type: "chat", text: "again" });
    expect(conn.getState().socialRefusal).toBeUndefined();
  });

  it("passes over a table or chat message out of shape, telling the player, never crashing", () => {
    const server = FakeServerGame.start();
    const { conn, socket, welcome } = setup(server);
    conn.start();
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    socket().receiveRaw(
      JSON.stringify({ type: "chat", lines: [{ n: 1, side: "first", text: "x", at: 1, html: "<b>" }] }),
    );
    socket().receiveRaw(
      JSON.stringify({ type: "table", drawOffer: "spectator", ending: null, rematch: null }),
    );
    expect(conn.getState().chat).toEqual([]);
    expect(conn.getState().table).toBeUndefined();
    expect(conn.getState().notice).toMatch(/cannot read/);
    expect(conn.getState().status).toEqual({ kind: "online" });
  });
});
