import {
  type Ctx,
  type Position,
  type UnitState,
  unitFrontCentre,
  unitFrontEdge,
  unitPolygon,
  unitWords,
} from "@tercio/horse-and-musket-ch11";
import { CONTACT, SIDE_DARK } from "@tercio/render/tabletop";
import { memo } from "react";
import { TICK } from "../tabletop/frame.js";
import { SIDE_STYLE } from "./Patterns.js";

const LINE = TICK / 20;
const pts = (ps: readonly { x: number; y: number }[]) => ps.map((p) => `${p.x},${p.y}`).join(" ");

/** A chevron ahead of the front centre for the facing (display floats only). */
function chevron(u: UnitState): string {
  const fc = unitFrontCentre(u);
  const a = (u.facing / 18000) * Math.PI;
  const f = { x: Math.sin(a), y: Math.cos(a) };
  const r = { x: f.y, y: -f.x };
  const s = TICK * 0.35;
  return pts(
    [
      { x: fc.x + r.x * s, y: fc.y + r.y * s },
      { x: fc.x + f.x * s * 1.2, y: fc.y + f.y * s * 1.2 },
      { x: fc.x - r.x * s, y: fc.y - r.y * s },
    ].map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) })),
  );
}

/** One base in table coordinates: the engine's polygon, its front edge heavy, the facing chevron, a square's inner line. */
export function UnitBase({
  id,
  unit,
  selected,
}: {
  readonly id: string;
  readonly unit: UnitState;
  readonly selected: boolean;
}) {
  const poly = unitPolygon(unit);
  const style = SIDE_STYLE[unit.side];
  const dark = SIDE_DARK[unit.side];
  return (
    <g data-unit={id} data-side={unit.side} data-type={unit.type}>
      {selected && (
        <polygon points={pts(poly)} fill="none" stroke="#e07b00" strokeWidth={LINE * 6} strokeOpacity={0.8} />
      )}
      <polygon
        points={pts(poly)}
        fill={style.fill}
        stroke={dark}
        strokeWidth={LINE * 1.5}
        strokeDasharray={style.dash}
      />
      <polyline points={pts(unitFrontEdge(unit))} stroke={dark} strokeWidth={LINE * 4} />
      <polygon points={chevron(unit)} fill={dark} />
      {unit.formation === "square" && (
        <polygon
          data-formation="square"
          points={pts(
            poly.map((p) => ({
              x: Math.round(unit.x + (p.x - unit.x) * 0.7),
              y: Math.round(unit.y + (p.y - unit.y) * 0.7),
            })),
          )}
          fill="none"
          stroke={dark}
          strokeWidth={LINE * 2}
        />
      )}
    </g>
  );
}

/**
 * The unit-type symbol, upright, in a small box after the convention of
 * military map symbols: infantry a cross, cavalry a diagonal, artillery a
 * disc, skirmishers a cross with a dotted box.
 */
export function TypeSymbol({
  type,
  x,
  y,
  s,
  color,
}: {
  readonly type: UnitState["type"];
  readonly x: number;
  readonly y: number;
  readonly s: number;
  readonly color: string;
}) {
  const w = s * 1.5;
  const h = s;
  const x0 = x - w / 2;
  const y0 = y - h / 2;
  return (
    <g data-symbol={type} stroke={color} strokeWidth={s / 10} fill="none">
      <rect
        x={x0}
        y={y0}
        width={w}
        height={h}
        fill="#fff"
        strokeDasharray={type === "skirmishers" ? `${s / 6} ${s / 8}` : undefined}
      />
      {(type === "infantry" || type === "skirmishers") && (
        <path d={`M${x0} ${y0}L${x0 + w} ${y0 + h}M${x0 + w} ${y0}L${x0} ${y0 + h}`} />
      )}
      {type === "cavalry" && <path d={`M${x0} ${y0 + h}L${x0 + w} ${y0}`} />}
      {type === "artillery" && <circle cx={x} cy={y} r={h / 4} fill={color} />}
    </g>
  );
}

