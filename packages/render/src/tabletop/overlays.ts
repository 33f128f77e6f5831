import {
  type Ctx,
  fieldOfFire,
  inAllRoundTerrain,
  type Position,
  type UnitState,
  unitFrontCentre,
  unitFrontEdge,
  unitPolygon,
} from "@tercio/horse-and-musket-ch11";
import { el, type Point, text } from "../svg.js";
import { type Frame, flipY, inchLabel, pointsAttr, TICKS_PER_INCH } from "./frame.js";
import { OBJECTIVE, SIDE_DARK } from "./palette.js";

const LINE = TICKS_PER_INCH / 20;

/** Which units an overlay is drawn for: every shooter, or those listed. */
export type UnitChoice = boolean | readonly string[];

function chosen(choice: UnitChoice | undefined, id: string): boolean {
  return choice === true || (Array.isArray(choice) && choice.includes(id));
}

/** The units that shoot (a range in the rules data: not cavalry), in id order. */
export function shooters(
  ctx: Ctx,
  position: Position,
  choice: UnitChoice | undefined,
): [string, UnitState][] {
  if (!choice) return [];
  return Object.keys(position.units)
    .sort()
    .filter((id) => chosen(choice, id))
    .map((id) => [id, position.units[id] as UnitState] as [string, UnitState])
    .filter(([, u]) => ctx.rules.data.unitTypes[u.type].range !== null);
}

function allRound(ctx: Ctx, unit: UnitState): boolean {
  return inAllRoundTerrain(ctx, { x: unit.x, y: unit.y }, unitPolygon(unit)) !== undefined;
}

/**
 * Each shooter's field of fire: the engine's own arc polygon (fieldOfFire
 * with the game's reading, integer vertices reaching past the table),
 * clipped to the table for display. A unit in a town has all-round fire
 * (004 Shooting: Units in Towns): no arc is drawn, only its note.
 */
export function arcLayer(ctx: Ctx, position: Position, choice: UnitChoice | undefined): string {
  let out = "";
  for (const [id, u] of shooters(ctx, position, choice)) {
    if (allRound(ctx, u)) continue;
    out += el("polygon", {
      "data-arc": id,
      "data-reading": ctx.options.fieldOfFire,
      points: pointsAttr(fieldOfFire(ctx, u, ctx.options.fieldOfFire)),
      fill: SIDE_DARK[u.side],
      "fill-opacity": 0.04,
      stroke: SIDE_DARK[u.side],
      "stroke-opacity": 0.6,
      "stroke-width": LINE,
      "stroke-dasharray": `${LINE * 4} ${LINE * 3}`,
    });
  }
  return out === "" ? "" : el("g", { id: "arcs", "clip-path": "url(#table-clip)" }, out);
}

/**
 * The rounded offset of a convex counter-clockwise polygon by r: the set of
 * points within r of it (a segment, given as a two-point polygon, gives a
 * stadium). Floats for drawing only; arcs split at most every quarter turn.
 */
export function roundedOffset(poly: readonly Point[], r: number): string {
  const n = poly.length;
  const normals: Point[] = [];
  for (let i = 0; i < n; i++) {
    const a = poly[i] as Point;
    const b = poly[(i + 1) % n] as Point;
    const len = Math.sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));
    normals.push({ x: (b.y - a.y) / len, y: -(b.x - a.x) / len });
  }
  const at = (p: Point, v: Point) => `${Math.round(p.x + r * v.x)} ${Math.round(p.y + r * v.y)}`;
  let d = "";
  for (let i = 0; i < n; i++) {
    const v = poly[i] as Point;
    const from = normals[(i - 1 + n) % n] as Point;
    const to = normals[i] as Point;
    const a0 = Math.atan2(from.y, from.x);
    let turn = Math.atan2(to.y, to.x) - a0;
    while (turn < -1e-12) turn += 2 * Math.PI;
    d += i === 0 ? `M${at(v, from)}` : `L${at(v, from)}`;
    const steps = Math.ceil(turn / (Math.PI / 2) - 1e-9);
    for (let k = 1; k <= steps; k++) {
      const t = a0 + (turn * k) / steps;
      d += `A${Math.round(r)} ${Math.round(r)} 0 0 1 ${at(v, { x: Math.cos(t), y: Math.sin(t) })}`;
    }
  }
  return `${d}Z`;
}

/**
 * Each shooter's range (12" or 48", the rules data's): the set of points
 * within range of the part the rangeFrom reading measures from: a stadium
 * round the front edge (front-edge, the default), the whole base rounded
 * (front-edge from a town: all-round fire measures from the whole base), or
 * a circle about the front centre or the centre (then of target centres).
 * The measured part is drawn over it.
 */
