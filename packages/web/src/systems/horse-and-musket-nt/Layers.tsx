import {
  type ChargePlan,
  type Ctx,
  type Position,
  type SightWorking,
  type UnitState,
  unitCorners,
  unitPolygon,
} from "@tercio/horse-and-musket-nt";
import {
  ntAreaLayer,
  ntClothLayer,
  ntContactLayer,
  ntLinearLayer,
  ntRangeLayer,
  ntRiverLayer,
  ntRoadLayer,
  ntUnitShape,
  protectedLayer,
  threatLayer,
} from "@tercio/render/tabletop-nt";
import { memo } from "react";
import { type Point, TICK, toUser } from "../tabletop/frame.js";
import { Markup } from "../tabletop/Markup.js";
import type { RulerState } from "./ruler-state.js";

/**
 * The table's layers in table coordinates (inside the flipped group). The
 * terrain, the bases and the threat, protection and range overlays are
 * @tercio/render/tabletop-nt's own SVG (the CLI's picture), so the browser
 * and the CLI draw the same engine polygons; the tools (ghost, hinge,
 * corner meters, sight lines, charge paths, ruler) are drawn here.
 */
const LINE = TICK / 20;
const pts = (ps: readonly Point[]) => ps.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`).join(" ");
const inches = (t: number) => `${Math.round((t / TICK) * 100) / 100}"`;

export const Terrain = memo(function Terrain({ ctx }: { readonly ctx: Ctx }) {
  const svg = [ntClothLayer, ntAreaLayer, ntRoadLayer, ntRiverLayer, ntLinearLayer]
    .map((f) => f(ctx))
    .join("");
  return <Markup testid="terrain" markup={svg} />;
});

/** Threat zones, protected flanks, the selected unit's ranges: the renderer's layers, on request. */
export function Overlays(p: {
  readonly ctx: Ctx;
  readonly position: Position;
  readonly threats: boolean;
  readonly protect: boolean;
  readonly ranges: readonly string[];
}) {
  const { ctx, position } = p;
  return (
    <>
      {p.threats && <Markup testid="threat-overlay" markup={threatLayer(ctx, position, true)} />}
      {p.ranges.length > 0 && (
        <Markup testid="range-overlay" markup={ntRangeLayer(ctx, position, p.ranges)} />
      )}
      {p.protect && <Markup testid="protected-overlay" markup={protectedLayer(ctx, position)} />}
      <Markup testid="contacts" markup={ntContactLayer(ctx, position)} />
    </>
  );
}

/** Every base, focusable (Tab order = id order), the renderer's shape inside. */
export function Units(p: {
  readonly ctx: Ctx;
  readonly position: Position;
  readonly selected: string | undefined;
  readonly marked: ReadonlyMap<string, string>;
  readonly located: ReadonlySet<string>;
  readonly words: (id: string) => string;
  readonly onFocus: (id: string) => void;
  readonly onEnter: (id: string) => void;
}) {
  const { ctx, position } = p;
  return (
    <g data-testid="units">
      {Object.keys(position.units)
        .sort()
        .map((id) => {
          const u = position.units[id] as UnitState;
          const poly = unitPolygon(ctx, u);
          const mark = p.marked.get(id);
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
              data-formation={u.formation}
              data-acted={u.acted}
              tabIndex={0}
              role="button"
              aria-label={p.words(id)}
              aria-pressed={id === p.selected}
              onFocus={() => p.onFocus(id)}
              onKeyDown={(e) => {
                if (e.key === "Enter" || e.key === " ") {
                  e.preventDefault();
                  e.stopPropagation();
                  p.onEnter(id);
                }
              }}
            >
              {id === p.selected && (
                <polygon
                  points={pts(poly)}
                  fill="none"
                  stroke="#e07b00"
                  strokeWidth={LINE * 6}
                  strokeOpacity={0.8}
                />
              )}
              {p.located.has(id) && (
                <polygon
                  data-testid={`located-${id}`}
                  points={pts(poly)}
                  fill="#ffd54f"
                  fillOpacity={0.35}
                  stroke="#8a6d00"
                  strokeWidth={LINE * 8}
                />
              )}
              {mark && (
                <polygon
                  data-testid={`${mark}-${id}`}
                  points={pts(poly)}
                  fill="none"
                  stroke={mark === "fire-target" ? "#b3261e" : "#6a1b9a"}
                  strokeWidth={LINE * 5}
                  strokeDasharray={`${LINE * 4} ${LINE * 2}`}
                />
              )}
              <Markup markup={ntUnitShape(ctx, id, u)} />
            </g>
          );
        })}
    </g>
  );
}

