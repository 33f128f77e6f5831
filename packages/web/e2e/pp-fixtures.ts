import { createRng, type PolicyRng, rngInt } from "@tercio/ai";
import type { Save } from "@tercio/core";
import {
  type Action,
  type Ctx,
  type GameEvent,
  legalActions,
  type Position,
  pluckyPikesSystem as pp,
} from "@tercio/plucky-pikes";
import { act, type Game, type LocalSetup, startGame, toSavedGame } from "../src/shell/session.js";

/**
 * Plucky Pikes (001) saved games for the browser tests, made with the
 * browser's own session: a seeded driver plays both sides from a scenario's
 * opening, choosing among the engine's legal actions with a taste for
 * contact (engagements that reach, fire, advances), until a wanted position
 * comes, so that a test loads the file rather than scripting an approach
 * march. Each finder says what the next action will do there, played with
 * the position's own dice (the same the page will roll).
 */
export type PpGame = Game<Ctx, Position, Action, GameEvent>;

export function ppSetup(scenario: string, seed: number): LocalSetup {
  return {
    system: pp.id,
    scenario,
    options: {},
    seed,
    controllers: { first: { kind: "human" }, second: { kind: "human" } },
    undo: true,
  };
}

/** The events of an action played with the position's own dice, or undefined if refused. */
export function eventsOf(ctx: Ctx, position: Position, a: Action): readonly GameEvent[] | undefined {
  const step = pp.apply(ctx, position, a);
  return step.ok ? step.value.events : undefined;
}

const pick = <T>(rng: PolicyRng, xs: readonly T[]): T => xs[rngInt(rng, xs.length)] as T;

/** The driver's choice: an engagement that reaches, fire, an advance or a pivot, now and then the end of the part. */
function choose(ctx: Ctx, position: Position, legal: readonly Action[], rng: PolicyRng): Action {
  const end = legal.find((a) => a.type === "end-phase" || a.type === "initiative") ?? (legal[0] as Action);
  const reacts = legal.filter((a) => a.type === "react");
  if (reacts.length > 0) return pick(rng, reacts);
  const engages = legal.filter(
    (a) => a.type === "engage" && eventsOf(ctx, position, a)?.some((e) => e.type === "engaged"),
  );
  if (engages.length > 0 && rngInt(rng, 10) < 8) return pick(rng, engages);
  const fires = legal.filter((a) => a.type === "fire");
  if (fires.length > 0 && rngInt(rng, 10) < 8) return pick(rng, fires);
  const advances = legal.filter((a) => a.type === "move" && a.program[0]?.op === "advance");
  if (advances.length > 0 && rngInt(rng, 10) < 7) return pick(rng, advances);
  return rngInt(rng, 10) < 7 ? end : pick(rng, legal);
}

export type Wanted = (ctx: Ctx, position: Position, legal: readonly Action[]) => boolean;

/** The game from `setup`'s opening, played by the driver until `wanted` holds: its save and the game. */
export function ppSaveUntil(
  setup: LocalSetup,
  wanted: Wanted,
  maxActions = 2000,
): { save: Save; game: PpGame } {
  const started = startGame(pp, setup);
  if (!started.ok) throw new Error(started.error.message);
  let game = started.value as PpGame;
  const rng = createRng(setup.seed);
  for (let i = 0; i < maxActions; i++) {
    const legal = legalActions(game.ctx, game.position);
    if (wanted(game.ctx, game.position, legal)) return { save: toSavedGame(game as Game), game };
    if (pp.toAct(game.position) === null) break;
    const step = act(game, choose(game.ctx, game.position, legal, rng));
    if (!step.ok) throw new Error(step.error.message);
    game = step.value as PpGame;
  }
  throw new Error(`no such position in ${setup.scenario} (seed ${setup.seed})`);
}

