import { createRng, aiLevels as levelsOf, type PolicyRng } from "@tercio/ai";
import { hashOf } from "@tercio/core";
import { actor, apply, type GameContext, MUSKET_AND_PIKE, newGame } from "@tercio/musket-and-pike";
import { policyNamed } from "./games.js";

/** What a policy is asked to decide: a phase's actions, or a retreat or advance (8.2, 8.3). */
export const DECISION_KINDS = ["deployment", "fire", "movement", "melee", "decision"] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export interface KindTiming {
  readonly calls: number;
  readonly medianMs: number;
  readonly worstMs: number;
  /** All the calls together: where the game's time went. */
  readonly totalMs: number;
}

export interface DecisionFigure {
  readonly level: string;
  readonly seed: number;
  /** Whether the game reached its result within the time allowed. */
  readonly finished: boolean;
  readonly gameTurn: number;
  readonly calls: number;
  readonly seconds: number;
  readonly byKind: Readonly<Record<DecisionKind, KindTiming>>;
  /** hashOf the final position, when the game finished. */
  readonly hash: string | undefined;
}

/** Every built-in level of Musket & Pike, weakest first. */
export function aiLevels(): string[] {
  return [...levelsOf(MUSKET_AND_PIKE)];
}

/** The second player's generator, seeded apart from the first's as playGame does. */
const SECOND_SEED_MASK = 0x5bd1e995;

/**
 * Section 4: one game of a level against itself, every `choose` call timed
 * and filed by what it decided. Stops early (and says so) when the game
 * runs past `budgetSeconds`: a slow level still gets figures.
 */
export function decisionTimes(
  ctx: GameContext,
  level: string,
  seed: number,
  budgetSeconds: number,
): DecisionFigure {
  const policy = policyNamed(level);
  const opened = newGame(ctx, { seed });
  if (!opened.ok) throw new Error(opened.error.message);
  const rngs: Record<"first" | "second", PolicyRng> = {
    first: createRng(seed),
    second: createRng((seed ^ SECOND_SEED_MASK) >>> 0),
  };
  const times: Record<DecisionKind, number[]> = {
    deployment: [],
    fire: [],
    movement: [],
    melee: [],
    decision: [],
  };
  let position = opened.value.position;
  let calls = 0;
  const start = performance.now();
  while (position.phase !== "game-over" && performance.now() - start < budgetSeconds * 1000) {
    const kind: DecisionKind = position.decision ? "decision" : (position.phase as DecisionKind);
    const t = performance.now();
    const action = policy.choose(ctx, position, rngs[actor(position)]);
    times[kind].push(performance.now() - t);
    calls++;
    const next = apply(ctx, position, action);
    if (!next.ok)
      throw new Error(`${level} chose an illegal action: ${JSON.stringify(action)}: ${next.error.message}`);
    position = next.value.position;
  }
  const finished = position.phase === "game-over";
  const byKind = Object.fromEntries(DECISION_KINDS.map((k) => [k, summary(times[k])])) as Record<
    DecisionKind,
    KindTiming
  >;
  return {
    level,
    seed,
    finished,
    gameTurn: position.gameTurn,
    calls,
    seconds: (performance.now() - start) / 1000,
    byKind,
    hash: finished ? hashOf(position) : undefined,
  };
}

function summary(samples: number[]): KindTiming {
  if (samples.length === 0) return { calls: 0, medianMs: 0, worstMs: 0, totalMs: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median =
    sorted.length % 2 === 1
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return {
    calls: samples.length,
    medianMs: median,
    worstMs: sorted[sorted.length - 1] as number,
    totalMs: samples.reduce((a, b) => a + b, 0),
  };
}
