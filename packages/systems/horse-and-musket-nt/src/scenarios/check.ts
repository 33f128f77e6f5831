import type { DataIssue } from "@tercio/core";
import {
  basePolygon,
  boxOf,
  convexCrossesPolyline,
  convexHull,
  dot,
  insideRect,
  interiorsOverlap,
  orient,
  type Point,
  type Polygon,
  polygonOverlapsInterior,
  type SegmentSpan,
  TICKS_PER_INCH,
} from "@tercio/geometry";
import type { RulesData } from "../rules-data/schema.js";
import type { Quality } from "../vocabulary.js";
import type { Scenario, UnitSetup } from "./schema.js";

/** The options a scenario is checked under (a game's options in force satisfy it). */
export interface ScenarioCheckOptions {
  readonly variableQuality: "on" | "off";
  readonly acw: "on" | "off";
  readonly chargingInfantry: "on" | "off";
}

const INCH = TICKS_PER_INCH;

/** Terrain: "Linear are 6-12" long x 1-3" wide. Area are 6-12" per side or diameter." */
const LINEAR_LENGTH = { min: 6 * INCH, max: 12 * INCH };
const LINEAR_WIDTH = { min: 1 * INCH, max: 3 * INCH };
const AREA_EXTENT = { min: 6 * INCH, max: 12 * INCH };

/**
 * The polygon with consecutive repeated points dropped (the closing edge
 * included).
 */
function distinctRun(poly: Polygon): Point[] {
  const out: Point[] = [];
  for (const p of poly) {
    const last = out[out.length - 1];
    if (!last || last.x !== p.x || last.y !== p.y) out.push(p);
  }
  while (out.length > 1) {
    const first = out[0] as Point;
    const last = out[out.length - 1] as Point;
    if (first.x !== last.x || first.y !== last.y) break;
    out.pop();
  }
  return out;
}

/**
 * Why the polygon is not a convex polygon of positive area (undefined if it
 * is). Exact: every turn is read with `orient`; a straight-on vertex is
 * allowed, a fold back is not; and the turning vertices must be the convex
 * hull's, in its cyclic order, so a star that turns one way throughout
 * (winding twice) is refused too.
 */
export function convexityProblem(poly: Polygon): string | undefined {
  const pts = distinctRun(poly);
  if (pts.length < 3) return "needs at least 3 distinct points";
  const n = pts.length;
  const turn = (i: number) =>
    orient(pts[(i + n - 1) % n] as Point, pts[i] as Point, pts[(i + 1) % n] as Point);
  if (pts.every((_, i) => turn(i) === 0)) return "has no area: its points are in a line";
  const corners: Point[] = [];
  let sign = 0;
  for (let i = 0; i < n; i++) {
    const prev = pts[(i + n - 1) % n] as Point;
    const cur = pts[i] as Point;
    const next = pts[(i + 1) % n] as Point;
    const o = turn(i);
    if (o === 0) {
      const along = dot(cur.x - prev.x, cur.y - prev.y, next.x - cur.x, next.y - cur.y);
      if (along <= 0) return "folds back on itself: not a convex polygon";
      continue;
    }
    const s = o > 0 ? 1 : -1;
    if (sign !== 0 && s !== sign) return "must be a convex polygon (split other shapes into pieces)";
    sign = s;
    corners.push(cur);
  }
  const hull = convexHull(corners);
  if (hull.length !== corners.length) return "must be a convex polygon (it crosses itself)";
  const ordered = sign > 0 ? hull : [...hull].reverse();
  const first = corners[0] as Point;
  const k = ordered.findIndex((p) => p.x === first.x && p.y === first.y);
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i] as Point;
    const b = ordered[(k + i) % ordered.length] as Point;
    if (k < 0 || a.x !== b.x || a.y !== b.y) return "must be a convex polygon (it crosses itself)";
  }
  return undefined;
}

function inches(t: number): string {
  return `${Math.round((t / INCH) * 100) / 100}"`;
}

/**
 * The polyline's length in ticks. The square roots are IEEE-exact roundings
 * (the same on every engine) and exact for axis-aligned segments; a data
 * check, not a rule, so a float sum is enough.
 */
function polylineLength(line: readonly Point[]): number {
  let total = 0;
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i] as Point;
    const b = line[i + 1] as Point;
    total += Math.sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));
  }
  return total;
}

