import type { DataIssue } from "@tercio/core";
import {
  basePolygon,
  convexInsidePolygon,
  interiorsOverlap,
  type Point,
  type Polygon,
} from "@tercio/geometry";
import { onTable } from "../bases.js";
import { makeContext } from "../context.js";
import { endTerrainRefusal, pathTerrainRefusal } from "../movement/terrain.js";
import type { Hm11Options } from "../options.js";
import type { UnitState } from "../position.js";
import type { Rules } from "../rules-data/load.js";
import { isConvex } from "../terrain-areas.js";
import type { Scenario } from "./schema.js";

/**
 * A scenario's consistency beyond its shape: convex terrain on the table,
 * crossings on their rivers, hilltops inside their hills, and every unit
 * legally placed: frontage within its type's range (004 Unit Types) and a
 * whole number of ticks each side of the centre, on the table, inside its
 * side's deployment zone, on ground it may stand on, overlapping nobody.
 */
export function scenarioIssues(rules: Rules, scenario: Scenario, options: Hm11Options): DataIssue[] {
  const issues: DataIssue[] = [];
  const { width, height } = scenario.table;
  const inTable = (ps: readonly Point[]) =>
    ps.every((p) => p.x >= 0 && p.y >= 0 && p.x <= width && p.y <= height);
  const polygonIssue = (path: string, poly: readonly Point[]) => {
    if (!isConvex(poly))
      issues.push({ path, message: "must be a convex polygon (split other shapes into pieces)" });
    if (!inTable(poly)) issues.push({ path, message: "must lie on the table" });
  };
  scenario.terrain.forEach((t, i) => {
    polygonIssue(`terrain[${i}].polygon`, t.polygon);
    if (t.hilltop) {
      if (t.kind !== "hill")
        issues.push({ path: `terrain[${i}].hilltop`, message: "only hills have hilltops" });
      polygonIssue(`terrain[${i}].hilltop`, t.hilltop);
      if (isConvex(t.hilltop) && isConvex(t.polygon) && !convexInsidePolygon(t.hilltop, t.polygon))
        issues.push({ path: `terrain[${i}].hilltop`, message: "must lie inside its hill" });
    }
  });
  const ids = new Set<string>();
  for (const [i, t] of scenario.terrain.entries()) {
    if (ids.has(t.id)) issues.push({ path: `terrain[${i}].id`, message: `duplicate id ${t.id}` });
    ids.add(t.id);
  }
  scenario.rivers.forEach((r, i) => {
    if (!inTable(r.line)) issues.push({ path: `rivers[${i}].line`, message: "must lie on the table" });
    r.crossings.forEach((c, j) => {
      if (c.segment >= r.line.length - 1)
        issues.push({
          path: `rivers[${i}].crossings[${j}].segment`,
          message: `the river has ${r.line.length - 1} segments`,
        });
    });
  });
  scenario.roads.forEach((r, i) => {
    if (!inTable(r.line)) issues.push({ path: `roads[${i}].line`, message: "must lie on the table" });
  });
  polygonIssue("deployment.first", scenario.deployment.first);
  polygonIssue("deployment.second", scenario.deployment.second);
  for (const [i, h] of scenario.victory.atEnd.entries()) {
    if ((h.piece === undefined) === (h.zone === undefined))
      issues.push({ path: `victory.atEnd[${i}]`, message: "name a terrain piece or give a zone, not both" });
    if (h.piece !== undefined && !ids.has(h.piece))
      issues.push({ path: `victory.atEnd[${i}].piece`, message: `no terrain piece ${h.piece}` });
  }
  if (issues.length > 0) return issues;
  issues.push(...unitIssues(rules, scenario, options));
  return issues;
}

function unitIssues(rules: Rules, scenario: Scenario, options: Hm11Options): DataIssue[] {
  const issues: DataIssue[] = [];
  const ctx = makeContext(rules, scenario, options);
  const placed: { id: string; poly: Polygon }[] = [];
  const seen = new Set<string>();
  for (const side of ["first", "second"] as const) {
    scenario.forces[side].forEach((u, i) => {
      const path = `forces.${side}[${i}]`;
      if (seen.has(u.id)) issues.push({ path: `${path}.id`, message: `duplicate unit id ${u.id}` });
      seen.add(u.id);
      const t = rules.data.unitTypes[u.type];
      if (u.frontage < t.frontage.min || u.frontage > t.frontage.max)
        issues.push({
          path: `${path}.frontage`,
          message: `004 Unit Types: ${t.name} occupy a frontage within the rules data's range`,
        });
      if (u.frontage % 2 !== 0)
        issues.push({
          path: `${path}.frontage`,
          message: "must be an even number of ticks (the centre is a lattice point)",
        });
      if (issues.length > 0) return;
      const poly = basePolygon(
        { x: u.x, y: u.y, facing: u.facing },
        { frontage: u.frontage, depth: t.depth },
      );
      const state: UnitState = {
        side,
        type: u.type,
        x: u.x,
        y: u.y,
        facing: u.facing,
        frontage: u.frontage,
        depth: t.depth,
        hits: 0,
        formation: "line",
        acted: "none",
      };
      if (!onTable(ctx, poly)) issues.push({ path, message: `${u.id}'s base is not on the table` });
      else if (!convexInsidePolygon(poly, scenario.deployment[side]))
        issues.push({ path, message: `${u.id}'s base is not inside its deployment zone` });
      const bad = pathTerrainRefusal(ctx, u.id, state, poly) ?? endTerrainRefusal(ctx, u.id, state, poly);
      if (bad) issues.push({ path, message: bad.message });
      const over = placed.find((p) => interiorsOverlap(p.poly, poly));
      if (over) issues.push({ path, message: `${u.id} overlaps ${over.id}` });
      placed.push({ id: u.id, poly });
    });
  }
  return issues;
}
