import { HIDDEN_PRNG, publicHash, valueHasher } from "@tercio/core";
import { positionHash } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { applyEvent, applySnapshot, type Replica, type ReplicaRules, replicaRules } from "./replica.js";
import { replicaGame } from "./replica-game.js";
import { FakeServerGame, wire } from "./test-support.js";

type AnyServer = FakeServerGame<unknown, unknown, unknown, unknown>;

function joined<C, P, A, E>(
  server: FakeServerGame<C, P, A, E>,
  rules: ReplicaRules<C, P, A, E> = replicaRules(server.system),
): Replica<C, P, A, E> {
  const r = applySnapshot(rules, server.snapshot(), undefined);
  if (!r.ok) throw new Error(r.message);
  return r.replica;
}

/** Both systems through the same replica: Musket & Pike's hexes, and chapter 11's measured table. */
const SYSTEMS: readonly (readonly [string, () => AnyServer])[] = [
  ["Musket & Pike (Brentford)", () => FakeServerGame.start()],
  ["Horse and Musket, chapter 11 (meeting engagement)", () => FakeServerGame.tabletop()],
];

describe.each(SYSTEMS)("the client's replica of an online game of %s", (_name, start) => {
  it('logs the server\'s dice as a local game logs its own: the die, what it was for, the rule (defect 8: never "die (given)")', () => {
    const server = start();
    let replica = joined(server);
    const words = (evs: readonly unknown[]) =>
      evs.map((ev) => server.system.describeEvent(server.ctx, ev as never)).filter((w) => w !== undefined);
    for (let i = 0; i < 400; i++) {
      // The same action at the same position, played as a local game plays it: its own generator rolling.
      const action = server.nextAction();
      const local = server.system.apply(server.ctx, server.position, action);
      if (!local.ok) throw new Error(local.error.message);
      const e = server.play(action);
      replica = applyEvent(replica, e).replica;
      if (e.dice.length === 0) continue;
      expect(words(replica.log.at(-1)?.events ?? [])).toEqual(words(local.value.events));
      return;
    }
    throw new Error("no die rolled");
    // Each action is applied twice (here and as the server): slow on a loaded machine.
  }, 30_000);

  it("loads a snapshot with the dice hidden, at the server's hash", () => {
    const server = start();
    const replica = joined(server);
    expect(replica.seq).toBe(0);
    expect(replica.hash).toBe(server.publicHashOf());
    expect(server.publicHashOf(replica.position)).toBe(replica.hash);
    expect(replica.setup.scenario).toBe(server.system.setupOf(server.ctx, server.position).scenario);
    expect(replica.resyncing).toBe(false);
  });

  it("refuses a snapshot that shows the dice state", () => {
    const server = start();
    const snapshot = server.snapshot();
    // The real state, and no stored hash for the system to catch the change by.
    const { hash: _hash, ...bare } = wire(server.system.makePosition(server.position)) as Record<
      string,
      unknown
    >;
    const r = applySnapshot(replicaRules(server.system), { ...snapshot, position: bare }, undefined);
    expect(!r.ok && r.message).toContain("dice state");
  });

  it("applies events with the server's dice and reaches every hash, reporting each", () => {
    const server = start();
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
    expect(replica.hash).toBe(server.publicHashOf());
    expect(replica.log.map((e) => e.seq)).toEqual(events.map((e) => e.seq));
    expect(replica.log.at(-1)?.dice.length).toBeGreaterThan(0);
    // The replica never holds the dice state: its position is its own public view.
    expect(server.system.hash(replica.position, valueHasher("structural"))).toBe(replica.hash);
  });

  it("follows a game stored before hash format 3 by the canonical hash its snapshot names, and keeps each game's own", () => {
    const server = start();
    server.hashing = "canonical";
    let replica = joined(server);
    expect(replica.hasher.hashing).toBe("canonical");
    expect(replica.hash).toBe(publicHash(server.system, server.position));
    for (const e of server.playUntilRoll()) {
      const step = applyEvent(replica, e);
      expect(step.problem).toBeUndefined();
      replica = step.replica;
    }
    expect(replica.hash).toBe(publicHash(server.system, server.position));
    // A snapshot naming the other hashing (the server upgraded, the game replaced): the replica follows it.
    server.hashing = "structural";
    const r = applySnapshot(replicaRules(server.system), server.snapshot("requested"), replica);
    if (!r.ok) throw new Error(r.message);
    expect(r.replica.hasher.hashing).toBe("structural");
    expect(r.replica.hash).toBe(server.publicHashOf());
    expect(r.replica.hash).not.toBe(publicHash(server.system, server.position));
  });

  it("ignores an event it has already applied", () => {
    const server = start();
    const replica = joined(server);
    const e = server.play(server.nextAction());
    const once = applyEvent(replica, e).replica;
    expect(applyEvent(once, e)).toEqual({ replica: once, send: [] });
  });

  it("asks for a snapshot on a gap, sets later events aside until it comes, and keeps its context", () => {
    const server = start();
    const rules = replicaRules(server.system);
    let replica = joined(server, rules);
    server.play(server.nextAction());
    const after = server.play(server.nextAction());
    const step = applyEvent(replica, after);
    expect(step.send).toEqual([{ type: "sync" }]);
    expect(step.problem).toMatch(/Missed events 1 to 1/);
    expect(step.replica.resyncing).toBe("gap");
    expect(step.replica.seq).toBe(0);
    replica = step.replica;
    expect(applyEvent(replica, server.play(server.nextAction()))).toEqual({ replica, send: [] });
    const synced = applySnapshot(rules, server.snapshot("gap"), replica);
    if (!synced.ok) throw new Error(synced.message);
    expect(synced.replica).toMatchObject({
      seq: 3,
      resyncing: false,
      hash: server.publicHashOf(),
    });
    // The same game, through the context cache: the board keeps its context and is not redrawn.
    expect(synced.replica.ctx).toBe(replica.ctx);
  });

  it("detects other dice than the server's, reports its hash and asks for a snapshot that puts it right", () => {
    const server = start();
    const rules = replicaRules(server.system);
    let replica = joined(server, rules);
    const events = server.playUntilRoll();
    for (const e of events.slice(0, -1)) replica = applyEvent(replica, e).replica;
    const rolled = events.at(-1);
    if (!rolled) throw new Error("no event");
    // The same action with a first die the server did not roll; some such die changes the result, and so the hash.
    const forgeries = server.system.dice.faces
      .filter((d) => d !== rolled.dice[0])
      .map((d) => applyEvent(replica, { ...rolled, dice: [d, ...rolled.dice.slice(1)] }));
    const step = forgeries.find((s) => s.replica.resyncing !== false);
    if (!step) throw new Error("no other die changed the result");
    expect(step.send[0]).toMatchObject({ type: "hash", seq: rolled.seq });
    if (step.send[0]?.type === "hash") expect(step.send[0].hash).not.toBe(rolled.hash);
    expect(step.send.at(-1)).toEqual({ type: "sync" });
    expect(step.replica.resyncing).not.toBe(false);
    expect(step.problem).toMatch(/resynchronising/);
    const synced = applySnapshot(rules, server.snapshot("hash-mismatch"), step.replica);
    if (!synced.ok) throw new Error(synced.message);
    expect(synced.replica.resyncing).toBe(false);
    expect(synced.replica.hash).toBe(rolled.hash);
  });

  it("detects a wrong hash from the server even with the right dice", () => {
    const server = start();
    const replica = joined(server);
    const e = server.play(server.nextAction());
    const step = applyEvent(replica, { ...e, hash: "0123456789abcdef" });
    expect(step.replica.resyncing).toBe("hash-mismatch");
    expect(step.send).toEqual([{ type: "hash", seq: 1, hash: e.hash }, { type: "sync" }]);
  });

  it("refuses an event that is no action of its system, or does not apply, rather than guessing", () => {
    const server = start();
    const replica = joined(server);
    const event = { type: "event", seq: 1, side: "first", dice: [], hash: "0123456789abcdef" } as const;
    for (const action of [
      { type: "deploy", unit: "nobody", hex: "0101" },
      { type: "move", unit: "nobody", program: [{ op: "advance", ticks: 6096 }] },
      "end-phase",
      null,
    ]) {
      const step = applyEvent(replica, { ...event, action });
      expect(step.replica.resyncing).toBe("unplayable");
      expect(step.send).toEqual([{ type: "sync" }]);
      expect(step.problem).toMatch(/resynchronising/);
    }
  });

  it("refuses a snapshot that does not hash to the server's hash, or is no position", () => {
    const server = start();
    const rules = replicaRules(server.system);
    expect(applySnapshot(rules, { ...server.snapshot(), hash: "0123456789abcdef" }, undefined).ok).toBe(
      false,
    );
    const junk = applySnapshot(rules, { ...server.snapshot(), position: { units: 7 } }, undefined);
    expect(!junk.ok && junk.message).toMatch(/does not load/);
  });

  it("keeps the log and the opening across a snapshot at the same event", () => {
    const server = start();
    const rules = replicaRules(server.system);
    let replica = joined(server, rules);
    for (const e of server.playUntilRoll()) replica = applyEvent(replica, e).replica;
    const again = applySnapshot(rules, server.snapshot("reconnect"), replica);
    if (!again.ok) throw new Error(again.message);
    expect(again.replica.ctx).toBe(replica.ctx);
    expect(again.replica.log.length).toBe(replica.log.length);
    expect(again.replica.opening).toBe(replica.opening);
    expect(again.replica.log.at(-1)?.position).toBe(again.replica.position);
  });

  it("is shown as a game's record: the log and positions the client applied, with no local setup", () => {
    const server = start();
    let replica = joined(server);
    for (const e of server.playUntilRoll()) replica = applyEvent(replica, e).replica;
    const game = replicaGame(replica);
    expect(game.system).toBe(server.system);
    expect(game.position).toBe(replica.position);
    expect(game.entries).toHaveLength(replica.log.length);
    expect(game.entries.at(-1)?.rolled).toBe(true);
    expect(game.after.at(-1)).toBe(replica.position);
    expect(game.gameSetup).toEqual(replica.setup);
    expect("setup" in game).toBe(false);
  });
});

