import { afterEach, expect, it } from "vitest";
import {
  EMPTY_TABLE,
  type GameStore,
  type GameSummary,
  StoreConflict,
  type StoredAction,
  type StoredGame,
} from "../store.js";

/**
 * The storage contract every engine keeps (store.ts), registered as `it`
 * blocks inside the caller's `describe`. `fresh` makes a new, empty
 * database and returns how to open a store on it; opening it again is what
 * a restarted server, or a second server beside the first, does.
 */
export type FreshDatabase = () => Promise<() => Promise<GameStore>>;

export const summary = (seq: number): GameSummary => ({
  status: "playing",
  seq,
  hash: "fedcba9876543210",
  turn: "second",
  gameTurn: 1,
  phase: "deployment",
  updatedAt: 3,
});

export const action = (seq: number, side: "first" | "second", actionId: string): StoredAction => ({
  seq,
  side,
  actionId,
  action: { type: "end-phase" },
  dice: [],
  hash: "fedcba9876543210",
  publicHash: "0011223344556677",
  at: 3,
});

export const game = (id: string, createdAt: number): StoredGame => ({
  id,
  system: "musket-and-pike",
  scenario: "16.24",
  options: { optionalRules: [] },
  seats: { first: { kind: "human" }, second: { kind: "human" } },
  rules: { version: "v", hash: "0123456789abcdef" },
  version: "0.2.0",
  hashFormat: 2,
  openingPrng: `${"0".repeat(31)}1`,
  tokens: { first: "a", second: "b", spectator: "s" },
  creator: "127.0.0.1",
  createdAt,
  delivered: false,
  summary: { ...summary(0), turn: "first" },
  table: EMPTY_TABLE,
});