/** Ids and hits upright, outside the flipped group. */
export function UnitLabels({ ctx, position, size }: { ctx: Ctx; position: Position; size: number }) {
  return (
    <g fontSize={size} textAnchor="middle" pointerEvents="none">
      {Object.keys(position.units)
        .sort()
        .map((id) => {
          const u = position.units[id] as UnitState;
          const at = toUser(ctx.table, u);
          return (
            <text
              key={id}
              x={at.x}
              y={at.y + size * 0.35}
              fill="#111"
              stroke="#fff"
              strokeWidth={size / 8}
              paintOrder="stroke"
            >
              {id}
              {u.hits > 0 ? ` ${u.hits}h` : ""}
            </text>
          );
        })}
    </g>
  );
}

export interface CornerMeter {
  readonly at: Point;
  readonly name: "fl" | "fr" | "rl" | "rr";
  readonly travel: number;
  readonly limit: number;
}

/** The move being drawn: the ghost at the program's end pose, the hinge pinned, each corner's travel against the limit. */
export function Ghost(p: {
  readonly ctx: Ctx;
  readonly ghost: UnitState;
  readonly legal: boolean;
  readonly hinge: Point | undefined;
  readonly meters: readonly CornerMeter[];
}) {
  const poly = unitPolygon(p.ctx, p.ghost);
  const c = unitCorners(p.ctx, p.ghost);
  return (
    <g
      data-testid="ghost"
      data-x={p.ghost.x}
      data-y={p.ghost.y}
      data-facing={p.ghost.facing}
      data-legal={p.legal}
    >
      <polygon
        points={pts(poly)}
        fill={p.legal ? "#e07b00" : "#b3261e"}
        fillOpacity={0.25}
        stroke={p.legal ? "#e07b00" : "#b3261e"}
        strokeWidth={LINE * 2}
        strokeDasharray={`${LINE * 4} ${LINE * 2}`}
      />
      <polyline points={pts([c.fl, c.fr])} stroke="#5c2a00" strokeWidth={LINE * 4} />
      {p.hinge && (
        <circle
          data-testid="wheel-hinge"
          cx={p.hinge.x}
          cy={p.hinge.y}
          r={TICK * 0.4}
          fill="#fff"
          stroke="#5c2a00"
          strokeWidth={LINE * 3}
        />
      )}
      {p.meters.map((m) => (
        <circle
          key={m.name}
          data-testid={`corner-${m.name}`}
          data-travel={Math.ceil(m.travel)}
          data-limit={m.limit}
          data-over={m.travel > m.limit}
          cx={m.at.x}
          cy={m.at.y}
          r={TICK * 0.3}
          fill={m.travel > m.limit ? "#b3261e" : "#1d7a3a"}
        >
          <title>{`${m.name}: ${inches(m.travel)} of ${inches(m.limit)}`}</title>
        </circle>
      ))}
    </g>
  );
}