describe("a Musket & Pike replica", () => {
  it("holds the public placeholder for the dice, and otherwise the server's very position", () => {
    const server = FakeServerGame.start();
    const replica = joined(server);
    expect(replica.position.prng).toBe(HIDDEN_PRNG);
    expect(positionHash({ ...replica.position, prng: server.position.prng })).toBe(
      positionHash(server.position),
    );
  });

  it("refuses a chapter-11 snapshot: a position of another system does not load", () => {
    const mp = FakeServerGame.start();
    const table = FakeServerGame.tabletop();
    const r = applySnapshot(replicaRules(mp.system), table.snapshot(), undefined);
    expect(!r.ok && r.message).toMatch(/does not load/);
  });
});

describe("a chapter-11 replica", () => {
  it("follows a game across phases and turns, each seat's actions and the dice of its shots", () => {
    const server = FakeServerGame.tabletop();
    let replica = joined(server);
    const seats = new Set<string>();
    for (let i = 0; i < 60 && server.system.toAct(server.position) !== null; i++) {
      const e = server.play(server.nextAction());
      seats.add(e.side);
      const step = applyEvent(replica, e);
      expect(step.problem).toBeUndefined();
      replica = step.replica;
    }
    expect(seats.size).toBe(2);
    expect(replica.hash).toBe(server.publicHashOf());
    expect(server.system.status(replica.ctx, replica.position)).toEqual(
      server.system.status(server.ctx, server.position),
    );
  });
});
