import { type DataIssue, seedPrng } from "@tercio/core";
import { interiorsOverlap, type Point, polygonOrientation } from "@tercio/geometry";
import { makeContext } from "../context.js";
import { unitPolygon } from "../footprint.js";
import { formationsOf } from "../formations.js";
import type { Rules } from "../rules-data/load.js";
import { openingPosition } from "../sequence.js";
import { insideTable } from "../table.js";
import type { Scenario } from "./schema.js";

/**
 * A scenario's consistency with the rules data, beyond its shape: every
 * unit armed and formed as its arm is, ids unique across both sides, its
 * footprint on the table and clear of every other, officers and generals
 * that exist, buildings on the Buildings Chart, area pieces convex.
 */
export function checkScenario(s: Scenario, rules: Rules): DataIssue[] {
  const issues: DataIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  const ids = new Set<string>();
  const officerIds = new Set([...s.forces.first.officers, ...s.forces.second.officers].map((o) => o.id));
  for (const side of ["first", "second"] as const) {
    for (const [i, u] of s.forces[side].units.entries()) {
      const path = `forces.${side}.units[${i}]`;
      if (ids.has(u.id) || officerIds.has(u.id)) add(`${path}.id`, `${u.id} is used twice`);
      ids.add(u.id);
      const orders = formationsOf(u);
      if (!orders.includes(u.formation))
        add(`${path}.formation`, `${u.arm} do not stand in ${u.formation} order`);
      if (u.arm === "guns" && !u.gun) add(`${path}.gun`, "guns name their type (Artillery)");
      if (u.arm !== "guns" && u.gun) add(`${path}.gun`, "only guns have a gun type");
      if (u.arm !== "guns" && !u.melee) add(`${path}.melee`, "foot and horse fight with a melee weapon");
      if (u.ranks !== undefined && !(u.arm === "foot" && u.missile))
        add(`${path}.ranks`, "ranks are for shot in open order");
      if (
        u.general !== undefined &&
        !s.forces[side].officers.some((o) => o.id === u.general && o.rank !== "staff")
      )
        add(`${path}.general`, `no general ${u.general} on its side`);
      if (u.arm === "guns" && u.strength % 3 !== 0)
        add(`${path}.strength`, "a battery's points divide by 3 (it loses 1/3 when hit)");
    }
    for (const [i, o] of s.forces[side].officers.entries())
      if (o.with !== undefined && !s.forces[side].units.some((u) => u.id === o.with))
        add(`forces.${side}.officers[${i}].with`, `no unit ${o.with} on its side`);
  }
  for (const [i, a] of s.areas.entries()) {
    if (polygonOrientation(a.polygon) === 0) add(`areas[${i}]`, "an area has no area");
    if (!isConvex(a.polygon)) add(`areas[${i}]`, "area pieces are convex (split a larger piece)");
    if (a.kind === "building" && (!a.building || !(a.building in rules.data.buildings) || !a.cover))
      add(`areas[${i}]`, "a building names its kind on the Buildings Chart and its cover");
    if (a.kind === "hill" && a.level === undefined) add(`areas[${i}].level`, "a hill has a contour level");
  }
  if (issues.length > 0) return issues;
  const ctx = makeContext(rules, s, {});
  const position = openingPosition(ctx, s.id, seedPrng(1));
  const polys: [string, Point[]][] = Object.entries(position.units).map(([id, u]) => [
    id,
    unitPolygon(ctx, id, u),
  ]);
  for (const [i, [id, poly]] of polys.entries()) {
    if (!insideTable(ctx, poly)) add(`units.${id}`, "its footprint is not on the table");
    for (const [other, p2] of polys.slice(i + 1))
      if (interiorsOverlap(poly, p2)) add(`units.${other}`, `it overlaps ${id}`);
  }
  return issues;
}

function isConvex(poly: readonly Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as Point;
    const b = poly[(i + 1) % poly.length] as Point;
    const c = poly[(i + 2) % poly.length] as Point;
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}
