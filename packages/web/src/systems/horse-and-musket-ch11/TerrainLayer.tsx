import type { Ctx } from "@tercio/horse-and-musket-ch11";
import {
  AREA_FILL,
  AREA_STROKE,
  BRIDGE,
  CLOTH,
  FORD,
  GRID_LINE,
  HILLTOP_FILL,
  RIVER,
  ROAD,
  ROAD_EDGE,
  TABLE_EDGE,
} from "@tercio/render/tabletop";
import { memo } from "react";
import { TICK } from "../tabletop/frame.js";

/**
 * The table's terrain in table coordinates (inside the flipped group): the
 * scenario's own integer polygons and polylines, the ones the rules test.
 * Drawn once per game (memo on the context); the CLI's renderer
 * (@tercio/render/tabletop terrain.ts) draws the same layers as text.
 */
const LINE = TICK / 20;
const pts = (ps: readonly { x: number; y: number }[]) => ps.map((p) => `${p.x},${p.y}`).join(" ");
const ORDER = { hill: 0, marsh: 1, lake: 2, woods: 3, town: 4 } as const;

export const TerrainLayer = memo(function TerrainLayer({ ctx }: { readonly ctx: Ctx }) {
  const { width, height } = ctx.table;
  const pieces = [...ctx.scenario.terrain].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  const w = TICK / 2;
  return (
    <g data-testid="terrain">
      <rect x={0} y={0} width={width} height={height} fill={CLOTH} />
      {pieces.map((t) => (
        <g key={t.id} data-terrain={t.id} data-kind={t.kind}>
          <polygon
            points={pts(t.polygon)}
            fill={
              t.kind === "woods"
                ? "url(#hm-woods)"
                : t.kind === "marsh"
                  ? "url(#hm-marsh)"
                  : AREA_FILL[t.kind]
            }
            stroke={AREA_STROKE[t.kind]}
            strokeWidth={LINE}
            strokeDasharray={t.kind === "woods" || t.kind === "marsh" ? `${LINE * 3} ${LINE * 2}` : undefined}
          />
          {t.kind === "hill" && t.hilltop && (
            <polygon
              data-hilltop={t.id}
              points={pts(t.hilltop)}
              fill={HILLTOP_FILL}
              stroke={AREA_STROKE.hill}
              strokeWidth={LINE / 2}
            />
          )}
        </g>
      ))}
      {ctx.scenario.roads.map((r) => (
        <g key={r.id} data-road={r.id}>
          <polyline
            points={pts(r.line)}
            fill="none"
            stroke={ROAD_EDGE}
            strokeWidth={r.width + LINE}
            strokeLinejoin="round"
          />
          <polyline
            points={pts(r.line)}
            fill="none"
            stroke={ROAD}
            strokeWidth={r.width}
            strokeLinejoin="round"
          />
        </g>
      ))}
      {ctx.scenario.rivers.map((r) => (
        <g key={r.id} data-river={r.id}>
          <polyline
            points={pts(r.line)}
            fill="none"
            stroke={RIVER}
            strokeWidth={w}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
          {r.crossings.map((c) => {
            const a = r.line[c.segment];
            const b = r.line[c.segment + 1];
            if (!a || !b) return null;
            return c.kind === "bridge" ? (
              <g key={`${c.segment}`} data-crossing="bridge">
                <polyline points={pts([a, b])} stroke={BRIDGE} strokeWidth={w * 1.6} fill="none" />
                <polyline points={pts([a, b])} stroke="#d8c3a0" strokeWidth={w * 1.1} fill="none" />
              </g>
            ) : (
              <polyline
                key={`${c.segment}`}
                data-crossing="ford"
                points={pts([a, b])}
                stroke={FORD}
                strokeWidth={w}
                strokeDasharray={`${w} ${w / 2}`}
                fill="none"
              />
            );
          })}
        </g>
      ))}
      <rect
        x={0}
        y={0}
        width={width}
        height={height}
        fill="none"
        stroke={TABLE_EDGE}
        strokeWidth={LINE * 2}
      />
    </g>
  );
});

/** The inch grid (every inch faint, every 6 inches stronger), for the grid toggle. */
export const GridLayer = memo(function GridLayer({ ctx }: { readonly ctx: Ctx }) {
  const { width, height } = ctx.table;
  let fine = "";
  let bold = "";
  for (let i = 1; i * TICK < width; i++) {
    const d = `M${i * TICK} 0V${height}`;
    if (i % 6 === 0) bold += d;
    else fine += d;
  }
  for (let i = 1; i * TICK < height; i++) {
    const d = `M0 ${i * TICK}H${width}`;
    if (i % 6 === 0) bold += d;
    else fine += d;
  }
  return (
    <g data-testid="grid" pointerEvents="none">
      <path d={fine} stroke={GRID_LINE} strokeWidth={LINE / 3} fill="none" />
      <path d={bold} stroke={GRID_LINE} strokeWidth={LINE} fill="none" />
    </g>
  );
});

/** Terrain names and the edge rulers, upright (outside the flipped group). */
export const TerrainLabels = memo(function TerrainLabels({ ctx }: { readonly ctx: Ctx }) {
  const { width, height } = ctx.table;
  const labels: { key: string; x: number; y: number; text: string; fill: string }[] = [];
  for (const t of ctx.scenario.terrain) {
    const x = t.polygon.reduce((s, p) => s + p.x, 0) / t.polygon.length;
    const y = t.polygon.reduce((s, p) => s + p.y, 0) / t.polygon.length;
    labels.push({ key: t.id, x, y: height - y, text: t.name, fill: AREA_STROKE[t.kind] });
  }
  for (const r of ctx.scenario.rivers)
    for (const c of r.crossings) {
      const a = r.line[c.segment];
      const b = r.line[c.segment + 1];
      if (a && b)
        labels.push({
          key: `${r.id}-${c.segment}`,
          x: (a.x + b.x) / 2,
          y: height - (a.y + b.y) / 2 - TICK,
          text: c.name,
          fill: RIVER,
        });
    }
  const rulers: { key: string; x: number; y: number; text: string; anchor: "middle" | "end" }[] = [];
  for (let x = 0; x <= width; x += 6 * TICK)
    rulers.push({ key: `x${x}`, x, y: height + TICK * 1.2, text: `${x / TICK}"`, anchor: "middle" });
  for (let y = 0; y <= height; y += 6 * TICK)
    rulers.push({
      key: `y${y}`,
      x: -TICK * 0.5,
      y: height - y + TICK * 0.25,
      text: `${y / TICK}"`,
      anchor: "end",
    });
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: labels only (the bases carry the words); nothing here takes the focus
    <g pointerEvents="none" aria-hidden="true">
      <g
        fontSize={TICK * 0.8}
        textAnchor="middle"
        fontStyle="italic"
        stroke="#fff"
        strokeWidth={LINE}
        strokeOpacity={0.6}
        paintOrder="stroke"
      >
        {labels.map((l) => (
          <text key={l.key} x={l.x} y={l.y} fill={l.fill}>
            {l.text}
          </text>
        ))}
      </g>
      <g fontSize={TICK * 0.7} fill={TABLE_EDGE}>
        {rulers.map((r) => (
          <text key={r.key} x={r.x} y={r.y} textAnchor={r.anchor}>
            {r.text}
          </text>
        ))}
      </g>
    </g>
  );
});
