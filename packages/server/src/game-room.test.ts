import { createRng, greedyPolicy } from "@tercio/ai";
import { fnv1a64, HIDDEN_PRNG, parseSave, replaySave, seedPrng, valueHasher } from "@tercio/core";
import { type Action, actor, autoDeploy, ENGINE_VERSION, positionHash } from "@tercio/musket-and-pike";
import type { ServerMessage } from "@tercio/protocol";
import { describe, expect, it } from "vitest";
import { GameRoom, type Member } from "./game-room.js";
import { positionHashes } from "./position-hashes.js";
import { SqliteStore } from "./sqlite-store.js";
import type { GameStore } from "./store.js";
import { mp, mpSystems, mpView } from "./test-support/mp.js";
import { newPrngState, newToken, tokenHash } from "./tokens.js";

const hooks = { afterAction: () => undefined };
const now = () => 1_700_000_000_000;

async function openRoom(
  store: GameStore = new SqliteStore(":memory:"),
  { scenario = "16.24", openingPrng = newPrngState() } = {},
) {
  const room = await GameRoom.create(
    store,
    mpSystems(),
    {
      id: "RoomTestGame0001",
      system: "musket-and-pike",
      scenario,
      options: { optionalRules: [] },
      seats: { first: { kind: "human" }, second: { kind: "human" } },
      openingPrng,
      tokens: {
        first: tokenHash(newToken()),
        second: tokenHash(newToken()),
        spectator: tokenHash(newToken()),
      },
      creator: "test",
      createdAt: now(),
    },
    hooks,
    now,
  );
  if (!(room instanceof GameRoom)) throw new Error(room.message);
  return { room, store };
}

function listener(): Member & { got: ServerMessage[] } {
  const got: ServerMessage[] = [];
  return {
    role: "spectator",
    got,
    send: (m) => got.push(m),
    sendText: (t) => got.push(JSON.parse(t) as ServerMessage),
  };
}

const firstDeploy = (room: GameRoom): Action[] => {
  const { ctx, position } = mpView(room);
  return autoDeploy(ctx, position);
};