/** The hits track: one cell for each hit up to the rules data's elimination threshold, filled as hits are taken. */
export function HitsTrack({
  hits,
  limit,
  x,
  y,
  cell,
}: {
  readonly hits: number;
  readonly limit: number;
  readonly x: number;
  readonly y: number;
  readonly cell: number;
}) {
  const x0 = x - (limit * cell) / 2;
  return (
    <g data-hits={hits} data-limit={limit}>
      {hits > 0 && (
        <text
          x={x0 + limit * cell + cell}
          y={y + cell * 1.6}
          fontSize={cell * 2.2}
          fontWeight="bold"
          fill={CONTACT}
          stroke="#fff"
          strokeWidth={cell / 4}
          paintOrder="stroke"
        >
          {hits}
        </text>
      )}
      {Array.from({ length: limit }, (_, i) => (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: the cells are positions on the track
          key={i}
          x={x0 + i * cell}
          y={y}
          width={cell}
          height={cell * 1.6}
          fill={i < hits ? CONTACT : "#fff"}
          stroke="#1d1a16"
          strokeWidth={(i + 1) % 5 === 0 ? cell / 6 : cell / 14}
        />
      ))}
    </g>
  );
}

/** Names, symbols and hits, upright at each base's centre (outside the flipped group). */
export const UnitLabels = memo(function UnitLabels({
  ctx,
  position,
  size = TICK * 0.75,
}: {
  readonly ctx: Ctx;
  readonly position: Position;
  /** The label's font size, user units: larger when the whole table is in view, so that it stays legible. */
  readonly size?: number;
}) {
  const limit = ctx.rules.data.hitsToEliminate;
  const h = ctx.table.height;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: labels only (the bases carry the words); nothing here takes the focus
    <g pointerEvents="none" aria-hidden="true">
      {Object.keys(position.units)
        .sort()
        .map((id) => {
          const u = position.units[id] as UnitState;
          const y = h - u.y;
          return (
            <g key={id} data-label={id}>
              <TypeSymbol
                type={u.type}
                x={u.x - size * 2.6}
                y={y - size * 0.35}
                s={size * 0.8}
                color={SIDE_DARK[u.side]}
              />
              <text
                x={u.x + size * 0.5}
                y={y}
                fontSize={size}
                fontWeight="bold"
                textAnchor="middle"
                fill="#1d1a16"
                stroke="#fff"
                strokeWidth={LINE}
                strokeOpacity={0.7}
                paintOrder="stroke"
              >
                {id}
              </text>
              <HitsTrack hits={u.hits} limit={limit} x={u.x} y={y + size * 0.2} cell={size * 0.3} />
            </g>
          );
        })}
    </g>
  );
});

/**
 * The bases as focusable elements, in Tab order: the side to act first,
 * then the other, each in id order. A base carries its pose and hits as
 * data (for tests and scripts) and its words (the library's unitWords).
 */
export function FocusableUnits({
  ctx,
  position,
  selected,
  onFocus,
}: {
  readonly ctx: Ctx;
  readonly position: Position;
  readonly selected: string | undefined;
  readonly onFocus: (id: string) => void;
}) {
  const all = Object.keys(position.units).sort();
  const ids = [
    ...all.filter((id) => position.units[id]?.side === position.toMove),
    ...all.filter((id) => position.units[id]?.side !== position.toMove),
  ];
  return ids.map((id) => {
    const u = position.units[id] as UnitState;
    return (
      // biome-ignore lint/a11y/useSemanticElements: an SVG base cannot be an HTML button; it takes the focus and Enter
      <g
        key={id}
        data-testid={`unit-${id}`}
        data-unit-focus={id}
        data-x={u.x}
        data-y={u.y}
        data-facing={u.facing}
        data-hits={u.hits}
        tabIndex={0}
        role="button"
        aria-label={unitWords(ctx, position, id) ?? id}
        aria-pressed={id === selected}
        onFocus={() => onFocus(id)}
      >
        <UnitBase id={id} unit={u} selected={id === selected} />
      </g>
    );
  });
}
