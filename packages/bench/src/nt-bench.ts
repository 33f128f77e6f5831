import { aiLevels, createRng, type Policy, type PolicyRng, playGame, rngInt } from "@tercio/ai";
import { hashOf, seedPrng } from "@tercio/core";
import {
  type Action,
  builtInScenarios,
  type Ctx,
  checkMove,
  exactJudge,
  HORSE_AND_MUSKET_NT,
  horseAndMusketNtSystem,
  type Position,
  type ProgramOp,
  sideOfTarget,
  sideSight,
  type UnitState,
} from "@tercio/horse-and-musket-nt";
import {
  type AiDecisionFigure,
  type AiGamesFigure,
  aiDecisions,
  aiGames,
  formatAiGames,
  formatDecisions,
  formatRandomGames,
  type RandomGamesFigure,
} from "./ai-games.js";
import { timeOps } from "./micro.js";
import { table } from "./table.js";

/**
 * Section 10: Horse and Musket, the NT-inspired rules (003): its move
 * checker (each query checked first against apply of the same move: the
 * same verdict, end pose and rule code), its line of sight to a side (I-V,
 * eight parts judged), whole random games per second, and each AI level's
 * time per decision in a game against itself.
 */
const SYSTEM = horseAndMusketNtSystem;
const IN = 6096;

export interface NtSizes {
  /** Scenarios drawn from (the first n). */
  readonly scenarios: number;
  /** Random actions played before the queries are drawn. */
  readonly warmActions: number;
  readonly movesPerScenario: number;
  /** Random games per scenario. */
  readonly games: number;
  /** Seconds of AI play per level (a game is cut there). */
  readonly aiSeconds: number;
}

export const FULL_NT: NtSizes = {
  scenarios: 10,
  warmActions: 40,
  movesPerScenario: 40,
  games: 4,
  aiSeconds: 20,
};
export const QUICK_NT: NtSizes = {
  scenarios: 3,
  warmActions: 20,
  movesPerScenario: 12,
  games: 1,
  aiSeconds: 3,
};
export const TINY_NT: NtSizes = { scenarios: 1, warmActions: 6, movesPerScenario: 6, games: 1, aiSeconds: 1 };

interface MoveQuery {
  readonly ctx: Ctx;
  readonly position: Position;
  readonly unit: string;
  readonly program: ProgramOp[];
}

interface SightQuery {
  readonly ctx: Ctx;
  readonly position: Position;
  readonly viewer: string;
  readonly target: string;
}

export interface NtWorkload {
  readonly moves: readonly MoveQuery[];
  readonly sights: readonly SightQuery[];
}

function contextOf(scenario: string): Ctx {
  const setup = SYSTEM.parseSetup({ scenario, options: {} });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = SYSTEM.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  return ctx.value;
}

/** A seeded uniform picker over the system's legal actions that ends the phase one time in four. */
export const NT_RANDOM_PICKER: Policy<Ctx, Position, Action> = {
  name: "random",
  choose(ctx, position, rng) {
    const actions = SYSTEM.legalActions(ctx, position);
    const end = actions.find((a) => a.type === "end-phase");
    if (end && rngInt(rng, 4) === 0) return end;
    const a = actions[rngInt(rng, actions.length)];
    if (!a) throw new Error("no legal action");
    return a;
  },
};

function program(rng: PolicyRng): ProgramOp[] {
  const ticks = IN * (1 + rngInt(rng, 12)) + rngInt(rng, IN);
  switch (rngInt(rng, 3)) {
    case 0:
      return [{ op: "advance", ticks }];
    case 1:
      return [
        { op: "wheel", corner: rngInt(rng, 2) === 0 ? "left" : "right", cdeg: 500 + rngInt(rng, 4000) },
      ];
    default:
      return [
        { op: "wheel", corner: rngInt(rng, 2) === 0 ? "left" : "right", cdeg: 500 + rngInt(rng, 2500) },
        { op: "advance", ticks },
      ];
  }
}