describe("a game room", () => {
  it("serialises concurrent actions: of two sent at the same event, one is applied and the other is stale [4.0]", async () => {
    const { room } = await openRoom();
    const [a, b] = firstDeploy(room);
    if (!a || !b) throw new Error("nothing to deploy");
    const results = await Promise.all([
      room.submit("first", "id-a", 0, a),
      room.submit("first", "id-b", 0, b),
    ]);
    expect(results[0]).toEqual({ ok: true, seq: 1, duplicate: false });
    expect(results[1]).toMatchObject({ ok: false, refusal: { code: "stale-seq", seq: 1 } });
    expect(room.seq).toBe(1);
  });

  it("acknowledges only after the store has the action, and broadcasts only after that", async () => {
    const inner = new SqliteStore(":memory:");
    const order: string[] = [];
    const store: GameStore = Object.assign(Object.create(inner) as GameStore, {
      append: async (...args: Parameters<GameStore["append"]>) => {
        order.push("stored");
        await inner.append(...args);
      },
    });
    const { room } = await openRoom(store);
    const recorder = (role: Member["role"], who: string): Member => ({
      role,
      send: (m) => order.push(`${who} ${m.type}`),
      sendText: (t) => order.push(`${who} ${(JSON.parse(t) as ServerMessage).type}`),
    });
    const sender = recorder("first", "sender");
    const other = recorder("spectator", "member");
    room.members.add(other);
    const [a] = firstDeploy(room);
    if (!a) throw new Error("nothing to deploy");
    await room.submit("first", "id-a", 0, a, sender);
    expect(order).toEqual(["stored", "sender ack", "member event"]);
  });

  it("a store that fails leaves the game as it was: nothing acknowledged, nothing broadcast", async () => {
    const inner = new SqliteStore(":memory:");
    let failing = true;
    const store: GameStore = Object.assign(Object.create(inner) as GameStore, {
      append: async (...args: Parameters<GameStore["append"]>) => {
        if (failing) throw new Error("disk full");
        await inner.append(...args);
      },
    });
    const { room } = await openRoom(store);
    const member = listener();
    room.members.add(member);
    const [a] = firstDeploy(room);
    if (!a) throw new Error("nothing to deploy");
    await expect(room.submit("first", "id-a", 0, a)).rejects.toThrow("disk full");
    expect(room.seq).toBe(0);
    expect(member.got).toEqual([]);
    failing = false;
    expect(await room.submit("first", "id-a", 0, a)).toEqual({ ok: true, seq: 1, duplicate: false });
  });

  it("a reloaded room replays its log to the same position and still knows its action ids", async () => {
    const { room, store } = await openRoom();
    for (const [i, action] of firstDeploy(room).slice(0, 5).entries())
      expect((await room.submit("first", `d${i}`, i, action)).ok).toBe(true);
    const again = await GameRoom.load(store, mpSystems(), room.id, hooks, now);
    if (!(again instanceof GameRoom)) throw new Error(again.message);
    expect(again.seq).toBe(5);
    expect(again.publicView).toEqual(room.publicView);
    expect(again.hash).toBe(room.hash);
    const [first] = firstDeploy(room);
    expect(await again.submit("first", "d0", 0, first ?? { type: "end-phase" })).toEqual({
      ok: true,
      seq: 1,
      duplicate: true,
    });
  });

  it("action ids are each seat's own: the other seat's use of an id is another action, and a spectator learns nothing of them [4.0]", async () => {
    const { room } = await openRoom();
    const [a] = firstDeploy(room);
    if (!a) throw new Error("nothing to deploy");
    await room.submit("first", "shared", 0, a);
    // Not a duplicate of First's action: Second's own, refused only because it is not Second's turn.
    expect(await room.submit("second", "shared", 1, { type: "end-phase" })).toMatchObject({
      ok: false,
      refusal: { code: "not-your-turn" },
    });
    // The role is checked before the id: a used id and an unused one get the same answer.
    const used = await room.submit("spectator", "shared", 1, { type: "end-phase" });
    const unused = await room.submit("spectator", "never-used", 1, { type: "end-phase" });
    expect(used).toEqual(unused);
    expect(used).toMatchObject({ ok: false, refusal: { code: "spectator" } });
  });

  it("a member joining gets the welcome, what it missed, what stands between the players, then every event, in order", async () => {
    const { room } = await openRoom();
    const actions = firstDeploy(room);
    for (const [i, action] of actions.slice(0, 3).entries()) await room.submit("first", `d${i}`, i, action);
    const late = listener();
    const joining = room.join(late, 1);
    const next = room.submit("first", "d3", 3, actions[3] ?? { type: "end-phase" });
    await Promise.all([joining, next]);
    const kinds = late.got.map((m) => (m.type === "event" ? `event ${m.seq}` : m.type));
    expect(kinds).toEqual(["welcome", "event 2", "event 3", "table", "presence", "event 4"]);
  });

  it("a crowd joining at once costs one presence broadcast, not one per joiner to every other", async () => {
    const { room } = await openRoom();
    const crowd = Array.from({ length: 50 }, () => listener());
    await Promise.all(crowd.map((m) => room.join(m, undefined)));
    await new Promise((r) => setTimeout(r, 150));
    const presences = crowd.reduce((n, m) => n + m.got.filter((x) => x.type === "presence").length, 0);
    // Each its own at joining, then one broadcast to all: 100, where one per joiner to every member would be 1,325.
    expect(presences).toBe(100);
    expect(crowd[0]?.got.at(-1)).toEqual({ type: "presence", first: false, second: false, spectators: 50 });
  });

  it("answers a hash report for an event long past from the log, one row at a time", async () => {
    const { room, store } = await openRoom();
    const [deploy] = firstDeploy(room);
    if (deploy?.type !== "deploy") throw new Error("nothing to deploy");
    const reads: (number | undefined)[] = [];
    const actions = store.actions.bind(store);
    store.actions = (id, after, limit) => {
      reads.push(limit);
      return actions(id, after, limit);
    };
    // Set up and take back one unit, over and over: 300 events, more than the room keeps hashes of.
    for (let seq = 0; seq < 300; seq++) {
      const action = seq % 2 === 0 ? deploy : { type: "undeploy" as const, unit: deploy.unit };
      expect((await room.submit("first", `a${seq}`, seq, action)).ok).toBe(true);
    }
    const [first] = await actions(room.id, 0, 1);
    expect(await room.publicHashAt(1)).toBe(first?.publicHash);
    expect(reads.at(-1)).toBe(1);
    expect(await room.publicHashAt(300)).toBe((await actions(room.id, 299))[0]?.publicHash);
  });
});

