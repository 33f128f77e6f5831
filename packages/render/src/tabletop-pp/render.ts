import { type Ctx, type Position, sideName, statusLine, unitName } from "@tercio/plucky-pikes";
import { FONT, INK, PAPER } from "../palette.js";
import { el, esc, num, text } from "../svg.js";
import { type Frame, flipTransform, inchLabel, makeFrame, TICKS_PER_INCH } from "../tabletop/frame.js";
import { clothLayer, edgeLayer, sideKey } from "../tabletop/table.js";
import { keyLayer } from "./key.js";
import { ppLabels } from "./labels.js";
import { ppAreaLayer, ppLinearLayer, ppObjectiveLayer } from "./terrain.js";
import { ppFireLayer, ppMeleeLayer, ppOfficerLayer, ppTeamLayer, ppUnitLayer } from "./units.js";

export interface PpRenderOptions {
  /** Pixels per inch of table (default 16: a figure's half-inch base is 8 px). */
  readonly pxPerInch?: number;
}

const HEADING = "Plucky Pikes and Stalwart Shot (001)";

/** The room above the table for the title, the sides and the key. */
const TOP = 6 * TICKS_PER_INCH;

/**
 * A scenario's table, or a position on it, as a standalone SVG document:
 * user units are ticks (6096 to the inch) and the table's geometry sits in
 * a group that flips y, so north is up and every footprint, horse team's
 * model and terrain polygon is written with the engine's own integers.
 * Only the figures, stands and marks inside them are placed in floats
 * (rounded to whole ticks), for display. Same position, same bytes.
 */
export function renderPpTable(ctx: Ctx, position?: Position, options: PpRenderOptions = {}): string {
  const f: Frame = { ...makeFrame(ctx.table.width, ctx.table.height, options.pxPerInch ?? 16), top: TOP };
  const { width, height } = ctx.table;
  const minX = -f.margin;
  const minY = -f.top;
  const boxW = width + 2 * f.margin;
  const boxH = height + f.top + f.margin;
  const px = (ticks: number) => (ticks / TICKS_PER_INCH) * f.pxPerInch;
  const geometry = [
    clothLayer(ctx),
    ppAreaLayer(ctx, position),
    ppLinearLayer(ctx),
    ppObjectiveLayer(ctx),
    position ? ppTeamLayer(ctx, position) : "",
    position ? ppUnitLayer(ctx, position) : "",
    position ? ppOfficerLayer(ctx, position) : "",
    position ? ppMeleeLayer(ctx, position) : "",
    position ? ppFireLayer(ctx, position) : "",
  ].filter((s) => s !== "");
  const body = [
    el("rect", { x: minX, y: minY, width: boxW, height: boxH, fill: PAPER }),
    el("g", { id: "table", transform: flipTransform(f) }, geometry.join("\n")),
    ppLabels(ctx, position, f),
    edgeLayer(ctx, f),
    titleBlock(ctx, position, f),
  ].filter((s) => s !== "");
  const title = `${ctx.scenario.name}${position ? `: ${statusLine(ctx, position)}` : ""}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${num(px(boxW))}" height="${num(px(boxH))}" viewBox="${minX} ${minY} ${boxW} ${boxH}" font-family="${esc(FONT)}">\n${el("title", {}, esc(title))}\n${body.join("\n")}\n</svg>\n`;
}

/** What is off the table: units gone (001 Effectiveness, Fatigue & Pursuit) and officers lost (Leadership). */
function offTable(ctx: Ctx, position: Position): string {
  const gone = Object.keys(position.units)
    .sort()
    .flatMap((id) => {
      const how = position.units[id]?.gone;
      return how ? [`${id} ${unitName(ctx, id)} (${how})`] : [];
    });
  const lost = Object.keys(position.officers)
    .sort()
    .filter((id) => position.officers[id]?.lost)
    .map((id) => unitName(ctx, id));
  return [
    gone.length > 0 ? `off the table: ${gone.join(", ")}` : "",
    lost.length > 0 ? `officers lost: ${lost.join(", ")}` : "",
  ]
    .filter((s) => s !== "")
    .join("; ");
}

/** The heading, the scenario, the status, the sides' key and what is off the table, then the key to the marks. */
function titleBlock(ctx: Ctx, position: Position | undefined, f: Frame): string {
  const s = ctx.scenario;
  const line = TICKS_PER_INCH;
  const y0 = -f.top + line * 1.1;
  let out = text(0, y0, `${HEADING} — ${s.name}`, { "font-size": line * 0.9, "font-weight": "bold" });
  const status = position ? statusLine(ctx, position) : `${s.period}, ${s.year}; ${s.turns} turns`;
  const r = position?.result;
  const result = r
    ? `; ${r.winner === "draw" ? "a draw" : `${sideName(ctx, r.winner)} win`} (${r.scores.first} to ${r.scores.second})`
    : "";
  out += text(
    0,
    y0 + line,
    `${status}${result}. Table ${inchLabel(ctx.table.width)} × ${inchLabel(ctx.table.height)}, north up.`,
    { "font-size": line * 0.6 },
  );
  const sides = sideKey((side) => sideName(ctx, side), y0 + line * 1.45);
  out += sides.svg;
  const notes = position ? offTable(ctx, position) : "";
  if (notes) out += text(sides.end, y0 + line * 1.9, notes, { "font-size": line * 0.55 });
  out += keyLayer(ctx, y0 + line * 2.5);
  return el("g", { id: "title", fill: INK }, out);
}
