import {
  type GameContext,
  indexOfId,
  type Position,
  type Side,
  type UnitRecord,
  type UnitStats,
  unitStats,
} from "@tercio/musket-and-pike";
import { centre, type Layout } from "./layout.js";
import { DISRUPTED, INK, NARROW_FONT, SIDE_DARK, SIDE_FILL, SPENT_MARK } from "./palette.js";

/** The font counters are lettered in: set it on the group that holds them. */
export const COUNTER_FONT = NARROW_FONT;

import { el, esc, num, text } from "./svg.js";

/** Counter side length: about 70% of the hex width (3.3). */
export function counterSize(layout: Layout): number {
  return layout.hexWidth * 0.7;
}

/** Definitions shared by every counter: the limber wheel (5.4) and the unit-type symbols. */
export function counterDefs(layout: Layout): string {
  const c = counterSize(layout);
  const r = c * 0.11;
  const spokes = [0, 1, 2].map((i) => {
    const a = (Math.PI / 3) * i;
    return `M${num(-Math.cos(a) * r)} ${num(-Math.sin(a) * r)}L${num(Math.cos(a) * r)} ${num(Math.sin(a) * r)}`;
  });
  const w = c * 0.42;
  const h = c * 0.25;
  const box = el("rect", {
    x: -w / 2,
    y: -h / 2,
    width: w,
    height: h,
    fill: "#fff",
    stroke: INK,
    "stroke-width": c * 0.035,
  });
  const line = (d: string) => el("path", { d, stroke: INK, "stroke-width": c * 0.035, fill: "none" });
  const dot = (rr: number) => el("circle", { r: rr, fill: INK, stroke: "#fff", "stroke-width": c * 0.025 });
  const x = `M${num(-w / 2)} ${num(-h / 2)}L${num(w / 2)} ${num(h / 2)}M${num(-w / 2)} ${num(h / 2)}L${num(w / 2)} ${num(-h / 2)}`;
  const diag = `M${num(-w / 2)} ${num(h / 2)}L${num(w / 2)} ${num(-h / 2)}`;
  const boat = `M${num(-w * 0.36)} ${num(-h * 0.05)}H${num(w * 0.36)}L${num(w * 0.22)} ${num(h * 0.32)}H${num(-w * 0.22)}ZM0 ${num(-h * 0.05)}V${num(-h * 0.42)}L${num(w * 0.2)} ${num(-h * 0.12)}`;
  const stripe = c * 0.2;
  return [
    // Defect 11: the Second Player's counters are striped, the First's plain, so the sides differ in greyscale too.
    el(
      "pattern",
      {
        id: "side-second",
        patternUnits: "userSpaceOnUse",
        width: stripe,
        height: stripe,
        patternTransform: "rotate(45)",
      },
      el("rect", { width: stripe, height: stripe, fill: SIDE_FILL.second }) +
        el("rect", { width: stripe * 0.4, height: stripe, fill: "#fff", "fill-opacity": 0.5 }),
    ),
    el(
      "g",
      { id: "wheel", fill: "none", stroke: INK, "stroke-width": c * 0.03 },
      el("circle", { r, fill: "#fff" }) +
        el("path", { d: spokes.join("") }) +
        el("circle", { r: r * 0.25, fill: INK }),
    ),
    // NATO-style: infantry a cross, cavalry one diagonal, artillery a dot; a dot marks the fire units.
    el("g", { id: "sym-pike" }, box + line(x)),
    el("g", { id: "sym-musket" }, box + line(x) + dot(c * 0.065)),
    el("g", { id: "sym-cavalry" }, box + line(diag)),
    el("g", { id: "sym-fire-cavalry" }, box + line(diag) + dot(c * 0.065)),
    el("g", { id: "sym-artillery" }, box + dot(c * 0.07)),
    el("g", { id: "sym-fleet" }, box + line(boat)),
  ].join("");
}

function symbolOf(unit: UnitRecord, stats: UnitStats): string {
  if (unit.role === "fleet") return "sym-fleet";
  if (stats.class === "artillery") return "sym-artillery";
  if (stats.class === "cavalry") return stats.fire === null ? "sym-cavalry" : "sym-fire-cavalry";
  return stats.fire === null ? "sym-pike" : "sym-musket";
}

