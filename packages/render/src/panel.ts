import {
  type GameContext,
  type OffMapStatus,
  type Position,
  type Side,
  TERRAINS,
  type Terrain,
  type UnitRecord,
  unitStats,
  zoneKey,
} from "@tercio/musket-and-pike";
import { COUNTER_FONT, counterFace, counterSize, sideFill, squareMarker } from "./counters.js";
import { keyBadge } from "./key-hexes.js";
import type { Layout } from "./layout.js";
import {
  FONT,
  INK,
  PAPER,
  ROAD,
  ROAD_CASING,
  SIDE_DARK,
  SIDE_TINT,
  TERRAIN_NAME,
  VICTORY,
  WATER,
} from "./palette.js";
import { el, num, text } from "./svg.js";
import { terrainClass } from "./terrain.js";

export interface TitleBlock {
  /** Small capitals above the title: "MUSKET & PIKE". */
  readonly heading: string;
  readonly title: string;
  readonly lines: readonly string[];
  /** A highlighted line: "Game-Turn 1 of 15 — Swedish — Fire Combat Phase". */
  readonly status?: string;
  /** Once the game is over: who won and why, under the status line. */
  readonly result?: string;
  readonly players?: readonly { readonly side: Side; readonly text: string }[];
}

export interface PanelContent {
  readonly title: TitleBlock;
  /** Terrains drawn on this map, for the legend. */
  readonly terrains: readonly Terrain[];
  readonly showVictory: boolean;
  readonly showZones: boolean;
  readonly showCounters: boolean;
  readonly ctx?: GameContext;
  readonly position?: Position;
}

/** A column of text and swatches drawn downwards from a cursor. */
class Column {
  readonly parts: string[] = [];
  y: number;
  constructor(
    readonly x: number,
    y: number,
    readonly width: number,
    readonly unit: number,
  ) {
    this.y = y;
  }
  line(words: string, size: number, attrs: Record<string, string | number> = {}, gap = 1.35): void {
    this.y += size * gap;
    this.parts.push(text(this.x, this.y, words, { "font-size": size, fill: INK, ...attrs }));
  }
  /** Text wrapped to the column width (an estimate from the font size). */
  para(words: string, size: number, attrs: Record<string, string | number> = {}, indent = 0): void {
    const perLine = Math.max(10, Math.floor((this.width - indent) / (size * 0.52)));
    let line = "";
    const flush = () => {
      this.y += size * 1.3;
      this.parts.push(text(this.x + indent, this.y, line, { "font-size": size, fill: INK, ...attrs }));
      line = "";
    };
    for (const word of words.split(/\s+/)) {
      if (line !== "" && line.length + 1 + word.length > perLine) flush();
      line = line === "" ? word : `${line} ${word}`;
    }
    if (line !== "") flush();
  }
  gap(n: number): void {
    this.y += n;
  }
  heading(words: string): void {
    this.gap(this.unit * 0.7);
    this.line(words.toUpperCase(), this.unit * 0.55, {
      "font-weight": "bold",
      "letter-spacing": this.unit * 0.08,
    });
    this.parts.push(
      el("path", {
        d: `M${num(this.x)} ${num(this.y + this.unit * 0.2)}h${num(this.width)}`,
        stroke: INK,
        "stroke-width": 1,
      }),
    );
    this.gap(this.unit * 0.3);
  }
}

/** The side panel: the title block, the legend, and the units off the map. */
export function panel(
  layout: Layout,
  x: number,
  content: PanelContent,
  width: number,
): { svg: string; height: number } {
  const s = layout.size;
  const pad = s * 0.8;
  const col = new Column(x + pad, layout.margin, width - 2 * pad, s);
  titleBlock(col, content.title, s);
  legend(col, layout, content, s);
  if (content.ctx && content.position) offMap(col, content.ctx, content.position, s);
  const height = col.y + pad;
  const frame = el("rect", {
    x: x + s * 0.3,
    y: layout.margin - pad * 0.5,
    width: width - s * 0.6,
    height: height - layout.margin,
    fill: PAPER,
    stroke: INK,
    "stroke-width": 1.2,
  });
  return {
    svg: el("g", { id: "panel", "font-family": FONT }, frame + col.parts.join("")),
    height: height + pad,
  };
}

