import { seedPrng } from "@tercio/core";
import { TICKS_PER_INCH } from "@tercio/geometry";
import { octagon, rect, scatter, TableDraw } from "@tercio/tabletop";
import { makeContext } from "../context.js";
import { unitSize } from "../footprint.js";
import type { Rules } from "../rules-data/load.js";
import { openingPosition } from "../sequence.js";
import { type Armies, type ArmyList, builtInArmies, type Period, type UnitType } from "./armies.js";
import { checkScenario } from "./check.js";
import { RANDOM_SCENARIO } from "./load.js";
import { type Scenario, type ScenarioInput, ScenarioSchema } from "./schema.js";

/**
 * A seeded random table (designed: 001 has no scenarios and no army lists).
 * The seed draws, in this order: a period of the army lists
 * (plucky-pikes.armies.json, armies.ts) and a year in it; `units` units a
 * side from each army's weighted list; the terrain of the middle band (hills
 * with their contours, light and heavy woods, a building of the Buildings
 * Chart, hedges and walls, sometimes a stream across the table); the turns;
 * two or three objectives of 1-4 points in the middle (Victory Points).
 * Each army deploys in its own band along its edge, facing the enemy: horse
 * on the wings, foot and guns in the centre, in as many lines as it takes.
 * Each side has a commanding general, and a general (and a staff officer
 * for a corps of 5 or more) for every 5-8 units (Leadership); its units
 * name their corps' general. The table is 48"x36" for up to six units a
 * side, 60"x40" for up to eleven, 72"x48" for more (or the next size up
 * that the armies' lines fit on). The same seed and size give the same
 * scenario, validated like a built-in one (scenario id "random").
 */
interface TableSize {
  readonly width: number;
  readonly height: number;
  /** The depth of each army's deployment band along its edge. */
  readonly band: number;
}
const LARGEST: TableSize = { width: 72, height: 48, band: 14 };
const TABLES: readonly TableSize[] = [
  { width: 48, height: 36, band: 10 },
  { width: 60, height: 40, band: 11 },
  LARGEST,
];

/** Inches kept clear at the table's edges, between units in a line, and between lines. */
const EDGE = 1;
const GAP = 1;

type UnitInput = ScenarioInput["forces"]["first"]["units"][number];
type OfficerInput = NonNullable<ScenarioInput["forces"]["first"]["officers"]>[number];
type Sized = { type: UnitType; id: string; name: string; width: number; depth: number };

/** A unit type drawn by weight from the types not yet at their `max`. */
function drawType(d: TableDraw, army: ArmyList, counts: number[]): number {
  const open = army.units.map((t, i) => (t.max === undefined || (counts[i] ?? 0) < t.max ? t.weight : 0));
  let r = d.int(open.reduce((a, b) => a + b, 0));
  for (const [i, w] of open.entries()) {
    if (r < w) return i;
    r -= w;
  }
  throw new Error("drawType: no unit type open");
}

function drawArmy(
  d: TableDraw,
  army: ArmyList,
  units: number,
  prefix: string,
): { type: UnitType; id: string; name: string }[] {
  const counts = army.units.map(() => 0);
  const out: { type: UnitType; id: string; name: string }[] = [];
  for (let i = 0; i < units; i++) {
    const k = drawType(d, army, counts);
    counts[k] = (counts[k] ?? 0) + 1;
    const type = army.units[k] as UnitType;
    out.push({ type, id: `${prefix}${i + 1}`, name: type.name });
  }
  // Two of a type are told apart by their number in the army.
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const u of out) total.set(u.name, (total.get(u.name) ?? 0) + 1);
  return out.map((u) => {
    if ((total.get(u.name) ?? 0) < 2) return u;
    const n = (seen.get(u.name) ?? 0) + 1;
    seen.set(u.name, n);
    return { ...u, name: `${u.name} (${n})` };
  });
}

function unitInput(
  u: { type: UnitType; id: string; name: string },
  x: number,
  y: number,
  facing: number,
  general?: string,
): UnitInput {
  const t = u.type;
  return {
    id: u.id,
    name: u.name,
    arm: t.arm,
    class: t.class,
    strength: t.strength,
    formation: t.formation,
    ...(t.ranks !== undefined ? { ranks: t.ranks } : {}),
    ...(t.brigade ? { brigade: true } : {}),
    ...(t.melee ? { melee: t.melee } : {}),
    ...(t.missile ? { missile: t.missile } : {}),
    ...(t.gun ? { gun: t.gun } : {}),
    armour: t.armour,
    ...(t.swedish ? { swedish: true } : {}),
    ...(general ? { general } : {}),
    x,
    y,
    facing,
  };
}