/** Mid-game positions of each scenario (random play), each unit of the side to act rolled, random programs. */
export function ntWorkload(seed: number, sizes: NtSizes): NtWorkload {
  const rng = createRng(seed);
  const moves: MoveQuery[] = [];
  const sights: SightQuery[] = [];
  for (const scenario of builtInScenarios()
    .slice(0, sizes.scenarios)
    .map((s) => s.id)) {
    const ctx = contextOf(scenario);
    const opened = SYSTEM.open(ctx, { scenario, options: ctx.options }, seedPrng(seed));
    if (!opened.ok) throw new Error(opened.error.message);
    let position = opened.value.position;
    for (let i = 0; i < sizes.warmActions && position.phase === "actions"; i++) {
      const step = SYSTEM.apply(ctx, position, NT_RANDOM_PICKER.choose(ctx, position, rng));
      if (!step.ok) throw new Error(step.error.message);
      if (step.value.position.phase !== "actions") break;
      position = step.value.position;
    }
    const own = Object.keys(position.units)
      .filter((id) => position.units[id]?.side === position.toMove && position.units[id]?.acted === "none")
      .sort();
    for (const id of own) {
      const rolled = SYSTEM.apply(ctx, position, { type: "roll-move", unit: id }, [3]);
      if (rolled.ok) position = rolled.value.position;
    }
    const rolledIds = own.filter((id) => position.units[id]?.acted === "rolled");
    for (let k = 0; k < sizes.movesPerScenario && rolledIds.length > 0; k++) {
      const unit = rolledIds[rngInt(rng, rolledIds.length)] as string;
      moves.push({ ctx, position, unit, program: program(rng) });
    }
    const ids = Object.keys(position.units).sort();
    for (const viewer of ids)
      for (const target of ids)
        if (position.units[viewer]?.side !== position.units[target]?.side)
          sights.push({ ctx, position, viewer, target });
  }
  return { moves, sights };
}

function same(p: { x: number; y: number; facing: number }, u: UnitState | undefined): boolean {
  return u !== undefined && p.x === u.x && p.y === u.y && p.facing === u.facing;
}

/**
 * The context with Grey Areas measured exactly, as checkMove's exactJudge measures: the engine
 * reads the option from the context (a copy in the position changes nothing), and a roll-off
 * would make apply accept a move it then refuses after the roll.
 */
function exactCtx(ctx: Ctx): Ctx {
  return { ...ctx, options: { ...ctx.options, greyAreas: "exact" } };
}

/** checkMove against apply of the same move: the same verdict, end pose and rule code. Throws on a difference. */
export function checkNtAgreement(w: NtWorkload): { moves: number; legal: number } {
  let legal = 0;
  w.moves.forEach((q, i) => {
    const check = checkMove(q.ctx, q.position, q.unit, q.program, exactJudge, { clamp: false });
    const step = SYSTEM.apply(exactCtx(q.ctx), q.position, {
      type: "move",
      unit: q.unit,
      program: q.program,
    });
    const agree = step.ok
      ? check.legal && same(check.pose, step.value.position.units[q.unit])
      : !check.legal && check.error?.code === step.error.code;
    if (!agree)
      throw new Error(
        `nt bench: move ${i} (${q.unit} ${JSON.stringify(q.program)}): checkMove ${check.legal}, apply ${step.ok ? "accepts" : step.error.code}`,
      );
    if (check.legal) legal++;
  });
  return { moves: w.moves.length, legal };
}

export type NtGamesFigure = RandomGamesFigure;

export type NtDecisionFigure = AiDecisionFigure;

export interface NtReport {
  readonly seed: number;
  readonly micro: readonly {
    readonly name: string;
    readonly ops: number;
    readonly nsPerOp: number;
    readonly applyNsPerOp?: number;
  }[];
  readonly agreement: { readonly moves: number; readonly legal: number };
  readonly games: readonly NtGamesFigure[];
  readonly decisions: readonly NtDecisionFigure[];
  /** Each AI level against itself, whole games on the first scenario (none when untimed). */
  readonly aiGames: readonly AiGamesFigure[];
}

export function ntGames(scenarios: readonly string[], seed: number, count: number): NtGamesFigure[] {
  return scenarios.map((scenario) => {
    const ctx = contextOf(scenario);
    let actions = 0;
    const hashes: string[] = [];
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const game = playGame(
        SYSTEM,
        ctx,
        { scenario, options: ctx.options },
        { seed: seed + i, first: NT_RANDOM_PICKER, second: NT_RANDOM_PICKER },
      );
      actions += game.actionCount;
      hashes.push(hashOf(game.position));
    }
    const ms = performance.now() - start;
    return { scenario, games: count, actions, ms, gamesPerSecond: (count * 1000) / ms, hashes };
  });
}