function titleBlock(col: Column, t: TitleBlock, s: number): void {
  col.line(t.heading.toUpperCase(), s * 0.5, { "letter-spacing": s * 0.12, fill: "#6b6355" }, 1.6);
  col.line(t.title, s * 1.05, { "font-weight": "bold" }, 1.3);
  for (const l of t.lines) col.para(l, s * 0.56);
  if (t.status) {
    col.gap(s * 0.45);
    const h = s * 1.15;
    col.parts.push(
      el("rect", {
        x: col.x - s * 0.15,
        y: col.y,
        width: col.width + s * 0.3,
        height: h,
        rx: s * 0.15,
        fill: INK,
      }),
    );
    col.parts.push(
      text(col.x + s * 0.1, col.y + h * 0.68, t.status, {
        "font-size": s * 0.55,
        "font-weight": "bold",
        fill: "#fff",
      }),
    );
    col.gap(h);
  }
  if (t.result) {
    col.gap(s * 0.2);
    col.para(t.result, s * 0.56);
  }
  for (const p of t.players ?? []) {
    col.gap(s * 0.35);
    const size = s * 0.55;
    col.parts.push(
      el("rect", {
        x: col.x,
        y: col.y,
        width: s * 0.55,
        height: s * 0.55,
        fill: sideFill(p.side),
        stroke: SIDE_DARK[p.side],
        "stroke-width": p.side === "first" ? s * 0.09 : s * 0.045,
        "stroke-dasharray": p.side === "second" ? `${num(s * 0.1)} ${num(s * 0.06)}` : undefined,
      }),
    );
    col.parts.push(text(col.x + s * 0.8, col.y + size * 0.85, p.text, { "font-size": size, fill: INK }));
    col.gap(size);
  }
}

/** A counter for the legend: no unit of any game, just its look. */
function sample(
  side: Side,
  type: UnitRecord["type"],
  disrupted: boolean,
  limbered: boolean,
  roadMode = false,
): UnitRecord {
  return { side, type, force: "main", disrupted, limbered, roadMode, dismounted: false };
}

