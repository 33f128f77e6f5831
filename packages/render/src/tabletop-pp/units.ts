import {
  type Ctx,
  officerPoint,
  type Position,
  teamOnTable,
  teamPolygon,
  traitsOf,
  type UnitState,
  unitCorners,
  unitFront,
  unitPolygon,
  unitSize,
} from "@tercio/plucky-pikes";
import { el, type Point } from "../svg.js";
import { pointsAttr, TICKS_PER_INCH } from "../tabletop/frame.js";
import { SIDE_DARK, SIDE_FILL } from "../tabletop/palette.js";
import { at, box, type Footing, footingOf, type UnitPicture, unitPicture } from "./figures.js";
import { DISORDER, EMPTY_PLACE, FIRE, MELEE, MUDDLE, OFFICER_FILL, TEAM_DARK, TEAM_FILL } from "./palette.js";
import { starPoints } from "./terrain.js";

const LINE = TICKS_PER_INCH / 20;

/** Display points rounded to whole ticks (the engine's own polygons are written with pointsAttr, exactly). */
export function roundedPoints(points: readonly Point[]): string {
  return points.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`).join(" ");
}

/** The units on the table, in id order: those gone (routed off, destroyed, pursuing) are not drawn. */
export function onTable(position: Position): [string, UnitState][] {
  return Object.keys(position.units)
    .sort()
    .map((id) => [id, position.units[id] as UnitState] as [string, UnitState])
    .filter(([, u]) => u.gone === undefined);
}

/** The figures, empty places and stands of a picture, in its side's ink. */
function figureMarks(pic: UnitPicture, ink: string): string {
  const c = pic.corners;
  let out = "";
  for (const s of pic.stands)
    out += el("polygon", {
      class: "stand",
      points: roundedPoints(box(c, ...s)),
      fill: pic.arm === "guns" ? "none" : "#fffdf5",
      "fill-opacity": 0.55,
      stroke: ink,
      "stroke-width": LINE * 0.6,
    });
  const across = pic.figure.across / 2;
  const along = pic.figure.along / 2;
  for (const p of pic.places) {
    const style = p.present
      ? { class: "figure", fill: ink, stroke: ink, "stroke-width": LINE * 0.4 }
      : {
          class: "casualty",
          fill: EMPTY_PLACE,
          stroke: "#77716a",
          "stroke-width": LINE * 0.5,
          "stroke-dasharray": `${LINE} ${LINE}`,
        };
    if (pic.arm === "horse") {
      // A horse from above: its body, and its head to the front.
      const front = p.back - along;
      const body = box(c, p.across - across, p.across + across, front + along * 0.55, p.back + along);
      const head = box(c, p.across - across * 0.4, p.across + across * 0.4, front, front + along * 0.7);
      out += el(
        "g",
        style,
        el("polygon", { points: roundedPoints(body) }) + el("polygon", { points: roundedPoints(head) }),
      );
    } else {
      const centre = at(c, p.across, p.back);
      out += el("circle", {
        ...style,
        cx: Math.round(centre.x),
        cy: Math.round(centre.y),
        r: Math.max(LINE * 0.8, Math.round(across * pic.frontage)),
      });
    }
  }
  return out;
}

/** A gun on its stand: the barrel to the front, two wheels; limbered, the team's horse on the stand (001 Artillery). */
function gunMarks(c: Footing, ink: string, limbered: boolean): string {
  let out = el("polygon", {
    class: "barrel",
    points: roundedPoints(box(c, 0.45, 0.55, 0.08, 0.62)),
    fill: ink,
  });
  out += el("polygon", { class: "wheel", points: roundedPoints(box(c, 0.27, 0.35, 0.32, 0.64)), fill: ink });
  out += el("polygon", { class: "wheel", points: roundedPoints(box(c, 0.65, 0.73, 0.32, 0.64)), fill: ink });
  if (limbered) out += horse(c, "limber-team", 0.78, 0.96, 0.48, 0.74);
  return out;
}

/** A horse model seen from above within the box: body and head, the head to the front. */
function horse(c: Footing, cls: string, left: number, right: number, front: number, rear: number): string {
  const w = right - left;
  const l = rear - front;
  const body = box(c, left + w * 0.2, right - w * 0.2, front + l * 0.3, rear);
  const head = box(c, left + w * 0.36, right - w * 0.36, front, front + l * 0.34);
  return el(
    "g",
    { class: cls, fill: TEAM_FILL, stroke: TEAM_DARK, "stroke-width": LINE * 0.5 },
    el("polygon", { points: roundedPoints(body) }) + el("polygon", { points: roundedPoints(head) }),
  );
}

/** The chevron ahead of the front edge's middle, pointing the unit's way. */
export function facingMark(pic: UnitPicture): Point[] {
  const w = (TICKS_PER_INCH * 0.3) / pic.frontage;
  const h = (TICKS_PER_INCH * 0.4) / pic.depth;
  return [at(pic.corners, 0.5 - w, 0), at(pic.corners, 0.5, -h), at(pic.corners, 0.5 + w, 0)];
}

/**
 * One unit: its footprint as the engine's polygon (unitPolygon, the integer
 * corners every rule tests), its stands in ranks with a figure on every
 * place it has one and the casualties' places empty, its front edge heavy
 * and a chevron ahead of it for the facing; a disordered unit crossed red,
 * a muddled one purple. Table coordinates (the flipped group).
 */
export function ppUnitShape(ctx: Ctx, id: string, u: UnitState): string {
  const pic = unitPicture(ctx, id, u);
  const c = pic.corners;
  const ink = SIDE_DARK[u.side];
  const present = pic.places.filter((p) => p.present).length;
  let out = el("polygon", {
    class: "base",
    points: pointsAttr(unitPolygon(ctx, id, u)),
    fill: SIDE_FILL[u.side],
    "fill-opacity": pic.arm === "guns" ? 1 : 0.5,
    stroke: ink,
    "stroke-width": LINE,
  });
  if (pic.arm === "guns") out += gunMarks(c, ink, u.formation === "limbered");
  out += figureMarks(pic, ink);
  out += el("polyline", {
    class: "front",
    points: pointsAttr([c.fl, c.fr]),
    stroke: ink,
    "stroke-width": LINE * 3,
    "stroke-linecap": "butt",
  });
  out += el("polygon", { class: "facing", points: roundedPoints(facingMark(pic)), fill: ink });
  const rr = at(c, 1, 1);
  if (u.disordered)
    out += el("polyline", {
      class: "disordered",
      points: roundedPoints([c.rl, c.fr]),
      stroke: DISORDER,
      "stroke-width": LINE * 1.5,
      "stroke-dasharray": `${LINE * 3} ${LINE * 2}`,
    });
  if (u.muddle > 0)
    out += el("polyline", {
      class: "muddled",
      points: roundedPoints([c.fl, rr]),
      stroke: MUDDLE,
      "stroke-width": LINE * 1.5,
      "stroke-dasharray": `${LINE} ${LINE * 1.5}`,
    });
  return el(
    "g",
    {
      "data-unit": id,
      "data-side": u.side,
      "data-arm": pic.arm,
      "data-formation": u.formation,
      "data-strength": u.strength,
      "data-level": u.level,
      "data-figures": present,
      "data-empty": pic.places.length - present,
      ...(u.disordered ? { "data-disordered": "true" } : {}),
      ...(u.muddle > 0 ? { "data-muddle": u.muddle } : {}),
      ...(u.level === "broken" || u.level === "routed" ? { opacity: 0.75 } : {}),
    },
    out,
  );
}

export function ppUnitLayer(ctx: Ctx, position: Position): string {
  return el(
    "g",
    { id: "units" },
    onTable(position)
      .map(([id, u]) => ppUnitShape(ctx, id, u))
      .join(""),
  );
}

/**
 * Each unlimbered gun's horse team (001 Artillery: "Horse/ox models can be
 * placed anywhere within 6" of an unlimbered gun"): the team's model as the
 * engine's polygon (teamPolygon: the rules data's team frontage by depth at
 * the team's place, facing as its gun does), two horses on it, and a
 * dashed line back to its gun. A team with no points left is lost and not
 * drawn; a limbered gun's team is on its stand (ppUnitShape).
 */
export function ppTeamLayer(ctx: Ctx, position: Position): string {
  let out = "";
  for (const [id, u] of onTable(position)) {
    const poly = teamOnTable(u) ? teamPolygon(ctx, u) : undefined;
    const team = u.team;
    if (!poly || !team?.at) continue;
    const c = footingOf(poly);
    out += el(
      "g",
      {
        "data-team": id,
        "data-side": u.side,
        "data-points": team.points,
        "data-x": team.at.x,
        "data-y": team.at.y,
      },
      el("polyline", {
        class: "tether",
        points: pointsAttr([{ x: u.x, y: u.y }, team.at]),
        stroke: TEAM_DARK,
        "stroke-width": LINE * 0.8,
        "stroke-dasharray": `${LINE * 2} ${LINE * 2}`,
        fill: "none",
      }) +
        el("polygon", {
          class: "team-base",
          points: pointsAttr(poly),
          fill: "#efe4cf",
          stroke: SIDE_DARK[u.side],
          "stroke-width": LINE,
        }) +
        horse(c, "horse", 0.2, 0.8, 0.04, 0.48) +
        horse(c, "horse", 0.2, 0.8, 0.52, 0.96) +
        el("polyline", {
          class: "front",
          points: pointsAttr([c.fl, c.fr]),
          stroke: SIDE_DARK[u.side],
          "stroke-width": LINE * 2,
        }),
    );
  }
  return out === "" ? "" : el("g", { id: "teams" }, out);
}

/** An officer's stand: behind the middle of his unit's rear and facing as it does, or square to the table alone. */
export function officerStand(ctx: Ctx, position: Position, id: string): Footing | undefined {
  const o = position.officers[id];
  if (!o || o.lost) return undefined;
  const b = ctx.rules.data.basing.officer;
  const u = o.with ? position.units[o.with] : undefined;
  if (o.with && u && !u.gone) {
    // Leadership: "his stand is touching the unit's": the engine's point is the middle of the rear (officerPoint).
    const size = unitSize(ctx, o.with, u);
    const half = b.frontage / 2 / size.frontage;
    return footingOf(box(unitCorners(ctx, o.with, u), 0.5 - half, 0.5 + half, 1, 1 + b.depth / size.depth));
  }
  const p = officerPoint(ctx, position, o);
  return {
    fl: { x: p.x - b.frontage / 2, y: p.y + b.depth / 2 },
    fr: { x: p.x + b.frontage / 2, y: p.y + b.depth / 2 },
    rl: { x: p.x - b.frontage / 2, y: p.y - b.depth / 2 },
  };
}

/**
 * Generals' and staff officers' stands (001 Leadership: "A General or
 * Staff Officer adds points to a unit's rally roll if his stand is touching
 * the unit's"): a commanding general's two stars, a general's one, a staff
 * officer's bar. Lost officers are not drawn.
 */
export function ppOfficerLayer(ctx: Ctx, position: Position): string {
  const b = ctx.rules.data.basing.officer;
  let out = "";
  for (const id of Object.keys(position.officers).sort()) {
    const o = position.officers[id];
    const t = ctx.officers[id];
    const c = officerStand(ctx, position, id);
    if (!o || !t || !c) continue;
    const ink = SIDE_DARK[o.side];
    const p = officerPoint(ctx, position, o);
    const stars = t.rank === "commanding-general" ? [0.28, 0.72] : t.rank === "general" ? [0.5] : [];
    let marks = stars
      .map((k) =>
        el("polygon", { points: starPoints(at(c, k, 0.5), b.frontage * 0.22, b.frontage * 0.09), fill: ink }),
      )
      .join("");
    if (t.rank === "staff")
      marks += el("polygon", { points: roundedPoints(box(c, 0.2, 0.8, 0.4, 0.6)), fill: ink });
    out += el(
      "g",
      {
        "data-officer": id,
        "data-side": o.side,
        "data-rank": t.rank,
        ...(o.with ? { "data-with": o.with } : {}),
        "data-x": p.x,
        "data-y": p.y,
      },
      el("polygon", {
        class: "officer-stand",
        points: roundedPoints(box(c, 0, 1, 0, 1)),
        fill: OFFICER_FILL,
        stroke: ink,
        "stroke-width": LINE * 1.2,
      }) + marks,
    );
  }
  return out === "" ? "" : el("g", { id: "officers" }, out);
}

/** Each melee the position records (read from the state, never inferred): a line between the fighting units, a cross where they meet. */
export function ppMeleeLayer(ctx: Ctx, position: Position): string {
  let out = "";
  for (const m of position.melees) {
    const aid = m.attackers[0] as string;
    const a = position.units[aid];
    const d = position.units[m.defenders[0] as string];
    if (!a || !d || a.gone || d.gone) continue;
    const fa = unitFront(ctx, aid, a);
    const r = TICKS_PER_INCH * 0.5;
    out += el(
      "g",
      {
        "data-melee": m.id,
        "data-round": m.round,
        "data-struck": m.struck,
        stroke: MELEE,
      },
      el("polyline", {
        points: pointsAttr([
          { x: a.x, y: a.y },
          { x: d.x, y: d.y },
        ]),
        "stroke-width": LINE * 2,
        "stroke-dasharray": `${LINE * 3} ${LINE * 2}`,
        fill: "none",
      }) +
        el("path", {
          d: `M${fa.x - r} ${fa.y - r}L${fa.x + r} ${fa.y + r}M${fa.x - r} ${fa.y + r}L${fa.x + r} ${fa.y - r}`,
          "stroke-width": LINE * 4,
        }),
    );
  }
  return out === "" ? "" : el("g", { id: "melees" }, out);
}

/** The fire declared in this fire step: an arrow from each firer to its target (or the target gun's team). */
export function ppFireLayer(ctx: Ctx, position: Position): string {
  let out = "";
  for (const f of position.fire) {
    const u = position.units[f.unit];
    const t = position.units[f.target];
    if (!u || !t) continue;
    const from = traitsOf(ctx, f.unit, u).arm === "guns" ? { x: u.x, y: u.y } : unitFront(ctx, f.unit, u);
    const to = f.team && t.team?.at ? t.team.at : { x: t.x, y: t.y };
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len = Math.sqrt(dx * dx + dy * dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const h = TICKS_PER_INCH * 0.6;
    const head = [
      to,
      { x: to.x - ux * h - uy * h * 0.5, y: to.y - uy * h + ux * h * 0.5 },
      { x: to.x - ux * h + uy * h * 0.5, y: to.y - uy * h - ux * h * 0.5 },
    ];
    out += el(
      "g",
      { "data-fire": `${f.unit}>${f.target}${f.team ? ":team" : ""}` },
      el("polyline", {
        points: pointsAttr([from, to]),
        stroke: FIRE,
        "stroke-width": LINE * 2.5,
        "stroke-dasharray": `${LINE * 5} ${LINE * 2}`,
        fill: "none",
      }) + el("polygon", { points: roundedPoints(head), fill: FIRE }),
    );
  }
  return out === "" ? "" : el("g", { id: "declared-fire" }, out);
}

/** The second line of a unit's label: figures (a battery's points), its level, and its marks. */
export function unitState(ctx: Ctx, id: string, u: UnitState): string {
  const guns = traitsOf(ctx, id, u).arm === "guns";
  return [
    guns ? `${u.strength} pts` : `${u.strength} fig.`,
    u.level,
    guns ? u.formation : "",
    u.disordered ? "D" : "",
    u.muddle > 0 ? `M${u.muddle}` : "",
    u.leadersLost > 0 ? `${u.leadersLost} ldr lost` : "",
    u.flagLost ? "flag lost" : "",
    u.dismounted ? "dismounted" : "",
  ]
    .filter((s) => s !== "")
    .join(" · ");
}
