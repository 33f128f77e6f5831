import { createRng, type PolicyRng, rngInt } from "@tercio/ai";
import { seedPrng } from "@tercio/core";
import {
  type Action,
  aimTurn,
  builtInScenarios,
  type Ctx,
  horseAndMusket,
  type Position,
  type ProgramOp,
} from "@tercio/horse-and-musket-ch11";

/**
 * The tabletop section's seeded work on Horse and Musket (chapter 11):
 * positions from its scenarios, opened and then played by an "approach"
 * picker (each unit takes the sampled move that brings it nearest an
 * enemy, and charges and shoots when it can), so that the positions have
 * neighbours, terrain and enemies near; move programs (pivot + advance +
 * pivot) for the units still to move; and every cavalry-to-enemy charge.
 */
export interface TabletopSizes {
  /** Scenarios used (the first n built-in ones). */
  readonly scenarios: number;
  /** Player turns of approach play recorded per scenario. */
  readonly playerTurns: number;
  /** Move programs per recorded position. */
  readonly movesPerPosition: number;
  /** Random games per scenario. */
  readonly games: number;
}

export const FULL_TABLETOP: TabletopSizes = { scenarios: 8, playerTurns: 6, movesPerPosition: 12, games: 3 };
export const QUICK_TABLETOP: TabletopSizes = { scenarios: 8, playerTurns: 3, movesPerPosition: 4, games: 1 };
export const TINY_TABLETOP: TabletopSizes = { scenarios: 2, playerTurns: 2, movesPerPosition: 3, games: 1 };

export interface Game {
  readonly scenario: string;
  readonly ctx: Ctx;
}

export interface MoveQuery {
  readonly game: number;
  readonly position: Position;
  readonly unit: string;
  readonly program: readonly ProgramOp[];
}

export interface ChargeQuery {
  readonly game: number;
  readonly position: Position;
  readonly unit: string;
  readonly target: string;
  readonly turn: number;
}

export interface TabletopWorkload {
  readonly games: readonly Game[];
  readonly moves: readonly MoveQuery[];
  readonly charges: readonly ChargeQuery[];
}

const SYSTEM = horseAndMusket;

export function contextOf(scenario: string): Ctx {
  const setup = SYSTEM.parseSetup({ scenario, options: {} });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = SYSTEM.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  return ctx.value;
}

function nearestEnemy(position: Position, side: string, x: number, y: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (const u of Object.values(position.units)) {
    if (u.side === side) continue;
    const d = (u.x - x) * (u.x - x) + (u.y - y) * (u.y - y);
    if (d < best) best = d;
  }
  return best;
}

/** The approach picker: a charge if any, else the move that closes most, else a shot, else end the phase. */
export function approachAction(ctx: Ctx, position: Position, rng: PolicyRng): Action {
  const actions = SYSTEM.legalActions(ctx, position);
  const charges = actions.filter((a) => a.type === "charge");
  if (charges.length > 0) return charges[rngInt(rng, charges.length)] as Action;
  const shots = actions.filter((a) => a.type === "shoot");
  if (shots.length > 0) return shots[rngInt(rng, shots.length)] as Action;
  let best: Action | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const a of actions) {
    if (a.type !== "move") continue;
    const step = SYSTEM.apply(ctx, position, a);
    if (!step.ok) continue;
    const u = step.value.position.units[a.unit];
    if (!u) continue;
    const d = nearestEnemy(step.value.position, u.side, u.x, u.y);
    if (d < bestD) {
      bestD = d;
      best = a;
    }
  }
  return best ?? { type: "end-phase" };
}

function programFor(ctx: Ctx, position: Position, id: string, rng: PolicyRng): ProgramOp[] {
  const u = position.units[id];
  if (!u) return [];
  const allowance = ctx.rules.data.unitTypes[u.type].allowance;
  const turn = (1 + rngInt(rng, 6)) * 1500 * (rngInt(rng, 2) === 0 ? 1 : -1);
  // From a quarter of the allowance to a tenth over it: some programs are refused for the distance.
  const ticks = Math.max(1, Math.floor((allowance * (25 + rngInt(rng, 86))) / 100));
  const back = rngInt(rng, 3) === 0 ? 1500 * (1 + rngInt(rng, 3)) : -turn;
  return [
    { op: "pivot", cdeg: turn },
    { op: "advance", ticks },
    { op: "pivot", cdeg: back },
  ];
}

/** Records the movement-phase positions of approach play, with move and charge queries from each. */
export function tabletopWorkload(seed: number, sizes: TabletopSizes): TabletopWorkload {
  const games: Game[] = [];
  const moves: MoveQuery[] = [];
  const charges: ChargeQuery[] = [];
  const scenarios = builtInScenarios().slice(0, sizes.scenarios);
  const rng = createRng(seed);
  for (const [g, s] of scenarios.entries()) {
    const ctx = contextOf(s.id);
    games.push({ scenario: s.id, ctx });
    const setup = SYSTEM.parseSetup({ scenario: s.id, options: {} });
    if (!setup.ok) throw new Error(setup.error.message);
    const opened = SYSTEM.open(ctx, setup.value, seedPrng(seed));
    if (!opened.ok) throw new Error(opened.error.message);
    let position = opened.value.position;
    let playerTurns = 0;
    let lastSeat = position.toMove;
    for (let guard = 0; guard < 2000 && SYSTEM.toAct(position) !== null; guard++) {
      if (position.toMove !== lastSeat) {
        lastSeat = position.toMove;
        if (++playerTurns >= sizes.playerTurns) break;
      }
      if (position.phase === "movement") {
        const mine = Object.keys(position.units)
          .sort()
          .filter((id) => {
            const u = position.units[id];
            return u && u.side === position.toMove && (u.acted === "none" || u.acted === "formed");
          });
        if (mine.length > 0)
          for (let k = 0; k < Math.ceil(sizes.movesPerPosition / 4); k++) {
            const id = mine[rngInt(rng, mine.length)] as string;
            moves.push({ game: g, position, unit: id, program: programFor(ctx, position, id, rng) });
          }
        for (const id of mine) {
          const u = position.units[id];
          if (u?.type !== "cavalry") continue;
          for (const [tid, t] of Object.entries(position.units)) {
            if (t.side === u.side) continue;
            const turn = aimTurn(u, u.facing, t, ctx.rules.data.chargeTurnLimit) ?? 0;
            charges.push({ game: g, position, unit: id, target: tid, turn });
          }
        }
      }
      const step = SYSTEM.apply(ctx, position, approachAction(ctx, position, rng));
      if (!step.ok) throw new Error(step.error.message);
      position = step.value.position;
    }
  }
  return { games, moves: trim(moves, sizes, scenarios.length), charges };
}

/** At most movesPerPosition × playerTurns × scenarios moves, spread over the positions. */
function trim(moves: MoveQuery[], sizes: TabletopSizes, scenarios: number): MoveQuery[] {
  const cap = sizes.movesPerPosition * sizes.playerTurns * scenarios;
  if (moves.length <= cap) return moves;
  const step = moves.length / cap;
  return Array.from({ length: cap }, (_, i) => moves[Math.floor(i * step)] as MoveQuery);
}