export function storeSuite(fresh: FreshDatabase): void {
  const opened: GameStore[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  /** A store on a new database, and how to open another on the same one. */
  const setUp = async () => {
    const open = await fresh();
    const again = async () => {
      const store = await open();
      opened.push(store);
      return store;
    };
    return { store: await again(), again };
  };

  it("gives back a game as it was created, every field, and nothing for an unknown id", async () => {
    const { store } = await setUp();
    const full: StoredGame = {
      ...game("Complete00000001", 1_733_000_000_123),
      system: "horse-and-musket-ch11",
      scenario: "river-crossing",
      options: { readings: { b: 1, a: ["ü", "😀"] } },
      // A game stored before hash format 2, as a restarted server reads it back.
      hashFormat: 1,
      seats: {
        first: { kind: "human", webhook: "https://example.org/hook" },
        second: { kind: "ai", level: "strong" },
      },
      tokens: { first: "a", second: undefined, spectator: "s" },
      delivered: true,
      summary: { ...summary(0), turn: null, gameTurn: 12, updatedAt: 1_733_000_000_456 },
      // What the players say comes later (setTable): the room creates every game with nothing said.
      table: EMPTY_TABLE,
    };
    await store.createGame(full);
    expect(await store.getGame("Complete00000001")).toEqual(full);
    expect(await store.getGame("Nobody0000000001")).toBeUndefined();
    // A new game's format (3: the structural public hash) comes back as written too.
    await store.createGame({ ...game("Structural000001", 5), hashFormat: 3 });
    expect((await store.getGame("Structural000001"))?.hashFormat).toBe(3);
    // JSON keeps its keys' order: the record is what was written.
    expect(JSON.stringify((await store.getGame("Complete00000001"))?.options)).toBe(
      '{"readings":{"b":1,"a":["ü","😀"]}}',
    );
  });

  it("refuses a second game with the same id", async () => {
    const { store } = await setUp();
    await store.createGame(game("Twice00000000001", 1));
    await expect(store.createGame(game("Twice00000000001", 2))).rejects.toThrow();
    expect((await store.getGame("Twice00000000001"))?.createdAt).toBe(1);
  });

  it("appends actions with the summary; reads the log after a seq, at most a limit, and a seat's action by id", async () => {
    const { store } = await setUp();
    await store.createGame(game("Log0000000000001", 1));
    const odd = {
      ...action(1, "first", "f-1"),
      action: { z: [1, { y: "'); DROP TABLE games; --" }], a: null },
      dice: [6, 1],
    };
    await store.append("Log0000000000001", odd, summary(1));
    await store.append("Log0000000000001", action(2, "second", "s-1"), summary(2));
    await store.append("Log0000000000001", action(3, "first", "f-2"), {
      ...summary(3),
      status: "over",
      turn: null,
    });
    expect(await store.actions("Log0000000000001")).toEqual([
      odd,
      action(2, "second", "s-1"),
      action(3, "first", "f-2"),
    ]);
    expect(JSON.stringify((await store.actions("Log0000000000001"))[0]?.action)).toBe(
      JSON.stringify(odd.action),
    );
    expect((await store.actions("Log0000000000001", 1)).map((a) => a.seq)).toEqual([2, 3]);
    expect((await store.actions("Log0000000000001", 1, 1)).map((a) => a.seq)).toEqual([2]);
    expect(await store.actions("Log0000000000001", 3)).toEqual([]);
    expect(await store.actions("Nobody0000000001")).toEqual([]);
    expect(await store.findAction("Log0000000000001", "second", "s-1")).toEqual(action(2, "second", "s-1"));
    expect(await store.findAction("Log0000000000001", "first", "s-1")).toBeUndefined();
    expect((await store.getGame("Log0000000000001"))?.summary).toEqual({
      ...summary(3),
      status: "over",
      turn: null,
    });
    expect(await store.playingGames()).toEqual([]);
  });

  it("refuses a seq or a seat's id twice, and a summary not at the action before, storing nothing of it", async () => {
    const { store } = await setUp();
    await store.createGame(game("Conflict00000001", 1));
    await store.append("Conflict00000001", action(1, "first", "x"), summary(1));
    await expect(
      store.append("Conflict00000001", action(1, "second", "y"), summary(1)),
    ).rejects.toBeInstanceOf(StoreConflict);
    await expect(
      store.append("Conflict00000001", action(2, "first", "x"), summary(2)),
    ).rejects.toBeInstanceOf(StoreConflict);
    // The other seat's id is its own.
    await store.append("Conflict00000001", action(2, "second", "x"), summary(2));
    // An action at a free seq whose summary skips one: the transaction leaves neither.
    await expect(
      store.append("Conflict00000001", action(4, "first", "z"), summary(4)),
    ).rejects.toBeInstanceOf(StoreConflict);
    expect((await store.actions("Conflict00000001")).map((a) => [a.seq, a.side, a.actionId])).toEqual([
      [1, "first", "x"],
      [2, "second", "x"],
    ]);
    expect(await store.findAction("Conflict00000001", "first", "z")).toBeUndefined();
    expect((await store.getGame("Conflict00000001"))?.summary.seq).toBe(2);
  });

  it("lets one of two stores on the same database append at a seq, and refuses the other", async () => {
    const { store, again } = await setUp();
    const other = await again();
    await store.createGame(game("Race000000000001", 1));
    const results = await Promise.allSettled([
      store.append("Race000000000001", action(1, "first", "from-one"), summary(1)),
      other.append("Race000000000001", action(1, "first", "from-two"), summary(1)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(StoreConflict);
    expect(await other.actions("Race000000000001")).toHaveLength(1);
  });

  it("keeps what was acknowledged for the next store opened on it", async () => {
    const { store, again } = await setUp();
    await store.createGame(game("Kept000000000001", 1));
    await store.append("Kept000000000001", action(1, "first", "x"), summary(1));
    await store.addChat("Kept000000000001", { n: 1, side: "second", text: "hello", at: 2 });
    await store.close();
    const next = await again();
    expect(await next.actions("Kept000000000001")).toEqual([action(1, "first", "x")]);
    expect((await next.getGame("Kept000000000001"))?.summary.seq).toBe(1);
    expect(await next.chatLines("Kept000000000001")).toEqual([
      { n: 1, side: "second", text: "hello", at: 2 },
    ]);
    expect(await next.playingGames()).toEqual(["Kept000000000001"]);
    // Closing twice is harmless (the server closes once, a test may again).
    await store.close();
  });

  it("sets and clears a human seat's webhook, and leaves an AI seat alone", async () => {
    const { store } = await setUp();
    await store.createGame({
      ...game("Hook000000000001", 1),
      seats: { first: { kind: "human" }, second: { kind: "ai", level: "greedy" } },
    });
    await store.setWebhook("Hook000000000001", "first", "https://example.org/a");
    await store.setWebhook("Hook000000000001", "second", "https://example.org/b");
    expect((await store.getGame("Hook000000000001"))?.seats).toEqual({
      first: { kind: "human", webhook: "https://example.org/a" },
      second: { kind: "ai", level: "greedy" },
    });
    await store.setWebhook("Hook000000000001", "first", null);
    expect((await store.getGame("Hook000000000001"))?.seats.first).toEqual({ kind: "human" });
    await store.setWebhook("Nobody0000000001", "first", "https://example.org/a");
  });

  it("keeps a draw offer and a rematch; refuses an end at a seq the game is not at, and a chat line's number twice", async () => {
    const { store } = await setUp();
    await store.createGame(game("Table00000000001", 10));
    await store.setTable("Table00000000001", { ...EMPTY_TABLE, drawOffer: "second" });
    expect((await store.getGame("Table00000000001"))?.table.drawOffer).toBe("second");
    await expect(
      store.setTable(
        "Table00000000001",
        { drawOffer: null, ending: { kind: "draw-agreed" }, rematch: null },
        { ...summary(3), status: "over", turn: null },
      ),
    ).rejects.toBeInstanceOf(StoreConflict);
    expect((await store.getGame("Table00000000001"))?.summary.status).toBe("playing");
    await store.setTable("Table00000000001", { ...EMPTY_TABLE, rematch: "Rematch000000001" });
    expect((await store.getGame("Table00000000001"))?.table).toEqual({
      ...EMPTY_TABLE,
      rematch: "Rematch000000001",
    });
    await store.addChat("Table00000000001", { n: 1, side: "first", text: "a", at: 1 });
    await expect(
      store.addChat("Table00000000001", { n: 1, side: "second", text: "b", at: 2 }),
    ).rejects.toBeInstanceOf(StoreConflict);
  });

  it("ends a game by the players' word with its summary, at the seq it is at", async () => {
    const { store } = await setUp();
    await store.createGame(game("Resign0000000001", 10));
    await store.append("Resign0000000001", action(1, "first", "x"), summary(1));
    await store.setTable(
      "Resign0000000001",
      { drawOffer: null, ending: { kind: "resigned", side: "second" }, rematch: null },
      { ...summary(1), status: "over", turn: null, updatedAt: 9 },
    );
    expect(await store.getGame("Resign0000000001")).toMatchObject({
      table: { drawOffer: null, ending: { kind: "resigned", side: "second" }, rematch: null },
      summary: { status: "over", turn: null, seq: 1, updatedAt: 9 },
    });
    expect(await store.playingGames()).toEqual([]);
  });

  it("gives the chat oldest first, its text as written", async () => {
    const { store } = await setUp();
    await store.createGame(game("Chat000000000001", 10));
    const lines = [
      { n: 2, side: "second" as const, text: "'; DELETE FROM chat; --", at: 5 },
      { n: 1, side: "first" as const, text: "<b>gg</b> 😀", at: 4 },
    ];
    for (const line of lines) await store.addChat("Chat000000000001", line);
    expect(await store.chatLines("Chat000000000001")).toEqual([lines[1], lines[0]]);
    expect(await store.chatLines("Nobody0000000001")).toEqual([]);
  });

  it("counts the games an address created since a time, and lists those still played", async () => {
    const { store } = await setUp();
    await store.createGame(game("Count00000000001", 1_733_000_000_000));
    await store.createGame(game("Count00000000002", 1_733_000_000_500));
    await store.createGame({ ...game("Count00000000003", 1_733_000_000_900), creator: "::1" });
    await store.createGame({
      ...game("Count00000000004", 1),
      summary: { ...summary(0), status: "over", turn: null },
    });
    expect(await store.gamesCreatedSince("127.0.0.1", 1_733_000_000_500)).toBe(1);
    expect(await store.gamesCreatedSince("127.0.0.1", 0)).toBe(3);
    expect(await store.gamesCreatedSince("::1", 0)).toBe(1);
    expect(await store.gamesCreatedSince("10.0.0.1", 0)).toBe(0);
    expect((await store.playingGames()).sort()).toEqual([
      "Count00000000001",
      "Count00000000002",
      "Count00000000003",
    ]);
  });

  it("deletes the games whose links never went out, and only those, with their logs", async () => {
    const { store } = await setUp();
    await store.createGame(game("Undelivered00001", 10));
    await store.createGame(game("Delivered0000001", 10));
    await store.createGame(game("TooYoung00000001", 50));
    await store.markDelivered("Delivered0000001");
    await store.markDelivered("Delivered0000001");
    await store.append("Undelivered00001", action(1, "first", "x"), summary(1));
    await store.addChat("Undelivered00001", { n: 1, side: "first", text: "anyone?", at: 11 });
    expect(await store.gamesCreatedSince("127.0.0.1", 0)).toBe(3);
    expect(await store.deleteUndelivered(20)).toEqual(["Undelivered00001"]);
    expect(await store.getGame("Undelivered00001")).toBeUndefined();
    expect(await store.actions("Undelivered00001")).toEqual([]);
    expect(await store.chatLines("Undelivered00001")).toEqual([]);
    expect(await store.gamesCreatedSince("127.0.0.1", 0)).toBe(2);
    expect((await store.getGame("Delivered0000001"))?.delivered).toBe(true);
    expect(await store.deleteUndelivered(20)).toEqual([]);
  });
}
