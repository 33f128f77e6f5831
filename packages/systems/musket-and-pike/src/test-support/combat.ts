import { expect } from "vitest";
import type { Action } from "../actions.js";
import { apply } from "../apply.js";
import type { Catalog, GameContext } from "../context.js";
import type { GameEvent } from "../events.js";
import type { Step } from "../sequence.js";
import { positionIssues } from "../state/parse.js";
import type { Position, PositionInput } from "../state/position.js";
import type { OptionalRule, Phase, Side, UnitType } from "../vocabulary.js";
import { setup, testMapCatalog } from "./setup.js";

/**
 * A compact combat fixture on the 12 x 10 test map: stacks of unit ids whose
 * names say side and type ("B-PP1" a First Player PP, "G-SC2" a Second
 * Player SC), top of the stack first.
 */
export function field(
  stacks: Record<string, string[]>,
  options: {
    phase?: Phase;
    phasing?: Side;
    disrupted?: readonly string[];
    limbered?: readonly string[];
    dismounted?: readonly string[];
    roadMode?: readonly string[];
    scenario?: string;
    catalog?: Catalog;
    gameTurn?: number;
    /** Unit id -> scenario force, where it is not "main". */
    forces?: Readonly<Record<string, string>>;
    optionalRules?: OptionalRule[];
    special?: PositionInput["special"];
  } = {},
): { ctx: GameContext; position: Position } {
  const units: PositionInput["units"] = {};
  for (const ids of Object.values(stacks)) {
    for (const id of ids) {
      const m = /^([BG])-([A-Z]{2})\d*$/.exec(id);
      if (!m) throw new Error(`fixture unit ids look like B-PP1 or G-SC2, not ${id}`);
      units[id] = {
        side: m[1] === "B" ? "first" : "second",
        type: m[2] as UnitType,
        force: options.forces?.[id] ?? "main",
        disrupted: options.disrupted?.includes(id) ?? false,
        limbered: options.limbered?.includes(id) ?? false,
        dismounted: options.dismounted?.includes(id) ?? false,
        roadMode: options.roadMode?.includes(id) ?? false,
      };
    }
  }
  return setup(
    {
      scenario: options.scenario ?? "16.32",
      phasing: options.phasing ?? "first",
      phase: options.phase ?? "melee",
      gameTurn: options.gameTurn ?? 1,
      units,
      stacks,
      ...(options.optionalRules ? { options: { optionalRules: options.optionalRules } } : {}),
      ...(options.special ? { special: options.special } : {}),
    },
    options.catalog ?? testMapCatalog,
  );
}

/** Applies actions with the given dice (in order), failing the test on any refusal. */
export function playWithDice(
  ctx: GameContext,
  position: Position,
  dice: readonly number[],
  ...actions: Action[]
): Step {
  let step: Step = { position, events: [] };
  let left = [...dice];
  for (const action of actions) {
    const r = apply(ctx, step.position, action, { dice: left });
    if (!r.ok) throw new Error(`${JSON.stringify(action)}: ${r.error.message}`);
    left = left.slice(r.value.diceUsed ?? 0);
    step = { position: r.value.position, events: [...step.events, ...r.value.events] };
    expect(positionIssues(ctx, step.position)).toEqual([]);
  }
  expect(left, "every die given was used").toEqual([]);
  return step;
}

export function eventsOf<T extends GameEvent["type"]>(
  events: readonly GameEvent[],
  type: T,
): Extract<GameEvent, { type: T }>[] {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}

export const fire = (unit: string, target: string): Action => ({ type: "fire", unit, target });
export const attack = (unit: string, ...targets: string[]): Action => ({ type: "attack", unit, targets });
export const resolve = (target: string): Action => ({ type: "resolve", target });
export const endPhase: Action = { type: "end-phase" };
