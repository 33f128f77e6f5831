import {
  type Action,
  endPhaseError,
  type GameContext,
  hasMovementChoice,
  legalActions,
  type MovementBoard,
  type MovementChoices,
  movementChoices,
  type Position,
} from "@tercio/musket-and-pike";
import { type PolicyRng, rngChance, rngInt } from "../rng.js";
import { deadEnd, deploymentAction, END_PHASE, type MpPolicy, where } from "./policy.js";

/** Actions the random player never takes: they change nothing a game needs (reorder) or undo progress (withdraw). */
const SKIPPED = new Set<Action["type"]>(["withdraw", "reorder", "end-phase"]);

/**
 * Plays at random: deploys with autoDeploy, then picks uniformly among the
 * legal actions (without withdrawals and stack reorders), ending the phase
 * with probability 1/3 whenever it may. A pending retreat or advance gets a
 * random legal answer.
 */
export const randomPolicy: MpPolicy = {
  name: "random",
  choose(ctx, position, rng) {
    if (position.phase === "deployment" && !position.decision) return deploymentAction(ctx, position);
    if (position.phase === "movement" && !position.decision) {
      const pick = randomMovement(engineMovement(ctx, position), rng);
      if (!pick) throw deadEnd(ctx, position, "random");
      return pick;
    }
    const legal = legalActions(ctx, position);
    if (position.decision) {
      const answer = legal[legal.length === 0 ? 0 : rngInt(rng, legal.length)];
      if (!answer) throw new Error(`random: no legal answer to the decision (${where(ctx, position)})`);
      return answer;
    }
    const canEnd = legal.some((a) => a.type === "end-phase");
    const others = legal.filter((a) => !SKIPPED.has(a.type));
    if (canEnd && (others.length === 0 || rngChance(rng, 1, 3))) return END_PHASE;
    const pick = others[others.length === 0 ? 0 : rngInt(rng, others.length)];
    if (!pick) throw deadEnd(ctx, position, "random");
    return pick;
  },
};

/** What the random player reads of a Movement Phase: the engine's answers, or a playout's board (the same answers). */
export type MovementSource = Pick<MovementBoard, "canEnd" | "hasChoice" | "count" | "at">;

/**
 * The random player's Movement Phase step, counted and picked: the same
 * choice as from a listing of every legal action (movementChoices keeps
 * legalActions' order and leaves out exactly the reorders and end-phase).
 * Whether to end is drawn first, and the moves are counted only for a move:
 * that draw needs to know only whether there is any. Undefined where there
 * is nothing to do and the phase may not end (a dead end).
 */
export function randomMovement(source: MovementSource, rng: PolicyRng): Action | undefined {
  if (source.canEnd() && (!source.hasChoice() || rngChance(rng, 1, 3))) return END_PHASE;
  const n = source.count();
  return n === 0 ? undefined : source.at(rngInt(rng, n));
}

/** The engine's answers for a Movement Phase, each worked out when first asked. */
export function engineMovement(ctx: GameContext, position: Position): MovementSource {
  let choices: MovementChoices | undefined;
  const counted = () => {
    choices ??= movementChoices(ctx, position);
    return choices;
  };
  return {
    canEnd: () => !endPhaseError(ctx, position),
    hasChoice: () => hasMovementChoice(ctx, position),
    count: () => counted().count,
    at: (k) => counted().at(k),
  };
}
