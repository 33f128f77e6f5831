import { randomBytes } from "node:crypto";
import { createRng, type PolicyRng, rngInt } from "@tercio/ai";
import type { AnySystem } from "@tercio/core";
import { horseAndMusket } from "@tercio/horse-and-musket-ch11";
import { horseAndMusketNtSystem } from "@tercio/horse-and-musket-nt";
import { pluckyPikesSystem } from "@tercio/plucky-pikes";
import { defaultSystems } from "@tercio/systems";
import { describe, expect, it } from "vitest";
import { GameRoom } from "./game-room.js";
import { SqliteStore } from "./sqlite-store.js";
import { createGame, SystemClient } from "./test-support/client.js";
import { NASTY_STRINGS } from "./test-support/nasty-strings.js";
import { startServerProcess, tempDb } from "./test-support/server-process.js";

type Client = SystemClient<unknown, unknown, unknown>;
type Action = Record<string, unknown>;

/** A tabletop system under fuzz: its action types and move ops (real and made up), and how many acts to send. */
interface Target {
  readonly system: AnySystem;
  readonly types: readonly string[];
  readonly ops: readonly string[];
  /** An op repeated to make a long program. */
  readonly longOp: Record<string, unknown>;
  readonly acts: number;
}

const TARGETS: readonly Target[] = [
  {
    system: horseAndMusket,
    types: ["move", "charge", "shoot", "form-square", "leave-square", "end-phase", "deploy", "resolve"],
    ops: ["pivot", "advance", "back", "road", "wheel", "teleport"],
    longOp: { op: "pivot", cdeg: 4500 },
    acts: 2000,
  },
  {
    system: horseAndMusketNtSystem,
    types: [
      "fire",
      "roll-move",
      "move",
      "reform",
      "fall-back",
      "charge",
      "rally",
      "end-phase",
      "shoot",
      "deploy",
    ],
    ops: ["advance", "wheel", "road", "pivot", "teleport"],
    longOp: { op: "wheel", corner: "left", cdeg: 4500 },
    acts: 1500,
  },
  {
    system: pluckyPikesSystem,
    types: ["move", "engage", "officer", "fire", "react", "initiative", "end-phase", "charge", "deploy"],
    ops: [
      "advance",
      "pivot",
      "face",
      "form",
      "reorganise",
      "reload",
      "untangle",
      "limber",
      "unlimber",
      "wheel",
    ],
    longOp: { op: "pivot", end: "left", cdeg: 1500 },
    acts: 1500,
  },
];

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
function mutate(
  target: Target,
  action: Action,
  offered: readonly Action[],
  position: { readonly units: Readonly<Record<string, unknown>> },
  rng: PolicyRng,
): unknown {
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
        a[
          pick([
            ...keys,
            "extra",
            "turn",
            "road",
            "dx",
            "dy",
            "keepFacing",
            "formation",
            "charge",
            "choice",
            "hailshot",
            "run",
          ])
        ] = pick(WEIRD_NUMBERS);
        break;
      case 5: {
        const program = Array.isArray(a.program) ? [...(a.program as unknown[])] : [];
        const op = (program[rngInt(rng, Math.max(1, program.length))] ?? {
          op: "advance",
          ticks: 6096,
        }) as Record<string, unknown>;
        const bent = {
          ...op,
          [pick(["ticks", "cdeg", "op", "corner", "end", "to", "formation"])]: pick([
            ...WEIRD_NUMBERS,
            ...target.ops,
            "left",
            "up",
            "hedgehog",
          ]),
        };
        program.splice(rngInt(rng, program.length + 1), rngInt(rng, 2), bent);
        a.program = program;
        break;
      }
      case 6:
        // Long, but inside the frame limit (a frame past it is closed by the socket layer: hardening.test.ts).
        a.program = Array.from({ length: 50 + rngInt(rng, 250) }, () => ({ ...target.longOp }));
        break;
      case 7:
        a.type = pick(target.types);
        break;
      default:
        a = { type: a.type, nested: { deeper: [[[[a]]]] } };
    }
  }
  return a;
}

/**
 * The real server hosting tabletop games (chapter 11, 003, then 001) under a
 * storm of mutated acts from both seats: it stays up, and every action it
 * stored replays as legal to its stored hash (a fresh room loads the log
 * through the system).
 */
describe("tabletop fuzz test", { timeout: 240_000 }, () => {
  it("5,000 mutated chapter-11, 003 and 001 acts: none crashes the server, every stored action replays as legal, the games go on", async () => {
    const seed = Number(process.env.TERCIO_FUZZ_SEED ?? randomBytes(4).readUInt32LE(0)) >>> 0;
    console.log(`tabletop fuzz seed ${seed} (TERCIO_FUZZ_SEED=${seed} to replay)`);
    const db = tempDb();
    const server = await startServerProcess(db);
    const rng = createRng(seed);
    const games: string[] = [];
    try {
      for (const target of TARGETS) {
        const { system } = target;
        let sent = 0;
        let accepted = 0;
        let played = 0;
        const scenarios = system.scenarios().map((x) => x.id);
        // Game after game (each scenario in turn) until the acts are all sent.
        while (sent < target.acts && played < 40) {
          const created = await createGame(server.url, {
            system: system.id,
            scenario: scenarios[played % scenarios.length] ?? "random",
            seats: { first: { kind: "human" }, second: { kind: "human" } },
          });
          games.push(created.game.id);
          played += 1;
          const seats: Client[] = [
            new SystemClient(server.wsUrl, created.game.id, created.tokens.first ?? "", system),
            new SystemClient(server.wsUrl, created.game.id, created.tokens.second ?? "", system),
          ];
          for (const s of seats) await s.join();
          for (let turn = 0; sent < target.acts && turn < 2000; turn++) {
            const c = seats.find((s) => s.myTurn);
            if (!c?.position) break;
            const offered = system.legalActions(c.ctx, c.position) as Action[];
            for (let k = 0; k < 6 && sent < target.acts; k++) {
              const position = c.position as { units: Record<string, unknown> };
              const bent = mutate(target, rngPick(offered, rng), offered, position, rng);
              if (Buffer.byteLength(JSON.stringify(bent)) > 12_000) continue;
              const answer = await c.act(bent);
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
            const legal = system.legalActions(c.ctx, c.position) as Action[];
            const end = legal.find((a) => a.type === "end-phase");
            const answer = await c.act(end && rngInt(rng, 3) === 0 ? end : rngPick(legal, rng));
            expect(answer.type).toBe("ack");
            await c.until(() => seats.every((s) => s.seq === answer.seq));
          }
          for (const s of seats) expect(s.mismatches).toBe(0);
          for (const s of seats) s.close();
        }
        console.log(
          `tabletop fuzz, ${system.id}: ${sent} mutated acts over ${played} games, ${accepted} accepted`,
        );
        expect(sent).toBe(target.acts);
      }
      expect((await fetch(`${server.url}api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
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