const ADVANTAGES: readonly Quality[] = ["stubborn", "elite"];
const DISADVANTAGES: readonly Quality[] = ["reluctant", "militia"];

/** The widest frontage of any base in the rules data: a line's, a column's or a skirmish line's. */
function widestBase(rules: RulesData): number {
  let widest = 0;
  for (const t of Object.values(rules.unitTypes))
    for (const size of [t.base, t.column, "skirmish" in t ? t.skirmish : undefined])
      if (size) widest = Math.max(widest, size.frontage);
  return widest;
}

/**
 * A scenario's consistency against the rules data (values in ticks) and the
 * options it is played with, beyond its shape (schema.ts): terrain of the
 * sizes 003 gives (Terrain), convex areas, crossings on their rivers and
 * wider than any base,
 * objectives that name something, and every unit legally placed (Figures &
 * Basing; Interpenetration: no unit stops upon another; Terrain ii-iv),
 * with the optional rules' attributes only where they apply (Variable
 * Quality, the American Civil War modifications, Charging Infantry). Every
 * issue names its path; never throws.
 */
export function checkScenario(
  scenario: Scenario,
  rules: RulesData,
  options: ScenarioCheckOptions,
): DataIssue[] {
  return [
    ...terrainIssues(scenario, rules),
    ...objectiveIssues(scenario),
    ...unitIssues(scenario, rules),
    ...optionIssues(scenario, rules, options),
  ];
}

function onTable(scenario: Scenario, points: readonly Point[]): boolean {
  return insideRect(points, 0, 0, scenario.table.width, scenario.table.height);
}

function terrainIssues(scenario: Scenario, rules: RulesData): DataIssue[] {
  const issues: DataIssue[] = [];
  const ids = new Set<string>();
  const idIssue = (path: string, id: string) => {
    if (ids.has(id)) issues.push({ path: `${path}.id`, message: `duplicate terrain piece id ${id}` });
    ids.add(id);
  };
  const tableIssue = (path: string, points: readonly Point[]) => {
    if (!onTable(scenario, points)) issues.push({ path, message: "must lie on the table" });
  };

  scenario.areas.forEach((a, i) => {
    const path = `areas[${i}]`;
    idIssue(path, a.id);
    tableIssue(`${path}.polygon`, a.polygon);
    const problem = convexityProblem(a.polygon);
    if (problem) {
      issues.push({ path: `${path}.polygon`, message: `${a.name} ${problem}` });
      return;
    }
    const box = boxOf(a.polygon);
    const w = box.maxX - box.minX;
    const h = box.maxY - box.minY;
    const sized = (v: number) => v >= AREA_EXTENT.min && v <= AREA_EXTENT.max;
    if (!sized(w) || !sized(h))
      issues.push({
        path: `${path}.polygon`,
        message:
          a.kind === "town"
            ? `003 Terrain iii: a Town is a 6x6" Area (its extent is ${inches(w)} x ${inches(h)}; 6-12" allowed for a turned one)`
            : `003 Terrain: Area pieces are 6-12" per side or diameter (${a.name} is ${inches(w)} x ${inches(h)})`,
      });
  });

  scenario.linears.forEach((l, i) => {
    const path = `linears[${i}]`;
    idIssue(path, l.id);
    tableIssue(`${path}.line`, l.line);
    if (l.width < LINEAR_WIDTH.min || l.width > LINEAR_WIDTH.max)
      issues.push({
        path: `${path}.width`,
        message: `003 Terrain: Linear pieces are 1-3" wide (${l.name} is ${inches(l.width)})`,
      });
    const length = polylineLength(l.line);
    if (length < LINEAR_LENGTH.min || length > LINEAR_LENGTH.max)
      issues.push({
        path: `${path}.line`,
        message: `003 Terrain: Linear pieces are 6-12" long (${l.name} is ${inches(length)})`,
      });
  });

  const widest = widestBase(rules);
  scenario.rivers.forEach((r, i) => {
    const path = `rivers[${i}]`;
    idIssue(path, r.id);
    tableIssue(`${path}.line`, r.line);
    const segments = r.line.length - 1;
    const used = new Set<number>();
    r.crossings.forEach((c, j) => {
      const a = r.line[c.segment];
      const b = r.line[c.segment + 1];
      if (c.segment >= segments || !a || !b)
        issues.push({
          path: `${path}.crossings[${j}].segment`,
          message: `003 Terrain iv: ${c.name} must be one of ${r.name}'s ${segments} segments (0-${segments - 1})`,
        });
      else if (used.has(c.segment))
        issues.push({
          path: `${path}.crossings[${j}].segment`,
          message: `${r.name}'s segment ${c.segment} already holds a crossing`,
        });
      else if ((b.x - a.x) ** 2 + (b.y - a.y) ** 2 <= widest ** 2)
        issues.push({
          path: `${path}.crossings[${j}].segment`,
          message: `003 Terrain iv: ${c.name} must be wider than the widest base (${widest / INCH}"), or a unit could pass it only square to it and centred to the tick: make its segment of ${r.name} longer`,
        });
      used.add(c.segment);
    });
  });

  scenario.roads.forEach((r, i) => {
    const path = `roads[${i}]`;
    idIssue(path, r.id);
    tableIssue(`${path}.line`, r.line);
  });
  return issues;
}

