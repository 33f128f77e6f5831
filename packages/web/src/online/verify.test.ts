import type { GameInfo } from "@tercio/protocol";
import { describe, expect, it } from "vitest";
import { applyEvent, applySnapshot, type Replica, replicaRules } from "./replica.js";
import { FakeServerGame } from "./test-support.js";
import { verifySave } from "./verify.js";

type AnyServer = FakeServerGame<unknown, unknown, unknown, unknown>;

const SEATS: GameInfo["seats"] = {
  first: { kind: "human", connected: true },
  second: { kind: "ai", level: "greedy" },
};

/**
 * A game the page followed from its opening: the server plays `actions`
 * actions (and on, with `untilRoll`, until a die is rolled), the page's
 * replica applies each event.
 */
function followed(server: AnyServer, actions: number, untilRoll = false): Replica {
  const joined = applySnapshot(replicaRules(server.system), server.snapshot(), undefined);
  if (!joined.ok) throw new Error(joined.message);
  let replica = joined.replica;
  const events = Array.from({ length: actions }, () => server.play(server.nextAction()));
  if (untilRoll && !events.some((e) => e.dice.length > 0)) events.push(...server.playUntilRoll(1000));
  for (const e of events) replica = applyEvent(replica, e).replica;
  return replica;
}

const SYSTEMS: readonly (readonly [string, () => AnyServer])[] = [
  ["Musket & Pike", () => FakeServerGame.start("opening")],
  ["Horse and Musket, chapter 11", () => FakeServerGame.tabletop()],
];

describe.each(SYSTEMS)("the revealed save of an online game of %s", (_name, start) => {
  it("replays under the revealed key with every die rolled again, to the position the page followed", () => {
    const server = start();
    const replica = followed(server, 20, true);
    expect(replica.log.some((e) => e.dice.length > 0)).toBe(true);
    expect(replica.resyncing).toBe(false);
    const v = verifySave(server.system, server.save(), SEATS, { replica, overSeq: server.seq });
    if (!v.ok) throw new Error(v.message);
    expect(v.hash).toBe(server.system.hash(server.position));
    expect(server.publicHashOf(v.game.position)).toBe(replica.hash);
    expect(v.game.entries).toHaveLength(server.seq);
    expect(v.game.setup).toMatchObject({
      undo: false,
      controllers: { second: { kind: "ai", level: "greedy" } },
    });
    expect(v.save).toEqual(server.save());
  });

  it("is refused when it does not end where the page's game did", () => {
    const server = start();
    const replica = followed(server, 12);
    const v = verifySave(server.system, server.save(11), SEATS, { replica, overSeq: server.seq });
    expect(!v.ok && v.message).toMatch(/does not end in the position played here/);
    // A game finished before this visit is checked on its own.
    expect(verifySave(server.system, server.save(11), SEATS).ok).toBe(true);
  });

  it("is refused when edited, or when it is not a save at all", () => {
    const server = start();
    followed(server, 6);
    const save = server.save() as { actions: unknown[] };
    const edited = { ...save, actions: save.actions.slice(1) };
    expect(verifySave(server.system, edited, SEATS).ok).toBe(false);
    expect(verifySave(server.system, { format: "tercio/save@1" }, SEATS)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a save/),
    });
  });
});

it("refuses a save of another system than the game's", () => {
  const table = FakeServerGame.tabletop();
  followed(table, 3);
  const mp = FakeServerGame.start("opening");
  const v = verifySave(mp.system, table.save(), SEATS);
  expect(!v.ok && v.message).toMatch(/does not replay: .*horse-and-musket-ch11/);
});