/** Each drawn unit's footprint in inches, by the engine's own basing (footprint.ts). */
function sized(rules: Rules, drawn: { type: UnitType; id: string; name: string }[]): Sized[] {
  const probe = ScenarioSchema.parse({
    id: "probe",
    name: "probe",
    summary: "the footprints of the drawn units",
    period: "probe",
    year: 1600,
    designed: true,
    table: { width: 144, height: 144 },
    turns: 1,
    forces: {
      first: { name: "probe", units: drawn.map((u) => unitInput(u, 0, 0, 0)) },
      second: {
        name: "probe",
        units: drawn.slice(0, 1).map((u) => unitInput({ ...u, id: "Zprobe" }, 0, 0, 0)),
      },
    },
  } satisfies ScenarioInput);
  const ctx = makeContext(rules, probe, {});
  const position = openingPosition(ctx, "probe", seedPrng(1));
  return drawn.map((u) => {
    const state = position.units[u.id];
    if (!state) throw new Error(`no probe for ${u.id}`);
    const s = unitSize(ctx, u.id, state);
    return { ...u, width: s.frontage / TICKS_PER_INCH, depth: s.depth / TICKS_PER_INCH };
  });
}

/** Horse on the wings (half each side, in the order drawn), foot and guns between. */
function battleOrder(units: Sized[]): Sized[] {
  const horse = units.filter((u) => u.type.arm === "horse");
  const centre = units.filter((u) => u.type.arm !== "horse");
  const left = horse.slice(0, Math.ceil(horse.length / 2));
  const right = horse.slice(left.length);
  return [...left, ...centre, ...right];
}

/** The units in lines of at most `room` inches, in battle order, each line's units `GAP` apart. */
function lines(units: Sized[], room: number): Sized[][] {
  const out: Sized[][] = [];
  let line: Sized[] = [];
  let used = 0;
  for (const u of units) {
    if (u.width > room) throw new Error(`${u.name} is ${u.width}" wide: wider than the table`);
    const need = line.length === 0 ? u.width : used + GAP + u.width;
    if (line.length > 0 && need > room) {
      out.push(line);
      line = [u];
      used = u.width;
    } else {
      line.push(u);
      used = need;
    }
  }
  if (line.length > 0) out.push(line);
  return out;
}

function depthOf(ls: Sized[][]): number {
  return ls.reduce((n, l) => n + Math.max(...l.map((u) => u.depth)), 0) + GAP * Math.max(0, ls.length - 1);
}

/** Places one army: its front line's front edge on the band's inner edge, later lines behind it. */
function deploy(
  ls: Sized[][],
  table: TableSize,
  south: boolean,
  generalOf: Map<string, string>,
): { units: UnitInput[]; at: Map<string, { x: number; y: number; depth: number }> } {
  const units: UnitInput[] = [];
  const at = new Map<string, { x: number; y: number; depth: number }>();
  let front = south ? table.band : table.height - table.band;
  for (const line of ls) {
    const width = line.reduce((n, u) => n + u.width, 0) + GAP * (line.length - 1);
    let left = (table.width - width) / 2;
    // Whole quarter inches: every length here is a multiple of ½", so only the centring needs it.
    left = Math.floor(left * 4) / 4;
    for (const u of line) {
      const x = left + u.width / 2;
      const y = south ? front - u.depth / 2 : front + u.depth / 2;
      units.push(unitInput(u, x, y, south ? 0 : 180, generalOf.get(u.id)));
      at.set(u.id, { x, y, depth: u.depth });
      left += u.width + GAP;
    }
    const deepest = Math.max(...line.map((u) => u.depth));
    front = south ? front - deepest - GAP : front + deepest + GAP;
  }
  return { units, at };
}

/** Leadership: "For every 5 - 8 units there is a general and a staff officer. Commanding two or more of these corps is a Commanding General and 1 staff." */
function corps(order: Sized[]): Sized[][] {
  const n = Math.max(1, Math.ceil(order.length / 8));
  const out: Sized[][] = [];
  let from = 0;
  for (let k = 0; k < n; k++) {
    const size = Math.floor(order.length / n) + (k < order.length % n ? 1 : 0);
    out.push(order.slice(from, from + size));
    from += size;
  }
  return out;
}

