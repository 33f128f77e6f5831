import { type AnySystem, parseSave, replaySave } from "@tercio/core";
import type { ServerMessage } from "@tercio/protocol";
import { defaultSystems } from "@tercio/systems";
import { describe, expect, it } from "vitest";
import { GameRoom, type Member } from "./game-room.js";
import { KeyedQueue } from "./keyed-queue.js";
import { DEFAULT_LIMITS } from "./limits.js";
import { rematchOf } from "./rematch.js";
import { Rooms } from "./rooms.js";
import { SqliteStore } from "./sqlite-store.js";
import { newPrngState, newToken, tokenHash } from "./tokens.js";

const systems = defaultSystems();
const hooks = { afterAction: () => undefined, loaded: () => undefined, dropped: () => undefined };

/** A clock the tests move. */
function clock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

async function openRoom(
  system: AnySystem,
  seats = { first: { kind: "human" }, second: { kind: "human" } } as const,
) {
  const store = new SqliteStore(":memory:");
  const time = clock();
  const rooms = new Rooms(store, systems, hooks, time.now);
  const tokens = { first: newToken(), second: newToken(), spectator: newToken() };
  const room = await rooms.create({
    id: "SocialTestGame01",
    system: system.id,
    scenario: system.scenarios()[0]?.id ?? "",
    options: {},
    seats,
    openingPrng: newPrngState(),
    tokens: {
      first: tokenHash(tokens.first),
      second: tokenHash(tokens.second),
      spectator: tokenHash(tokens.spectator),
    },
    creator: "test",
    createdAt: time.now(),
  });
  if (!(room instanceof GameRoom)) throw new Error(room.message);
  return { room, store, rooms, time, tokens };
}

function member(role: Member["role"]): Member & { got: ServerMessage[] } {
  const got: ServerMessage[] = [];
  return { role, got, send: (m) => got.push(m), sendText: (t) => got.push(JSON.parse(t) as ServerMessage) };
}

const ofType = <T extends ServerMessage["type"]>(got: readonly ServerMessage[], type: T) =>
  got.filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type);

let played = 0;

/** Plays the first listed action the room takes for the side to act. */
async function playOne(room: GameRoom, id: string): Promise<void> {
  const parsed = room.system.parsePosition(room.publicView);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const side = room.turn;
  if (side === null) throw new Error("nobody to act");
  for (const action of room.system.legalActions(parsed.value.ctx, parsed.value.position)) {
    const done = await room.submit(side, `${id}-${played++}`, room.seq, action);
    if (done.ok) return;
  }
  throw new Error("no listed action was taken");
}

