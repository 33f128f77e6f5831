import { type Policy, playGame, rngInt } from "@tercio/ai";
import { hashOf } from "@tercio/core";
import {
  type Action,
  type Ctx,
  chargePath,
  checkMove,
  horseAndMusket,
  type Position,
} from "@tercio/horse-and-musket-ch11";
import { type AiGamesFigure, aiGames, formatAiGames } from "./ai-games.js";
import { timeOps } from "./micro.js";
import { formatNumber, table } from "./table.js";
import {
  contextOf,
  FULL_TABLETOP,
  QUICK_TABLETOP,
  type TabletopSizes,
  type TabletopWorkload,
  tabletopWorkload,
} from "./tabletop-workload.js";

/**
 * Section 8: the tabletop rule system Horse and Musket (chapter 11): its
 * move checker and its charge path (each checked first against the full
 * `apply` of the same action: the same verdict, the same end pose, the
 * same rule code), timed with tinybench; then whole random games per
 * second over its scenarios, through `legalActions` and a seeded picker.
 */

export interface TabletopFigure {
  readonly name: string;
  readonly ops: number;
  readonly nsPerOp: number;
  /** The same work through system.apply, the comparison (answers checked first). */
  readonly applyNsPerOp: number;
  readonly queries: number;
  /** Queries the engine found legal. */
  readonly legal: number;
}

export interface TabletopGamesFigure {
  readonly scenario: string;
  readonly games: number;
  readonly actions: number;
  readonly ms: number;
  readonly gamesPerSecond: number;
  readonly actionsPerSecond: number;
  /** hashOf each final position: the same seed gives the same game on every machine. */
  readonly hashes: readonly string[];
}

export interface TabletopReport {
  readonly seed: number;
  readonly figures: readonly TabletopFigure[];
  readonly games: readonly TabletopGamesFigure[];
  /** Each AI level against itself, whole games on the first scenario (none when untimed). */
  readonly aiGames: readonly AiGamesFigure[];
}

export interface TabletopBenchOptions {
  readonly seed: number;
  readonly quick: boolean;
  /** Overrides the workload size (tests use a tiny one). */
  readonly sizes?: TabletopSizes;
  /** Skip the timings (tests): the answers are still checked and the games still played. */
  readonly untimed?: boolean;
}

const SYSTEM = horseAndMusket;

function ctxOf(w: TabletopWorkload, game: number): Ctx {
  const g = w.games[game];
  if (!g) throw new Error(`no game ${game}`);
  return g.ctx;
}

function same(
  a: { x: number; y: number; facing: number },
  u: Position["units"][string] | undefined,
): boolean {
  return u !== undefined && a.x === u.x && a.y === u.y && a.facing === u.facing;
}

export interface TabletopAgreement {
  readonly moves: number;
  readonly legalMoves: number;
  readonly charges: number;
  readonly legalCharges: number;
}

/**
 * The answers checked first: checkMove and chargePath against apply of the
 * same move or charge (legal exactly when apply accepts, ending where apply
 * puts the unit, refused with apply's rule code). Throws on a difference.
 */
