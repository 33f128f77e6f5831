import type { Seat } from "@tercio/core";
import type { Point } from "@tercio/geometry";
import {
  type Ctx,
  type Position,
  traitsOf,
  type UnitState,
  unitCorners,
  unitFront,
  unitPolygon,
  unitSize,
} from "@tercio/plucky-pikes";
import { memo } from "react";
import { TICK, toUser } from "../tabletop/frame.js";
import { axes, local, unitPicture } from "./figures.js";
import { clockOf } from "./urt.js";
import { officerAt } from "./words.js";

/**
 * The table's layers in table coordinates (inside the flipped group):
 * terrain, objectives, the units as stands of figures in ranks, officers'
 * stands, melees, declared fire, and the tools (the move's ghost, the
 * pivot's hinge and grips, an engagement's path, the ruler). Labels and
 * URT clocks are drawn upright, outside the flip.
 */
export const LINE = TICK / 20;
export const pts = (ps: readonly Point[]) => ps.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`).join(" ");

/** The sides differ without colour: the first solid-edged and plain, the second dashed-edged and hatched. */
export const SIDE_STYLE: Record<
  Seat,
  { fill: string; ink: string; dash: string | undefined; pattern: string }
> = {
  first: { fill: "#cfdaf0", ink: "#1f3f78", dash: undefined, pattern: "url(#pp-plain-first)" },
  second: {
    fill: "#f1d0cc",
    ink: "#7a1f17",
    dash: `${LINE * 4} ${LINE * 2}`,
    pattern: "url(#pp-hatch-second)",
  },
};

const AREA_STYLE: Record<string, { fill: string; stroke: string; pattern?: string }> = {
  hill: { fill: "#dccb9c", stroke: "#9c8550" },
  "light-woods": { fill: "#bcd6a4", stroke: "#5d8a45", pattern: "url(#pp-trees)" },
  "heavy-woods": { fill: "#8db477", stroke: "#3d6b2a", pattern: "url(#pp-trees-dense)" },
  building: { fill: "#b99574", stroke: "#5c4530" },
  field: { fill: "#ece0a4", stroke: "#b8a45a", pattern: "url(#pp-furrows)" },
};

const LINEAR_STYLE: Record<string, { stroke: string; width: number; dash?: string }> = {
  stream: { stroke: "#3f74b8", width: LINE * 6 },
  hedge: { stroke: "#3c6a27", width: LINE * 7, dash: `${LINE * 3} ${LINE * 1.5}` },
  wall: { stroke: "#666", width: LINE * 6 },
};

/** Patterns the layers use (defs of the board's SVG). */
export function Defs() {
  const s = TICK / 2;
  return (
    <defs>
      <pattern id="pp-plain-first" width={s} height={s} patternUnits="userSpaceOnUse">
        <rect width={s} height={s} fill={SIDE_STYLE.first.fill} />
      </pattern>
      <pattern id="pp-hatch-second" width={s} height={s} patternUnits="userSpaceOnUse">
        <rect width={s} height={s} fill={SIDE_STYLE.second.fill} />
        <path d={`M0,${s} L${s},0`} stroke="#b5837d" strokeWidth={LINE} />
      </pattern>
      <pattern id="pp-trees" width={TICK * 2} height={TICK * 2} patternUnits="userSpaceOnUse">
        <rect width={TICK * 2} height={TICK * 2} fill="#bcd6a4" />
        <circle cx={TICK / 2} cy={TICK / 2} r={TICK / 3} fill="#86b06a" />
        <circle cx={TICK * 1.5} cy={TICK * 1.4} r={TICK / 3} fill="#86b06a" />
      </pattern>
      <pattern id="pp-trees-dense" width={TICK} height={TICK} patternUnits="userSpaceOnUse">
        <rect width={TICK} height={TICK} fill="#8db477" />
        <circle cx={TICK / 2} cy={TICK / 2} r={TICK / 3} fill="#4f7f3a" />
      </pattern>
      <pattern id="pp-furrows" width={TICK} height={TICK} patternUnits="userSpaceOnUse">
        <rect width={TICK} height={TICK} fill="#ece0a4" />
        <path d={`M0,${TICK / 2} L${TICK},${TICK / 2}`} stroke="#cdbb6e" strokeWidth={LINE * 1.5} />
      </pattern>
    </defs>
  );
}

/** The cloth, the areas, the streams, hedges and walls, and the objectives with their points. */
export const Terrain = memo(function Terrain({ ctx }: { readonly ctx: Ctx }) {
  const { width, height } = ctx.table;
  return (
    <g data-testid="terrain">
      <rect
        x={0}
        y={0}
        width={width}
        height={height}
        fill="#eee9d2"
        stroke="#8a8470"
        strokeWidth={LINE * 2}
      />
      {ctx.areas.map((a) => {
        const st = AREA_STYLE[a.kind] ?? { fill: "#ddd", stroke: "#888" };
        return (
          <polygon
            key={a.id}
            data-area={a.kind}
            points={pts(a.polygon)}
            fill={st.pattern ?? st.fill}
            stroke={st.stroke}
            strokeWidth={a.kind === "hill" ? LINE * 3 : LINE * 2}
            strokeDasharray={a.kind === "hill" ? `${LINE * 6} ${LINE * 3}` : undefined}
          >
            <title>{`${a.name} (${a.kind}${a.level ? `, level ${a.level}` : ""})`}</title>
          </polygon>
        );
      })}
      {ctx.linears.map((l) => {
        const st = LINEAR_STYLE[l.kind] ?? { stroke: "#444", width: LINE * 4 };
        return (
          <polyline
            key={l.id}
            data-linear={l.kind}
            points={pts(l.line)}
            fill="none"
            stroke={st.stroke}
            strokeWidth={st.width}
            strokeDasharray={st.dash}
            strokeLinecap="round"
          >
            <title>{`${l.name} (${l.kind})`}</title>
          </polyline>
        );
      })}
      {ctx.objectives.map((o) => (
        <g key={o.id} data-testid={`objective-${o.id}`} data-points={o.points}>
          <circle
            cx={o.x}
            cy={o.y}
            r={ctx.rules.data.objectives.holdWithin}
            fill="none"
            stroke="#8a6d00"
            strokeWidth={LINE * 1.5}
            strokeDasharray={`${LINE * 2} ${LINE * 3}`}
          />
          <polygon
            points={pts(star({ x: o.x, y: o.y }, TICK * 0.7, TICK * 0.3))}
            fill="#e0b020"
            stroke="#6b5200"
            strokeWidth={LINE}
          />
          <title>{`${o.name}: ${o.points} victory point${o.points === 1 ? "" : "s"} (held within ${ctx.rules.data.objectives.holdWithin / TICK}")`}</title>
        </g>
      ))}
    </g>
  );
});