describe.each([...systems.values()].map((s) => [s.id, s] as const))(
  "the players' word in a %s game",
  (_id, system) => {
    it("ends the game when a seat resigns: stored, told to everyone, the dice revealed, and it stays ended on reload", async () => {
      const { room, store, time } = await openRoom(system);
      const watcher = member("spectator");
      await room.join(watcher, undefined);
      await playOne(room, "a");
      const before = room.publicView;
      expect(await room.tell("second", "resign")).toBeUndefined();
      expect(room.over).toBe(true);
      expect(room.turn).toBeNull();
      expect(room.info()).toMatchObject({
        status: "over",
        turn: null,
        ending: { kind: "resigned", side: "second" },
      });
      expect(ofType(watcher.got, "table").at(-1)).toEqual({
        type: "table",
        drawOffer: null,
        ending: { kind: "resigned", side: "second" },
        rematch: null,
      });
      // The record is revealed as at any end, and replays to the position the game was left in.
      const over = ofType(watcher.got, "over").at(-1);
      const save = parseSave(over?.save);
      if (!save.ok) throw new Error(save.error.message);
      const replayed = replaySave(system, save.value);
      if (!replayed.ok) throw new Error("the save does not replay");
      expect(system.makePosition(system.publicView(replayed.value.final))).toEqual(before);
      // Nothing more is played, and it cannot be resigned twice.
      expect(await room.tell("first", "resign")).toMatchObject({ code: "game-over" });
      const parsed = system.parsePosition(room.publicView);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const [any] = system.legalActions(parsed.value.ctx, parsed.value.position);
      expect(await room.submit("first", "late", room.seq, any)).toMatchObject({
        ok: false,
        refusal: { code: "game-over" },
      });
      const again = await GameRoom.load(store, systems, room.id, hooks, time.now);
      if (!(again instanceof GameRoom)) throw new Error(again.message);
      expect(again.over).toBe(true);
      expect(again.info().ending).toEqual({ kind: "resigned", side: "second" });
    });

    it("keeps a draw offer until it is accepted, then ends the game drawn", async () => {
      const { room } = await openRoom(system);
      const first = member("first");
      await room.join(first, undefined);
      expect(await room.tell("first", "offer-draw")).toBeUndefined();
      expect(room.table.drawOffer).toBe("first");
      expect(ofType(first.got, "table").at(-1)?.drawOffer).toBe("first");
      expect(await room.tell("first", "accept-draw")).toMatchObject({ code: "no-draw-offer" });
      expect(await room.tell("spectator", "accept-draw")).toMatchObject({ code: "spectator" });
      expect(await room.tell("second", "accept-draw")).toBeUndefined();
      expect(room.info()).toMatchObject({ status: "over", ending: { kind: "draw-agreed" } });
      expect(ofType(first.got, "over")).toHaveLength(1);
      expect(await room.tell("second", "offer-draw")).toMatchObject({ code: "game-over" });
    });

    it("lets an offer lapse when the side it was made to plays on", async () => {
      const { room } = await openRoom(system);
      const other = room.turn === "first" ? "second" : "first";
      expect(await room.tell(other, "offer-draw")).toBeUndefined();
      await playOne(room, "b");
      expect(room.table.drawOffer).toBeNull();
      expect(await room.tell(other, "accept-draw")).toMatchObject({ code: "no-draw-offer" });
    });

    it("keeps the chat with the game: markup as text, sent on joining, refused too long, too fast and from a spectator", async () => {
      const { room, store, time } = await openRoom(system);
      const first = member("first");
      await room.join(first, undefined);
      expect(await room.say("first", "<b>x</b>")).toBeUndefined();
      expect(ofType(first.got, "chat").at(-1)?.lines).toEqual([
        { n: 1, side: "first", text: "<b>x</b>", at: time.now() },
      ]);
      expect(await room.say("spectator", "hi")).toMatchObject({ code: "spectator" });
      expect(await room.say("second", "x".repeat(301))).toMatchObject({ code: "chat-too-long" });
      expect(await room.say("second", "\u0000 \n")).toMatchObject({ code: "chat-empty" });
      // A burst of five, then one every two seconds; each player has their own bucket.
      for (let i = 0; i < 4; i++) expect(await room.say("first", `line ${i}`)).toBeUndefined();
      expect(await room.say("first", "one too many")).toMatchObject({ code: "chat-too-fast" });
      expect(await room.say("second", "not me")).toBeUndefined();
      time.advance(2000);
      expect(await room.say("first", "now again")).toBeUndefined();
      // A reloaded room (a restarted server) gives a joining seat the whole chat.
      const again = await GameRoom.load(store, systems, room.id, hooks, time.now);
      if (!(again instanceof GameRoom)) throw new Error(again.message);
      const later = member("spectator");
      await again.join(later, undefined);
      const lines = ofType(later.got, "chat").at(-1)?.lines ?? [];
      expect(lines.map((l) => l.text)).toEqual([
        "<b>x</b>",
        "line 0",
        "line 1",
        "line 2",
        "line 3",
        "not me",
        "now again",
      ]);
      expect(lines.map((l) => l.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });

    it("makes a rematch with the seats exchanged, once, under a fresh secret, opened by the same tokens", async () => {
      const { room, rooms, store, time, tokens } = await openRoom(system);
      const state = { store, rooms, limits: DEFAULT_LIMITS, now: time.now, creations: new KeyedQueue() };
      expect(await rematchOf(state, room, "first")).toMatchObject({ code: "game-not-over" });
      await room.tell("first", "resign");
      expect(await rematchOf(state, room, "spectator")).toMatchObject({ code: "spectator" });
      const watcher = member("second");
      await room.join(watcher, undefined);
      expect(await rematchOf(state, room, "second")).toBeUndefined();
      const id = room.table.rematch;
      if (id === null) throw new Error("no rematch");
      expect(ofType(watcher.got, "table").at(-1)?.rematch).toBe(id);
      expect(room.info().rematch).toBe(id);
      // Asked again, by either seat: the same game.
      expect(await rematchOf(state, room, "first")).toBeUndefined();
      expect(room.table.rematch).toBe(id);
      const next = await store.getGame(id);
      const old = room.record;
      expect(next).toMatchObject({
        system: old.system,
        scenario: old.scenario,
        options: old.options,
        seats: { first: old.seats.second, second: old.seats.first },
        tokens: {
          first: tokenHash(tokens.second),
          second: tokenHash(tokens.first),
          spectator: tokenHash(tokens.spectator),
        },
        delivered: true,
        summary: { status: "playing", seq: 0 },
      });
      expect(next?.openingPrng).not.toBe(old.openingPrng);
      // Its room plays: the seat to act is the system's, at event 0.
      const opened = await rooms.get(id);
      if (!(opened instanceof GameRoom)) throw new Error(JSON.stringify(opened));
      expect(opened.seq).toBe(0);
      expect(opened.turn).not.toBeNull();
    });

    it("counts a rematch against the creator's hourly cap", async () => {
      const { room, rooms, store, time } = await openRoom(system);
      await room.tell("second", "resign");
      const state = {
        store,
        rooms,
        limits: { ...DEFAULT_LIMITS, gamesPerHour: 1 },
        now: time.now,
        creations: new KeyedQueue(),
      };
      expect(await rematchOf(state, room, "first")).toMatchObject({ code: "rate-limited" });
      expect(room.table.rematch).toBeNull();
    });
  },
);
