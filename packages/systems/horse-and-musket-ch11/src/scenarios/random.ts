import { octagon, rect, scatter, TableDraw } from "@tercio/tabletop";
import { defaultOptions } from "../readings.js";
import type { Rules } from "../rules-data/load.js";
import { defaultRules } from "../rules-data/load.js";
import { scenarioIssues } from "./check.js";
import { RANDOM_SCENARIO } from "./load.js";
import { type Scenario, type ScenarioInput, ScenarioSchema } from "./schema.js";

/**
 * A seeded random table (designed): 72" × 48", three to five convex terrain
 * pieces in the middle band kept 2" apart, and `units` units a side in one
 * or two lines in its deployment zone, 12" deep along its own edge. The same
 * seed and size give the same scenario, validated like the built-in ones
 * (scenario id "random"). Coordinates are multiples of ¼" (exact ticks).
 */
export interface RandomOptions {
  readonly units: number;
}

const KINDS = ["woods", "woods", "town", "hill", "hill", "marsh", "lake"] as const;
const TYPES = ["infantry", "infantry", "infantry", "cavalry", "cavalry", "skirmishers", "artillery"] as const;
const TAG = { infantry: "INF", cavalry: "CAV", skirmishers: "SK", artillery: "ART" } as const;

function terrain(d: TableDraw): ScenarioInput["terrain"] {
  const placed = scatter(d, {
    count: 3 + d.int(3),
    kinds: KINDS,
    rx: [3, 6],
    ry: [2.5, 4.5],
    width: 72,
    minY: 15,
    maxY: 33,
    gap: 2,
  });
  return placed.map((p, i) => {
    const n = i + 1;
    return {
      id: `${p.kind}-${n}`,
      kind: p.kind,
      name: `${p.kind[0]?.toUpperCase()}${p.kind.slice(1)} ${n}`,
      polygon: octagon(p.cx, p.cy, p.rx, p.ry),
      ...(p.kind === "hill" ? { hilltop: octagon(p.cx, p.cy, p.rx / 2, p.ry / 2) } : {}),
    };
  });
}

function forces(d: TableDraw, rules: Rules, prefix: string, units: number, south: boolean) {
  const out: ScenarioInput["forces"]["first"] = [];
  const perRow = Math.ceil(units / 2) >= 6 ? Math.ceil(units / 2) : units;
  const counts: Record<string, number> = {};
  for (let i = 0; i < units; i++) {
    const type = d.pick(TYPES);
    const range = rules.data.unitTypes[type].frontage;
    // Frontages in half inches within the type's range (the rules data's, in ticks).
    const lo = Math.ceil((range.min / 6096) * 2) / 2;
    const hi = Math.floor((range.max / 6096) * 2) / 2;
    const frontage = lo + d.int((hi - lo) * 2 + 1) / 2;
    counts[type] = (counts[type] ?? 0) + 1;
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    const pitch = 72 / perRow;
    const x = pitch * col + pitch / 2;
    const y = south ? 4 + row * 5 : 44 - row * 5;
    out.push({
      id: `${prefix}-${TAG[type]}${counts[type]}`,
      type,
      frontage,
      x: Math.round(x * 4) / 4,
      y,
      facing: south ? 0 : 18000,
    });
  }
  return out;
}

export function randomScenarioInput(
  seed: number,
  options: RandomOptions,
  rules: Rules = defaultRules(),
): ScenarioInput {
  const d = new TableDraw(seed);
  const pieces = terrain(d);
  const holds = pieces
    .filter((p) => p.kind === "town" || p.kind === "hill")
    .map((p) => ({ kind: "hold" as const, name: p.name, piece: p.id, points: 1 }));
  return {
    id: RANDOM_SCENARIO,
    name: `Random table ${seed} (${options.units} a side)`,
    summary:
      "A random table: terrain in the middle, both armies on their own edges. Destroy half the enemy, or hold more towns and hills at the end.",
    designed: true,
    table: { width: 72, height: 48 },
    sides: { first: { name: "Red" }, second: { name: "Blue" } },
    firstPlayer: d.int(2) === 0 ? "first" : "second",
    turns: 10,
    terrain: pieces,
    rivers: [],
    roads: [],
    deployment: { first: rect(0, 0, 72, 12), second: rect(0, 36, 72, 48) },
    forces: {
      first: forces(d, rules, "R", options.units, true),
      second: forces(d, rules, "B", options.units, false),
    },
    victory: {
      suddenDeath: [
        { kind: "destroy", side: "first", fraction: { num: 1, den: 2 } },
        { kind: "destroy", side: "second", fraction: { num: 1, den: 2 } },
      ],
      atEnd: holds,
      otherwise: "fewer-losses",
    },
  };
}

/** The random table as validated scenario data (it passes the same checks as a built-in scenario). */
export function randomScenario(
  seed: number,
  options: RandomOptions,
  rules: Rules = defaultRules(),
): Scenario {
  const parsed = ScenarioSchema.safeParse(randomScenarioInput(seed, options, rules));
  if (!parsed.success) throw new Error(`random table ${seed}: ${parsed.error.message}`);
  const issues = scenarioIssues(rules, parsed.data, defaultOptions(rules));
  if (issues.length > 0)
    throw new Error(`random table ${seed}: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
  return parsed.data;
}
