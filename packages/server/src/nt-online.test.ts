import { nextUint32, parseSave, replaySave, seedPrng } from "@tercio/core";
import {
  type Action,
  type Ctx,
  horseAndMusketNtSystem as nt,
  type Position,
} from "@tercio/horse-and-musket-nt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGame, SystemClient } from "./test-support/client.js";
import { type ServerProcess, startServerProcess, tempDb } from "./test-support/server-process.js";

type Client = SystemClient<Ctx, Position, Action>;

/** One action of the seat to act, from the listed ones: ends phases one time in four, else prefers fire, charges, moves. */
function pick(c: Client, roll: number): Action {
  if (!c.position) throw new Error("no position");
  const offered = nt.legalActions(c.ctx, c.position);
  const end = offered.find((a) => a.type === "end-phase");
  if (end && roll % 4 === 0) return end;
  const busy = offered.filter((a) => a.type !== "end-phase" && a.type !== "reform");
  const from = busy.length > 0 ? busy : offered;
  return from[(roll >>> 2) % from.length] as Action;
}

/**
 * Horse and Musket (003) on the real server (the built CLI's `serve`), as
 * the server hosts every system: the dice (a move's Dx, every shot's, every
 * roll-off's) are rolled there and reach a client only in the event that
 * used them.
 */
describe("online play of Horse and Musket (003)", { timeout: 180_000 }, () => {
  let server: ServerProcess;
  const clients: Client[] = [];
  const client = (gameId: string, token: string | undefined): Client => {
    if (!token) throw new Error("no token");
    const c = new SystemClient(server.wsUrl, gameId, token, nt);
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

  it("[003 Play Sequence] two seats play to the result; a move's Dx is rolled on the server; refusals cite 003; the save replays", async () => {
    const created = await createGame(server.url, {
      system: "horse-and-musket-nt",
      scenario: "minden-heath",
      options: { greyAreas: "roll-off", dice: "average" },
      seats: { first: { kind: "human" }, second: { kind: "human" } },
    });
    expect(created.game).toMatchObject({ system: "horse-and-musket-nt", scenario: "minden-heath" });
    const first = client(created.game.id, created.tokens.first);
    const second = client(created.game.id, created.tokens.second);
    await first.join();
    await second.join();
    expect(first.position?.prng).not.toMatch(/^chacha20/);
    const mover = first.myTurn ? first : second;
    const unit = Object.entries(mover.position?.units ?? {}).find(([, u]) => u.side === mover.role)?.[0];
    if (!unit) throw new Error("no unit of the seat's");
    // 003 1.2 Move: a move is rolled first; the refusal crosses the wire whole.
    const illegal = await mover.act({ type: "move", unit, program: [{ op: "advance", ticks: 6096 }] });
    expect(illegal).toMatchObject({ code: "illegal-action", refusal: { unit, code: "move/not-rolled" } });
    expect(illegal.message).toMatch(/^003 1\.2 Move: /);
    // The roll: the server's die, seen by both seats in the same event, an average die's face.
    const rolled = await mover.act({ type: "roll-move", unit });
    expect(rolled.type).toBe("ack");
    await first.until(() => first.seq === second.seq && first.seq >= 1);
    const face = first.position?.units[unit]?.roll ?? 0;
    expect([2, 3, 4, 5]).toContain(face);
    expect(second.position?.units[unit]?.roll).toBe(face);

    let rng = seedPrng(13);
    let acted = 1;
    while (first.position?.result === undefined) {
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
      if (acted > 4000) throw new Error("the game did not end");
    }
    for (const c of [first, second]) expect(c.mismatches).toBe(0);
    const over = await first.next((m) => m.type === "over", 60_000);
    const save = parseSave(over.save);
    if (!save.ok) throw new Error(save.error.message);
    expect(save.value).toMatchObject({ system: "horse-and-musket-nt", generator: "chacha20" });
    const replayed = replaySave(nt, save.value);
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(replayed.value.events.some((e) => e.type === "move-rolled")).toBe(true);
    expect(nt.hash(nt.publicView(replayed.value.final))).toBe(nt.hash(first.position as Position));
  });

  it("[003 Play Sequence] the server's AI seat plays a game against a scripted seat to its result", async () => {
    const created = await createGame(server.url, {
      system: "horse-and-musket-nt",
      scenario: "buena-vista-plateau",
      seats: { first: { kind: "human" }, second: { kind: "ai", level: "random" } },
    });
    const human = client(created.game.id, created.tokens.first);
    await human.join();
    let rng = seedPrng(5);
    for (let acted = 0; human.position?.result === undefined; acted++) {
      if (acted > 4000) throw new Error("the game did not end");
      await human.until(() => human.myTurn || human.position?.result !== undefined, 60_000);
      if (human.position?.result !== undefined) break;
      const roll = nextUint32(rng);
      rng = roll.state;
      const answer = await human.act(pick(human, roll.value));
      if (answer.type !== "ack") throw new Error(`refused: ${JSON.stringify(answer)}`);
      await human.until(() => human.seq >= answer.seq);
    }
    expect(human.mismatches).toBe(0);
    expect(human.seq).toBeGreaterThan(10);
  });
});
