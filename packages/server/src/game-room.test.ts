import { type Action, autoDeploy, defaultCatalog } from "@tercio/engine";
import type { ServerMessage } from "@tercio/protocol";
import { describe, expect, it } from "vitest";
import { GameRoom, type Member } from "./game-room.js";
import { SqliteStore } from "./sqlite-store.js";
import type { GameStore } from "./store.js";
import { newPrngState, newToken, tokenHash } from "./tokens.js";

const catalog = defaultCatalog();
const hooks = { afterAction: () => undefined };
const now = () => 1_700_000_000_000;

async function openRoom(store: GameStore = new SqliteStore(":memory:")) {
  const room = await GameRoom.create(
    store,
    catalog,
    {
      id: "RoomTestGame0001",
      scenario: "16.24",
      optionalRules: [],
      seats: { first: { kind: "human" }, second: { kind: "human" } },
      openingPrng: newPrngState(),
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

const firstDeploy = (room: GameRoom): Action[] => autoDeploy(room.ctx, room.publicView);

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
    const again = await GameRoom.load(store, catalog, room.id, hooks, now);
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
      refusal: { code: "not-your-turn", rule: "4.0" },
    });
    // The role is checked before the id: a used id and an unused one get the same answer.
    const used = await room.submit("spectator", "shared", 1, { type: "end-phase" });
    const unused = await room.submit("spectator", "never-used", 1, { type: "end-phase" });
    expect(used).toEqual(unused);
    expect(used).toMatchObject({ ok: false, refusal: { code: "spectator" } });
  });

  it("a member joining gets the welcome, what it missed, then every event, in order", async () => {
    const { room } = await openRoom();
    const actions = firstDeploy(room);
    for (const [i, action] of actions.slice(0, 3).entries()) await room.submit("first", `d${i}`, i, action);
    const late = listener();
    const joining = room.join(late, 1);
    const next = room.submit("first", "d3", 3, actions[3] ?? { type: "end-phase" });
    await Promise.all([joining, next]);
    const kinds = late.got.map((m) => (m.type === "event" ? `event ${m.seq}` : m.type));
    expect(kinds).toEqual(["welcome", "event 2", "event 3", "presence", "event 4"]);
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
