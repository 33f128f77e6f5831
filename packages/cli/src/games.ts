/**
 * One game between two named policies, as arena and balance run it in their
 * worker threads: the result, and how long each policy took per decision
 * (wall clock, measured here in the CLI: the AI itself has no clock).
 */
import { type AnyPolicy, findPolicy, playGame } from "@tercio/ai";
import type { GameSetup, Seat } from "@tercio/core";
import type { ProgressStream } from "./progress.js";
import { type ChosenSystem, contextOf, setupOf } from "./systems.js";

/** What a worker is asked to play. Plain data: it crosses threads. */
export interface GameTask {
  /** The scenario's id in its system ("16.31"). */
  readonly scenario: string;
  readonly seed: number;
  /** The AI levels' names (findPolicy), for the first and the second seat. */
  readonly first: string;
  readonly second: string;
  /** The system's options, as its parseSetup reads them (Musket & Pike: { optionalRules }). */
  readonly options: Readonly<Record<string, unknown>>;
}

/** One policy's thinking time over a game. */
export interface DecisionTimes {
  readonly decisions: number;
  readonly meanMs: number;
  readonly maxMs: number;
}

/** A played game. Everything but `time` is fixed by the task. */
export interface GameRecord {
  readonly scenario: string;
  readonly seed: number;
  readonly first: string;
  readonly second: string;
  /** null when the game could not be finished (see `error`). */
  readonly winner: Seat | "draw" | null;
  readonly level?: string;
  readonly reason: string;
  readonly gameTurns: number;
  readonly actions: number;
  readonly time: { readonly first: DecisionTimes; readonly second: DecisionTimes };
  /** Why the game stopped without a result: an illegal action or a dead end (a bug to report). */
  readonly error?: string;
}

/** Sums decision times as they come. */
export class Stopwatch {
  private count = 0;
  private total = 0;
  private max = 0;

  add(ms: number): void {
    this.count++;
    this.total += ms;
    if (ms > this.max) this.max = ms;
  }

  times(): DecisionTimes {
    return { decisions: this.count, meanMs: this.count === 0 ? 0 : this.total / this.count, maxMs: this.max };
  }
}

/** Times over several games: the mean weighted by decisions, the greatest max. */
export function combineTimes(all: readonly DecisionTimes[]): DecisionTimes {
  let decisions = 0;
  let total = 0;
  let max = 0;
  for (const t of all) {
    decisions += t.decisions;
    total += t.meanMs * t.decisions;
    max = Math.max(max, t.maxMs);
  }
  return { decisions, meanMs: decisions === 0 ? 0 : total / decisions, maxMs: max };
}

/**
 * The policy, with each of its decisions timed. A Proxy, so that anything a
 * policy has besides `choose` (a level's own state or hooks) passes through.
 */
function timed(policy: AnyPolicy, watch: Stopwatch): AnyPolicy {
  const choose: AnyPolicy["choose"] = (ctx, position, rng) => {
    const start = performance.now();
    const action = policy.choose(ctx, position, rng);
    watch.add(performance.now() - start);
    return action;
  };
  return new Proxy(policy, {
    get: (target, key) => (key === "choose" ? choose : Reflect.get(target, key, target)),
  });
}

/** A new player of a level: findPolicy gives one per call, for one game (a level may keep state). */
function policy(systemId: string, name: string): AnyPolicy {
  const found = findPolicy(systemId, name);
  if (!found) throw new Error(`unknown policy "${name}"`);
  return found;
}

/** Plays one game to its result; a game the engine or a policy cannot finish is recorded with its error. */
export function playTask(
  chosen: ChosenSystem,
  game: { readonly ctx: unknown; readonly setup: GameSetup<unknown> },
  task: GameTask,
): GameRecord {
  const watches = { first: new Stopwatch(), second: new Stopwatch() };
  const base = { scenario: task.scenario, seed: task.seed, first: task.first, second: task.second };
  try {
    const { system } = chosen;
    const played = playGame(system, game.ctx, game.setup, {
      seed: task.seed,
      first: timed(policy(system.id, task.first), watches.first),
      second: timed(policy(system.id, task.second), watches.second),
    });
    const { winner, level, reason } = played.result;
    return {
      ...base,
      winner,
      ...(level === undefined ? {} : { level }),
      reason,
      gameTurns: played.gameTurns,
      actions: played.actionCount,
      time: { first: watches.first.times(), second: watches.second.times() },
    };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    const time = { first: watches.first.times(), second: watches.second.times() };
    const actions = time.first.decisions + time.second.decisions;
    return { ...base, winner: null, reason: "error", gameTurns: 0, actions, time, error };
  }
}

/** Plays tasks of one system, opening each scenario and options once. */
export function gamePlayer(chosen: ChosenSystem): (task: GameTask) => GameRecord {
  const games = new Map<string, { ctx: unknown; setup: GameSetup<unknown> }>();
  return (task) => {
    const key = `${task.scenario} ${JSON.stringify(task.options)}`;
    let game = games.get(key);
    if (!game) {
      const setup = setupOf(chosen.system, task.scenario, task.options);
      game = { ctx: contextOf(chosen.system, setup), setup };
      games.set(key, game);
    }
    return playTask(chosen, game, task);
  };
}

/** How a game went for one side: null for a game without a result. */
export function outcome(record: GameRecord, side: Seat): "win" | "draw" | "loss" | null {
  if (record.winner === null) return null;
  if (record.winner === "draw") return "draw";
  return record.winner === side ? "win" : "loss";
}

/** A run of games on worker threads, local (matches.ts) or on a queue (queued-games.ts). */
export interface RunGamesOptions {
  readonly tasks: readonly GameTask[];
  readonly workers: number;
  /** The global --system and --rules, for every worker. */
  readonly system?: string | undefined;
  readonly rules?: string | undefined;
  /** The progress report's label, "arena greedy-random". */
  readonly label: string;
  readonly progress: boolean;
  readonly stream: ProgressStream;
  /** Each game as it finishes (balance saves it at once). */
  readonly onRecord?: (record: GameRecord, index: number) => void;
  /** Told to the user when Ctrl-C stops the run. */
  readonly interruptedMessage: (done: number) => string;
}