/** A five-pointed star's outline about `c`. */
export function star(c: Point, outer: number, inner: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i;
    const r = i % 2 === 0 ? outer : inner;
    out.push({ x: c.x + r * Math.sin(a), y: c.y + r * Math.cos(a) });
  }
  return out;
}

/** A unit's picture: its footprint, stands, figures (empty places hollow), front edge and facing. */
export function UnitShape({ ctx, id, u }: { readonly ctx: Ctx; readonly id: string; readonly u: UnitState }) {
  const style = SIDE_STYLE[u.side];
  // Render's picture (@tercio/render/tabletop-pp), the command line's, in table points.
  const pic = unitPicture(ctx, id, u);
  const c = unitCorners(ctx, id, u);
  const size = unitSize(ctx, id, u);
  const { forward } = axes(u.facing);
  const front = unitFront(ctx, id, u);
  const tip = { x: front.x + forward.x * TICK * 0.5, y: front.y + forward.y * TICK * 0.5 };
  const fig = pic.figure;
  const faint = u.level === "broken" || u.level === "routed";
  return (
    <g opacity={faint ? 0.75 : 1}>
      <polygon
        points={pts(unitPolygon(ctx, id, u))}
        fill={style.pattern}
        stroke={style.ink}
        strokeWidth={LINE * 2}
        strokeDasharray={style.dash}
      />
      {pic.stands.map((s) => (
        <polygon
          key={pts(s)}
          points={pts(s)}
          fill="none"
          stroke={style.ink}
          strokeWidth={LINE * 0.8}
          strokeOpacity={0.7}
        />
      ))}
      {pic.arm === "guns" && (
        <GunGlyph
          u={u}
          depth={size.depth}
          frontage={size.frontage}
          ink={style.ink}
          limbered={u.formation === "limbered"}
        />
      )}
      <g
        data-testid={`figures-${id}`}
        data-present={pic.places.filter((p) => p.present).length}
        data-empty={pic.places.filter((p) => !p.present).length}
      >
        {pic.places.map((p) =>
          pic.arm === "horse" ? (
            <polygon
              key={`${p.rank}-${p.file}`}
              points={pts(rotatedRect(p.at, u.facing, fig.across, fig.along))}
              fill={p.present ? style.ink : "#fff"}
              fillOpacity={p.present ? 0.9 : 0.6}
              stroke={p.present ? style.ink : "#777"}
              strokeWidth={LINE * 0.6}
              strokeDasharray={p.present ? undefined : `${LINE} ${LINE}`}
            />
          ) : (
            <circle
              key={`${p.rank}-${p.file}`}
              cx={p.at.x}
              cy={p.at.y}
              r={Math.max(LINE, fig.across / 2)}
              fill={p.present ? style.ink : "#fff"}
              fillOpacity={p.present ? 0.9 : 0.6}
              stroke={p.present ? style.ink : "#777"}
              strokeWidth={LINE * 0.6}
              strokeDasharray={p.present ? undefined : `${LINE} ${LINE}`}
            />
          ),
        )}
      </g>
      <polyline points={pts([c.fl, c.fr])} stroke={style.ink} strokeWidth={LINE * 4} fill="none" />
      <polygon
        points={pts([
          local({ ...front, facing: u.facing }, -TICK * 0.35, 0),
          tip,
          local({ ...front, facing: u.facing }, TICK * 0.35, 0),
        ])}
        fill={style.ink}
      />
      {u.disordered && (
        <polyline
          points={pts([c.rl, c.fr])}
          stroke="#b3261e"
          strokeWidth={LINE * 1.5}
          strokeDasharray={`${LINE * 3} ${LINE * 2}`}
          fill="none"
        />
      )}
    </g>
  );
}

