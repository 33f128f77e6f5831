import { seedPrng } from "@tercio/core";
import { inches } from "@tercio/geometry";
import type { Action } from "../actions.js";
import { applyAction } from "../apply.js";
import { type Ctx, makeContext } from "../context.js";
import type { Readings } from "../options.js";
import type { Position, UnitState } from "../position.js";
import { defaultRules, type Rules } from "../rules-data/load.js";
import { type ScenarioInput, ScenarioSchema } from "../scenarios/schema.js";
import { openingPosition } from "../sequence.js";
import type { UnitType } from "../vocabulary.js";

/**
 * Hand-built tables for the rule tests: a 48" × 48" table (inches in, ticks
 * out), the units where the test puts them, terrain as given, the whole
 * table a deployment zone for both sides. Not validated as a scenario, so a
 * test may stand units where no scenario would.
 */
export const IN = (whole: number, num = 0, den = 1) => inches(whole, num, den);

export interface TestUnit {
  readonly id: string;
  readonly side?: "first" | "second";
  readonly type: UnitType;
  /** Inches. */
  readonly x: number;
  readonly y: number;
  readonly facing?: number;
  /** Inches; 5 (2.5 for artillery) by default. */
  readonly frontage?: number;
}

export interface TestTable {
  readonly units: readonly TestUnit[];
  readonly terrain?: ScenarioInput["terrain"];
  readonly rivers?: ScenarioInput["rivers"];
  readonly roads?: ScenarioInput["roads"];
  readonly options?: Partial<Readings>;
  readonly rules?: Rules;
  readonly victory?: ScenarioInput["victory"];
  readonly turns?: number;
}

const whole: [number, number][] = [
  [0, 0],
  [48, 0],
  [48, 48],
  [0, 48],
];

export function table(t: TestTable): { ctx: Ctx; position: Position } {
  const rules = t.rules ?? defaultRules();
  const unit = (u: TestUnit) => ({
    id: u.id,
    type: u.type,
    frontage: u.frontage ?? (u.type === "artillery" ? 2.5 : 5),
    x: u.x,
    y: u.y,
    facing: u.facing ?? 0,
  });
  const input: ScenarioInput = {
    id: "test-table",
    name: "Test table",
    summary: "a hand-built table for a rule test",
    designed: true,
    table: { width: 48, height: 48 },
    sides: { first: { name: "Red" }, second: { name: "Blue" } },
    firstPlayer: "first",
    turns: t.turns ?? 5,
    terrain: t.terrain ?? [],
    rivers: t.rivers ?? [],
    roads: t.roads ?? [],
    deployment: { first: whole, second: whole },
    forces: {
      first: t.units.filter((u) => (u.side ?? "first") === "first").map(unit),
      // A scenario has an enemy: a lone gun in the far corner when the test names none.
      second: t.units.some((u) => u.side === "second")
        ? t.units.filter((u) => u.side === "second").map(unit)
        : [unit({ id: "Z-ART", type: "artillery", x: 46, y: 46, facing: 18000 })],
    },
    victory: t.victory ?? { suddenDeath: [], atEnd: [], otherwise: "draw" },
  };
  const scenario = ScenarioSchema.parse(input);
  const ctx = makeContext(rules, scenario, { ...rules.data.readings, ...t.options });
  return { ctx, position: openingPosition(ctx, scenario.id, seedPrng(1)) };
}

/** The position with some units changed (hits, acted, formation...). */
export function withUnits(position: Position, changes: Record<string, Partial<UnitState>>): Position {
  const units = { ...position.units };
  for (const [id, c] of Object.entries(changes)) {
    const u = units[id];
    if (!u) throw new Error(`no unit ${id}`);
    units[id] = { ...u, ...c };
  }
  return { ...position, units };
}

/** Plays actions that must be legal; given dice where the test fixes them. */
export function play(ctx: Ctx, position: Position, action: Action, dice?: readonly number[]) {
  const step = applyAction(ctx, position, action, dice);
  if (!step.ok) throw new Error(step.error.message);
  return step.value;
}

/** The refusal of an action that must be illegal. */
export function refusal(ctx: Ctx, position: Position, action: Action, dice?: readonly number[]) {
  const step = applyAction(ctx, position, action, dice);
  if (step.ok) throw new Error(`expected ${JSON.stringify(action)} to be refused`);
  return step.error;
}

export function shooting(position: Position): Position {
  return { ...position, phase: "shooting" };
}