export function rangeLayer(ctx: Ctx, position: Position, choice: UnitChoice | undefined): string {
  let out = "";
  for (const [id, u] of shooters(ctx, position, choice)) {
    const range = ctx.rules.data.unitTypes[u.type].range as number;
    const reading = ctx.options.rangeFrom;
    const round = allRound(ctx, u);
    const attrs = {
      "data-range": id,
      "data-ticks": range,
      "data-from": reading === "front-edge" && round ? "base" : reading,
      fill: SIDE_DARK[u.side],
      "fill-opacity": 0.035,
      stroke: SIDE_DARK[u.side],
      "stroke-width": LINE,
    };
    let measured: string;
    if (reading === "front-edge") {
      const part = round ? unitPolygon(u) : unitFrontEdge(u);
      out += el("path", { ...attrs, d: roundedOffset(part, range) });
      measured = el(round ? "polygon" : "polyline", {
        "data-measured": id,
        points: pointsAttr(part),
        fill: "none",
        stroke: "#f2b01e",
        "stroke-width": LINE * 2,
      });
    } else {
      const c = reading === "front-centre" ? unitFrontCentre(u) : { x: u.x, y: u.y };
      out += el("circle", { ...attrs, cx: c.x, cy: c.y, r: range });
      measured = el("circle", { "data-measured": id, cx: c.x, cy: c.y, r: LINE * 3, fill: "#f2b01e" });
    }
    out += measured;
  }
  return out === "" ? "" : el("g", { id: "ranges", "clip-path": "url(#table-clip)" }, out);
}

/** The range of each shooter drawn, for the key: "R-INF1 12"". */
export function rangeNotes(ctx: Ctx, position: Position, choice: UnitChoice | undefined): string[] {
  return shooters(ctx, position, choice).map(
    ([id, u]) =>
      `${id} ${inchLabel(ctx.rules.data.unitTypes[u.type].range as number)}${allRound(ctx, u) ? " (all-round fire)" : ""}`,
  );
}

/** The sides' deployment zones (recorded in the scenario; deployment is fixed poses). */
export function zoneLayer(ctx: Ctx): string {
  let out = "";
  for (const side of ["first", "second"] as const)
    out += el("polygon", {
      "data-zone": side,
      points: pointsAttr(ctx.scenario.deployment[side]),
      fill: SIDE_DARK[side],
      "fill-opacity": 0.06,
      stroke: SIDE_DARK[side],
      "stroke-width": LINE * 2,
      "stroke-dasharray": `${LINE * 8} ${LINE * 4}`,
    });
  return el("g", { id: "zones" }, out);
}

interface Objective {
  readonly name: string;
  readonly polygon: readonly Point[];
  readonly what: string;
}

/** The areas victory reads: `hold` objectives at the end (a terrain piece or a zone) and `reach` zones. */
export function objectivesOf(ctx: Ctx): Objective[] {
  const list: Objective[] = [];
  for (const h of ctx.scenario.victory.atEnd) {
    const piece = h.piece ? ctx.scenario.terrain.find((t) => t.id === h.piece) : undefined;
    const polygon = h.zone ?? piece?.polygon;
    if (polygon) list.push({ name: h.name, polygon, what: `hold at the end (${h.points} pt)` });
  }
  for (const s of ctx.scenario.victory.suddenDeath)
    if (s.kind === "reach")
      list.push({
        name: s.name,
        polygon: s.zone,
        what: `${ctx.scenario.sides[s.side].name}: ${s.count} units reach it`,
      });
  return list;
}

export function objectiveLayer(ctx: Ctx): string {
  const out = objectivesOf(ctx)
    .map((o) =>
      el("polygon", {
        "data-objective": o.name,
        points: pointsAttr(o.polygon),
        fill: "none",
        stroke: OBJECTIVE,
        "stroke-width": LINE * 3,
        "stroke-dasharray": `${LINE * 2} ${LINE * 2}`,
      }),
    )
    .join("");
  return out === "" ? "" : el("g", { id: "objectives" }, out);
}

export function zoneLabels(ctx: Ctx, f: Frame, zones: boolean, objectives: boolean): string {
  let out = "";
  const top = (poly: readonly Point[]) => {
    let best = poly[0] as Point;
    for (const p of poly) if (p.y > best.y || (p.y === best.y && p.x < best.x)) best = p;
    return best;
  };
  if (zones)
    for (const side of ["first", "second"] as const) {
      const poly = ctx.scenario.deployment[side];
      const xs = poly.map((p) => p.x);
      const p = top(poly);
      const x = (Math.min(...xs) + Math.max(...xs)) / 2;
      out += text(x, flipY(f, p.y) + TICKS_PER_INCH * 0.9, `${ctx.scenario.sides[side].name} deployment`, {
        fill: SIDE_DARK[side],
      });
    }
  if (objectives)
    for (const o of objectivesOf(ctx)) {
      const p = top(o.polygon);
      out += text(p.x, flipY(f, p.y) - TICKS_PER_INCH * 0.3, `${o.name}: ${o.what}`, {
        fill: OBJECTIVE,
        "text-anchor": "start",
      });
    }
  return out === ""
    ? ""
    : el("g", { id: "zone-labels", "font-size": TICKS_PER_INCH * 0.6, "text-anchor": "middle" }, out);
}
