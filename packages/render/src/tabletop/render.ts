import { type Ctx, type Position, READING_IDS, sideName, statusLine } from "@tercio/horse-and-musket-ch11";
import { FONT, INK, PAPER } from "../palette.js";
import { el, esc, num, text } from "../svg.js";
import { flipTransform, inchLabel, makeFrame, TICKS_PER_INCH } from "./frame.js";
import {
  arcLayer,
  objectiveLayer,
  rangeLayer,
  rangeNotes,
  type UnitChoice,
  zoneLabels,
  zoneLayer,
} from "./overlays.js";
import { clothLayer, edgeLayer, sideKey } from "./table.js";
import { areaLayer, riverLayer, roadLayer, terrainLabels } from "./terrain.js";
import { contactLayer, unitLabels, unitLayer } from "./units.js";

export interface TabletopRenderOptions {
  /** Each shooter's field of fire (the engine's arc polygon): all shooters, or the units listed. */
  readonly arcs?: UnitChoice;
  /** Each shooter's range band (12" or 48"): all shooters, or the units listed. */
  readonly ranges?: UnitChoice;
  /** The sides' deployment zones. */
  readonly zones?: boolean;
  /** The areas victory reads (hold at the end, reach). */
  readonly objectives?: boolean;
  /** Pixels per inch of table (default 10: a 72" table is 720 px wide). */
  readonly pxPerInch?: number;
}

const HEADING = "Horse and Musket Wargames Rules (chapter 11)";

/**
 * A scenario's table, or a position on it, as a standalone SVG document.
 * User units are ticks (6096 to the inch) and the table's geometry is
 * drawn in a group that flips y, so every polygon carries the engine's own
 * integer points (terrain, bases, arcs) and north is up. Only the range
 * bands and marks are computed in floats, for display.
 */
export function renderTabletop(ctx: Ctx, position?: Position, options: TabletopRenderOptions = {}): string {
  const f = makeFrame(ctx.table.width, ctx.table.height, options.pxPerInch ?? 10);
  const { width, height } = ctx.table;
  const minX = -f.margin;
  const minY = -f.top;
  const boxW = width + 2 * f.margin;
  const boxH = height + f.top + f.margin;
  const px = (ticks: number) => (ticks / TICKS_PER_INCH) * f.pxPerInch;
  const contacts = position ? contactLayer(position, f) : { geometry: "", labels: "" };
  const geometry = [
    clothLayer(ctx),
    areaLayer(ctx),
    roadLayer(ctx),
    riverLayer(ctx),
    options.zones ? zoneLayer(ctx) : "",
    options.objectives ? objectiveLayer(ctx) : "",
    position ? rangeLayer(ctx, position, options.ranges) : "",
    position ? arcLayer(ctx, position, options.arcs) : "",
    position ? unitLayer(position) : "",
    contacts.geometry,
  ].filter((s) => s !== "");
  const defs = el(
    "defs",
    {},
    el("clipPath", { id: "table-clip" }, el("rect", { x: 0, y: 0, width, height })),
  );
  const body = [
    el("rect", { x: minX, y: minY, width: boxW, height: boxH, fill: PAPER }),
    defs,
    el("g", { id: "table", transform: flipTransform(f) }, geometry.join("\n")),
    terrainLabels(ctx, f),
    zoneLabels(ctx, f, options.zones ?? false, options.objectives ?? false),
    position ? unitLabels(ctx, position, f) : "",
    contacts.labels,
    edgeLayer(ctx, f),
    titleBlock(ctx, position, options, f.top),
  ].filter((s) => s !== "");
  const title = `${ctx.scenario.name}${position ? `: ${statusLine(ctx, position)}` : ""}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${num(px(boxW))}" height="${num(px(boxH))}" viewBox="${minX} ${minY} ${boxW} ${boxH}" font-family="${esc(FONT)}">\n${el("title", {}, esc(title))}\n${body.join("\n")}\n</svg>\n`;
}

/** The heading, the scenario, the status, the sides' key and the readings, above the table. */
function titleBlock(
  ctx: Ctx,
  position: Position | undefined,
  options: TabletopRenderOptions,
  top: number,
): string {
  const s = ctx.scenario;
  const line = TICKS_PER_INCH;
  const y0 = -top + line * 1.1;
  let out = text(0, y0, `${HEADING} — ${s.name}`, { "font-size": line * 0.9, "font-weight": "bold" });
  const status = position
    ? statusLine(ctx, position)
    : `${s.turns} turns; ${sideName(ctx, s.firstPlayer)} first`;
  // The status line of a finished game already gives the result's reason: name the winner only.
  const result = position?.result
    ? `; ${position.result.winner === "draw" ? "a draw" : `${sideName(ctx, position.result.winner)} win`}`
    : "";
  out += text(
    0,
    y0 + line,
    `${status}${result}. Table ${inchLabel(ctx.table.width)} × ${inchLabel(ctx.table.height)}, north up.`,
    {
      "font-size": line * 0.6,
    },
  );
  const sides = sideKey((side) => sideName(ctx, side), y0 + line * 1.45);
  const x = sides.end;
  let key = sides.svg;
  const lost =
    position && position.eliminated.length > 0 ? `eliminated: ${position.eliminated.join(", ")}` : "";
  const ranges = position ? rangeNotes(ctx, position, options.ranges) : [];
  const notes = [
    lost,
    ranges.length > 0 ? `ranges drawn: ${ranges.join(", ")} from the ${ctx.options.rangeFrom}` : "",
  ]
    .filter((n) => n !== "")
    .join("; ");
  if (notes) key += text(x, y0 + line * 1.9, notes, { "font-size": line * 0.55 });
  const readings = READING_IDS.map((id) => `${id} ${ctx.options[id]}`).join(", ");
  key += text(0, y0 + line * 2.75, `Readings: ${readings}`, { "font-size": line * 0.45, fill: "#5c574c" });
  return el("g", { id: "title", fill: INK }, out + key);
}
