import { type DiceFrom, err, ok, type Result } from "@tercio/core";
import type { Action } from "./actions.js";
import { applyAdvance, applyRetreat } from "./combat/decisions.js";
import { applyFireAllocation, applyMeleeAllocation, applyWithdraw } from "./combat/declare.js";
import { type DiceBox, openDice } from "./combat/dice.js";
import { applyResolve } from "./combat/resolve.js";
import type { GameContext } from "./context.js";
import { applyDeploy, applyUndeploy } from "./deployment.js";
import type { GameEvent } from "./events.js";
import { applyDismount, applyRemount } from "./movement/dismount.js";
import { applyMove } from "./movement/move.js";
import { applyReorder } from "./movement/reorder.js";
import { type RuleError, ruleError } from "./rule-error.js";
import { noteSpecials } from "./scenario-specials.js";
import { endGame, endPhase, type Step } from "./sequence.js";
import { applyFormSquare, applyRemoveSquare } from "./squares.js";
import type { Decision, Position } from "./state/position.js";
import { checkVictory } from "./victory.js";

/**
 * The engine's one entry point for play: a position and an action give the
 * next position and what happened, or a RuleError citing the rule that
 * forbids the action. Pure: the input position is never changed.
 */
export interface ApplyOptions {
  /**
   * Die results to use, in order, instead of the position's seeded PRNG
   * (players rolling real dice; tests). The action is refused if it needs
   * more rolls than given; `Step.diceUsed` says how many it took.
   */
  readonly dice?: readonly number[];
  /**
   * Who rolled them: at a table (the default), or Tercio's generator on the
   * server, whose rolls an online client follows; the log tells the second
   * as it tells this position's own rolls ("die (rolled)").
   */
  readonly diceFrom?: DiceFrom;
}

export function apply(
  ctx: GameContext,
  position: Position,
  action: Action,
  options: ApplyOptions = {},
): Result<Step, RuleError> {
  const dice = openDice(position.prng, options.dice, options.diceFrom);
  const step = applyWith(ctx, position, action, dice);
  if (!step.ok) return step;
  return ok({
    position: dice.used > 0 ? { ...step.value.position, prng: dice.prng } : step.value.position,
    events: step.value.events,
    diceUsed: dice.used,
  });
}

function applyWith(
  ctx: GameContext,
  position: Position,
  action: Action,
  dice: DiceBox,
): Result<Step, RuleError> {
  if (position.phase === "game-over") return err(ruleError("sequence/game-over", "4.1", "the game is over"));
  if (position.decision) {
    if (action.type === "retreat") return settle(ctx, applyRetreat(ctx, position, action.unit, action.to));
    if (action.type === "advance") return settle(ctx, applyAdvance(ctx, position, action.units));
    return err(pendingDecision(position.decision));
  }
  if (action.type === "move") return noted(ctx, applyMove(ctx, position, action.unit, action.steps));
  switch (action.type) {
    case "deploy":
      return applyDeploy(ctx, position, action.unit, action.hex, action.limbered);
    case "undeploy":
      return applyUndeploy(position, action.unit);
    case "dismount":
      return applyDismount(position, action.unit);
    case "remount":
      return applyRemount(position, action.unit);
    case "form-square":
      return applyFormSquare(ctx, position, action.hex);
    case "remove-square":
      return applyRemoveSquare(position, action.hex);
    case "reorder":
      return applyReorder(ctx, position, action.hex, action.order);
    case "fire":
      return applyFireAllocation(ctx, position, action.unit, action.target);
    case "attack":
      return applyMeleeAllocation(ctx, position, action.unit, action.targets);
    case "withdraw":
      return applyWithdraw(position, action.unit);
    case "resolve":
      return settle(ctx, applyResolve(ctx, position, action.target, dice));
    case "retreat":
      return err(ruleError("decision/no-retreat", "8.2", "no retreat is waiting to be decided"));
    case "advance":
      return err(ruleError("decision/no-advance", "8.3", "no advance after combat is waiting to be decided"));
    case "end-phase":
      return endPhase(ctx, position, dice);
  }
}

/** After a combat result or a retreat or advance: a scenario won the moment it is achieved ends the game (16.0). */
function settle(ctx: GameContext, applied: Result<Step, RuleError>): Result<Step, RuleError> {
  const step = noted(ctx, applied);
  // A victory achieved ends the game at once, even with a retreat or an advance still to decide.
  if (!step.ok) return step;
  const result = checkVictory(ctx, step.value.position, { kind: "during-play" });
  if (!result) return step;
  const over = endGame(step.value.position, result);
  return ok({ position: over.position, events: [...step.value.events, ...over.events] });
}

/** What the scenario's special rules remember of a step (16.24 ferocity, 16.33 release). */
function noted(ctx: GameContext, step: Result<Step, RuleError>): Result<Step, RuleError> {
  if (!step.ok) return step;
  const position = noteSpecials(ctx, step.value.position, step.value.events);
  return position === step.value.position ? step : ok({ ...step.value, position });
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
  options: ApplyOptions = {},
): Result<Step, RuleError & { readonly index: number }> {
  let current = position;
  const events: GameEvent[] = [];
  let used = 0;
  for (const [index, action] of actions.entries()) {
    const next = apply(ctx, current, action, options.dice ? { dice: options.dice.slice(used) } : {});
    if (!next.ok) return err({ ...next.error, index });
    used += next.value.diceUsed ?? 0;
    current = next.value.position;
    events.push(...next.value.events);
  }
  return ok({ position: current, events, diceUsed: used });
}
