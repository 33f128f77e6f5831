import type { Result } from "@tercio/core";
import { expect } from "vitest";
import type { Action } from "../actions.js";
import { apply } from "../apply.js";
import { type Catalog, catalogWithRules, defaultCatalog, type GameContext, gameContext } from "../context.js";
import { autoDeploy } from "../deployment.js";
import { newGame } from "../new-game.js";
import type { RuleError } from "../rule-error.js";
import { DEFAULT_RULES_JSON } from "../rules-data/load.js";
import type { Step } from "../sequence.js";
import { parsePosition, positionIssues } from "../state/parse.js";
import { POSITION_FORMAT, type Position, type PositionInput } from "../state/position.js";
import testMapJson from "./test-map.json" with { type: "json" };

/** Shared by the engine's tests: one catalog, loaded once. */
export const catalog: Catalog = defaultCatalog();

/** The built-in rules and scenarios on a 12 x 10 test map (test-map.json): road through woods, bridge, hill. */
export const testMapCatalog: Catalog = (() => {
  const r = catalogWithRules(DEFAULT_RULES_JSON, testMapJson);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

export function ctxFor(scenario: string): GameContext {
  const r = gameContext(catalog, scenario);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A position from a compact fixture (format may be omitted); throws on an invalid one. */
export function setup(
  input: Omit<PositionInput, "format"> & { format?: string },
  on: Catalog = catalog,
): {
  ctx: GameContext;
  position: Position;
} {
  const r = parsePosition(on, { format: POSITION_FORMAT, ...input });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Applies actions that must be legal; fails the test with the rule's message otherwise. */
export function play(ctx: GameContext, position: Position, ...actions: Action[]): Step {
  let step: Step = { position, events: [] };
  for (const action of actions) {
    const r = apply(ctx, step.position, action);
    if (!r.ok) throw new Error(`${JSON.stringify(action)}: ${r.error.message}`);
    step = { position: r.value.position, events: [...step.events, ...r.value.events] };
    expect(positionIssues(ctx, step.position)).toEqual([]);
  }
  return step;
}

/** Asserts an action is refused, citing the given rule case. */
export function expectRefused(result: Result<unknown, RuleError>, rule: string, code?: string): RuleError {
  expect(result.ok, "the action should have been refused").toBe(false);
  if (result.ok) throw new Error("unreachable");
  expect(result.error.rule).toBe(rule);
  if (code) expect(result.error.code).toBe(code);
  return result.error;
}

/** The opening of a scenario with both sides set up by autoDeploy: Game-Turn 1, the First Player's Fire Combat Phase. */
export function deployed(scenario: string, seed = 1): { ctx: GameContext; position: Position } {
  const ctx = ctxFor(scenario);
  const opened = newGame(ctx, { seed });
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  while (position.phase === "deployment") {
    position = play(ctx, position, ...autoDeploy(ctx, position), { type: "end-phase" }).position;
  }
  return { ctx, position };
}
