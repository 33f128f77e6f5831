import { deadEnd, deploymentAction, END_PHASE, type MpPolicy, rngChance, rngInt } from "@tercio/ai";
import { type Action, legalActions } from "@tercio/musket-and-pike";

const SKIPPED = new Set<Action["type"]>(["withdraw", "reorder", "end-phase"]);

/**
 * The random policy as it was before the fast playout path (issue 19): it
 * lists every legal action, each move with its path, and picks one. Kept
 * here as the playout section's baseline: the random policy now counts and
 * picks, and must choose exactly what this one chooses (the section checks
 * the games' hashes against each other).
 */
export const listingRandomPolicy: MpPolicy = {
  name: "random (listing)",
  choose(ctx, position, rng) {
    if (position.phase === "deployment" && !position.decision) return deploymentAction(ctx, position);
    const legal = legalActions(ctx, position);
    if (position.decision) {
      const answer = legal[legal.length === 0 ? 0 : rngInt(rng, legal.length)];
      if (!answer) throw new Error("random (listing): no legal answer to the decision");
      return answer;
    }
    const canEnd = legal.some((a) => a.type === "end-phase");
    const others = legal.filter((a) => !SKIPPED.has(a.type));
    if (canEnd && (others.length === 0 || rngChance(rng, 1, 3))) return END_PHASE;
    const pick = others[others.length === 0 ? 0 : rngInt(rng, others.length)];
    if (!pick) throw deadEnd(ctx, position, "random (listing)");
    return pick;
  },
};
