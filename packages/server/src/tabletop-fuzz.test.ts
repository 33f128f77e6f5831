import { randomBytes } from "node:crypto";
import { createRng, type PolicyRng, rngInt } from "@tercio/ai";
import { type Action, type Ctx, horseAndMusket, type Position } from "@tercio/horse-and-musket-ch11";
import { defaultSystems } from "@tercio/systems";
import { describe, expect, it } from "vitest";
import { GameRoom } from "./game-room.js";
import { SqliteStore } from "./sqlite-store.js";
import { createGame, SystemClient } from "./test-support/client.js";
import { NASTY_STRINGS } from "./test-support/nasty-strings.js";
import { startServerProcess, tempDb } from "./test-support/server-process.js";

type Client = SystemClient<Ctx, Position, Action>;

/** Numbers a length, an angle or an id may be given as, to reach the edges of every schema and predicate. */
const WEIRD_NUMBERS: readonly unknown[] = [
  0,
  -1,
  1,
  0.5,
  -0.5,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  1e308,
  -1e308,
  36000,
  -36000,
  4500,
  4501,
  6096 * 12,
  6096 * 12 + 1,
  "12",
  "NaN",
  null,
  true,
  [],
  {},
];

/**
 * Chapter-11 actions bent out of shape: a number changed to an edge value,
 * a unit or target swapped, a field taken from another listed action, a
 * field added or dropped, a program cut, repeated or made very long, the
 * type changed. Most must be refused by the system (its schema, or its
 * rules); any the server accepts must replay as legal.
 */
function mutate(action: Action, offered: readonly Action[], position: Position, rng: PolicyRng): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[rngInt(rng, xs.length)] as T;
  const units = Object.keys(position.units);
  let a = structuredClone(action) as Record<string, unknown>;
  for (let round = 0; round < 1 + rngInt(rng, 3); round++) {
    const keys = Object.keys(a);
    switch (rngInt(rng, 9)) {
      case 0:
        a.unit = rngInt(rng, 4) === 0 ? pick(NASTY_STRINGS) : pick(units);
        break;
      case 1:
        a.target = rngInt(rng, 4) === 0 ? pick(NASTY_STRINGS) : pick(units);
        break;
      case 2: {
        const other = structuredClone(pick(offered)) as Record<string, unknown>;
        const field = pick(Object.keys(other));
        a[field] = other[field];
        break;
      }
      case 3:
        if (keys.length > 0) delete a[pick(keys)];
        break;
      case 4:
        a[pick([...keys, "extra", "turn", "road"])] = pick(WEIRD_NUMBERS);
        break;
      case 5: {
        const program = Array.isArray(a.program) ? [...(a.program as unknown[])] : [];
        const op = (program[rngInt(rng, Math.max(1, program.length))] ?? {
          op: "advance",
          ticks: 6096,
        }) as Record<string, unknown>;
        const bent = {
          ...op,
          [pick(["ticks", "cdeg", "op"])]: pick([...WEIRD_NUMBERS, "wheel", "teleport"]),
        };
        program.splice(rngInt(rng, program.length + 1), rngInt(rng, 2), bent);
        a.program = program;
        break;
      }
      case 6:
        // Long, but inside the frame limit (a frame past it is closed by the socket layer: hardening.test.ts).
        a.program = Array.from({ length: 50 + rngInt(rng, 250) }, () => ({ op: "pivot", cdeg: 4500 }));
        break;
      case 7:
        a.type = pick([
          "move",
          "charge",
          "shoot",
          "form-square",
          "leave-square",
          "end-phase",
          "deploy",
          "resolve",
        ]);
        break;
      default:
        a = { type: a.type, nested: { deeper: [[[[a]]]] } };
    }
  }
  return a;
}

/**
 * The real server hosting a chapter-11 game under a storm of mutated acts
 * from both seats: it stays up, and every action it stored replays as legal
 * to its stored hash (a fresh room loads the log through the system).
 */
describe("tabletop fuzz test", { timeout: 240_000 }, () => {
  it("3,000 mutated chapter-11 acts: none crashes the server, every stored action replays as legal, the game goes on to its result", async () => {
    const seed = Number(process.env.TERCIO_FUZZ_SEED ?? randomBytes(4).readUInt32LE(0)) >>> 0;
    console.log(`tabletop fuzz seed ${seed} (TERCIO_FUZZ_SEED=${seed} to replay)`);
    const db = tempDb();
    const server = await startServerProcess(db);
    const rng = createRng(seed);
    let sent = 0;
    let accepted = 0;
    const games: string[] = [];
    const scenarios = horseAndMusket.scenarios().map((x) => x.id);
    try {
      // Game after game (each scenario in turn) until the acts are all sent.
      while (sent < 3000 && games.length < 40) {
        const created = await createGame(server.url, {
          system: "horse-and-musket-ch11",
          scenario: scenarios[games.length % scenarios.length] ?? "pitched-battle",
          seats: { first: { kind: "human" }, second: { kind: "human" } },
        });
        games.push(created.game.id);
        const seats: Client[] = [
          new SystemClient(server.wsUrl, created.game.id, created.tokens.first ?? "", horseAndMusket),
          new SystemClient(server.wsUrl, created.game.id, created.tokens.second ?? "", horseAndMusket),
        ];
        for (const s of seats) await s.join();
        for (let turn = 0; sent < 3000 && turn < 2000; turn++) {
          const c = seats.find((s) => s.myTurn);
          if (!c?.position) break;
          const offered = horseAndMusket.legalActions(c.ctx, c.position);
          for (let k = 0; k < 6 && sent < 3000; k++) {
            const bent = mutate(rngPick(offered, rng), offered, c.position, rng);
            if (Buffer.byteLength(JSON.stringify(bent)) > 12_000) continue;
            const answer = await c.act(bent as Action);
            sent += 1;
            expect(["ack", "error"]).toContain(answer.type);
            expect(answer.fatal ?? false).toBe(false);
            if (answer.type === "ack") {
              accepted += 1;
              await c.until(() => seats.every((s) => s.seq === answer.seq));
              break;
            }
          }
          if (!c.myTurn || !c.position) continue;
          // Then something that lets the game go on: the listed actions, phases often ended.
          const legal = horseAndMusket.legalActions(c.ctx, c.position);
          const end = legal.find((a) => a.type === "end-phase");
          const answer = await c.act(end && rngInt(rng, 3) === 0 ? end : rngPick(legal, rng));
          expect(answer.type).toBe("ack");
          await c.until(() => seats.every((s) => s.seq === answer.seq));
        }
        for (const s of seats) expect(s.mismatches).toBe(0);
        for (const s of seats) s.close();
      }
      expect((await fetch(`${server.url}api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    console.log(`tabletop fuzz: ${sent} mutated acts over ${games.length} games, ${accepted} accepted`);
    expect(sent).toBe(3000);
    // Every stored action replays through the system to its stored hash: a fresh room loads each log.
    const store = new SqliteStore(db);
    try {
      for (const id of games) {
        const room = await GameRoom.load(
          store,
          defaultSystems(),
          id,
          { afterAction: () => undefined },
          Date.now,
        );
        if (!(room instanceof GameRoom)) throw new Error(room.message);
      }
    } finally {
      await store.close();
    }
  });
});

function rngPick<T>(xs: readonly T[], rng: PolicyRng): T {
  return xs[rngInt(rng, xs.length)] as T;
}
