import {
  type Ctx,
  type Position,
  type UnitState,
  unitFrontCentre,
  unitFrontEdge,
  unitPolygon,
} from "@tercio/horse-and-musket-ch11";
import { el, text } from "../svg.js";
import { type Frame, flipY, pathThrough, pointsAttr, TICKS_PER_INCH } from "./frame.js";
import { CONTACT, SIDE_DARK, SIDE_FILL } from "./palette.js";

const LINE = TICKS_PER_INCH / 20;

export const TYPE_MARK = { infantry: "Inf", cavalry: "Cav", skirmishers: "Sk", artillery: "Art" } as const;

/** The facing as a float unit vector for marks (0 north, clockwise): display only. */
function forward(unit: UnitState): { x: number; y: number } {
  const a = (unit.facing / 18000) * Math.PI;
  return { x: Math.sin(a), y: Math.cos(a) };
}

/**
 * One unit: its base as the engine's polygon (unitPolygon, the same integer
 * corners every rule tests), its front edge drawn heavy (unitFrontEdge), a
 * chevron ahead of the front centre for the facing, and for a square an
 * inner outline. In table coordinates (the flipped group).
 */
export function unitShape(id: string, unit: UnitState): string {
  const poly = unitPolygon(unit);
  const [a, b] = unitFrontEdge(unit);
  const fc = unitFrontCentre(unit);
  const f = forward(unit);
  const r = { x: f.y, y: -f.x };
  const s = TICKS_PER_INCH * 0.35;
  const chevron = [
    { x: fc.x + r.x * s, y: fc.y + r.y * s },
    { x: fc.x + f.x * s * 1.2, y: fc.y + f.y * s * 1.2 },
    { x: fc.x - r.x * s, y: fc.y - r.y * s },
  ];
  let out = el("polygon", {
    class: "base",
    points: pointsAttr(poly),
    fill: SIDE_FILL[unit.side],
    stroke: SIDE_DARK[unit.side],
    "stroke-width": LINE,
  });
  out += el("polyline", {
    class: "front",
    points: pointsAttr([a, b]),
    stroke: SIDE_DARK[unit.side],
    "stroke-width": LINE * 4,
    "stroke-linecap": "butt",
  });
  out += el("path", { class: "facing", d: pathThrough(chevron, true), fill: SIDE_DARK[unit.side] });
  if (unit.formation === "square") {
    const inset = poly.map((p) => ({ x: unit.x + (p.x - unit.x) * 0.7, y: unit.y + (p.y - unit.y) * 0.7 }));
    out += el("path", {
      class: "square",
      d: pathThrough(inset, true),
      fill: "none",
      stroke: SIDE_DARK[unit.side],
      "stroke-width": LINE * 2,
    });
  }
  return el(
    "g",
    {
      "data-unit": id,
      "data-side": unit.side,
      "data-type": unit.type,
      "data-hits": unit.hits,
      ...(unit.formation === "square" ? { "data-formation": "square" } : {}),
    },
    out,
  );
}

export function unitLayer(position: Position): string {
  const ids = Object.keys(position.units).sort();
  return el("g", { id: "units" }, ids.map((id) => unitShape(id, position.units[id] as UnitState)).join(""));
}

/** Ids, types and hits, upright, at each base's centre. */
export function unitLabels(ctx: Ctx, position: Position, f: Frame): string {
  const limit = ctx.rules.data.hitsToEliminate;
  const size = TICKS_PER_INCH * 0.55;
  let out = "";
  for (const id of Object.keys(position.units).sort()) {
    const u = position.units[id] as UnitState;
    const y = flipY(f, u.y);
    const second = [
      TYPE_MARK[u.type],
      u.formation === "square" ? "square" : "",
      u.hits > 0 ? `${u.hits}/${limit} hits` : "",
    ]
      .filter((s) => s !== "")
      .join(" · ");
    out += el(
      "g",
      { "data-label": id },
      text(u.x, y - size * 0.15, id, { "font-weight": "bold" }) +
        text(u.x, y + size * 0.85, second, {
          "font-size": size * 0.8,
          ...(u.hits > 0 ? { fill: CONTACT } : {}),
        }),
    );
  }
  return el(
    "g",
    {
      id: "unit-labels",
      "font-size": size,
      "text-anchor": "middle",
      fill: "#1d1a16",
      stroke: "#fff",
      "stroke-width": LINE,
      "stroke-opacity": 0.7,
      "paint-order": "stroke",
    },
    out,
  );
}

/**
 * The contacts the position records (charges awaiting Hand-to-Hand
 * Combat): a line from the attacker's front centre to the defender's
 * centre, and the side struck. Read from the state, never inferred.
 */
export function contactLayer(
  position: Position,
  f: Frame,
): { readonly geometry: string; readonly labels: string } {
  let lines = "";
  let labels = "";
  for (const c of position.contacts) {
    const a = position.units[c.attacker];
    const d = position.units[c.defender];
    if (!a || !d) continue;
    const from = unitFrontCentre(a);
    lines += el("polyline", {
      "data-contact": `${c.attacker}>${c.defender}`,
      "data-side": c.side,
      points: pointsAttr([from, { x: d.x, y: d.y }]),
      stroke: CONTACT,
      "stroke-width": LINE * 3,
      "stroke-dasharray": `${LINE * 6} ${LINE * 3}`,
      fill: "none",
    });
    labels += text(from.x, flipY(f, from.y) - TICKS_PER_INCH * 0.3, `charge: ${c.side}`, { fill: CONTACT });
  }
  if (lines === "") return { geometry: "", labels: "" };
  return {
    geometry: el("g", { id: "contacts" }, lines),
    labels: el(
      "g",
      { id: "contact-labels", "font-size": TICKS_PER_INCH * 0.5, "text-anchor": "middle" },
      labels,
    ),
  };
}
