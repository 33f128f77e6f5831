import {
  type Ctx,
  type Position,
  teamOnTable,
  teamPolygon,
  type UnitState,
  unitPolygon,
} from "@tercio/plucky-pikes";
import { el, type Point, text } from "../svg.js";
import { type Frame, flipY, TICKS_PER_INCH } from "../tabletop/frame.js";
import { SIDE_DARK } from "../tabletop/palette.js";
import { box, unitPicture } from "./figures.js";
import { LEVEL_INK, TEAM_DARK } from "./palette.js";
import { type Box, boxAround, Placer, type Spot, spot, textWidth } from "./place.js";
import { ppTerrainLabels } from "./terrain.js";
import { facingMark, officerStand, onTable, unitState } from "./units.js";

const LINE = TICKS_PER_INCH / 20;
const SIZE = TICKS_PER_INCH * 0.42;

/** A piece's box in upright drawing coordinates. */
function upright(f: Frame, points: readonly Point[]): Box {
  return boxAround(points.map((p) => ({ x: p.x, y: flipY(f, p.y) })));
}

/** Candidate places round a box for a block w by h: below, above, right, left, then further below and above. */
function around(b: Box, w: number, h: number, gap: number): Spot[] {
  const cx = (b.x0 + b.x1) / 2;
  const cy = (b.y0 + b.y1) / 2;
  return [
    spot(cx, b.y1 + gap, "middle", w, h),
    spot(cx, b.y0 - gap - h, "middle", w, h),
    spot(b.x1 + gap * 2, cy - h / 2, "start", w, h),
    spot(b.x0 - gap * 2, cy - h / 2, "end", w, h),
    spot(cx, b.y1 + gap + h, "middle", w, h),
    spot(cx, b.y0 - gap - 2 * h, "middle", w, h),
  ];
}

/** What labels must not cover: every footprint with its facing mark, horse team, officer's stand and objective star. */
function pieces(ctx: Ctx, position: Position, f: Frame): Box[] {
  const out: Box[] = [];
  for (const [id, u] of onTable(position))
    out.push(upright(f, [...unitPolygon(ctx, id, u), ...facingMark(unitPicture(ctx, id, u))]));
  for (const [, u] of onTable(position)) {
    const poly = teamOnTable(u) ? teamPolygon(ctx, u) : undefined;
    if (poly) out.push(upright(f, poly));
  }
  for (const id of Object.keys(position.officers).sort()) {
    const c = officerStand(ctx, position, id);
    if (c) out.push(upright(f, box(c, 0, 1, 0, 1)));
  }
  for (const o of ctx.objectives) {
    const r = TICKS_PER_INCH * 0.6;
    out.push({ x0: o.x - r, y0: flipY(f, o.y) - r, x1: o.x + r, y1: flipY(f, o.y) + r });
  }
  return out;
}

/** One line of a label at its place. */
function line(s: Spot, dy: number, words: string, attrs: Record<string, string | number>): string {
  return text(s.x, s.top + dy, words, { ...attrs, "text-anchor": s.anchor });
}

function unitLabel(ctx: Ctx, id: string, u: UnitState, at: Spot): string {
  return el(
    "g",
    { "data-label": id },
    line(at, SIZE * 0.85, `${id} ${ctx.units[id]?.name ?? ""}`.trim(), {
      fill: SIDE_DARK[u.side],
      "font-weight": "bold",
    }) +
      line(at, SIZE * 1.9, unitState(ctx, id, u), {
        fill: LEVEL_INK[u.level],
        ...(u.level !== "steady" ? { "font-weight": "bold" } : {}),
      }),
  );
}

/**
 * The labels, upright, each placed clear of the pieces and of the labels
 * placed before it (units in id order, then horse teams, officers,
 * objectives, and last the terrain's names): a unit's id and name, then its figures, level and marks
 * (D disordered, M and the URTs of a muddle); a team's points; an
 * officer's name; an objective's name and victory points.
 */
export function ppLabels(ctx: Ctx, position: Position | undefined, f: Frame): string {
  const placer = new Placer(position ? pieces(ctx, position, f) : []);
  const gap = SIZE * 0.2;
  let out = "";
  if (position) {
    for (const [id, u] of onTable(position)) {
      const b = upright(f, [...unitPolygon(ctx, id, u), ...facingMark(unitPicture(ctx, id, u))]);
      const w = Math.max(
        textWidth(`${id} ${ctx.units[id]?.name ?? ""}`, SIZE, true),
        textWidth(unitState(ctx, id, u), SIZE, u.level !== "steady"),
      );
      out += unitLabel(ctx, id, u, placer.place(around(b, w, SIZE * 2.15, gap)));
    }
    for (const [id, u] of onTable(position)) {
      const poly = teamOnTable(u) ? teamPolygon(ctx, u) : undefined;
      if (!poly || !u.team) continue;
      const words = `${id} team ${u.team.points} pts`;
      const at = placer.place(around(upright(f, poly), textWidth(words, SIZE), SIZE * 1.1, gap));
      out += line(at, SIZE * 0.85, words, { "data-team-label": id, fill: TEAM_DARK });
    }
    for (const id of Object.keys(position.officers).sort()) {
      const o = position.officers[id];
      const c = officerStand(ctx, position, id);
      if (!o || !c) continue;
      const name = ctx.officers[id]?.name ?? id;
      const small = SIZE * 0.85;
      const at = placer.place(
        around(upright(f, box(c, 0, 1, 0, 1)), textWidth(name, small), small * 1.1, gap),
      );
      out += line(at, small * 0.85, name, {
        "data-officer-label": id,
        fill: SIDE_DARK[o.side],
        "font-style": "italic",
        "font-size": small,
      });
    }
  }
  let objectives = "";
  for (const o of ctx.objectives) {
    const words = `${o.name}: ${o.points} VP`;
    const r = TICKS_PER_INCH * 0.6;
    const star = { x0: o.x - r, y0: flipY(f, o.y) - r, x1: o.x + r, y1: flipY(f, o.y) + r };
    const at = placer.place(around(star, textWidth(words, SIZE, true), SIZE * 1.1, gap));
    objectives += line(at, SIZE * 0.85, words, { "data-objective-label": o.id });
  }
  const terrain = ppTerrainLabels(ctx, position, f, placer);
  const halo = {
    stroke: "#fff",
    "stroke-width": LINE * 0.8,
    "stroke-opacity": 0.75,
    "paint-order": "stroke",
  };
  return [
    terrain,
    out === "" ? "" : el("g", { id: "unit-labels", "font-size": SIZE, ...halo }, out),
    objectives === ""
      ? ""
      : el(
          "g",
          { id: "objective-labels", "font-size": SIZE, "font-weight": "bold", fill: "#6b5200", ...halo },
          objectives,
        ),
  ]
    .filter((s) => s !== "")
    .join("\n");
}