/** The first seed (from `from`) whose game reaches `wanted`. */
export function ppFind(scenario: string, wanted: Wanted, from = 1, seeds = 30): { save: Save; game: PpGame } {
  let last: unknown;
  for (let seed = from; seed < from + seeds; seed++) {
    try {
      return ppSaveUntil(ppSetup(scenario, seed), wanted);
    } catch (e) {
      last = e;
    }
  }
  throw last instanceof Error ? last : new Error(String(last));
}

/**
 * An engagement open now whose target will make a counter roll with a
 * choice to answer (Melee), an answer besides accepting it as it stands
 * among the engine's legal actions when `answer` is asked for.
 */
export function counterRollEngage(
  ctx: Ctx,
  position: Position,
  legal: readonly Action[],
  answer = true,
): Action | undefined {
  return legal.find((a) => {
    if (a.type !== "engage") return false;
    const step = pp.apply(ctx, position, a);
    if (!step.ok || !step.value.position.reaction || step.value.position.reaction.options.length === 0)
      return false;
    return (
      !answer ||
      legalActions(ctx, step.value.position).some((r) => r.type === "react" && r.choice !== "accept")
    );
  });
}

/** Player 1's move with nothing moved yet, whose end opens a fire step where both sides have a unit to fire at the other (Firing First). */
export function duelAfterFirstMove(ctx: Ctx, position: Position, legal: readonly Action[]): boolean {
  if (position.part !== "move-1" || position.reaction) return false;
  return duelAfter(ctx, position, legal) !== undefined;
}

/**
 * After ending the part: a fire declaration by the side declaring first,
 * answered by its target firing back, so that both formed units roll to fire
 * first. The two fire actions, or undefined.
 */
export function duelAfter(
  ctx: Ctx,
  position: Position,
  legal: readonly Action[],
): { first: Extract<Action, { type: "fire" }>; second: Extract<Action, { type: "fire" }> } | undefined {
  if (!legal.some((a) => a.type === "end-phase")) return undefined;
  const ended = pp.apply(ctx, position, { type: "end-phase" });
  if (!ended.ok || ended.value.position.part !== "fire-1") return undefined;
  const f = ended.value.position;
  for (const a of legalActions(ctx, f)) {
    if (a.type !== "fire" || a.hailshot) continue;
    const declared = pp.apply(ctx, f, a);
    if (!declared.ok) continue;
    const done = pp.apply(ctx, declared.value.position, { type: "end-phase" });
    if (!done.ok || done.value.position.part !== "fire-1") continue;
    const back = legalActions(ctx, done.value.position).find(
      (b): b is Extract<Action, { type: "fire" }> =>
        b.type === "fire" && b.unit === a.target && b.target === a.unit && !b.hailshot,
    );
    if (!back) continue;
    const shot = pp.apply(ctx, done.value.position, back);
    if (!shot.ok) continue;
    const resolved = pp.apply(ctx, shot.value.position, { type: "end-phase" });
    if (resolved.ok && resolved.value.events.some((e) => e.type === "firing-first"))
      return { first: a, second: back };
  }
  return undefined;
}

/** The end of the part now routs a unit from the table (Effectiveness: routed). */
export function routNext(ctx: Ctx, position: Position, legal: readonly Action[]): boolean {
  if (!legal.some((a) => a.type === "end-phase")) return false;
  const events = eventsOf(ctx, position, { type: "end-phase" });
  return events?.some((e) => e.type === "gone" && e.how === "routed") ?? false;
}

/** The first of `scenarios` (in order) with a seed whose game reaches `wanted`. */
export function ppFindIn(
  scenarios: readonly string[],
  wanted: Wanted,
  seeds = 20,
): { save: Save; game: PpGame } {
  let last: unknown;
  for (const scenario of scenarios) {
    try {
      return ppFind(scenario, wanted, 1, seeds);
    } catch (e) {
      last = e;
    }
  }
  throw last instanceof Error ? last : new Error(String(last));
}
