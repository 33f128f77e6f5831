import {
  type Action,
  actor,
  apply,
  autoDeploy,
  diceOf,
  type GameContext,
  legalActions,
  publicHash as mpPublicHash,
  newGame,
  type Position,
  type Side,
} from "@tercio/musket-and-pike";

export interface ScriptStep {
  readonly side: Side;
  /** The action as JSON text, serialised once: clients paste it into their `act` messages. */
  readonly text: string;
  /** The public hash after the action: what the server's event must carry. */
  readonly hash: string;
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
  /** The public hash of the opening position (the join snapshot's). */
  readonly openingHash: string;
  /** Step `seq` is the action that follows event `seq`. */
  readonly steps: readonly ScriptStep[];
  readonly deployActions: number;
  /** What a client replica would cost per event: `apply`, and `apply` plus the hash check. */
  readonly replicaApplyMicros: number;
  readonly replicaHashMicros: number;
}

export function gameScript(ctx: GameContext): GameScript {
  const opened = newGame(ctx, { seed: 1 });
  if (!opened.ok) throw new Error(opened.error.message);
  const start = opened.value.position;
  const actions: Action[] = [];
  const steps: ScriptStep[] = [];
  let position = start;
  let queued: Action[] = [];
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
    steps.push({ side, text: JSON.stringify(action), hash: mpPublicHash(position) });
  }
  return {
    scenario: ctx.scenario.id,
    openingHash: mpPublicHash(start),
    steps,
    deployActions: actions.filter((a) => a.type === "deploy").length,
    replicaApplyMicros: replayMicros(ctx, start, actions, false),
    replicaHashMicros: replayMicros(ctx, start, actions, true),
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
function replayMicros(ctx: GameContext, start: Position, actions: readonly Action[], hash: boolean): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const t = performance.now();
    let position = start;
    for (const action of actions) {
      const step = apply(ctx, position, action);
      if (!step.ok) throw new Error(step.error.message);
      position = step.value.position;
      if (hash) mpPublicHash(position);
    }
    best = Math.min(best, performance.now() - t);
  }
  return (best * 1000) / actions.length;
}
