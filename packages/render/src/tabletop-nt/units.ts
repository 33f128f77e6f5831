import {
  type Ctx,
  type Position,
  type UnitState,
  unitCorners,
  unitFrontCentre,
  unitPolygon,
} from "@tercio/horse-and-musket-nt";
import { el, text } from "../svg.js";
import { type Frame, flipY, pathThrough, pointsAttr, TICKS_PER_INCH } from "../tabletop/frame.js";
import { CONTACT, SIDE_DARK, SIDE_FILL } from "../tabletop/palette.js";

const LINE = TICKS_PER_INCH / 20;
const MARK = { infantry: "Inf", cavalry: "Cav", skirmishers: "Sk", artillery: "Art" } as const;

/**
 * One unit: its base as the engine's polygon (the integer corners every
 * rule tests), its front edge heavy, a chevron ahead of the front centre,
 * a column's file and a skirmish line's gaps marked. Table coordinates.
 */
export function ntUnitShape(ctx: Ctx, id: string, unit: UnitState): string {
  const poly = unitPolygon(ctx, unit);
  const c = unitCorners(ctx, unit);
  const fc = unitFrontCentre(ctx, unit);
  // The chevron points along the front-centre's offset from the centre: integer geometry, no trigonometry.
  const fx = fc.x - unit.x;
  const fy = fc.y - unit.y;
  const len = Math.max(1, Math.sqrt(fx * fx + fy * fy));
  const f = { x: fx / len, y: fy / len };
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
    points: pointsAttr([c.fl, c.fr]),
    stroke: SIDE_DARK[unit.side],
    "stroke-width": LINE * 4,
  });
  out += el("path", { class: "facing", d: pathThrough(chevron, true), fill: SIDE_DARK[unit.side] });
  if (unit.formation !== "line") {
    // The middle line between the bases: across a column, along a skirmish line.
    const a =
      unit.formation === "column"
        ? { x: (c.fl.x + c.rl.x) / 2, y: (c.fl.y + c.rl.y) / 2 }
        : { x: (c.fl.x + c.fr.x) / 2, y: (c.fl.y + c.fr.y) / 2 };
    const b =
      unit.formation === "column"
        ? { x: (c.fr.x + c.rr.x) / 2, y: (c.fr.y + c.rr.y) / 2 }
        : { x: (c.rl.x + c.rr.x) / 2, y: (c.rl.y + c.rr.y) / 2 };
    out += el("path", {
      class: unit.formation,
      d: pathThrough([a, b], false),
      stroke: SIDE_DARK[unit.side],
      "stroke-width": LINE * 2,
      "stroke-dasharray": unit.formation === "skirmish" ? `${LINE * 4} ${LINE * 3}` : "none",
    });
  }
  return el(
    "g",
    {
      "data-unit": id,
      "data-side": unit.side,
      "data-type": unit.type,
      "data-hits": unit.hits,
      "data-formation": unit.formation,
    },
    out,
  );
}

export function ntUnitLayer(ctx: Ctx, position: Position): string {
  return el(
    "g",
    { id: "units" },
    Object.keys(position.units)
      .sort()
      .map((id) => ntUnitShape(ctx, id, position.units[id] as UnitState))
      .join(""),
  );
}

/** Ids and hits, upright: "A-1 3h". */
export function ntUnitLabels(position: Position, f: Frame): string {
  let out = "";
  for (const id of Object.keys(position.units).sort()) {
    const u = position.units[id] as UnitState;
    const label = `${id}${u.hits > 0 ? ` ${u.hits}h` : ""}${u.outOfAmmunition ? " ∅" : ""}`;
    out += text(u.x, flipY(f, u.y) + TICKS_PER_INCH * 0.25, label, { fill: SIDE_DARK[u.side] });
    out += text(u.x, flipY(f, u.y) + TICKS_PER_INCH * 1.05, MARK[u.type], {
      fill: SIDE_DARK[u.side],
      "font-size": TICKS_PER_INCH * 0.5,
    });
  }
  return el("g", { id: "unit-labels", "font-size": TICKS_PER_INCH * 0.7, "text-anchor": "middle" }, out);
}

/** Contacts (a charge made, the Melee to come): a line from charger to target. */
export function ntContactLayer(ctx: Ctx, position: Position): string {
  let out = "";
  for (const c of position.contacts) {
    const a = position.units[c.attacker];
    const d = position.units[c.defender];
    if (!a || !d) continue;
    const p = unitFrontCentre(ctx, a);
    out += el("path", {
      "data-contact": `${c.attacker}:${c.defender}:${c.side}`,
      d: `M${p.x} ${p.y}L${d.x} ${d.y}`,
      stroke: CONTACT,
      "stroke-width": LINE * 3,
    });
  }
  return el("g", { id: "contacts" }, out);
}