export interface CounterFace {
  readonly side: Side;
  readonly label: string;
  readonly unit: UnitRecord;
  readonly stats: UnitStats;
}

/**
 * One counter centred on the origin (its text takes the font of the enclosing
 * group, COUNTER_FONT), laid out as 3.31/3.32: type at the top,
 * Fire Strength upper left and Range upper right for fire units, Melee
 * Strength lower left (in parentheses where printed so), Movement Allowance
 * lower right. Blue for the First Player with a solid thick border; green for
 * the Second with a dashed double border, so that the sides differ without colour.
 */
export function counterFace(layout: Layout, face: CounterFace, stackSize = 1): string {
  const { body, marks } = counterParts(layout, face, stackSize);
  return body + marks;
}

/**
 * The counter's body, and its markers that reach beyond its edges (drawn
 * after every counter, so that a neighbour never hides them).
 */
export function counterParts(
  layout: Layout,
  face: CounterFace,
  stackSize = 1,
): { readonly body: string; readonly marks: string } {
  const c = counterSize(layout);
  const half = c / 2;
  const { side, unit, stats } = face;
  const parts: string[] = [];
  const marks: string[] = [];
  const shadows = Math.min(stackSize - 1, 3);
  for (let k = shadows; k >= 1; k--) {
    parts.push(
      el("rect", {
        x: -half + k * c * 0.08,
        y: -half - k * c * 0.08,
        width: c,
        height: c,
        rx: c * 0.06,
        fill: sideFill(side),
        stroke: SIDE_DARK[side],
        "stroke-width": c * 0.035,
        "fill-opacity": 0.85,
      }),
    );
  }
  const body = { x: -half, y: -half, width: c, height: c, rx: c * 0.06, fill: sideFill(side) };
  if (side === "first")
    parts.push(el("rect", { ...body, stroke: SIDE_DARK[side], "stroke-width": c * 0.075 }));
  else {
    parts.push(el("rect", { ...body, stroke: SIDE_DARK[side], "stroke-width": c * 0.035 }));
    const inset = c * 0.075;
    parts.push(
      el("rect", {
        x: -half + inset,
        y: -half + inset,
        width: c - 2 * inset,
        height: c - 2 * inset,
        rx: c * 0.03,
        fill: "none",
        stroke: SIDE_DARK[side],
        "stroke-width": c * 0.035,
        "stroke-dasharray": `${num(c * 0.09)} ${num(c * 0.06)}`,
      }),
    );
  }
  const top = -c * 0.2;
  const bottom = c * 0.37;
  const edge = c * 0.39;
  const nums = { "font-weight": "bold", "font-size": c * 0.25, fill: INK };
  const fireUnit = stats.fire !== null;
  parts.push(
    text(0, top, face.label, {
      "font-weight": "bold",
      "font-size": c * (fireUnit ? 0.22 : 0.25),
      "text-anchor": "middle",
      fill: INK,
    }),
  );
  if (stats.fire !== null)
    parts.push(text(-edge, top, String(stats.fire), { ...nums, "text-anchor": "start" }));
  if (stats.range !== null)
    parts.push(text(edge, top, String(stats.range), { ...nums, "text-anchor": "end" }));
  parts.push(el("use", { href: `#${symbolOf(unit, stats)}`, y: c * 0.03 }));
  const melee = stats.meleeParenthesised ? `(${stats.melee})` : String(stats.melee);
  parts.push(text(-edge, bottom, melee, { ...nums, "text-anchor": "start" }));
  parts.push(text(edge, bottom, String(stats.movement), { ...nums, "text-anchor": "end" }));
  if (unit.disrupted) {
    // 8.4: the Disrupted marker, a red tab with a white D on the counter's west edge.
    const t = c * 0.28;
    marks.push(
      el("rect", {
        x: -half - c * 0.06,
        y: c * 0.03 - t / 2,
        width: t,
        height: t,
        rx: c * 0.03,
        fill: DISRUPTED,
        stroke: "#fff",
        "stroke-width": c * 0.03,
      }),
      text(-half - c * 0.06 + t / 2, c * 0.03 + t * 0.36, "D", {
        "font-weight": "bold",
        "font-size": t * 0.95,
        "text-anchor": "middle",
        fill: "#fff",
      }),
    );
  }
  // 5.4: the Limbered marker, a wagon wheel on the counter's east edge.
  if (unit.limbered) marks.push(el("use", { href: "#wheel", x: half - c * 0.02, y: c * 0.03 }));
  if (unit.roadMode) {
    // 13.0: Road Movement Mode (the counter inverted on the board): a black "RM" tab on the south edge.
    const w = c * 0.46;
    const t = c * 0.22;
    marks.push(
      el("rect", {
        x: -w / 2,
        y: half - t * 0.55,
        width: w,
        height: t,
        rx: c * 0.03,
        fill: INK,
        stroke: "#fff",
        "stroke-width": c * 0.025,
      }),
      text(0, half - t * 0.55 + t * 0.78, "RM", {
        "font-weight": "bold",
        "font-size": t * 0.85,
        "text-anchor": "middle",
        fill: "#fff",
      }),
    );
  }
  if (stackSize > 1) {
    // The stack's size, on the corner where the shadows of the units beneath show.
    const r = c * 0.16;
    const bx = half + c * 0.02;
    const by = -half - c * 0.02;
    marks.push(
      el("circle", { cx: bx, cy: by, r, fill: INK, stroke: "#fff", "stroke-width": c * 0.03 }),
      text(bx, by + r * 0.45, String(stackSize), {
        "font-weight": "bold",
        "font-size": r * 1.3,
        "text-anchor": "middle",
        fill: "#fff",
      }),
    );
  }
  return { body: parts.join(""), marks: marks.join("") };
}