function objectiveIssues(scenario: Scenario): DataIssue[] {
  const issues: DataIssue[] = [];
  const zoneIssue = (path: string, zone: Polygon) => {
    const problem = convexityProblem(zone);
    if (problem) issues.push({ path, message: `the zone ${problem}` });
    if (!onTable(scenario, zone)) issues.push({ path, message: "must lie on the table" });
  };
  scenario.victory.atEnd.forEach((h, i) => {
    const path = `victory.atEnd[${i}]`;
    if ((h.piece === undefined) === (h.zone === undefined)) {
      issues.push({ path, message: `${h.name}: name an area piece or give a zone (exactly one of the two)` });
      return;
    }
    if (h.piece !== undefined && !scenario.areas.some((a) => a.id === h.piece))
      issues.push({ path: `${path}.piece`, message: `${h.name}: no area piece ${h.piece}` });
    if (h.zone) zoneIssue(`${path}.zone`, h.zone);
  });
  scenario.victory.suddenDeath.forEach((s, i) => {
    const path = `victory.suddenDeath[${i}]`;
    if (s.kind === "destroy") {
      if (s.fraction.num > s.fraction.den)
        issues.push({ path: `${path}.fraction`, message: "a fraction of the enemy's units is at most 1" });
      return;
    }
    zoneIssue(`${path}.zone`, s.zone);
    const units = scenario.forces[s.side].length;
    if (s.count > units)
      issues.push({
        path: `${path}.count`,
        message: `${s.name}: the ${s.side} side has only ${units} units`,
      });
  });
  return issues;
}

/** Figures & Basing, Maneuvering iv: a unit's footprint in its formation (ticks). */
function footprint(rules: RulesData, u: UnitSetup): Point[] {
  const t = rules.unitTypes[u.type];
  const size =
    u.formation === "column" ? t.column : u.formation === "skirmish" ? (t.skirmish ?? t.base) : t.base;
  return basePolygon({ x: u.x, y: u.y, facing: u.facing }, size);
}