function rotatedRect(at: Point, facing: number, across: number, along: number): Point[] {
  const u = { ...at, facing };
  return [
    local(u, across / 2, along / 2),
    local(u, -across / 2, along / 2),
    local(u, -across / 2, -along / 2),
    local(u, across / 2, -along / 2),
  ];
}

/** A gun: its barrel to the front and two wheels; limbered, a team's horse at the rear. */
function GunGlyph(p: { u: UnitState; depth: number; frontage: number; ink: string; limbered: boolean }) {
  const { u, depth } = p;
  const barrel = [
    local(u, TICK * 0.12, depth * 0.4),
    local(u, -TICK * 0.12, depth * 0.4),
    local(u, -TICK * 0.16, -depth * 0.05),
    local(u, TICK * 0.16, -depth * 0.05),
  ];
  const wheel = (side: number) =>
    rotatedRect(local(u, side * TICK * 0.3, 0), u.facing, TICK * 0.12, TICK * 0.45);
  return (
    <g>
      <polygon points={pts(barrel)} fill={p.ink} />
      <polygon points={pts(wheel(1))} fill={p.ink} />
      <polygon points={pts(wheel(-1))} fill={p.ink} />
      {p.limbered && (
        <polygon
          data-testid="limber-team"
          points={pts(rotatedRect(local(u, 0, -depth * 0.3), u.facing, TICK * 0.3, TICK * 0.6))}
          fill="#7b5a36"
          stroke={p.ink}
          strokeWidth={LINE * 0.6}
        />
      )}
    </g>
  );
}

/** Every unit on the table, focusable (Tab order = id order), its picture inside. */
export function Units(p: {
  readonly ctx: Ctx;
  readonly position: Position;
  readonly selected: string | undefined;
  readonly marked: ReadonlyMap<string, string>;
  readonly located: ReadonlySet<string>;
  readonly reacting: string | undefined;
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
          if (u.gone) return null;
          const poly = unitPolygon(ctx, id, u);
          const mark = p.marked.get(id);
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG base cannot be an HTML button; it takes the focus and Enter
            <g
              key={id}
              data-testid={`unit-${id}`}
              data-unit-focus={id}
              data-side={u.side}
              data-x={u.x}
              data-y={u.y}
              data-facing={u.facing}
              data-formation={u.formation}
              data-arm={traitsOf(ctx, id, u).arm}
              data-dismounted={u.dismounted}
              data-strength={u.strength}
              data-level={u.level}
              data-used={u.used}
              data-moved={u.moved}
              data-fired={u.fired}
              data-disordered={u.disordered}
              data-leaders-lost={u.leadersLost}
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
              <UnitShape ctx={ctx} id={id} u={u} />
              {id === p.selected && (
                <polygon
                  points={pts(poly)}
                  fill="none"
                  stroke="#e07b00"
                  strokeWidth={LINE * 6}
                  strokeOpacity={0.85}
                />
              )}
              {p.reacting === id && (
                <polygon
                  data-testid={`reacting-${id}`}
                  points={pts(poly)}
                  fill="none"
                  stroke="#6a1b9a"
                  strokeWidth={LINE * 7}
                  strokeDasharray={`${LINE * 2} ${LINE * 2}`}
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
            </g>
          );
        })}
    </g>
  );
}

