import { octagon, rect, scatter, TableDraw } from "@tercio/tabletop";
import type { Rules } from "../rules-data/load.js";
import { defaultRules } from "../rules-data/load.js";
import type { UnitType } from "../vocabulary.js";
import { checkScenario } from "./check.js";
import { RANDOM_SCENARIO } from "./load.js";
import { type Scenario, type ScenarioInput, ScenarioSchema } from "./schema.js";

/**
 * A seeded random table (designed), by the kernel's generator
 * (@tercio/tabletop): 72" x 48", three to five area pieces of the sizes
 * Terrain gives (6-12" across; a town 6" square) in the middle band kept 2"
 * apart, and `units` units a side rolled on the army composition chart the
 * text names but never gives (designed, rules data `armyComposition`: a d6
 * a unit), in one or two lines along their own edges, facing each other.
 * The same seed and size give the same table, validated like a built-in
 * scenario (scenario id "random"). Coordinates are multiples of ¼".
 */
export interface RandomOptions {
  readonly units: number;
}

const KINDS = ["woods", "woods", "brush", "town", "hill", "hill", "marsh", "lake"] as const;
const TAG: Record<UnitType, string> = {
  infantry: "INF",
  cavalry: "CAV",
  skirmishers: "SK",
  artillery: "ART",
};

function terrain(d: TableDraw): ScenarioInput["areas"] {
  const placed = scatter(d, {
    count: 3 + d.int(3),
    kinds: KINDS,
    rx: [3, 6],
    ry: [3, 6],
    width: 72,
    minY: 16,
    maxY: 32,
    gap: 2,
  });
  return placed.map((p, i) => {
    const n = i + 1;
    const name = `${p.kind[0]?.toUpperCase()}${p.kind.slice(1)} ${n}`;
    // Terrain iii: "Town. 6x6" Area."
    const polygon =
      p.kind === "town" ? rect(p.cx - 3, p.cy - 3, p.cx + 3, p.cy + 3) : octagon(p.cx, p.cy, p.rx, p.ry);
    return { id: `${p.kind}-${n}`, kind: p.kind, name, polygon };
  });
}

function rollType(d: TableDraw, rules: Rules): { type: UnitType; charges: boolean } {
  const face = 1 + d.int(6);
  const row = rules.data.armyComposition.find((r) => r.faces.includes(face));
  return { type: row?.type ?? "infantry", charges: row?.charges === true && row.type === "infantry" };
}

function forces(
  d: TableDraw,
  rules: Rules,
  prefix: string,
  units: number,
  south: boolean,
): ScenarioInput["forces"]["first"] {
  const out: ScenarioInput["forces"]["first"] = [];
  const perRow = units > 6 ? Math.ceil(units / 2) : units;
  const counts: Partial<Record<UnitType, number>> = {};
  for (let i = 0; i < units; i++) {
    const { type, charges } = rollType(d, rules);
    counts[type] = (counts[type] ?? 0) + 1;
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    const pitch = 72 / perRow;
    const x = Math.round((pitch * col + pitch / 2) * 4) / 4;
    const y = south ? 4 + row * 6 : 44 - row * 6;
    out.push({
      id: `${prefix}-${TAG[type]}${counts[type]}`,
      type,
      x,
      y,
      facing: south ? 0 : 18000,
      ...(charges ? { charges: true } : {}),
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
  const areas = terrain(d);
  const holds = areas
    .filter((p) => p.kind === "town" || p.kind === "hill")
    .map((p) => ({ kind: "hold" as const, name: p.name, piece: p.id, points: 1 }));
  return {
    id: RANDOM_SCENARIO,
    name: `Random table ${seed} (${options.units} a side)`,
    summary:
      "A random table: terrain in the middle, both armies rolled on the army composition chart on their own edges. Remove half the enemy, or hold more towns and hills at the end.",
    period: "Any, 1740-1865 (random armies)",
    designed: true,
    table: { width: 72, height: 48 },
    sides: { first: { name: "Red" }, second: { name: "Blue" } },
    attacker: d.int(2) === 0 ? "first" : "second",
    turns: 10,
    areas,
    linears: [],
    rivers: [],
    roads: [],
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
    options: {},
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
  const issues = checkScenario(parsed.data, rules.data, {
    variableQuality: "off",
    acw: "off",
    chargingInfantry: "off",
  });
  if (issues.length > 0)
    throw new Error(`random table ${seed}: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
  return parsed.data;
}
