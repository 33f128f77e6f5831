import { HIDDEN_PRNG } from "@tercio/core";
import { positionHash, publicHash } from "@tercio/musket-and-pike";

import { describe, expect, it } from "vitest";
import { catalog } from "../game/test-support.js";
import { applyEvent, applySnapshot, type Replica } from "./replica.js";
import { replicaGame } from "./replica-game.js";
import { FakeServerGame } from "./test-support.js";

function joined(server: FakeServerGame): Replica {
  const r = applySnapshot(catalog, server.snapshot(), undefined);
  if (!r.ok) throw new Error(r.message);
  return r.replica;
}

describe("the client's replica of an online game", () => {
  it("loads a snapshot with the dice hidden, at the server's hash", () => {
    const server = FakeServerGame.start();
    const replica = joined(server);
    expect(replica.seq).toBe(0);
    expect(replica.position.prng).toBe(HIDDEN_PRNG);
    expect(replica.hash).toBe(publicHash(server.position));
    expect(positionHash({ ...replica.position, prng: server.position.prng })).toBe(
      positionHash(server.position),
    );
    expect(replica.resyncing).toBe(false);
  });

  it("refuses a snapshot that shows the dice state", () => {
    const server = FakeServerGame.start();
    const snapshot = server.snapshot();
    // The real state, and no stored hash for the engine to catch the change by.
    const { hash: _hash, ...bare } = snapshot.position as Record<string, unknown>;
    const leaky = { ...snapshot, position: { ...bare, prng: server.position.prng } };
    const r = applySnapshot(catalog, leaky, undefined);
    expect(!r.ok && r.message).toContain("dice state");
  });

  it("applies events with the server's dice and reaches every hash, reporting each", () => {
    const server = FakeServerGame.start();
    let replica = joined(server);
    const events = [...server.playUntilRoll(), ...server.playUntilRoll()];
    expect(events.some((e) => e.dice.length > 0)).toBe(true);
    for (const e of events) {
      const step = applyEvent(replica, e);
      expect(step.problem).toBeUndefined();
      expect(step.send).toEqual([{ type: "hash", seq: e.seq, hash: e.hash }]);
      replica = step.replica;
    }
    expect(replica.seq).toBe(server.seq);
    expect(replica.hash).toBe(publicHash(server.position));
    expect(replica.position.prng).toBe(HIDDEN_PRNG);
    expect(replica.log.map((e) => e.seq)).toEqual(events.map((e) => e.seq));
    expect(replica.log.at(-1)?.events.some((e) => e.type === "die-rolled")).toBe(true);
  });

  it("ignores an event it has already applied", () => {
    const server = FakeServerGame.start();
    const replica = joined(server);
    const e = server.play(server.nextAction());
    const once = applyEvent(replica, e).replica;
    expect(applyEvent(once, e)).toEqual({ replica: once, send: [] });
  });

  it("asks for a snapshot on a gap and sets later events aside until it comes", () => {
    const server = FakeServerGame.start();
    let replica = joined(server);
    server.play(server.nextAction());
    const after = server.play(server.nextAction());
    const step = applyEvent(replica, after);
    expect(step.send).toEqual([{ type: "sync" }]);
    expect(step.problem).toMatch(/Missed events 1 to 1/);
    expect(step.replica.resyncing).toBe("gap");
    expect(step.replica.seq).toBe(0);
    replica = step.replica;
    expect(applyEvent(replica, server.play(server.nextAction()))).toEqual({ replica, send: [] });
    const synced = applySnapshot(catalog, server.snapshot("gap"), replica);
    expect(synced.ok && synced.replica).toMatchObject({
      seq: 3,
      resyncing: false,
      hash: publicHash(server.position),
    });
  });

  it("detects a hash mismatch (other dice than the server's), reports its hash and asks for a snapshot", () => {
    const server = FakeServerGame.start();
    let replica = joined(server);
    const events = server.playUntilRoll();
    for (const e of events.slice(0, -1)) replica = applyEvent(replica, e).replica;
    const rolled = events.at(-1);
    if (!rolled) throw new Error("no event");
    // The same action with a first die the server did not roll; some such die changes the result, and so the hash.
    const forgeries = [1, 2, 3, 4, 5, 6]
      .filter((d) => d !== rolled.dice[0])
      .map((d) => applyEvent(replica, { ...rolled, dice: [d, ...rolled.dice.slice(1)] }));
    const step = forgeries.find((s) => s.replica.resyncing !== false);
    if (!step) throw new Error("no other die changed the result");
    expect(step.send[0]).toMatchObject({ type: "hash", seq: rolled.seq });
    if (step.send[0]?.type === "hash") expect(step.send[0].hash).not.toBe(rolled.hash);
    expect(step.send[1]).toEqual({ type: "sync" });
    expect(step.replica.resyncing).toBe("hash-mismatch");
    expect(step.problem).toMatch(/resynchronising/);
    // The snapshot at that event puts things right, log entry included.
    const synced = applySnapshot(catalog, server.snapshot("hash-mismatch"), step.replica);
    if (!synced.ok) throw new Error(synced.message);
    expect(synced.replica.resyncing).toBe(false);
    expect(synced.replica.hash).toBe(rolled.hash);
    expect(synced.replica.log.at(-1)?.position).toBe(synced.replica.position);
  });

  it("detects a wrong hash from the server even with the right dice", () => {
    const server = FakeServerGame.start();
    const replica = joined(server);
    const e = server.play(server.nextAction());
    const step = applyEvent(replica, { ...e, hash: "0123456789abcdef" });
    expect(step.replica.resyncing).toBe("hash-mismatch");
    expect(step.send).toEqual([{ type: "hash", seq: 1, hash: e.hash }, { type: "sync" }]);
  });

  it("refuses an event that does not apply, rather than guessing", () => {
    const server = FakeServerGame.start();
    const replica = joined(server);
    const step = applyEvent(replica, {
      type: "event",
      seq: 1,
      side: "first",
      action: { type: "deploy", unit: "nobody", hex: "0101" },
      dice: [],
      hash: "0123456789abcdef",
    });
    expect(step.replica.resyncing).toBe("unplayable");
    expect(step.send).toEqual([{ type: "sync" }]);
  });

  it("refuses a snapshot that does not hash to the server's hash", () => {
    const server = FakeServerGame.start();
    const r = applySnapshot(catalog, { ...server.snapshot(), hash: "0123456789abcdef" }, undefined);
    expect(r.ok).toBe(false);
  });

  it("keeps the board's context and the log across a snapshot at the same event", () => {
    const server = FakeServerGame.start();
    let replica = joined(server);
    for (const e of server.playUntilRoll()) replica = applyEvent(replica, e).replica;
    const again = applySnapshot(catalog, server.snapshot("reconnect"), replica);
    if (!again.ok) throw new Error(again.message);
    expect(again.replica.ctx).toBe(replica.ctx);
    expect(again.replica.log.length).toBe(replica.log.length);
    expect(again.replica.opening).toBe(replica.opening);
  });
});

describe("the replica as a session game", () => {
  it("shows the log and positions the client applied, with undo off", () => {
    const server = FakeServerGame.start();
    let replica = joined(server);
    for (const e of server.playUntilRoll()) replica = applyEvent(replica, e).replica;
    const game = replicaGame(catalog, replica, {
      first: { kind: "human", connected: true },
      second: { kind: "ai", level: "greedy" },
    });
    expect(game.position).toBe(replica.position);
    expect(game.entries).toHaveLength(replica.log.length);
    expect(game.entries.at(-1)?.rolled).toBe(true);
    expect(game.after.at(-1)).toBe(replica.position);
    expect(game.setup.undo).toBe(false);
    expect(game.setup.controllers).toEqual({
      first: { kind: "human" },
      second: { kind: "ai", level: "greedy" },
    });
  });
});