/** Generals' and staff officers' stands: a commanding general's two stars, a general's one, staff a bar. */
export function Officers({ ctx, position }: { readonly ctx: Ctx; readonly position: Position }) {
  const side = ctx.rules.data.basing.officer;
  return (
    <g data-testid="officers">
      {Object.keys(position.officers)
        .sort()
        .map((id) => {
          const o = position.officers[id];
          const t = ctx.officers[id];
          if (!o || !t || o.lost) return null;
          const at = officerAt(ctx, position, o);
          const u = o.with ? position.units[o.with] : undefined;
          const facing = u && !u.gone ? u.facing : o.side === "first" ? 0 : 18000;
          // The stand touches the unit's rear: its centre half a stand behind the point.
          const c = u && !u.gone ? local({ ...at, facing }, 0, -side.depth / 2) : at;
          const frame = { ...c, facing };
          const style = SIDE_STYLE[o.side];
          const stars = t.rank === "commanding-general" ? [-0.22, 0.22] : t.rank === "general" ? [0] : [];
          return (
            <g key={id} data-testid={`officer-${id}`} data-rank={t.rank} data-with={o.with ?? ""}>
              <polygon
                points={pts(rotatedRect(c, facing, side.frontage, side.depth))}
                fill="#fff8dc"
                stroke={style.ink}
                strokeWidth={LINE * 2}
                strokeDasharray={style.dash}
              />
              {stars.map((k) => (
                <polygon
                  key={k}
                  points={pts(
                    star(local(frame, k * side.frontage, 0), side.frontage * 0.2, side.frontage * 0.08),
                  )}
                  fill={style.ink}
                />
              ))}
              {t.rank === "staff" && (
                <polygon
                  points={pts(rotatedRect(c, facing, side.frontage * 0.6, side.depth * 0.15))}
                  fill={style.ink}
                />
              )}
              <title>{`${t.name} (${t.rank.replace("-", " ")})`}</title>
            </g>
          );
        })}
    </g>
  );
}

/** Each melee: a line between the fighting units and a mark where they meet. */
export function Melees({ ctx, position }: { readonly ctx: Ctx; readonly position: Position }) {
  return (
    <g data-testid="melees">
      {position.melees.map((m) => {
        const a = position.units[m.attackers[0] ?? ""];
        const d = position.units[m.defenders[0] ?? ""];
        if (!a || !d) return null;
        const fa = unitFront(ctx, m.attackers[0] as string, a);
        const mid = { x: (fa.x + d.x) / 2, y: (fa.y + d.y) / 2 };
        const r = TICK * 0.5;
        return (
          <g key={m.id} data-testid={`melee-${m.id}`} data-round={m.round} data-struck={m.struck}>
            <line
              x1={a.x}
              y1={a.y}
              x2={d.x}
              y2={d.y}
              stroke="#4a0d66"
              strokeWidth={LINE * 2}
              strokeDasharray={`${LINE * 3} ${LINE * 2}`}
            />
            <line
              x1={fa.x - r}
              y1={fa.y - r}
              x2={fa.x + r}
              y2={fa.y + r}
              stroke="#4a0d66"
              strokeWidth={LINE * 4}
            />
            <line
              x1={fa.x - r}
              y1={fa.y + r}
              x2={fa.x + r}
              y2={fa.y - r}
              stroke="#4a0d66"
              strokeWidth={LINE * 4}
            />
            <title>{`Melee, move ${m.round}: ${m.attackers.join(", ")} against ${m.defenders.join(", ")} (${m.struck}) at ${Math.round(mid.x)},${Math.round(mid.y)}`}</title>
          </g>
        );
      })}
    </g>
  );
}

/** The fire declared in this fire step: an arrow from each firer to its target (to the team's model, for fire at a gun's team). */
export function DeclaredFire({ ctx, position }: { readonly ctx: Ctx; readonly position: Position }) {
  return (
    <g data-testid="declared-fire">
      {position.fire.map((f) => {
        const u = position.units[f.unit];
        const t = position.units[f.target];
        if (!u || !t) return null;
        const from = traitsOf(ctx, f.unit, u).arm === "guns" ? { x: u.x, y: u.y } : unitFront(ctx, f.unit, u);
        const at = f.team ? (t.team?.at ?? t) : t;
        return (
          <Arrow
            key={f.unit}
            testid={`fire-declared-${f.unit}`}
            from={from}
            to={{ x: at.x, y: at.y }}
            color="#b3261e"
          />
        );
      })}
    </g>
  );
}