export function checkTabletopAgreement(w: TabletopWorkload): TabletopAgreement {
  let legalMoves = 0;
  w.moves.forEach((q, i) => {
    const ctx = ctxOf(w, q.game);
    const check = checkMove(ctx, q.position, q.unit, q.program);
    const step = SYSTEM.apply(ctx, q.position, { type: "move", unit: q.unit, program: [...q.program] });
    const agree = step.ok
      ? check.legal && same(check.pose, step.value.position.units[q.unit])
      : !check.legal && check.error?.code === step.error.code;
    if (!agree)
      throw new Error(
        `tabletop bench: move ${i} (${q.unit} ${JSON.stringify(q.program)}): checkMove ${JSON.stringify(check)}, apply ${step.ok ? "accepts" : step.error.code}`,
      );
    if (check.legal) legalMoves++;
  });
  let legalCharges = 0;
  w.charges.forEach((q, i) => {
    const ctx = ctxOf(w, q.game);
    const path = chargePath(ctx, q.position, q.unit, q.target, q.turn);
    const action: Action = {
      type: "charge",
      unit: q.unit,
      target: q.target,
      ...(q.turn ? { turn: q.turn } : {}),
    };
    const step = SYSTEM.apply(ctx, q.position, action);
    const agree = step.ok
      ? path.ok &&
        same(path.value.pose, step.value.position.units[q.unit]) &&
        step.value.position.contacts.some((c) => c.attacker === q.unit && c.side === path.value.side)
      : !path.ok && path.error.code === step.error.code;
    if (!agree)
      throw new Error(
        `tabletop bench: charge ${i} (${q.unit} on ${q.target}, turn ${q.turn}): chargePath ${JSON.stringify(path)}, apply ${step.ok ? "accepts" : step.error.code}`,
      );
    if (path.ok) legalCharges++;
  });
  return { moves: w.moves.length, legalMoves, charges: w.charges.length, legalCharges };
}

/** A seeded uniform picker over the system's legal actions (its sample of moves included). */
export const RANDOM_PICKER: Policy<Ctx, Position, Action> = {
  name: "random",
  choose(ctx, position, rng) {
    const actions = SYSTEM.legalActions(ctx, position);
    const a = actions[rngInt(rng, actions.length)];
    if (!a) throw new Error("no legal action");
    return a;
  },
};

/** Whole random games of each scenario, one after another on this thread. */
export function tabletopGames(
  scenarios: readonly string[],
  seed: number,
  count: number,
): TabletopGamesFigure[] {
  return scenarios.map((scenario) => {
    const ctx = contextOf(scenario);
    const setup = { scenario, options: ctx.options };
    let actions = 0;
    const hashes: string[] = [];
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const game = playGame(SYSTEM, ctx, setup, {
        seed: seed + i,
        first: RANDOM_PICKER,
        second: RANDOM_PICKER,
      });
      actions += game.actionCount;
      hashes.push(hashOf(game.position));
    }
    const ms = performance.now() - start;
    return {
      scenario,
      games: count,
      actions,
      ms,
      gamesPerSecond: (count * 1000) / ms,
      actionsPerSecond: (actions * 1000) / ms,
      hashes,
    };
  });
}

