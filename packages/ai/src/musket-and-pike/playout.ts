import { seedPrng } from "@tercio/core";
import {
  type Action,
  apply,
  type GameContext,
  type MovementBoard,
  movementBoard,
  newGame,
  type OptionalRule,
  type Position,
  toAct,
} from "@tercio/musket-and-pike";
import { seatRngs } from "../play.js";
import type { PolicyRng } from "../rng.js";
import { deadEnd, deploymentAction, type MpPolicy } from "./policy.js";
import { randomMovement, randomPolicy } from "./random.js";

/**
 * The fast path for playing whole games of Musket & Pike, for the AI's
 * rollouts and the balance lab: the engine's own `apply` (every action is
 * the engine's to accept), driven without the generic host's checks and
 * with the opening deployed once per scenario.
 *
 * The deployed opening is cached because it does not depend on the seed:
 * a game opens the same whatever its seed (no die is rolled to open), the
 * policies here deploy by `autoDeploy`, which reads no generator, and
 * deployment rolls no dice. Only the PRNG state differs, and it is put in.
 * A game played here is the game `playGame` plays for the same seed and
 * policies, action for action (playout.test.ts checks the hashes).
 */
export interface Playout {
  readonly position: Position;
  /** Actions applied after deployment. */
  readonly actions: number;
}

/** Deployed openings by context and optional rules (a context is one scenario's). */
const openings = new WeakMap<GameContext, Map<string, Position>>();

/**
 * The position after both sides deploy by `autoDeploy` (the deployment of
 * the random, greedy and strong policies), its dice seeded by `seed` as
 * `playGame` seeds them. Throws if the scenario does not open.
 */
export function deployedOpening(
  ctx: GameContext,
  seed: number,
  optionalRules: readonly OptionalRule[] = [],
): Position {
  let byRules = openings.get(ctx);
  if (!byRules) {
    byRules = new Map();
    openings.set(ctx, byRules);
  }
  const key = optionalRules.join(",");
  let deployed = byRules.get(key);
  if (!deployed) {
    deployed = deploy(ctx, optionalRules);
    byRules.set(key, deployed);
  }
  return { ...deployed, prng: seedPrng(seed) };
}

function deploy(ctx: GameContext, optionalRules: readonly OptionalRule[]): Position {
  const opened = newGame(ctx, { seed: 0, optionalRules: [...optionalRules] });
  if (!opened.ok) throw new Error(`cannot open scenario ${ctx.scenario.id}: ${opened.error.message}`);
  let position = opened.value.position;
  const prng = position.prng;
  while (position.phase === "deployment" && toAct(position) !== null) {
    position = applied(ctx, position, deploymentAction(ctx, position));
  }
  // Deployment rolls no die: were that ever to change, the cache would be wrong, so say so.
  if (position.prng !== prng)
    throw new Error(`deployment in ${ctx.scenario.id} rolled dice: no cached opening`);
  return position;
}

function applied(ctx: GameContext, position: Position, action: Action): Position {
  const step = apply(ctx, position, action);
  if (!step.ok)
    throw new Error(`the engine refused ${JSON.stringify(action)} in a playout: ${step.error.message}`);
  return step.value.position;
}

/**
 * Plays on from `position` with `policy` in both seats until the game ends
 * or `stop` says to (a rollout's horizon), drawing from `rngs`. At most
 * `maxActions` actions: a playout that does not end is a bug.
 */
export function playOut(
  ctx: GameContext,
  position: Position,
  policy: MpPolicy,
  rngs: Readonly<Record<"first" | "second", PolicyRng>>,
  stop: (position: Position) => boolean = () => false,
  maxActions = 200_000,
): Playout {
  let at = position;
  let actions = 0;
  for (let seat = toAct(at); seat !== null && !stop(at); seat = toAct(at)) {
    if (actions >= maxActions)
      throw new Error(`a playout of ${ctx.scenario.id} made no end in ${maxActions} actions`);
    at = applied(ctx, at, policy.choose(ctx, at, rngs[seat]));
    actions++;
  }
  return { position: at, actions };
}

/**
 * A whole random game for `seed`: the game `playGame` plays with the
 * random policy in both seats. Its Movement Phases are counted on a board
 * changed in place as units move (`movementBoard`), which gives the
 * engine's answers without the engine's work per step; phases the board
 * does not cover, and the other phases, are the random policy's.
 */
export function randomGame(ctx: GameContext, seed: number, maxActions = 200_000): Playout {
  const rngs = seatRngs(seed);
  let at = deployedOpening(ctx, seed);
  let actions = 0;
  // Kept from game to game: its arrays are the size of the map, and it follows any position.
  let board = boards.get(ctx);
  const spend = () => {
    if (++actions > maxActions)
      throw new Error(`a playout of ${ctx.scenario.id} made no end in ${maxActions} actions`);
  };
  for (let seat = toAct(at); seat !== null; seat = toAct(at)) {
    if (at.phase === "movement" && !at.decision) {
      // One board follows the game from phase to phase, keeping the searches that still hold.
      let covers = board?.follow(at) ?? false;
      if (!board) {
        board = movementBoard(ctx, at);
        covers = board !== undefined;
        if (board) boards.set(ctx, board);
      }
      if (board && covers) {
        // The whole phase on the board: its moves made in place, the position built once at its end.
        for (;;) {
          const action = movementStep(ctx, board, rngs[seat]);
          spend();
          if (action.type !== "move") {
            at = applied(ctx, board.position(), action);
            break;
          }
          board.play(action);
        }
        continue;
      }
    }
    spend();
    at = applied(ctx, at, randomPolicy.choose(ctx, at, rngs[seat]));
  }
  return { position: at, actions };
}

/**
 * A board per scenario, followed from game to game by `randomGame`, which
 * never runs inside another (a board follows one game at a time).
 */
const boards = new WeakMap<GameContext, MovementBoard>();

function movementStep(ctx: GameContext, board: MovementBoard, rng: PolicyRng): Action {
  const action = randomMovement(board, rng);
  if (!action) throw deadEnd(ctx, board.position(), "random");
  return action;
}