function officers(
  groups: Sized[][],
  order: Sized[],
  at: Map<string, { x: number; y: number; depth: number }>,
  prefix: string,
  south: boolean,
  table: TableSize,
): OfficerInput[] {
  const withUnit = (id: string, name: string, rank: OfficerInput["rank"], unit: Sized): OfficerInput => {
    const p = at.get(unit.id);
    if (!p) throw new Error(`no place for ${unit.id}`);
    // His stand touches the middle of the unit's rear (officers.ts).
    return { id, name, rank, with: unit.id, x: p.x, y: south ? p.y - p.depth / 2 : p.y + p.depth / 2 };
  };
  const middle = (units: Sized[]) => units[Math.floor(units.length / 2)] as Sized;
  const out: OfficerInput[] = [
    withUnit(`${prefix}cg`, "Commanding general", "commanding-general", middle(order)),
  ];
  if (groups.length > 1)
    out.push({
      id: `${prefix}cg-staff`,
      name: "Chief of staff",
      rank: "staff",
      x: table.width / 2,
      y: south ? 0.5 : table.height - 0.5,
    });
  for (const [k, g] of groups.entries()) {
    // The corps run west to east: the south army's left, the north army's right, first.
    const west = south ? "the left" : "the right";
    const east = south ? "the right" : "the left";
    const corpsName =
      groups.length === 1 ? "the line" : k === 0 ? west : k === groups.length - 1 ? east : "the centre";
    out.push(withUnit(`${prefix}gen${k + 1}`, `General of ${corpsName}`, "general", middle(g)));
    if (g.length >= 5)
      out.push(withUnit(`${prefix}staff${k + 1}`, `Staff officer of ${corpsName}`, "staff", g[0] as Sized));
  }
  return out;
}

const TERRAIN = [
  "hill",
  "hill",
  "light-woods",
  "light-woods",
  "heavy-woods",
  "building",
  "hedge",
  "wall",
] as const;
const BUILDINGS = [
  "wooden-cottage",
  "wooden-barn",
  "stone-house",
  "stone-house",
  "church",
  "castle",
] as const;
/** A building's half-extents in inches: a cottage 1" square, a castle 2.5". */
const BUILDING_SIZE: Record<(typeof BUILDINGS)[number], [number, number]> = {
  "wooden-cottage": [1, 1],
  "wooden-barn": [1.5, 1],
  "stone-house": [1.5, 1.5],
  church: [2, 1.5],
  castle: [2.5, 2.5],
};
const NAMES: Record<(typeof TERRAIN)[number], string> = {
  hill: "Hill",
  "light-woods": "Copse",
  "heavy-woods": "Thicket",
  building: "Farm",
  hedge: "Hedge",
  wall: "Wall",
};

function terrain(d: TableDraw, table: TableSize) {
  const minY = table.band + GAP;
  const maxY = table.height - table.band - GAP;
  const placed = scatter(d, {
    count: 3 + d.int(4),
    kinds: TERRAIN,
    rx: [2, 5],
    ry: [1.5, 3.5],
    width: table.width,
    minY,
    maxY,
    gap: 1.5,
  });
  const areas: NonNullable<ScenarioInput["areas"]> = [];
  const linears: NonNullable<ScenarioInput["linears"]> = [];
  const places: { name: string; x: number; y: number }[] = [];
  for (const [i, p] of placed.entries()) {
    const n = i + 1;
    const name = `${NAMES[p.kind]} ${n}`;
    if (p.kind === "hill") {
      areas.push({ id: `hill-${n}`, kind: "hill", name, polygon: octagon(p.cx, p.cy, p.rx, p.ry), level: 1 });
      // One hill in three rises to a second contour at its crest.
      if (d.int(3) === 0)
        areas.push({
          id: `crest-${n}`,
          kind: "hill",
          name: `${name}, crest`,
          polygon: octagon(p.cx, p.cy, Math.floor(p.rx * 2) / 4, Math.floor(p.ry * 2) / 4),
          level: 2,
        });
      places.push({ name, x: p.cx, y: p.cy });
    } else if (p.kind === "light-woods" || p.kind === "heavy-woods") {
      areas.push({ id: `${p.kind}-${n}`, kind: p.kind, name, polygon: octagon(p.cx, p.cy, p.rx, p.ry) });
      if (p.kind === "light-woods") places.push({ name, x: p.cx, y: p.cy });
    } else if (p.kind === "building") {
      const b = d.pick(BUILDINGS);
      const [hx, hy] = BUILDING_SIZE[b];
      const title = b === "church" ? `Church ${n}` : b === "castle" ? `Castle ${n}` : name;
      areas.push({
        id: `building-${n}`,
        kind: "building",
        name: title,
        polygon: rect(p.cx - hx, p.cy - hy, p.cx + hx, p.cy + hy),
        building: b,
        cover: b.startsWith("wooden") ? "wooden-building" : "stone-building",
      });
      places.push({ name: title, x: p.cx, y: p.cy });
    } else {
      linears.push({
        id: `${p.kind}-${n}`,
        kind: p.kind,
        name,
        line: [
          [p.cx - p.rx, p.cy],
          [p.cx + p.rx, p.cy],
        ],
      });
    }
  }
  // One table in three has a stream across it, winding through the middle band.
  if (d.int(3) === 0) {
    const ys = [0, 1, 2, 3].map(() => d.quarter(minY, maxY));
    linears.push({
      id: "stream",
      kind: "stream",
      name: "Stream",
      line: ys.map((y, k) => [(table.width * k) / 3, y] as [number, number]),
    });
  }
  return { areas, linears, places };
}