export async function tabletopBench(opts: TabletopBenchOptions): Promise<TabletopReport> {
  const sizes = opts.sizes ?? (opts.quick ? QUICK_TABLETOP : FULL_TABLETOP);
  const w = tabletopWorkload(opts.seed, sizes);
  const agreement = checkTabletopAgreement(w);
  const figures: TabletopFigure[] = [];
  if (!opts.untimed) {
    const timing = { quick: opts.quick };
    const moveAction = w.moves.map((q): Action => ({ type: "move", unit: q.unit, program: [...q.program] }));
    const chargeAction = w.charges.map(
      (q): Action => ({
        type: "charge",
        unit: q.unit,
        target: q.target,
        ...(q.turn ? { turn: q.turn } : {}),
      }),
    );
    const sections = [
      {
        name: "checkMove (pivot + advance + pivot), with the clamp search",
        ops: w.moves.length,
        legal: agreement.legalMoves,
        ours: () =>
          w.moves.reduce(
            (n, q) => n + checkMove(ctxOf(w, q.game), q.position, q.unit, q.program).legalOps,
            0,
          ),
        apply: () =>
          w.moves.reduce(
            (n, q, i) => n + (SYSTEM.apply(ctxOf(w, q.game), q.position, moveAction[i] as Action).ok ? 1 : 0),
            0,
          ),
      },
      {
        name: "checkMove (pivot + advance + pivot), no clamp",
        ops: w.moves.length,
        legal: agreement.legalMoves,
        ours: () =>
          w.moves.reduce(
            (n, q) =>
              n + checkMove(ctxOf(w, q.game), q.position, q.unit, q.program, { clamp: false }).legalOps,
            0,
          ),
        apply: undefined,
      },
      {
        name: "charge path (turn, first contact among all units, side struck)",
        ops: w.charges.length,
        legal: agreement.legalCharges,
        ours: () =>
          w.charges.reduce(
            (n, q) => n + (chargePath(ctxOf(w, q.game), q.position, q.unit, q.target, q.turn).ok ? 1 : 0),
            0,
          ),
        apply: () =>
          w.charges.reduce(
            (n, q, i) =>
              n + (SYSTEM.apply(ctxOf(w, q.game), q.position, chargeAction[i] as Action).ok ? 1 : 0),
            0,
          ),
      },
    ];
    // Warm both sides of every comparison before anything is timed: the JIT's work on the shared
    // code (the kernel, the move checker) otherwise favours whichever is timed second.
    for (let k = 0; k < 3; k++) for (const s of sections) s.ours() + (s.apply?.() ?? 0);
    let applyMoveNs = Number.NaN;
    for (const s of sections) {
      if (s.ops === 0) continue;
      const mine = await timeOps(`hm11 ${s.name}`, s.ours, s.ops, timing);
      const other = s.apply
        ? (await timeOps(`hm11 apply ${s.name}`, s.apply, s.ops, timing)).nsPerOp
        : applyMoveNs;
      if (s.apply && s.name.startsWith("checkMove")) applyMoveNs = other;
      figures.push({
        name: s.name,
        ops: s.ops,
        nsPerOp: mine.nsPerOp,
        applyNsPerOp: other,
        queries: s.ops,
        legal: s.legal,
      });
    }
  }
  const games = tabletopGames(
    w.games.map((g) => g.scenario),
    opts.seed,
    sizes.games,
  );
  const first = w.games[0]?.scenario;
  const played =
    opts.untimed || first === undefined
      ? []
      : aiGames(
          SYSTEM,
          contextOf(first),
          { scenario: first, options: contextOf(first).options },
          opts.seed,
          opts.quick ? 1 : 5,
          opts.quick ? 5 : 30,
        );
  return { seed: opts.seed, figures, games, aiGames: played };
}

/** The figures in the bench's table style. */
export function formatTabletopReport(r: TabletopReport): string {
  const micro =
    r.figures.length === 0
      ? "(timings skipped)"
      : table(
          ["work", "ns/op", "apply ns/op (same action)", "apply / check", "queries", "legal"],
          r.figures.map((f) => [
            f.name,
            f.nsPerOp,
            f.applyNsPerOp,
            `${formatNumber(f.applyNsPerOp / f.nsPerOp)}x`,
            f.queries,
            f.legal,
          ]),
        );
  const total = r.games.reduce(
    (t, g) => ({ games: t.games + g.games, actions: t.actions + g.actions, ms: t.ms + g.ms }),
    { games: 0, actions: 0, ms: 0 },
  );
  const rows = r.games.map((g) => [
    g.scenario,
    g.games,
    Math.round(g.actions / g.games),
    g.ms / g.games,
    g.gamesPerSecond,
    Math.round(g.actionsPerSecond),
    g.hashes[0] ?? "",
  ]);
  if (r.games.length > 1)
    rows.push([
      "all",
      total.games,
      Math.round(total.actions / total.games),
      total.ms / total.games,
      (total.games * 1000) / total.ms,
      Math.round((total.actions * 1000) / total.ms),
      "",
    ]);
  return [
    micro,
    "",
    "Answers checked first: every move and charge above gave the same verdict, end pose and rule code as",
    "apply of the same action. The second row's apply figure repeats the first's (the same moves).",
    "",
    `Whole random games (seeded uniform picker over legalActions, seeds ${r.seed}..), one core:`,
    table(
      ["scenario", "games", "actions/game", "ms/game", "games/s", "actions/s", "first game's hash"],
      rows,
    ),
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