/** One game of a level against itself on a scenario, every decision timed, cut at `budgetSeconds`. */
export function ntDecisions(
  level: string,
  scenario: string,
  seed: number,
  budgetSeconds: number,
): NtDecisionFigure {
  const ctx = contextOf(scenario);
  return aiDecisions(SYSTEM, ctx, { scenario, options: ctx.options }, level, seed, budgetSeconds);
}

export async function ntBench(opts: {
  seed: number;
  quick: boolean;
  sizes?: NtSizes;
  untimed?: boolean;
}): Promise<NtReport> {
  const sizes = opts.sizes ?? (opts.quick ? QUICK_NT : FULL_NT);
  const w = ntWorkload(opts.seed, sizes);
  const agreement = checkNtAgreement(w);
  const micro: { name: string; ops: number; nsPerOp: number; applyNsPerOp?: number }[] = [];
  if (!opts.untimed && w.moves.length > 0) {
    const timing = { quick: opts.quick };
    const exact = w.moves.map((q) => exactCtx(q.ctx));
    const check = () =>
      w.moves.reduce(
        (n, q) => n + checkMove(q.ctx, q.position, q.unit, q.program, exactJudge, { clamp: false }).legalOps,
        0,
      );
    const apply = () =>
      w.moves.reduce(
        (n, q, i) =>
          n +
          (SYSTEM.apply(exact[i] as Ctx, q.position, {
            type: "move",
            unit: q.unit,
            program: q.program,
          }).ok
            ? 1
            : 0),
        0,
      );
    const sight = () =>
      w.sights.reduce((n, q) => {
        const v = q.position.units[q.viewer] as UnitState;
        const t = q.position.units[q.target] as UnitState;
        const side = sideOfTarget(q.ctx, v, t);
        return (
          n + (side !== "inside" && sideSight(q.ctx, q.position, q.viewer, q.target, side).visible ? 1 : 0)
        );
      }, 0);
    for (let k = 0; k < 3; k++) check() + apply();
    const c = await timeOps("nt checkMove", check, w.moves.length, timing);
    const a = await timeOps("nt apply move", apply, w.moves.length, timing);
    micro.push({
      name: "checkMove (advances and wheels, every corner metered)",
      ops: w.moves.length,
      nsPerOp: c.nsPerOp,
      applyNsPerOp: a.nsPerOp,
    });
    const s = await timeOps("nt sideSight", sight, w.sights.length, timing);
    micro.push({
      name: "line of sight to a side (I-V, eight parts judged)",
      ops: w.sights.length,
      nsPerOp: s.nsPerOp,
    });
  }
  const scenarios = builtInScenarios()
    .slice(0, sizes.scenarios)
    .map((s) => s.id);
  const games = ntGames(scenarios, opts.seed, sizes.games);
  const decisions = aiLevels(HORSE_AND_MUSKET_NT).map((level) =>
    ntDecisions(level, scenarios[0] ?? "fontenoy-redoubt", opts.seed, sizes.aiSeconds),
  );
  const first = scenarios[0] ?? "fontenoy-redoubt";
  const played = opts.untimed
    ? []
    : aiGames(
        SYSTEM,
        contextOf(first),
        { scenario: first, options: contextOf(first).options },
        opts.seed,
        opts.quick ? 1 : 3,
        opts.quick ? 5 : 60,
      );
  return { seed: opts.seed, micro, agreement, games, decisions, aiGames: played };
}

export function formatNtReport(r: NtReport): string {
  const micro =
    r.micro.length === 0
      ? "(timings skipped)"
      : table(
          ["work", "ns/op", "apply ns/op (same action)", "queries"],
          r.micro.map((f) => [f.name, f.nsPerOp, f.applyNsPerOp ?? "", f.ops]),
        );
  return [
    micro,
    "",
    `Answers checked first: ${r.agreement.moves} moves (${r.agreement.legal} legal) gave checkMove's verdict, end pose and rule code through apply.`,
    "",
    formatRandomGames(r.seed, r.games),
    "",
    formatDecisions(r.decisions),
    ...(r.aiGames.length > 0
      ? [
          "",
          formatAiGames(
            "Whole games of each AI level against itself, one core (seeds from the bench's):",
            r.aiGames,
          ),
        ]
      : []),
  ].join("\n");
}
