import { nextUint32, parseSave, replaySave, seedPrng } from "@tercio/core";
import { type Action, type Ctx, horseAndMusket, type Position } from "@tercio/horse-and-musket-ch11";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGame, SystemClient } from "./test-support/client.js";
import { type ServerProcess, startServerProcess, tempDb } from "./test-support/server-process.js";

type Client = SystemClient<Ctx, Position, Action>;

/** One action of the seat to act, from the listed ones, by a seeded pick that ends phases one time in three. */
function pick(c: Client, roll: number): Action {
  if (!c.position) throw new Error("no position");
  const offered = horseAndMusket.legalActions(c.ctx, c.position);
  const end = offered.find((a) => a.type === "end-phase");
  if (end && roll % 3 === 0) return end;
  return offered[(roll >>> 2) % offered.length] as Action;
}

/**
 * A tabletop game on the real server (the built CLI's `serve`): the server
 * hosts Horse and Musket, chapter 11, exactly as it hosts Musket & Pike.
 */
describe("online play of a tabletop system", { timeout: 180_000 }, () => {
  let server: ServerProcess;
  const clients: Client[] = [];
  const client = (gameId: string, token: string | undefined): Client => {
    if (!token) throw new Error("no token");
    const c = new SystemClient(server.wsUrl, gameId, token, horseAndMusket);
    clients.push(c);
    return c;
  };
  beforeAll(async () => {
    server = await startServerProcess(tempDb());
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.stop();
  });

  it("[004 Sequence of Play] two seats play a chapter-11 game to its result; a spectator follows; the dice stay secret until the end, then the save replays", async () => {
    const created = await createGame(server.url, {
      system: "horse-and-musket-ch11",
      scenario: "meeting-engagement",
      seats: { first: { kind: "human" }, second: { kind: "human" } },
    });
    expect(created.game).toMatchObject({ system: "horse-and-musket-ch11", scenario: "meeting-engagement" });
    const first = client(created.game.id, created.tokens.first);
    const second = client(created.game.id, created.tokens.second);
    const spectator = client(created.game.id, created.tokens.spectator);
    await first.join();
    await second.join();
    await spectator.join();
    expect(first.position?.prng).not.toMatch(/^chacha20/);

    // Out of turn: the room's own refusal, quoting no rule case.
    const seat = first.myTurn ? second : first;
    expect(await seat.act({ type: "end-phase" })).toMatchObject({ code: "not-your-turn" });
    // An illegal action: the system's whole rule error, with the unit it concerns.
    const mover = first.myTurn ? first : second;
    const unit = Object.entries(mover.position?.units ?? {}).find(([, u]) => u.side === mover.role)?.[0];
    if (!unit) throw new Error("no unit of the seat's");
    const illegal = await mover.act({ type: "move", unit, program: [{ op: "advance", ticks: 6096 * 40 }] });
    expect(illegal).toMatchObject({ code: "illegal-action", refusal: { unit } });
    expect(illegal.refusal.code).toMatch(/^[a-z]+\/[a-z-]+$/);
    expect(horseAndMusket.errorCodes).toContain(illegal.refusal.code);
    expect(illegal.message).toMatch(/^004 /);

    let rng = seedPrng(11);
    let acted = 0;
    while (!first.game || first.position?.result === undefined) {
      const c = first.myTurn ? first : second.myTurn ? second : undefined;
      if (!c) {
        await first.until(() => first.myTurn || second.myTurn || first.position?.result !== undefined);
        continue;
      }
      const roll = nextUint32(rng);
      rng = roll.state;
      const answer = await c.act(pick(c, roll.value));
      if (answer.type !== "ack") throw new Error(`refused: ${JSON.stringify(answer)}`);
      await first.until(() => first.seq === answer.seq && second.seq === answer.seq);
      acted += 1;
      if (acted > 3000) throw new Error("the game did not end");
    }
    const over = await spectator.next((m) => m.type === "over", 60_000);
    await spectator.until(() => spectator.seq === over.seq);
    for (const c of [first, second, spectator]) expect(c.mismatches).toBe(0);
    expect(acted).toBeGreaterThan(20);
    expect(over.seq).toBe(acted);
    const save = parseSave(over.save);
    if (!save.ok) throw new Error(save.error.message);
    expect(save.value).toMatchObject({ system: "horse-and-musket-ch11", generator: "chacha20" });
    const replayed = replaySave(horseAndMusket, save.value);
    if (!replayed.ok) throw new Error(replayed.error.message);
    // Dice were rolled (and so kept secret, then revealed): the revealed key gives the same rolls.
    expect(replayed.value.events.filter((e) => e.type === "die-rolled").length).toBeGreaterThan(0);
    // The revealed game ends where the clients are, once its dice state is hidden again.
    expect(horseAndMusket.hash(horseAndMusket.publicView(replayed.value.final))).toBe(
      horseAndMusket.hash(spectator.position as Position),
    );
  });

  it("[004 Sequence of Play] the server's AI seat plays a chapter-11 game against a scripted seat to its result", async () => {
    const created = await createGame(server.url, {
      system: "horse-and-musket-ch11",
      scenario: "pitched-battle",
      seats: { first: { kind: "human" }, second: { kind: "ai", level: "greedy" } },
    });
    const human = client(created.game.id, created.tokens.first);
    await human.join();
    let rng = seedPrng(5);
    for (let acted = 0; human.position?.result === undefined; acted++) {
      if (acted > 3000) throw new Error("the game did not end");
      await human.until(() => human.myTurn || human.position?.result !== undefined, 60_000);
      if (human.position?.result !== undefined) break;
      const roll = nextUint32(rng);
      rng = roll.state;
      const answer = await human.act(pick(human, roll.value));
      if (answer.type !== "ack") throw new Error(`refused: ${JSON.stringify(answer)}`);
      // The ack comes before the event: the replica applies it, then knows whose turn it is.
      await human.until(() => human.seq >= answer.seq);
    }
    expect(human.mismatches).toBe(0);
    const moves = human.position ? human.seq : 0;
    expect(moves).toBeGreaterThan(10);
  });

  it("a seat may not be an AI level the system does not have, and an unknown system is refused", async () => {
    const bad = await fetch(`${server.url}api/games`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        system: "horse-and-musket-ch11",
        scenario: "pitched-battle",
        seats: { first: { kind: "human" }, second: { kind: "ai", level: "grandmaster" } },
      }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(
      /no AI level \\"grandmaster\\" for horse-and-musket-ch11/,
    );
    const unknown = await fetch(`${server.url}api/games`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        system: "no-such-system",
        scenario: "x",
        seats: { first: { kind: "human" }, second: { kind: "human" } },
      }),
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain(
      "this server hosts musket-and-pike, horse-and-musket-ch11",
    );
  });
});