function legend(col: Column, layout: Layout, content: PanelContent, s: number): void {
  col.heading("Terrain");
  const rowH = s * 1.25;
  const colW = col.width / 2;
  const entries: { draw: (cx: number, cy: number) => string; name: string }[] = content.terrains.map((t) => ({
    name: TERRAIN_NAME[t],
    draw: (cx, cy) =>
      el("use", {
        href: "#hx",
        transform: `translate(${num(cx)} ${num(cy)}) scale(0.5)`,
        class: terrainClass(t),
        stroke: "#8f8c80",
        "stroke-width": s * 0.06,
      }) +
      (t === "woods" ? el("use", { href: "#tree", x: cx, y: cy }) : "") +
      (t === "village" ? el("use", { href: "#house", x: cx, y: cy }) : "") +
      (t === "stream" || t === "bridge"
        ? el("path", {
            d: `M${num(cx - s * 0.45)} ${num(cy)}h${num(s * 0.9)}`,
            stroke: WATER,
            "stroke-width": s * 0.14,
          })
        : "") +
      (t === "bridge"
        ? el("path", {
            d: `M${num(cx)} ${num(cy - s * 0.45)}v${num(s * 0.9)}`,
            stroke: ROAD,
            "stroke-width": s * 0.1,
          })
        : ""),
  }));
  entries.push({
    name: "Road (5.3)",
    draw: (cx, cy) =>
      el("path", {
        d: `M${num(cx - s * 0.5)} ${num(cy)}h${num(s)}`,
        stroke: ROAD_CASING,
        "stroke-width": s * 0.26,
      }) +
      el("path", { d: `M${num(cx - s * 0.5)} ${num(cy)}h${num(s)}`, stroke: ROAD, "stroke-width": s * 0.13 }),
  });
  entries.push({ name: "Key hex (16.0)", draw: (cx, cy) => keyBadge(cx, cy, 9, s * 0.36) });
  if (content.showVictory)
    entries.push({
      name: "Victory hex",
      draw: (cx, cy) =>
        el("use", {
          href: "#vring",
          transform: `translate(${num(cx)} ${num(cy)}) scale(0.55)`,
          fill: "none",
          stroke: VICTORY,
          "stroke-width": s * 0.18,
        }),
    });
  entries.forEach((e, i) => {
    const cx = col.x + (i % 2) * colW + s * 0.5;
    const cy = col.y + Math.floor(i / 2) * rowH + rowH * 0.5;
    col.parts.push(
      e.draw(cx, cy),
      text(cx + s * 0.8, cy + s * 0.2, e.name, { "font-size": s * 0.52, fill: INK }),
    );
  });
  col.gap(Math.ceil(entries.length / 2) * rowH);

  if (content.showZones && content.ctx) {
    col.heading("Deployment (16.0)");
    for (const p of content.ctx.scenario.players) {
      col.gap(s * 0.25);
      const y = col.y;
      col.parts.push(
        el("rect", {
          x: col.x,
          y,
          width: s * 0.9,
          height: s * 0.55,
          fill: SIDE_TINT[p.side],
          "fill-opacity": 0.25,
          stroke: SIDE_DARK[p.side],
          "stroke-width": s * 0.1,
          "stroke-dasharray": p.side === "second" ? `${num(s * 0.3)} ${num(s * 0.18)}` : undefined,
        }),
        text(col.x + s * 1.2, y + s * 0.45, `${p.name}: zone outlined; entry edge barred`, {
          "font-size": s * 0.5,
          fill: INK,
        }),
      );
      col.gap(s * 0.55);
    }
  }

  if (content.showCounters) {
    col.heading("Counters (3.3)");
    const c = counterSize(layout);
    const faces: { side: Side; unit: UnitRecord; stack: number; note: string; square?: boolean }[] = [
      {
        side: "first",
        unit: sample("first", "MA", false, false),
        stack: 1,
        note: "First Player, blue, solid border",
      },
      {
        side: "second",
        unit: sample("second", "PP", false, false),
        stack: 1,
        note: "Second Player, green, dashed double border",
      },
      {
        side: "first",
        unit: sample("first", "HC", true, false),
        stack: 1,
        note: "D: disrupted (8.4)",
      },
      {
        side: "second",
        unit: sample("second", "LA", false, true),
        stack: 3,
        note: "wheel: limbered (5.4); 3: units in the stack",
      },
      {
        side: "first",
        unit: sample("first", "PM", false, false, true),
        stack: 1,
        note: "RM: in Road Movement Mode (13.0, optional)",
      },
      {
        side: "second",
        unit: sample("second", "PP", false, false),
        stack: 1,
        note: "SQ frame: a square (12.0, optional)",
        square: true,
      },
    ];
    const ctx = content.ctx;
    col.gap(s * 0.3);
    for (const f of faces) {
      const stats = ctx
        ? unitStats(ctx.rules, ctx.scenario, f.unit)
        : {
            type: f.unit.type,
            class: "infantry" as const,
            melee: 0,
            meleeParenthesised: false,
            fire: null,
            range: null,
            movement: 0,
          };
      const k = 1.5;
      // The square's frame reaches beyond the counter: room for it.
      if (f.square) col.gap(c * 0.25 * k);
      const cy = col.y + c * 0.62 * k;
      col.parts.push(
        el(
          "g",
          {
            transform: `translate(${num(col.x + c * 0.55 * k)} ${num(cy)}) scale(${k})`,
            "font-family": COUNTER_FONT,
          },
          counterFace(layout, { side: f.side, unit: f.unit, stats, label: f.unit.type }, f.stack) +
            (f.square ? squareMarker(layout) : ""),
        ),
        text(col.x + c * 1.35 * k, cy + s * 0.18, f.note, { "font-size": s * 0.5, fill: INK }),
      );
      col.gap(c * 1.3 * k);
    }
    col.para(
      "Fire units: Fire Strength upper left, Range upper right. Melee Strength lower left, in parentheses where printed so; Movement Allowance lower right.",
      s * 0.48,
      { fill: "#4a443a" },
    );
  }
}

