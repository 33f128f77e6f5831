import { seedPrng } from "@tercio/core";
import type { Action } from "../actions.js";
import { applyAction } from "../apply.js";
import { type Ctx, makeContext } from "../context.js";
import type { GameEvent } from "../events.js";
import type { Position, UnitState } from "../position.js";
import { defaultRules, type Rules } from "../rules-data/load.js";
import { type ScenarioInput, ScenarioSchema } from "../scenarios/schema.js";
import { openingPosition } from "../sequence.js";

/**
 * A small table for rule tests: units given in inches and degrees as a
 * scenario would give them, opened at player 1's move of turn 1 (the
 * first side moving first), without the initiative roll.
 */
type UnitInput = ScenarioInput["forces"]["first"]["units"][number];
type OfficerInput = NonNullable<ScenarioInput["forces"]["first"]["officers"]>[number];

export const INCH = 6096;

export function foot(
  id: string,
  x: number,
  y: number,
  facing: number,
  more: Partial<UnitInput> = {},
): UnitInput {
  return {
    id,
    name: id,
    arm: "foot",
    class: "veteran",
    strength: 24,
    formation: "pike",
    melee: "pike",
    x,
    y,
    facing,
    ...more,
  };
}

export function shot(
  id: string,
  x: number,
  y: number,
  facing: number,
  more: Partial<UnitInput> = {},
): UnitInput {
  return foot(id, x, y, facing, {
    strength: 16,
    formation: "open",
    melee: "shot",
    missile: "musket",
    ...more,
  });
}

export function horse(
  id: string,
  x: number,
  y: number,
  facing: number,
  more: Partial<UnitInput> = {},
): UnitInput {
  return {
    id,
    name: id,
    arm: "horse",
    class: "veteran",
    strength: 12,
    formation: "close",
    melee: "cuirassier",
    x,
    y,
    facing,
    ...more,
  };
}

export function guns(
  id: string,
  x: number,
  y: number,
  facing: number,
  more: Partial<UnitInput> = {},
): UnitInput {
  return {
    id,
    name: id,
    arm: "guns",
    class: "veteran",
    strength: 9,
    formation: "unlimbered",
    gun: "saker",
    x,
    y,
    facing,
    ...more,
  };
}

export interface TableSpec {
  readonly first: readonly UnitInput[];
  readonly second: readonly UnitInput[];
  readonly officers?: { readonly first?: readonly OfficerInput[]; readonly second?: readonly OfficerInput[] };
  readonly areas?: ScenarioInput["areas"];
  readonly linears?: ScenarioInput["linears"];
  readonly objectives?: ScenarioInput["objectives"];
  readonly turns?: number;
  readonly noQuarter?: boolean;
  readonly width?: number;
  readonly height?: number;
  readonly rules?: Rules;
}

export function table(spec: TableSpec): { ctx: Ctx; position: Position } {
  const scenario = ScenarioSchema.parse({
    id: "test-table",
    name: "Test table",
    summary: "a table for rule tests",
    period: "test",
    year: 1600,
    designed: true,
    table: { width: spec.width ?? 48, height: spec.height ?? 48 },
    turns: spec.turns ?? 12,
    noQuarter: spec.noQuarter ?? false,
    areas: spec.areas ?? [],
    linears: spec.linears ?? [],
    objectives: spec.objectives ?? [],
    forces: {
      first: { name: "Reds", units: spec.first, officers: spec.officers?.first ?? [] },
      second: { name: "Blues", units: spec.second, officers: spec.officers?.second ?? [] },
    },
  });
  const ctx = makeContext(spec.rules ?? defaultRules(), scenario, {});
  const position: Position = { ...openingPosition(ctx, scenario.id, seedPrng(1)), part: "move-1" };
  return { ctx, position };
}

/** The position with a unit changed. */
export function withUnit(position: Position, id: string, change: Partial<UnitState>): Position {
  const u = position.units[id];
  if (!u) throw new Error(`no unit ${id}`);
  return { ...position, units: { ...position.units, [id]: { ...u, ...change } } };
}

/** Plays an action with the dice given (or the position's generator); throws on a refusal. */
export function play(
  ctx: Ctx,
  position: Position,
  action: Action,
  dice?: readonly number[],
): { position: Position; events: readonly GameEvent[]; dice: readonly number[] } {
  const r = applyAction(ctx, position, action, dice);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The refusal's message, or throws when the action is accepted. */
export function refusal(ctx: Ctx, position: Position, action: Action, dice?: readonly number[]): string {
  const r = applyAction(ctx, position, action, dice);
  if (r.ok) throw new Error(`${JSON.stringify(action)} was accepted`);
  return r.error.message;
}