/** How much of a spent counter shows through (the rest is the map below): faded but still legible. */
export const SPENT_OPACITY = 0.6;

/** A counter's body: the First Player's plain, the Second's striped (the pattern of counterDefs). */
export function sideFill(side: Side): string {
  return side === "first" ? SIDE_FILL.first : "url(#side-second)";
}

/**
 * The mark of a spent counter (moved, fired or committed this phase): its
 * north-west corner folded down, dark with a white crease, which reads
 * without colour; the board also fades the whole counter.
 */
export function spentMark(layout: Layout): string {
  const c = counterSize(layout);
  const half = c / 2;
  const leg = c * 0.24;
  return el("path", {
    class: "spent-mark",
    d: `M${num(-half)} ${num(-half + leg)}V${num(-half + c * 0.06)}Q${num(-half)} ${num(-half)} ${num(-half + c * 0.06)} ${num(-half)}H${num(-half + leg)}Z`,
    fill: SPENT_MARK,
    stroke: "#fff",
    "stroke-width": c * 0.03,
    "stroke-linejoin": "round",
  });
}

export function faceOf(ctx: GameContext, unit: UnitRecord): CounterFace {
  const stats = unitStats(ctx.rules, ctx.scenario, unit);
  return { side: unit.side, unit, stats, label: unit.type };
}

function describeUnit(ctx: GameContext, id: string, unit: UnitRecord): string {
  const s = unitStats(ctx.rules, ctx.scenario, unit);
  const melee = s.meleeParenthesised ? `(${s.melee})` : String(s.melee);
  const values = s.fire === null ? `${melee}-${s.movement}` : `${s.fire}-${s.range} ${melee}-${s.movement}`;
  const marks = [unit.disrupted ? "disrupted" : "", unit.limbered ? "limbered" : "", unit.role ?? ""]
    .filter((m) => m !== "")
    .join(", ");
  return `${id} ${ctx.rules.data.unitTypes[s.type].name} ${values}${marks ? ` (${marks})` : ""}`;
}

/** One stack's counter as drawn: where, whose, and its markup (the body and title; the marks drawn above every counter). */
export interface StackCounter {
  readonly hex: string;
  readonly side: Side;
  /** `translate(x y)`: the hex's centre. */
  readonly transform: string;
  /** The counter's title and body, inside its group (with the spent mark when spent). */
  readonly body: string;
  /** The stack's description, as its title says it (without "spent this phase"): plain text. */
  readonly title: string;
  /** The counter alone (the body without its title and spent mark): what a change of phase leaves as it is. */
  readonly face: string;
  /** Markers drawn above all counters (disrupted, limbered, square…), or "". */
  readonly marks: string;
  /** Every unit of the stack is spent this phase (the host's `spent`): drawn faded, dog-eared. */
  readonly spent: boolean;
}