function unitIssues(scenario: Scenario, rules: RulesData): DataIssue[] {
  const issues: DataIssue[] = [];
  const seen = new Set<string>();
  const placed: { id: string; poly: Point[] }[] = [];
  const impassable = rules.terrain.impassable;
  const areasOk = scenario.areas.map((a) => convexityProblem(a.polygon) === undefined);
  for (const side of ["first", "second"] as const) {
    scenario.forces[side].forEach((u, i) => {
      const path = `forces.${side}[${i}]`;
      const t = rules.unitTypes[u.type];
      if (seen.has(u.id))
        issues.push({
          path: `${path}.id`,
          message: `duplicate unit id ${u.id} (ids are unique across both sides)`,
        });
      seen.add(u.id);
      const { width, height } = scenario.table;
      if (u.x < 0 || u.y < 0 || u.x > width || u.y > height) {
        issues.push({ path, message: `003 Figures & Basing: ${u.id}'s base is not on the table` });
        return;
      }
      const poly = footprint(rules, u);
      if (!onTable(scenario, poly))
        issues.push({ path, message: `003 Figures & Basing: ${u.id}'s base is not on the table` });
      scenario.areas.forEach((a, j) => {
        if (!areasOk[j]) return;
        const closed = impassable.includes(a.kind);
        if (!closed && t.enters.includes(a.kind)) return;
        if (!polygonOverlapsInterior(a.polygon, poly)) return;
        const heading = closed ? "003 Terrain iv" : a.kind === "town" ? "003 Terrain iii" : "003 Terrain ii";
        issues.push({
          path,
          message: closed
            ? `${heading}: ${a.name} is impassable; ${u.id} may not stand in it`
            : `${heading}: ${t.name} may not enter ${a.name} (${a.kind}); ${u.id} stands in it`,
        });
      });
      for (const r of scenario.rivers) {
        const spans = r.crossings.map((c) => [c.segment, c.segment] as SegmentSpan);
        if (convexCrossesPolyline(poly, r.line, spans))
          issues.push({
            path,
            message: `003 Terrain iv: ${r.name} is impassable except at a bridge or ford; ${u.id} stands across it`,
          });
      }
      const over = placed.find((p) => interiorsOverlap(p.poly, poly));
      if (over)
        issues.push({
          path,
          message: `003 Interpenetration: no unit may stop upon another; ${u.id} overlaps ${over.id}`,
        });
      placed.push({ id: u.id, poly });
    });
  }
  return issues;
}

function optionIssues(scenario: Scenario, rules: RulesData, options: ScenarioCheckOptions): DataIssue[] {
  const issues: DataIssue[] = [];
  for (const side of ["first", "second"] as const) {
    const force = scenario.forces[side];
    let advantages = 0;
    let disadvantages = 0;
    force.forEach((u, i) => {
      const path = `forces.${side}[${i}]`;
      if (u.formation === "skirmish") {
        if (u.type !== "infantry")
          issues.push({
            path: `${path}.formation`,
            message: `003 American Civil War modifications 2: only Infantry may switch to skirmish order (${u.id} is ${u.type})`,
          });
        else if (scenario.options.acw !== "on")
          issues.push({
            path: `${path}.formation`,
            message: `003 American Civil War modifications 2: skirmish order needs a scenario that forces acw "on" (${u.id})`,
          });
      }
      if (u.minie && u.type !== "infantry")
        issues.push({
          path: `${path}.minie`,
          message: `003 American Civil War modifications 3: only Infantry are armed with the Minié rifle (${u.id} is ${u.type})`,
        });
      if (u.charges && u.type !== "infantry")
        issues.push({
          path: `${path}.charges`,
          message: `003 Charging Infantry: only infantry regiments are named to charge (${u.id} is ${u.type})`,
        });
      const q = u.quality;
      if (new Set(q).size !== q.length)
        issues.push({ path: `${path}.quality`, message: `${u.id} lists a quality twice` });
      if (q.includes("stubborn") && q.includes("reluctant"))
        issues.push({
          path: `${path}.quality`,
          message: `003 Variable Quality: ${u.id} may not be both Stubborn (18+) and Reluctant (12+)`,
        });
      if (q.includes("elite") && q.includes("militia"))
        issues.push({
          path: `${path}.quality`,
          message: `003 Variable Quality: ${u.id} may not be both Elite (+1) and Militia (-1)`,
        });
      advantages += new Set(q.filter((x) => ADVANTAGES.includes(x))).size;
      disadvantages += new Set(q.filter((x) => DISADVANTAGES.includes(x))).size;
    });
    if (options.variableQuality !== "on") continue;
    const path = `forces.${side}`;
    if (advantages !== disadvantages)
      issues.push({
        path,
        message: `003 Variable Quality: "allow one advantage per disadvantage taken"; the ${side} side has ${advantages} advantages (stubborn, elite) and ${disadvantages} disadvantages (reluctant, militia)`,
      });
    const limit = rules.quality.perSix * Math.ceil(force.length / 6);
    if (Math.max(advantages, disadvantages) > limit)
      issues.push({
        path,
        message: `003 Variable Quality: "for each army of six Units" at most ${rules.quality.perSix} of each; the ${side} side's ${force.length} units allow ${limit}, it has ${advantages} advantages and ${disadvantages} disadvantages`,
      });
  }
  return issues;
}
