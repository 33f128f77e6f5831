import { nextUint32, type PrngState, seedPrng } from "@tercio/core";
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

class Draw {
  constructor(private state: PrngState) {}
  /** A whole number in [0, n). */
  int(n: number): number {
    const r = nextUint32(this.state);
    this.state = r.state;
    return r.value % n;
  }
  /** A multiple of ¼ in [lo, hi]. */
  quarter(lo: number, hi: number): number {
    return lo + this.int((hi - lo) * 4 + 1) / 4;
  }
}

function octagon(cx: number, cy: number, rx: number, ry: number): [number, number][] {
  const hx = rx / 2;
  const hy = ry / 2;
  return [
    [cx - hx, cy - ry],
    [cx + hx, cy - ry],
    [cx + rx, cy - hy],
    [cx + rx, cy + hy],
    [cx + hx, cy + ry],
    [cx - hx, cy + ry],
    [cx - rx, cy + hy],
    [cx - rx, cy - hy],
  ];
}

function rect(x0: number, y0: number, x1: number, y1: number): [number, number][] {
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
}

function terrain(d: Draw): ScenarioInput["terrain"] {
  const pieces: ScenarioInput["terrain"] = [];
  const boxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
  const count = 3 + d.int(3);
  for (let tries = 0; pieces.length < count && tries < 40; tries++) {
    const kind = KINDS[d.int(KINDS.length)] ?? "woods";
    const rx = d.quarter(3, 6);
    const ry = d.quarter(2.5, 4.5);
    const cx = d.quarter(rx + 1, 72 - rx - 1);
    const cy = d.quarter(15 + ry, 33 - ry);
    const box = { x0: cx - rx - 2, y0: cy - ry - 2, x1: cx + rx + 2, y1: cy + ry + 2 };
    if (boxes.some((b) => b.x0 < box.x1 && box.x0 < b.x1 && b.y0 < box.y1 && box.y0 < b.y1)) continue;
    boxes.push(box);
    const n = pieces.length + 1;
    pieces.push({
      id: `${kind}-${n}`,
      kind,
      name: `${kind[0]?.toUpperCase()}${kind.slice(1)} ${n}`,
      polygon: octagon(cx, cy, rx, ry),
      ...(kind === "hill" ? { hilltop: octagon(cx, cy, rx / 2, ry / 2) } : {}),
    });
  }
  return pieces;
}

function forces(d: Draw, rules: Rules, prefix: string, units: number, south: boolean) {
  const out: ScenarioInput["forces"]["first"] = [];
  const perRow = Math.ceil(units / 2) >= 6 ? Math.ceil(units / 2) : units;
  const counts: Record<string, number> = {};
  for (let i = 0; i < units; i++) {
    const type = TYPES[d.int(TYPES.length)] ?? "infantry";
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
  const d = new Draw(seedPrng(seed >>> 0));
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
