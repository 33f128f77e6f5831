import type { Action } from "./actions.js";
import type { GameContext } from "./context.js";
import { applyDeploy, applyUndeploy } from "./deployment.js";
import { applyMove } from "./movement/move.js";
import { applyReorder } from "./movement/reorder.js";
import { err, type Result } from "./result.js";
import { type RuleError, ruleError } from "./rule-error.js";
import { endPhase, type Step } from "./sequence.js";
import type { Decision, Position } from "./state/position.js";

/**
 * The engine's one entry point for play: a position and an action give the
 * next position and what happened, or a RuleError citing the rule that
 * forbids the action. Pure: the input position is never changed.
 */
export function apply(ctx: GameContext, position: Position, action: Action): Result<Step, RuleError> {
  if (position.phase === "game-over") return err(ruleError("sequence/game-over", "4.1", "the game is over"));
  if (position.decision) return err(pendingDecision(position.decision));
  switch (action.type) {
    case "deploy":
      return applyDeploy(ctx, position, action.unit, action.hex, action.limbered);
    case "undeploy":
      return applyUndeploy(position, action.unit);
    case "move":
      return applyMove(ctx, position, action.unit, action.steps);
    case "reorder":
      return applyReorder(ctx, position, action.hex, action.order);
    case "end-phase":
      return endPhase(ctx, position);
  }
}

/** Nothing else happens until a pending retreat (8.2) or advance (8.3) has been decided. */
function pendingDecision(decision: Decision): RuleError {
  return decision.kind === "retreat"
    ? ruleError(
        "decision/pending",
        "8.2",
        `the ${decision.side} player must first choose the retreat of ${decision.units.join(", ")} from ${decision.from}`,
      )
    : ruleError(
        "decision/pending",
        "8.3",
        `the ${decision.side} player must first decide whether to advance into ${decision.into}`,
      );
}

/** Applies actions in order, stopping at the first illegal one. */
export function applyAll(
  ctx: GameContext,
  position: Position,
  actions: readonly Action[],
): Result<Step, RuleError & { readonly index: number }> {
  let step: Step = { position, events: [] };
  for (const [index, action] of actions.entries()) {
    const next = apply(ctx, step.position, action);
    if (!next.ok) return err({ ...next.error, index });
    step = { position: next.value.position, events: [...step.events, ...next.value.events] };
  }
  return { ok: true, value: step };
}