/**
 * Every stack on the map, each drawn on its own: the browser redraws only
 * the stacks a step of play changed, rather than every counter. A stack
 * whose units are all in `spent` is marked so (the host says who is spent;
 * this draws).
 */
export function stackCounters(
  layout: Layout,
  ctx: GameContext,
  position: Position,
  spent: ReadonlySet<string> = new Set(),
): StackCounter[] {
  const out: StackCounter[] = [];
  for (const [hex, ids] of Object.entries(position.stacks)) {
    const s = stackCounter(layout, ctx, position, hex, ids, spent);
    if (s) out.push(s);
  }
  return out;
}

/** One stack's counter (`stackCounters`), or undefined for a hex off the map or an empty stack. */
export function stackCounter(
  layout: Layout,
  ctx: GameContext,
  position: Position,
  hex: string,
  ids: readonly string[],
  spent: ReadonlySet<string> = new Set(),
): StackCounter | undefined {
  const h = indexOfId(ctx.map.grid, hex);
  const topId = ids[0];
  const top = position.units[topId ?? ""];
  if (h < 0 || !top || topId === undefined) return undefined;
  const c = centre(layout, ctx.map.grid, h);
  const title = `${hex}: ${ids
    .map((id) => {
      const u = position.units[id];
      return u ? describeUnit(ctx, id, u) : id;
    })
    .join("; ")}`;
  const { body, marks } = counterParts(layout, faceOf(ctx, top), ids.length);
  const isSpent = spent.size > 0 && ids.every((id) => spent.has(id));
  const square = position.squares.includes(hex) ? squareMarker(layout) : "";
  return {
    hex,
    side: top.side,
    transform: `translate(${num(c.x)} ${num(c.y)})`,
    body: `<title>${esc(isSpent ? `${title} (spent this phase)` : title)}</title>${body}${isSpent ? spentMark(layout) : ""}`,
    title,
    face: body,
    marks: square + marks,
    spent: isSpent,
  };
}

/** The same stack's counter, spent or not: its face is kept, only the title, the fading and the dog-ear change. */
export function stackSpent(layout: Layout, s: StackCounter, spent: boolean): StackCounter {
  if (s.spent === spent) return s;
  return {
    ...s,
    body: `<title>${esc(spent ? `${s.title} (spent this phase)` : s.title)}</title>${s.face}${spent ? spentMark(layout) : ""}`,
    spent,
  };
}

/** Every stack on the map: its top unit's counter, with the stack's size shown by shadows and a badge; spent stacks faded. */
export function counterLayer(
  layout: Layout,
  ctx: GameContext,
  position: Position,
  spent: ReadonlySet<string> = new Set(),
): string {
  let out = "";
  let overlay = "";
  for (const s of stackCounters(layout, ctx, position, spent)) {
    out += el(
      "g",
      {
        transform: s.transform,
        "data-hex": s.hex,
        "data-side": s.side,
        ...(s.spent ? { class: "spent", "data-spent": "true", opacity: SPENT_OPACITY } : {}),
      },
      s.body,
    );
    if (s.marks !== "") overlay += el("g", { transform: s.transform }, s.marks);
  }
  return (
    el("g", { id: "counters", "font-family": COUNTER_FONT }, out) +
    el("g", { id: "counter-marks", "font-family": COUNTER_FONT }, overlay)
  );
}

/** 12.0 (optional): the Square marker, a heavy black frame round the stack with "SQ" on its north edge. */
export function squareMarker(layout: Layout): string {
  const c = counterSize(layout) * 1.18;
  const t = c * 0.2;
  return (
    el("rect", {
      x: -c / 2,
      y: -c / 2,
      width: c,
      height: c,
      fill: "none",
      stroke: INK,
      "stroke-width": c * 0.06,
    }) +
    el("rect", { x: -c * 0.2, y: -c / 2 - t / 2, width: c * 0.4, height: t, fill: INK }) +
    text(0, -c / 2 + t * 0.32, "SQ", {
      "font-weight": "bold",
      "font-size": t * 0.85,
      "text-anchor": "middle",
      fill: "#fff",
    })
  );
}
