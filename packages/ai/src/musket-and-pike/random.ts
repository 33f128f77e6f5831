import {
  type Action,
  endPhaseError,
  hasMovementChoice,
  legalActions,
  movementChoices,
} from "@tercio/musket-and-pike";
import { rngChance, rngInt } from "../rng.js";
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
      // Count-and-pick: the same choice as from the listing below (movementChoices keeps
      // legalActions' order and leaves out exactly the reorders and end-phase), without the listing.
      // Whether to end is drawn before the count, which is then made only for a move: the draw
      // needs to know only whether there is any choice (the same draws as before, in the same order).
      const canEnd = !endPhaseError(ctx, position);
      if (canEnd && (!hasMovementChoice(ctx, position) || rngChance(rng, 1, 3))) return END_PHASE;
      const choices = movementChoices(ctx, position);
      const pick = choices.count === 0 ? undefined : choices.at(rngInt(rng, choices.count));
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