describe("a game room's dice", () => {
  it("a new game rolls ChaCha20 dice; once over, its revealed save names them and replays in Node to the room's hash", async () => {
    const { room, store } = await openRoom(undefined, { scenario: "16.31" });
    const opening = (await store.getGame(room.id))?.openingPrng ?? "";
    expect(opening).toMatch(/^chacha20:[0-9a-f]{64}:0$/);
    const member = listener();
    room.members.add(member);
    // Both sides played by the greedy AI from the public position, as an AI seat plays.
    const rng = createRng(5);
    for (let seq = 0; !room.over; seq++) {
      if (seq > 20_000) throw new Error("the game did not end");
      const { ctx, position } = mpView(room);
      const side = actor(position);
      const action = greedyPolicy.choose(ctx, position, rng);
      const done = await room.submit(side, `a${seq}`, seq, action);
      if (!done.ok) throw new Error(done.refusal.message);
    }
    const published = member.got.flatMap((m) => (m.type === "event" ? m.dice : []));
    expect(published.length).toBeGreaterThan(20);
    // Until the end nothing sent shows the key: the dice were seen one by one, never their source.
    const key = opening.slice("chacha20:".length, -":0".length);
    const overAt = member.got.findIndex((m) => m.type === "over");
    expect(overAt).toBe(member.got.length - 1);
    expect(JSON.stringify(member.got.slice(0, overAt))).not.toContain(key);
    expect(mpView(room).position.prng).toBe(HIDDEN_PRNG);
    const over = member.got[overAt];
    if (over?.type !== "over") throw new Error("no over message");
    const save = parseSave(JSON.parse(JSON.stringify(over.save)));
    if (!save.ok) throw new Error(save.error.message);
    expect(save.value).toMatchObject({
      system: "musket-and-pike",
      engine: ENGINE_VERSION,
      generator: "chacha20",
      prng: opening,
    });
    const replayed = replaySave(mp, save.value);
    if (!replayed.ok) throw new Error(replayed.error.message);
    // The room's hash pins the public view and the dice state (hash format 3): the replay reaches both.
    expect(
      fnv1a64(
        `${positionHash({ ...replayed.value.final, prng: HIDDEN_PRNG }, valueHasher("structural"))}:${replayed.value.final.prng}`,
      ),
    ).toBe(room.hash);
    expect(positionHash(replayed.value.final)).toBe(save.value.finalHash);
    expect(replayed.value.final.phase).toBe("game-over");
    // Every die the room published is the revealed key's, in order.
    const rolled = replayed.value.events.flatMap((e) => (e.type === "die-rolled" ? [e.value] : []));
    expect(rolled).toEqual(published);
  }, 60_000);

  it("a game stored with a xoshiro128** opening state loads, plays on and reloads", async () => {
    const store = new SqliteStore(":memory:");
    const { room } = await openRoom(store, { openingPrng: "0123456789abcdef0123456789abcdef" });
    const record = await store.getGame(room.id);
    if (!record) throw new Error("not stored");
    await store.createGame({ ...record, id: "OldXoshiroGame01", version: ENGINE_VERSION });
    const old = await GameRoom.load(store, mpSystems(), "OldXoshiroGame01", hooks, now);
    if (!(old instanceof GameRoom)) throw new Error(old.message);
    const rng = createRng(9);
    let dice = 0;
    for (let seq = 0; dice < 3; seq++) {
      if (seq > 5000) throw new Error("no dice rolled");
      const { ctx, position } = mpView(old);
      const done = await old.submit(actor(position), `a${seq}`, seq, greedyPolicy.choose(ctx, position, rng));
      if (!done.ok) throw new Error(done.refusal.message);
      dice = (await store.actions(old.id)).reduce((n, e) => n + e.dice.length, 0);
    }
    const again = await GameRoom.load(store, mpSystems(), old.id, hooks, now);
    if (!(again instanceof GameRoom)) throw new Error(again.message);
    expect(again.hash).toBe(old.hash);
    expect(again.record.version).toBe(ENGINE_VERSION);
    // Its save replays by the xoshiro128** state it opened from, whatever the seed's state would give.
    const save = await again.save();
    expect(save).toMatchObject({ generator: "xoshiro128**", prng: "0123456789abcdef0123456789abcdef" });
    expect(replaySave(mp, save).ok).toBe(true);
    expect(replaySave(mp, { ...save, prng: seedPrng(1) }).ok).toBe(false);
    // An engine this one does not play identically is refused: a later one, and 0.2.0 and 0.3.0,
    // whose hilltop-to-hilltop fire across woods, villages or hilltops 0.4.0 refuses (errata to 7.3).
    for (const [id, version] of [
      ["FutureEngine0001", "9.0.0"],
      ["OldEngine0200001", "0.2.0"],
      ["OldEngine0300001", "0.3.0"],
    ] as const) {
      await store.createGame({ ...record, id, version });
      expect(await GameRoom.load(store, mpSystems(), id, hooks, now)).toMatchObject({ code: "incompatible" });
    }
  }, 60_000);

  it("stores one hash of the position per action (format 3: the structural public hash), pinning the dice state; games of formats 1 and 2 play on and reload in their own", async () => {
    const store = new SqliteStore(":memory:");
    const { room } = await openRoom(store);
    const actions = firstDeploy(room).slice(0, 3);
    for (const [seq, action] of actions.entries()) await room.submit("first", `f${seq}`, seq, action);
    const [last] = (await store.actions(room.id)).slice(-1);
    const record = await store.getGame(room.id);
    if (!last || !record) throw new Error("nothing stored");
    // The server's own position, its dice state included: the opening from the secret state, then the actions.
    const { ctx } = mpView(room);
    const opened = mp.open(ctx, mp.setupOf(ctx, mpView(room).position), record.openingPrng);
    if (!opened.ok) throw new Error(opened.error.message);
    let position = opened.value.position;
    for (const action of actions) {
      const step = mp.apply(ctx, position, action);
      if (!step.ok) throw new Error(step.error.message);
      position = step.value.position;
    }
    // The public hash is the clients': the structural digest of the public view (what positionHash reads).
    // The whole hash is of it and the hidden dice state, not of the position again.
    expect(room.record.hashFormat).toBe(3);
    expect(last.publicHash).toBe(positionHash({ ...position, prng: HIDDEN_PRNG }, valueHasher("structural")));
    expect(last.hash).toBe(fnv1a64(`${last.publicHash}:${position.prng}`));
    expect(positionHashes(mp, 3, position).hash).toBe(last.hash);
    expect(positionHashes(mp, 3, { ...position, prng: seedPrng(7) }).hash).not.toBe(last.hash);
    // Games stored before keep their formats: 1 (before schema 5) two hashes of each position, 2 one
    // canonical public hash with the dice state. Each plays on, stores its own format, and replays.
    for (const format of [1, 2] as const) {
      const id = `FormatOldGame00${format}`;
      await store.createGame({
        ...record,
        id,
        hashFormat: format,
        summary: { ...record.summary, seq: 0, hash: positionHashes(mp, format, opened.value.position).hash },
      });
      const old = await GameRoom.load(store, mpSystems(), id, hooks, now);
      if (!(old instanceof GameRoom)) throw new Error(old.message);
      for (const [seq, action] of actions.entries()) await old.submit("first", `f${seq}`, seq, action);
      const [oldLast] = (await store.actions(old.id)).slice(-1);
      // The same actions from the same secret state, hashed as the format says.
      const canonical = positionHash({ ...position, prng: HIDDEN_PRNG });
      expect(oldLast?.publicHash).toBe(canonical);
      expect(oldLast?.hash).toBe(
        format === 1 ? positionHash(position) : fnv1a64(`${canonical}:${position.prng}`),
      );
      const again = await GameRoom.load(store, mpSystems(), old.id, hooks, now);
      if (!(again instanceof GameRoom)) throw new Error(again.message);
      expect(again.hash).toBe(old.hash);
      expect(again.record.hashFormat).toBe(format);
      // Its snapshot names the canonical hashing, which its clients then compute.
      expect(JSON.parse(again.snapshotText("join"))).toMatchObject({ hash: canonical, hashing: "canonical" });
    }
    expect(JSON.parse(room.snapshotText("join"))).toMatchObject({
      hash: last.publicHash,
      hashing: "structural",
    });
  });

  it("a stored game of a system the server does not host, or of a bad action log, is refused with a clear message", async () => {
    const store = new SqliteStore(":memory:");
    const { room } = await openRoom(store);
    const record = await store.getGame(room.id);
    if (!record) throw new Error("not stored");
    await store.createGame({ ...record, id: "OtherSystem00001", system: "plucky-pikes" });
    expect(await GameRoom.load(store, mpSystems(), "OtherSystem00001", hooks, now)).toMatchObject({
      code: "incompatible",
      message: expect.stringContaining("a game of plucky-pikes, which this server does not host"),
    });
    // A new game of it is refused before anything is stored.
    const created = await GameRoom.create(
      store,
      mpSystems(),
      { ...record, id: "OtherSystem00002", system: "plucky-pikes" },
      hooks,
      now,
    );
    expect(created).toMatchObject({ code: "bad-message" });
    expect(await store.getGame("OtherSystem00002")).toBeUndefined();
  });

  it("an action that is not the system's is refused as a bad message naming no field the client wrote", async () => {
    const { room } = await openRoom();
    const done = await room.submit("first", "bad-1", 0, {
      type: "deploy",
      unit: "B-PP01",
      hex: "1204",
      evil: 1,
    });
    expect(done).toMatchObject({ ok: false, refusal: { code: "bad-message" } });
    if (done.ok) return;
    expect(done.refusal.message).toMatch(/^not a musket-and-pike action/);
    expect(done.refusal.message).not.toContain("evil");
    expect(room.seq).toBe(0);
  });
});