export function Arrow(p: {
  readonly testid?: string;
  readonly from: Point;
  readonly to: Point;
  readonly color: string;
}) {
  const dx = p.to.x - p.from.x;
  const dy = p.to.y - p.from.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const h = TICK * 0.6;
  const head = [
    p.to,
    { x: p.to.x - ux * h - uy * h * 0.5, y: p.to.y - uy * h + ux * h * 0.5 },
    { x: p.to.x - ux * h + uy * h * 0.5, y: p.to.y - uy * h - ux * h * 0.5 },
  ];
  return (
    <g data-testid={p.testid}>
      <line
        x1={p.from.x}
        y1={p.from.y}
        x2={p.to.x}
        y2={p.to.y}
        stroke={p.color}
        strokeWidth={LINE * 2.5}
        strokeDasharray={`${LINE * 5} ${LINE * 2}`}
      />
      <polygon points={pts(head)} fill={p.color} />
    </g>
  );
}

/** The move being drawn: the ghost where it ends, and the hinge of its last pivot. */
export function Ghost(p: {
  readonly ctx: Ctx;
  readonly id: string;
  readonly ghost: UnitState;
  readonly legal: boolean;
  readonly hinge: Point | undefined;
}) {
  const poly = unitPolygon(p.ctx, p.id, p.ghost);
  const c = unitCorners(p.ctx, p.id, p.ghost);
  const color = p.legal ? "#e07b00" : "#b3261e";
  return (
    <g
      data-testid="ghost"
      data-x={p.ghost.x}
      data-y={p.ghost.y}
      data-facing={p.ghost.facing}
      data-formation={p.ghost.formation}
      data-legal={p.legal}
      pointerEvents="none"
    >
      <polygon
        points={pts(poly)}
        fill={color}
        fillOpacity={0.22}
        stroke={color}
        strokeWidth={LINE * 2}
        strokeDasharray={`${LINE * 4} ${LINE * 2}`}
      />
      <polyline points={pts([c.fl, c.fr])} stroke="#5c2a00" strokeWidth={LINE * 4} />
      {p.hinge && (
        <circle
          data-testid="pivot-hinge"
          cx={p.hinge.x}
          cy={p.hinge.y}
          r={TICK * 0.35}
          fill="#fff"
          stroke="#5c2a00"
          strokeWidth={LINE * 3}
        />
      )}
    </g>
  );
}

/** The grips for pivoting the selected unit: its front corners; the one taken swings about the other end. */
export function PivotGrips(p: { readonly ctx: Ctx; readonly id: string; readonly u: UnitState }) {
  const c = unitCorners(p.ctx, p.id, p.u);
  const grip = (at: Point, testid: string, about: string) => (
    <circle
      data-testid={testid}
      cx={at.x}
      cy={at.y}
      r={TICK * 0.3}
      fill="#fff"
      stroke="#5c2a00"
      strokeWidth={LINE * 2}
    >
      <title>{`Drag to pivot about the ${about} end`}</title>
    </circle>
  );
  return (
    <g data-testid="pivot-grips">
      {grip(c.fr, "grip-fr", "left")}
      {grip(c.fl, "grip-fl", "right")}
    </g>
  );
}

/** An engagement's straight advance to contact, and where the unit would stand. */
export function EngagePath(p: {
  readonly ctx: Ctx;
  readonly id: string;
  readonly from: UnitState;
  readonly to: UnitState;
  readonly target: string;
}) {
  const a = unitFront(p.ctx, p.id, p.from);
  const b = unitFront(p.ctx, p.id, p.to);
  return (
    <g data-testid={`engage-path-${p.target}`} pointerEvents="none">
      <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke="#6a1b9a" strokeWidth={LINE * 3} />
      <polygon
        data-testid="engage-contact"
        points={pts(unitPolygon(p.ctx, p.id, p.to))}
        fill="#6a1b9a"
        fillOpacity={0.2}
        stroke="#6a1b9a"
        strokeWidth={LINE * 2}
      />
    </g>
  );
}

