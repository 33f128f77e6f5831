import { seedPrng } from "@tercio/core";
import { TICKS_PER_INCH } from "@tercio/geometry";
import type { Length } from "@tercio/tabletop";
import type { Action } from "../actions.js";
import { applyAction } from "../apply.js";
import { type Ctx, makeContext } from "../context.js";
import type { GameEvent } from "../events.js";
import type { NtOptions } from "../options.js";
import type { Position, UnitState } from "../position.js";
import { defaultRules, type Rules } from "../rules-data/load.js";
import { type ScenarioInput, ScenarioSchema } from "../scenarios/schema.js";
import { openingPosition } from "../sequence.js";
import type { Formation, Quality, UnitType } from "../vocabulary.js";

/**
 * Hand-built tables for the rule tests of 003: a 72" x 48" table (inches
 * in, ticks out), the units where the test puts them (their centres;
 * facings in centidegrees, 0 north, clockwise), terrain as given. Not
 * checked as a scenario (checkScenario), so a test may stand units where no
 * scenario would. The first side is the Attacker and acts first.
 */
export const INCH = TICKS_PER_INCH;

/** Inches as ticks: `inch(3)`, `inch(3, 1, 16)` is 3 1/16". */
export function inch(whole: number, num = 0, den = 1): number {
  return whole * INCH + (num * INCH) / den;
}

export interface TestUnit {
  readonly id: string;
  readonly side?: "first" | "second";
  readonly type: UnitType;
  /** The base's centre, inches (a fraction as { in, num, den }). */
  readonly x: Length;
  readonly y: Length;
  /** Centidegrees, 0 north (default), 9000 east, 18000 south. */
  readonly facing?: number;
  readonly formation?: Formation;
  readonly quality?: readonly Quality[];
  readonly minie?: boolean;
  readonly charges?: boolean;
}

export interface TestTable {
  readonly units: readonly TestUnit[];
  readonly areas?: ScenarioInput["areas"];
  readonly linears?: ScenarioInput["linears"];
  readonly rivers?: ScenarioInput["rivers"];
  readonly roads?: ScenarioInput["roads"];
  readonly options?: Partial<NtOptions>;
  readonly rules?: Rules;
  readonly victory?: ScenarioInput["victory"];
  readonly turns?: number;
  readonly attacker?: "first" | "second";
  /** Inches; 72 x 48 by default. */
  readonly width?: number;
  readonly height?: number;
}

export function table(t: TestTable): { ctx: Ctx; position: Position } {
  const rules = t.rules ?? defaultRules();
  const unit = (u: TestUnit) => ({
    id: u.id,
    type: u.type,
    x: u.x,
    y: u.y,
    facing: u.facing ?? 0,
    formation: u.formation ?? "line",
    quality: [...(u.quality ?? [])],
    minie: u.minie ?? false,
    charges: u.charges ?? false,
  });
  const input: ScenarioInput = {
    id: "test-table",
    name: "Test table",
    summary: "a hand-built table for a rule test",
    period: "test",
    designed: true,
    table: { width: t.width ?? 72, height: t.height ?? 48 },
    sides: { first: { name: "Red" }, second: { name: "Blue" } },
    attacker: t.attacker ?? "first",
    turns: t.turns ?? 6,
    areas: t.areas ?? [],
    linears: t.linears ?? [],
    rivers: t.rivers ?? [],
    roads: t.roads ?? [],
    forces: {
      first: t.units.filter((u) => (u.side ?? "first") === "first").map(unit),
      // A scenario has an enemy: a lone gun in the far corner, facing away, when the test names none.
      second: t.units.some((u) => u.side === "second")
        ? t.units.filter((u) => u.side === "second").map(unit)
        : [unit({ id: "Z-Art", type: "artillery", x: 70, y: 46, facing: 0 })],
    },
    victory: t.victory ?? { suddenDeath: [], atEnd: [], otherwise: "draw" },
  };
  const scenario = ScenarioSchema.parse(input);
  const ctx = makeContext(rules, scenario, { ...rules.data.options, ...t.options });
  return { ctx, position: openingPosition(ctx, scenario.id, seedPrng(1)) };
}

/** The position with some units changed (hits, acted, roll, formation...). */
export function withUnits(position: Position, changes: Record<string, Partial<UnitState>>): Position {
  const units = { ...position.units };
  for (const [id, c] of Object.entries(changes)) {
    const u = units[id];
    if (!u) throw new Error(`no unit ${id}`);
    units[id] = { ...u, ...c };
  }
  return { ...position, units };
}

/** A unit whose move's Dx is rolled (1.2), showing `face`. */
export function rolled(position: Position, id: string, face: number): Position {
  return withUnits(position, { [id]: { acted: "rolled", roll: face } });
}

/** Plays an action that must be legal; given dice where the test fixes them. */
export function play(
  ctx: Ctx,
  position: Position,
  action: Action,
  dice?: readonly number[],
): { position: Position; events: readonly GameEvent[] } {
  const step = applyAction(ctx, position, action, dice);
  if (!step.ok) throw new Error(`${step.error.rule}: ${step.error.message}`);
  return step.value;
}

/** The refusal of an action that must be illegal. */
export function refusal(ctx: Ctx, position: Position, action: Action, dice?: readonly number[]) {
  const step = applyAction(ctx, position, action, dice);
  if (step.ok) throw new Error(`expected ${JSON.stringify(action)} to be refused`);
  return step.error;
}

/** The events of one type, typed. */
export function eventsOf<T extends GameEvent["type"]>(
  events: readonly GameEvent[],
  type: T,
): Extract<GameEvent, { type: T }>[] {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}