function objectives(d: TableDraw, places: { name: string; x: number; y: number }[], table: TableSize) {
  const n = 2 + d.int(2);
  const out: NonNullable<ScenarioInput["objectives"]> = [];
  for (let k = 0; k < n; k++) {
    const p = places[k] ?? {
      name: `Crossroads ${k + 1}`,
      x: (table.width * (k + 1)) / (n + 1),
      y: table.height / 2,
    };
    out.push({ id: `objective-${k + 1}`, name: p.name, x: p.x, y: p.y, points: 1 + d.int(4) });
  }
  return out;
}

function sideOf(
  rules: Rules,
  drawn: { type: UnitType; id: string; name: string }[],
  prefix: string,
): { order: Sized[]; groups: Sized[][]; generalOf: Map<string, string> } {
  const order = battleOrder(sized(rules, drawn));
  const groups = corps(order);
  const generalOf = new Map<string, string>();
  for (const [k, g] of groups.entries()) for (const u of g) generalOf.set(u.id, `${prefix}gen${k + 1}`);
  return { order, groups, generalOf };
}

export function randomScenarioInput(
  seed: number,
  units: number,
  rules: Rules,
  armies: Armies = builtInArmies(),
): ScenarioInput {
  if (!Number.isInteger(units) || units < 2 || units > 16)
    throw new RangeError(`a random table has 2-16 units a side, not ${units}`);
  const d = new TableDraw(seed);
  const period: Period = d.pick(armies.periods);
  const year = period.years[0] + d.int(period.years[1] - period.years[0] + 1);
  const a = sideOf(rules, drawArmy(d, period.first, units, "A"), "a");
  const b = sideOf(rules, drawArmy(d, period.second, units, "B"), "b");
  // The smallest table both armies fit on, their lines within their bands.
  // Room to manoeuvre: six units a side or fewer on 48"x36", up to eleven on 60"x40", more on 72"x48".
  const least = units <= 6 ? 0 : units <= 11 ? 1 : 2;
  const table =
    TABLES.slice(least).find((t) => {
      const room = t.width - 2 * EDGE;
      const fits = (o: Sized[]) =>
        o.every((u) => u.width <= room) && depthOf(lines(o, room)) <= t.band - EDGE;
      return fits(a.order) && fits(b.order);
    }) ?? LARGEST;
  const room = table.width - 2 * EDGE;
  const la = lines(a.order, room);
  const lb = lines(b.order, room);
  if (depthOf(la) > table.band - EDGE || depthOf(lb) > table.band - EDGE)
    throw new Error(
      `random table ${seed}: the armies of ${period.name} do not fit a ${table.width}"x${table.height}" table`,
    );
  const first = deploy(la, table, true, a.generalOf);
  const second = deploy(lb, table, false, b.generalOf);
  const land = terrain(d, table);
  const goals = objectives(d, land.places, table);
  const turns = 8 + d.int(3);
  const names = `${period.first.name} against ${period.second.name}`;
  return {
    id: RANDOM_SCENARIO,
    name: `Random table ${seed}: ${period.name}, ${year}`.slice(0, 80),
    summary:
      `A designed random table (seed ${seed}): ${names}, ${units} units a side drawn from the period's army lists, each on its own edge; terrain and ${goals.length} objectives in the middle.`.slice(
        0,
        400,
      ),
    period: period.name,
    year,
    designed: true,
    table: { width: table.width, height: table.height },
    turns,
    noQuarter: period.noQuarter,
    areas: land.areas,
    linears: land.linears,
    objectives: goals,
    forces: {
      first: {
        name: period.first.name,
        units: first.units,
        officers: officers(a.groups, a.order, first.at, "a", true, table),
      },
      second: {
        name: period.second.name,
        units: second.units,
        officers: officers(b.groups, b.order, second.at, "b", false, table),
      },
    },
  };
}

/**
 * The random table as validated scenario data: its shape (schema.ts) and
 * its consistency with the rules data (check.ts), as a built-in scenario's.
 * `armies` are the built-in army lists unless a player gives his own.
 */
export function randomScenario(
  seed: number,
  units: number,
  rules: Rules,
  armies: Armies = builtInArmies(),
): Scenario {
  const parsed = ScenarioSchema.safeParse(randomScenarioInput(seed, units, rules, armies));
  if (!parsed.success) throw new Error(`random table ${seed}: ${parsed.error.message}`);
  const issues = checkScenario(parsed.data, rules);
  if (issues.length > 0)
    throw new Error(`random table ${seed}: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
  return parsed.data;
}
