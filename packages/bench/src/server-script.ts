import { type Hashing, type ValueHasher, valueHasher } from "@tercio/core";
import {
  type Action,
  actor,
  apply,
  autoDeploy,
  diceOf,
  type GameContext,
  legalActions,
  newGame,
  type Position,
  positionHash,
  publicView,
  type Side,
} from "@tercio/musket-and-pike";

export interface ScriptStep {
  readonly side: Side;
  /** The action as JSON text, serialised once: clients paste it into their `act` messages. */
  readonly text: string;
  /** The public hash after the action, of each hashing: what the server's event must carry. */
  readonly hashes: Readonly<Record<Hashing, string>>;
}

/**
 * The game every scripted pair of clients plays: each side deploys with
 * `autoDeploy` and then only ends its phases. Nothing moves, so nothing
 * fights and no die is rolled, which makes the whole game the same on every
 * server whatever its secret dice: it is worked out (and checked by the
 * engine) once, and clients replay it by looking up the next step instead
 * of keeping a replica. They still check every event's hash against it, so
 * a server that applied something else would be caught.
 */
export interface GameScript {
  readonly scenario: string;
  /** The public hash of the opening position (the join snapshot's), of each hashing. */
  readonly openingHashes: Readonly<Record<Hashing, string>>;
  /** Step `seq` is the action that follows event `seq`. */
  readonly steps: readonly ScriptStep[];
  readonly deployActions: number;
  /**
   * What a client replica would cost per event: `apply`, and `apply` plus
   * the hash check of each hashing (with a memo for the game, as the
   * browser's replica keeps).
   */
  readonly replicaApplyMicros: number;
  readonly replicaHashMicros: Readonly<Record<Hashing, number>>;
}

/** The public hash of a position, of each hashing (a game's own hashers: their memos carry over). */
function publicHashes(
  position: Position,
  hashers: Readonly<Record<Hashing, ValueHasher>>,
): Record<Hashing, string> {
  const view = publicView(position);
  return {
    canonical: positionHash(view, hashers.canonical),
    structural: positionHash(view, hashers.structural),
  };
}

export function gameScript(ctx: GameContext): GameScript {
  const opened = newGame(ctx, { seed: 1 });
  if (!opened.ok) throw new Error(opened.error.message);
  const start = opened.value.position;
  const actions: Action[] = [];
  const steps: ScriptStep[] = [];
  let position = start;
  let queued: Action[] = [];
  const hashers = { canonical: valueHasher("canonical"), structural: valueHasher("structural") };
  while (position.phase !== "game-over") {
    if (position.phase === "deployment" && queued.length === 0 && !position.decision)
      queued = autoDeploy(ctx, position);
    const action = queued.shift() ?? nextAction(ctx, position);
    const step = apply(ctx, position, action);
    if (!step.ok)
      throw new Error(`the load script's action ${JSON.stringify(action)} is refused: ${step.error.message}`);
    if (diceOf(step.value.events).length > 0)
      throw new Error("the load script rolls dice: clients could not replay it without a replica");
    const side = actor(position);
    position = step.value.position;
    actions.push(action);
    steps.push({ side, text: JSON.stringify(action), hashes: publicHashes(position, hashers) });
  }
  return {
    scenario: ctx.scenario.id,
    openingHashes: publicHashes(start, hashers),
    steps,
    deployActions: actions.filter((a) => a.type === "deploy").length,
    replicaApplyMicros: replayMicros(ctx, start, actions, undefined),
    replicaHashMicros: {
      canonical: replayMicros(ctx, start, actions, "canonical"),
      structural: replayMicros(ctx, start, actions, "structural"),
    },
  };
}

/** Ends the phase; a decision (none arises without combat) takes the first legal answer. */
function nextAction(ctx: GameContext, position: Position): Action {
  if (!position.decision) return { type: "end-phase" };
  const first = legalActions(ctx, position)[0];
  if (!first) throw new Error("the load script reached a decision with no legal answer");
  return first;
}

/** Microseconds per action to replay the script, warm (the best of five replays). */
function replayMicros(
  ctx: GameContext,
  start: Position,
  actions: readonly Action[],
  hashing: Hashing | undefined,
): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const t = performance.now();
    const hasher = hashing && valueHasher(hashing);
    let position = start;
    for (const action of actions) {
      const step = apply(ctx, position, action);
      if (!step.ok) throw new Error(step.error.message);
      position = step.value.position;
      if (hasher) positionHash(publicView(position), hasher);
    }
    best = Math.min(best, performance.now() - t);
  }
  return (best * 1000) / actions.length;
}
