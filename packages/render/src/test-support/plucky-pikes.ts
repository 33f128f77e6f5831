import { seedPrng } from "@tercio/core";
import {
  type Action,
  type Ctx,
  defaultRules,
  makeContext,
  openingPosition,
  type Position,
  pluckyPikesSystem as pp,
  type ScenarioInput,
  ScenarioSchema,
} from "@tercio/plucky-pikes";

/** 001 positions for the renderer's tests: a scenario's opening, actions played on it, a small table of one's own. */

export const INCH = 6096;

export function ppOpened(scenario: string, seed = 1): { ctx: Ctx; position: Position } {
  const setup = pp.parseSetup({ scenario, options: {} });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = pp.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const open = pp.open(ctx.value, setup.value, seedPrng(seed));
  if (!open.ok) throw new Error(open.error.message);
  return { ctx: ctx.value, position: open.value.position };
}

/** The position after the actions, through the engine (throws at a refusal). */
export function ppPlay(ctx: Ctx, position: Position, ...actions: Action[]): Position {
  let p = position;
  for (const a of actions) {
    const r = pp.apply(ctx, p, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
    p = r.value.position;
  }
  return p;
}

/**
 * A small table, 36" by 36", in inches and degrees as a scenario gives
 * them: pikes with their general, a saker deployed unlimbered (its team
 * out behind it), horse and skirmishers opposite, a barn, a hill of level
 * 2, a wood, a hedge, a stream, a wall and an objective.
 */
export function smallTable(): { ctx: Ctx; position: Position } {
  const scenario: ScenarioInput = {
    id: "small-table",
    name: "A small table",
    summary: "the renderer's test table",
    period: "test",
    year: 1600,
    designed: true,
    table: { width: 36, height: 36 },
    turns: 6,
    areas: [
      {
        id: "barn",
        kind: "building",
        name: "Barn",
        building: "wooden-barn",
        cover: "wooden-building",
        polygon: [
          [26, 8],
          [30, 8],
          [30, 12],
          [26, 12],
        ],
      },
      {
        id: "rise",
        kind: "hill",
        name: "Rise",
        level: 2,
        polygon: [
          [2, 16],
          [10, 16],
          [10, 22],
          [2, 22],
        ],
      },
      {
        id: "copse",
        kind: "light-woods",
        name: "Copse",
        polygon: [
          [28, 20],
          [34, 20],
          [34, 26],
          [28, 26],
        ],
      },
    ],
    linears: [
      {
        id: "hedge",
        kind: "hedge",
        name: "Hedge",
        line: [
          [4, 14],
          [16, 14],
        ],
      },
      {
        id: "brook",
        kind: "stream",
        name: "Brook",
        line: [
          [18, 18],
          [26, 16],
          [34, 17],
        ],
      },
      {
        id: "wall",
        kind: "wall",
        name: "Wall",
        line: [
          [24, 4],
          [32, 4],
        ],
      },
    ],
    objectives: [{ id: "cross", name: "Crossroads", x: 18, y: 24, points: 2 }],
    forces: {
      first: {
        name: "Reds",
        units: [
          {
            id: "P1",
            name: "Pikes",
            arm: "foot",
            class: "veteran",
            strength: 16,
            formation: "pike",
            melee: "pike",
            x: 12,
            y: 10,
            facing: 0,
          },
          {
            id: "G1",
            name: "Saker",
            arm: "guns",
            class: "veteran",
            strength: 9,
            formation: "unlimbered",
            gun: "saker",
            x: 20,
            y: 10,
            facing: 0,
          },
        ],
        officers: [{ id: "gen", name: "General Red", rank: "general", with: "P1", x: 12, y: 9 }],
      },
      second: {
        name: "Blues",
        units: [
          {
            id: "H1",
            name: "Horse",
            arm: "horse",
            class: "veteran",
            strength: 8,
            formation: "close",
            melee: "cuirassier",
            x: 12,
            y: 30,
            facing: 180,
          },
          {
            id: "S1",
            name: "Shot",
            arm: "foot",
            class: "veteran",
            strength: 8,
            formation: "skirmish",
            melee: "shot",
            missile: "musket",
            x: 24,
            y: 30,
            facing: 180,
          },
        ],
        officers: [{ id: "aide", name: "Aide Blue", rank: "staff", x: 30, y: 32 }],
      },
    },
  };
  const ctx = makeContext(defaultRules(), ScenarioSchema.parse(scenario), {});
  return { ctx, position: { ...openingPosition(ctx, "small-table", seedPrng(1)), part: "move-1" } };
}
