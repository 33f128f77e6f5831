import type { Ctx } from "@tercio/plucky-pikes";
import { el, text } from "../svg.js";
import { inchLabel, TICKS_PER_INCH } from "../tabletop/frame.js";
import { OBJECTIVE, SIDE_DARK, SIDE_FILL } from "../tabletop/palette.js";
import { DISORDER, EMPTY_PLACE, LEVEL_INK, MUDDLE, OFFICER_FILL, TEAM_DARK, TEAM_FILL } from "./palette.js";
import { starPoints } from "./terrain.js";

const LINE = TICKS_PER_INCH / 20;
const IN = TICKS_PER_INCH;
const INK = SIDE_DARK.first;

/** A key's entry: its mark drawn upright from (x, top), the mark's width, and its words. */
type Item = {
  readonly mark: (x: number, top: number) => string;
  readonly width: number;
  readonly words: string;
};

const FONT = IN * 0.5;

function stand(x: number, top: number, w: number, h: number, fill = SIDE_FILL.first): string {
  return el("rect", { x, y: top, width: w, height: h, fill, stroke: INK, "stroke-width": LINE });
}

const dot = (cx: number, cy: number, present: boolean) =>
  el("circle", {
    cx,
    cy,
    r: IN * 0.11,
    fill: present ? INK : EMPTY_PLACE,
    stroke: present ? INK : "#77716a",
    "stroke-width": LINE * 0.5,
    ...(present ? {} : { "stroke-dasharray": `${LINE} ${LINE}` }),
  });

function horseMark(x: number, top: number): string {
  return el(
    "g",
    { fill: TEAM_FILL, stroke: TEAM_DARK, "stroke-width": LINE * 0.5 },
    el("rect", { x: x + IN * 0.08, y: top + IN * 0.12, width: IN * 0.22, height: IN * 0.4 }) +
      el("rect", { x: x + IN * 0.12, y: top, width: IN * 0.14, height: IN * 0.16 }),
  );
}