/** The meters' words upright beside each corner. */
export function MeterLabels({
  ctx,
  meters,
  size,
}: {
  ctx: Ctx;
  meters: readonly CornerMeter[];
  size: number;
}) {
  return (
    <g fontSize={size * 0.8} pointerEvents="none">
      {meters.map((m) => {
        const at = toUser(ctx.table, m.at);
        return (
          <text
            key={m.name}
            x={at.x + size * 0.4}
            y={at.y - size * 0.4}
            fill={m.travel > m.limit ? "#b3261e" : "#0b4d22"}
            stroke="#fff"
            strokeWidth={size / 10}
            paintOrder="stroke"
          >
            {`${inches(m.travel)}/${inches(m.limit)}`}
          </text>
        );
      })}
    </g>
  );
}

/** Line of sight as the engine works it: a line to each part of the side, clear, blocked or out of the arc; the blocker outlined. */
export function Sight({ ctx, position, w }: { ctx: Ctx; position: Position; w: SightWorking }) {
  const blockers = new Set<string>();
  for (const b of [w.centreBlock, ...w.parts.map((q) => q.block)])
    if (b) for (const id of b.kind === "gap" ? b.between : [b.id]) blockers.add(id);
  const outline = (id: string) => {
    const u = position.units[id];
    if (u) return unitPolygon(ctx, u);
    return ctx.areas.find((a) => a.id === id)?.polygon;
  };
  return (
    <g data-testid="sight" data-visible={w.visible} data-seen={w.seen} data-side={w.side}>
      {[...blockers].map((id) => {
        const poly = outline(id);
        return poly ? (
          <polygon
            key={id}
            data-testid={`sight-blocker-${id}`}
            points={pts(poly)}
            fill="#b3261e"
            fillOpacity={0.2}
            stroke="#b3261e"
            strokeWidth={LINE * 4}
          />
        ) : null;
      })}
      {w.parts.map((q, i) => (
        <g
          key={`${q.mid.x},${q.mid.y}`}
          data-testid={`sight-part-${i}`}
          data-seen={q.seen}
          data-in-arc={q.inArc}
        >
          <line
            x1={w.origin.x}
            y1={w.origin.y}
            x2={q.mid.x}
            y2={q.mid.y}
            stroke={q.seen ? "#1d7a3a" : q.inArc ? "#b3261e" : "#777"}
            strokeWidth={LINE * 1.5}
            strokeDasharray={q.inArc ? undefined : `${LINE * 3} ${LINE * 3}`}
          />
          <polyline
            points={pts([q.from, q.to])}
            stroke={q.seen ? "#1d7a3a" : "#b3261e"}
            strokeWidth={LINE * 6}
          />
        </g>
      ))}
      <circle cx={w.origin.x} cy={w.origin.y} r={TICK * 0.25} fill="#1d3a7a" />
    </g>
  );
}

/** A charge's line of advance and the contact pose. */
export function ChargePath({ ctx, u, plan }: { ctx: Ctx; u: UnitState; plan: ChargePlan }) {
  const end = { ...u, x: plan.pose.x, y: plan.pose.y, facing: plan.pose.facing };
  return (
    <g data-testid={`charge-path-${plan.target}`} data-side={plan.side} data-touching={plan.touching}>
      <line
        x1={plan.from.x}
        y1={plan.from.y}
        x2={plan.to.x}
        y2={plan.to.y}
        stroke="#6a1b9a"
        strokeWidth={LINE * 2}
      />
      <polygon
        data-testid="charge-contact"
        points={pts(unitPolygon(ctx, end))}
        fill="#6a1b9a"
        fillOpacity={0.25}
        stroke="#6a1b9a"
        strokeWidth={LINE * 2}
      />
    </g>
  );
}

export function Ruler({ ruler }: { ruler: RulerState }) {
  if (!ruler) return null;
  return (
    <line
      data-testid="ruler"
      x1={ruler.a.x}
      y1={ruler.a.y}
      x2={ruler.b.x}
      y2={ruler.b.y}
      stroke="#111"
      strokeWidth={LINE * 2}
      strokeDasharray={`${LINE * 6} ${LINE * 2}`}
    />
  );
}