/** Ids, morale and the URT clock upright beside each unit; officers' names. */
export function Labels(p: {
  readonly ctx: Ctx;
  readonly position: Position;
  readonly size: number;
  readonly clocks: boolean;
}) {
  const { ctx, position, size } = p;
  return (
    <g pointerEvents="none">
      {Object.keys(position.units)
        .sort()
        .map((id) => {
          const u = position.units[id] as UnitState;
          if (u.gone) return null;
          const at = toUser(ctx.table, u);
          // The clock stands clear of the footprint's east edge, whichever way the unit faces.
          const east = Math.max(...unitPolygon(ctx, id, u).map((q) => q.x));
          const right = toUser(ctx.table, { x: east, y: u.y });
          const flags = [
            u.level !== "steady" ? u.level : "",
            u.disordered ? "D" : "",
            u.muddle > 0 ? "M" : "",
            u.leadersLost > 0 ? `${u.leadersLost} ldr lost` : "",
            u.flagLost ? "no flag" : "",
          ]
            .filter(Boolean)
            .join(" ");
          return (
            <g key={id}>
              <text
                x={at.x}
                y={at.y + size * 0.35}
                fontSize={size}
                textAnchor="middle"
                fill="#111"
                stroke="#fff"
                strokeWidth={size / 7}
                paintOrder="stroke"
              >
                {id}
              </text>
              {flags && (
                <text
                  data-testid={`morale-${id}`}
                  x={at.x}
                  y={at.y + size * 1.35}
                  fontSize={size * 0.8}
                  textAnchor="middle"
                  fill={u.level === "steady" ? "#5c2a00" : "#8b0000"}
                  fontWeight="bold"
                  stroke="#fff"
                  strokeWidth={size / 7}
                  paintOrder="stroke"
                >
                  {flags}
                </text>
              )}
              {p.clocks && (
                <UrtClock
                  ctx={ctx}
                  id={id}
                  u={u}
                  at={{ x: right.x + size * 1.1, y: right.y }}
                  r={size * 0.75}
                />
              )}
            </g>
          );
        })}
      {Object.keys(position.officers)
        .sort()
        .map((id) => {
          const o = position.officers[id];
          const t = ctx.officers[id];
          if (!o || !t || o.lost) return null;
          const at = toUser(ctx.table, officerAt(ctx, position, o));
          return (
            <text
              key={id}
              x={at.x}
              y={at.y + size * 1.6}
              fontSize={size * 0.7}
              textAnchor="middle"
              fill="#3a2f00"
              stroke="#fff"
              strokeWidth={size / 8}
              paintOrder="stroke"
            >
              {t.name.split(" ").slice(-1)[0]}
            </text>
          );
        })}
    </g>
  );
}

/**
 * The URT clock: a dial of the unit's URTs (Guard four to a move, Elite
 * three, Veteran two, Recruit one), filled as far as the part of its move
 * it has used this turn (a charge or run's half again ringed red).
 */
export function UrtClock(p: {
  readonly ctx: Ctx;
  readonly id: string;
  readonly u: UnitState;
  readonly at: Point;
  readonly r: number;
}) {
  const c = clockOf(p.ctx, p.id, p.u);
  const { x, y } = p.at;
  const r = p.r;
  const used = Math.min(1, c.used);
  const angle = used * 2 * Math.PI;
  const end = { x: x + r * Math.sin(angle), y: y - r * Math.cos(angle) };
  const wedge =
    used >= 1
      ? undefined
      : `M${x},${y} L${x},${y - r} A${r},${r} 0 ${angle > Math.PI ? 1 : 0} 1 ${end.x},${end.y} Z`;
  return (
    <g data-testid={`urt-clock-${p.id}`} data-used={p.u.used} data-segments={c.segments}>
      <circle cx={x} cy={y} r={r} fill="#fff" stroke="#333" strokeWidth={r / 8} />
      {used >= 1 ? (
        <circle cx={x} cy={y} r={r} fill="#5a6f8f" />
      ) : used > 0 ? (
        <path d={wedge} fill="#5a6f8f" />
      ) : null}
      {c.segments > 1 &&
        Array.from({ length: c.segments }, (_, i) => {
          const a = (i / c.segments) * 2 * Math.PI;
          return (
            <line
              key={a}
              x1={x}
              y1={y}
              x2={x + r * Math.sin(a)}
              y2={y - r * Math.cos(a)}
              stroke="#333"
              strokeWidth={r / 10}
            />
          );
        })}
      {c.used > 1 && <circle cx={x} cy={y} r={r * 1.2} fill="none" stroke="#b3261e" strokeWidth={r / 5} />}
    </g>
  );
}