const STATUS_LABEL: Record<OffMapStatus, string> = {
  undeployed: "Not yet deployed",
  "awaiting-entry": "Awaiting entry",
  eliminated: "Eliminated",
  exited: "Exited the map",
};

function offMap(col: Column, ctx: GameContext, position: Position, s: number): void {
  col.heading("Off the map");
  let any = false;
  for (const p of ctx.scenario.players) {
    for (const status of ["undeployed", "awaiting-entry", "eliminated", "exited"] as const) {
      const counts = new Map<string, number>();
      let total = 0;
      for (const [id, st] of Object.entries(position.offMap)) {
        const u = position.units[id];
        if (st !== status || u?.side !== p.side) continue;
        counts.set(u.type, (counts.get(u.type) ?? 0) + 1);
        total++;
      }
      if (total === 0) continue;
      any = true;
      col.gap(s * 0.25);
      col.parts.push(
        el("rect", {
          x: col.x,
          y: col.y + s * 0.12,
          width: s * 0.45,
          height: s * 0.45,
          fill: sideFill(p.side),
          stroke: SIDE_DARK[p.side],
          "stroke-width": s * 0.07,
        }),
      );
      col.y -= s * 0.1;
      col.line(`${p.name}: ${STATUS_LABEL[status]} — ${total}`, s * 0.52, {
        "font-weight": "bold",
        dx: s * 0.7,
      });
      const types = [...counts].map(([t, n]) => `${n} ${t}`).join(", ");
      col.para(types, s * 0.5, {}, s * 0.7);
      if (status === "awaiting-entry") {
        for (const force of p.forces) {
          const zone = ctx.zones.get(zoneKey(p.side, force.id));
          if (zone?.kind !== "enter") continue;
          const label = force.id === "main" ? "" : `(${force.id}) `;
          col.para(
            `${label}enters on the ${zone.edge} edge on Game-Turn ${zone.gameTurn}`,
            s * 0.48,
            { fill: "#4a443a" },
            s * 0.7,
          );
        }
      }
    }
  }
  if (!any) col.line("None: every unit is on the map.", s * 0.5);
}

export function legendTerrains(terrain: Uint8Array): Terrain[] {
  const seen = new Set<number>();
  for (const t of terrain) seen.add(t);
  return TERRAINS.filter((t, i) => seen.has(i) || t === "clear");
}

/**
 * The legend alone (terrain, victory hexes, zones, the counter's layout and
 * markers) for a scenario, as an SVG fragment `width` wide starting at the
 * origin, for a host that shows it beside its own map (the browser). Its
 * swatches use the map sheet's definitions.
 */
export function legendPanel(
  layout: Layout,
  ctx: GameContext,
  width: number,
): { svg: string; height: number } {
  const s = layout.size;
  const col = new Column(s * 0.4, 0, width - s * 0.8, s);
  legend(
    col,
    layout,
    {
      title: { heading: "", title: "", lines: [] },
      terrains: legendTerrains(ctx.terrain),
      showVictory: ctx.victoryHexes.some((v) => v === 1),
      showZones: true,
      showCounters: true,
      ctx,
    },
    s,
  );
  return { svg: el("g", { "font-family": FONT }, col.parts.join("")), height: col.y + s };
}