function items(ctx: Ctx): Item[][] {
  const team = ctx.rules.data.basing.team;
  const officer = ctx.rules.data.basing.officer;
  return [
    [
      {
        // Two stands of a foot unit in two ranks, one figure lost from the rear rank.
        mark: (x, top) =>
          stand(x, top, IN * 1.3, IN * 0.6, "#fffdf5") +
          [0, 1, 2, 3].map((i) => dot(x + IN * (0.2 + i * 0.3), top + IN * 0.16, true)).join("") +
          [0, 1, 2, 3].map((i) => dot(x + IN * (0.2 + i * 0.3), top + IN * 0.44, i < 3)).join(""),
        width: IN * 1.5,
        words: "figures in ranks; an empty place is a casualty",
      },
      {
        mark: (x, top) =>
          stand(x, top, IN * 0.6, IN * 0.6) +
          el("rect", {
            x: x + IN * 0.27,
            y: top + IN * 0.05,
            width: IN * 0.06,
            height: IN * 0.33,
            fill: INK,
          }) +
          [0, 1, 2].map((i) => dot(x + IN * (0.14 + i * 0.16), top + IN * 0.5, i < 2)).join(""),
        width: IN * 0.8,
        words: "guns: one stand, pips its points",
      },
      {
        mark: (x, top) =>
          el("rect", {
            x,
            y: top,
            width: IN * 0.38,
            height: IN * 0.6,
            fill: "#efe4cf",
            stroke: INK,
            "stroke-width": LINE,
          }) + horseMark(x, top + IN * 0.04),
        width: IN * 0.6,
        words: `horse team (${inchLabel(team.frontage)} × ${inchLabel(team.depth)}, within ${inchLabel(ctx.rules.data.artillery.teamsWithin)} of its gun) and its points`,
      },
      {
        mark: (x, top) =>
          stand(x, top, IN * 0.9, IN * 0.6) +
          el("line", {
            x1: x,
            y1: top + IN * 0.6,
            x2: x + IN * 0.9,
            y2: top,
            stroke: DISORDER,
            "stroke-width": LINE * 1.5,
            "stroke-dasharray": `${LINE * 3} ${LINE * 2}`,
          }),
        width: IN * 1.1,
        words: "D disordered",
      },
      {
        mark: (x, top) =>
          stand(x, top, IN * 0.9, IN * 0.6) +
          el("line", {
            x1: x,
            y1: top,
            x2: x + IN * 0.9,
            y2: top + IN * 0.6,
            stroke: MUDDLE,
            "stroke-width": LINE * 1.5,
            "stroke-dasharray": `${LINE} ${LINE * 1.5}`,
          }),
        width: IN * 1.1,
        words: "M muddled (URTs to untangle)",
      },
    ],
    [
      {
        mark: (x, top) =>
          officerMark(x, top) +
          el("polygon", {
            points: starPoints({ x: x + IN * 0.17, y: top + IN * 0.3 }, IN * 0.14, IN * 0.06, -1),
            fill: INK,
          }) +
          el("polygon", {
            points: starPoints({ x: x + IN * 0.43, y: top + IN * 0.3 }, IN * 0.14, IN * 0.06, -1),
            fill: INK,
          }),
        width: IN * 0.8,
        words: "commanding general",
      },
      {
        mark: (x, top) =>
          officerMark(x, top) +
          el("polygon", {
            points: starPoints({ x: x + IN * 0.3, y: top + IN * 0.3 }, IN * 0.16, IN * 0.065, -1),
            fill: INK,
          }),
        width: IN * 0.8,
        words: "general",
      },
      {
        mark: (x, top) =>
          officerMark(x, top) +
          el("rect", {
            x: x + IN * 0.12,
            y: top + IN * 0.24,
            width: IN * 0.36,
            height: IN * 0.12,
            fill: INK,
          }),
        width: IN * 0.8,
        words: `staff officer (${inchLabel(officer.frontage)} stands, behind the unit they touch)`,
      },
      {
        mark: (x, top) =>
          el("circle", {
            cx: x + IN * 0.3,
            cy: top + IN * 0.3,
            r: IN * 0.3,
            fill: OBJECTIVE,
            "fill-opacity": 0.06,
            stroke: OBJECTIVE,
            "stroke-width": LINE * 2,
            "stroke-dasharray": `${LINE * 3} ${LINE * 3}`,
          }) +
          el("polygon", {
            points: starPoints({ x: x + IN * 0.3, y: top + IN * 0.3 }, IN * 0.22, IN * 0.09, -1),
            fill: "#e0b020",
            stroke: "#6b5200",
            "stroke-width": LINE,
          }),
        width: IN * 0.8,
        words: `objective, its victory points, and the ${inchLabel(ctx.rules.data.objectives.holdWithin)} within which a unit holds it`,
      },
    ],
  ];
}

/**
 * The key to the marks, in two rows from `top` (upright): figures and
 * casualties, guns and horse teams, disorder and muddle; officers,
 * objectives and the levels' inks.
 */
/** An officer's stand as the key shows it, its rank's mark drawn on it. */
function officerMark(x: number, top: number): string {
  return el("rect", {
    x,
    y: top,
    width: IN * 0.6,
    height: IN * 0.6,
    fill: OFFICER_FILL,
    stroke: INK,
    "stroke-width": LINE * 1.2,
  });
}

export function keyLayer(ctx: Ctx, top: number): string {
  let out = "";
  const rowHeight = IN * 0.9;
  for (const [r, row] of items(ctx).entries()) {
    const y = top + r * rowHeight;
    let x = 0;
    for (const item of row) {
      out += item.mark(x, y);
      out += text(x + item.width, y + IN * 0.47, item.words, { "font-size": FONT });
      x += item.width + item.words.length * FONT * 0.5 + IN * 0.8;
    }
    if (r === 1) {
      // The levels (001 Effectiveness): the second line of a unit's label is inked by its level.
      let words = text(x, y + IN * 0.47, "levels:", { "font-size": FONT });
      x += FONT * 4;
      for (const level of ["steady", "shaken", "broken", "routed"] as const) {
        words += text(x, y + IN * 0.47, level, {
          "font-size": FONT,
          fill: LEVEL_INK[level],
          ...(level !== "steady" ? { "font-weight": "bold" } : {}),
        });
        x += FONT * (level.length * 0.55 + 1);
      }
      out += words;
    }
  }
  return el("g", { id: "key" }, out);
}
