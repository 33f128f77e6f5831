import type { Point } from "@tercio/geometry";
import { type Ctx, type Position, teamPolygon, teamSize, type UnitState } from "@tercio/plucky-pikes";
import { TICK, toUser } from "../tabletop/frame.js";
import { local } from "./figures.js";
import { LINE, pts, SIDE_STYLE } from "./Layers.js";
import { teamMost } from "./team-words.js";

/**
 * Horse and ox teams on the table (Artillery: "Horse/ox models can be placed
 * anywhere within 6" of an unlimbered gun"): each unlimbered gun's team is a
 * small base of its own, the engine's teamPolygon, in its side's colours
 * and edges, with a horse on it and its points as pips (lost points
 * hollow), tied to its gun by a dotted line. Unlike a unit it has no front
 * edge or chevron. It takes the focus and Enter like a unit: the selected
 * unit fires at it if it may, else its gun is selected. Placing a team:
 * the 6" about the gun, and the team's ghost where the move drawn puts it.
 */

const HORSE = "#7b5a36";

/** An ellipse's outline in the team's frame: centre `ahead` in front of the team's centre, radii across and along. */
function oval(frame: Point & { readonly facing: number }, ahead: number, rx: number, ry: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * 2 * Math.PI;
    out.push(local(frame, rx * Math.cos(a), ahead + ry * Math.sin(a)));
  }
  return out;
}

/** A team's model: the base, a horse seen from above (head to the gun's front), and its points as pips. */
export function TeamShape(p: { readonly ctx: Ctx; readonly id: string; readonly gun: UnitState }) {
  const { gun } = p;
  const poly = teamPolygon(p.ctx, gun);
  const at = gun.team?.at;
  if (!poly || !at) return null;
  const size = teamSize(p.ctx);
  const style = SIDE_STYLE[gun.side];
  const frame = { x: at.x, y: at.y, facing: gun.facing };
  const points = gun.team?.points ?? 0;
  const most = Math.max(teamMost(p.ctx, p.id), points);
  const pitch = size.frontage / Math.max(most, 1);
  const r = Math.min(pitch * 0.32, size.depth * 0.06);
  return (
    <g>
      <polygon
        points={pts(poly)}
        fill={style.pattern}
        stroke={style.ink}
        strokeWidth={LINE * 1.5}
        strokeDasharray={style.dash}
      />
      <g data-testid="team-horse">
        <polygon
          points={pts(oval(frame, -size.depth * 0.03, size.frontage * 0.2, size.depth * 0.24))}
          fill={HORSE}
          stroke={style.ink}
          strokeWidth={LINE * 0.6}
        />
        <polygon
          points={pts(oval(frame, size.depth * 0.28, size.frontage * 0.09, size.depth * 0.11))}
          fill={HORSE}
          stroke={style.ink}
          strokeWidth={LINE * 0.6}
        />
        <polyline
          points={pts([local(frame, 0, -size.depth * 0.26), local(frame, 0, -size.depth * 0.36)])}
          stroke={HORSE}
          strokeWidth={LINE * 1.5}
          fill="none"
        />
      </g>
      {Array.from({ length: most }, (_, i) => {
        const c = local(frame, -size.frontage / 2 + (i + 0.5) * pitch, -size.depth * 0.43);
        const present = i < points;
        return (
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: the team's points in order
            key={i}
            cx={c.x}
            cy={c.y}
            r={Math.max(LINE, r)}
            fill={present ? style.ink : "#fff"}
            stroke={present ? style.ink : "#777"}
            strokeWidth={LINE * 0.5}
          />
        );
      })}
    </g>
  );
}

/** Every team on the table, focusable after the units (Tab order by gun id), the selected gun's ringed, a fire target's outlined. */
export function Teams(p: {
  readonly ctx: Ctx;
  readonly position: Position;
  readonly selected: string | undefined;
  /** The guns whose teams the selected unit may fire at. */
  readonly targets: ReadonlySet<string>;
  readonly words: (id: string) => string;
  readonly onFocus: (id: string) => void;
  readonly onEnter: (id: string) => void;
}) {
  const { ctx, position } = p;
  return (
    <g data-testid="teams">
      {Object.keys(position.units)
        .sort()
        .map((id) => {
          const gun = position.units[id] as UnitState;
          const poly = gun.gone === undefined ? teamPolygon(ctx, gun) : undefined;
          const at = gun.team?.at;
          if (!poly || !at) return null;
          const style = SIDE_STYLE[gun.side];
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG base cannot be an HTML button; it takes the focus and Enter
            <g
              key={id}
              data-testid={`team-${id}`}
              data-team-of={id}
              data-side={gun.side}
              data-points={gun.team?.points ?? 0}
              data-x={at.x}
              data-y={at.y}
              tabIndex={0}
              role="button"
              aria-label={p.words(id)}
              onFocus={() => p.onFocus(id)}
              onKeyDown={(e) => {
                if (e.key === "Enter" || e.key === " ") {
                  e.preventDefault();
                  e.stopPropagation();
                  p.onEnter(id);
                }
              }}
            >
              <line
                x1={gun.x}
                y1={gun.y}
                x2={at.x}
                y2={at.y}
                stroke={style.ink}
                strokeOpacity={0.6}
                strokeWidth={LINE}
                strokeDasharray={`${LINE} ${LINE * 2}`}
                pointerEvents="none"
              />
              <TeamShape ctx={ctx} id={id} gun={gun} />
              {id === p.selected && (
                <polygon
                  points={pts(poly)}
                  fill="none"
                  stroke="#e07b00"
                  strokeWidth={LINE * 4}
                  strokeOpacity={0.85}
                />
              )}
              {p.targets.has(id) && (
                <polygon
                  data-testid={`fire-target-team-${id}`}
                  points={pts(poly)}
                  fill="none"
                  stroke="#b3261e"
                  strokeWidth={LINE * 4}
                  strokeDasharray={`${LINE * 3} ${LINE * 1.5}`}
                />
              )}
            </g>
          );
        })}
    </g>
  );
}

/** Placing a team: the 6" about the gun's centre the team's centre must stand within (Artillery). */
export function TeamReach({ ctx, gun }: { readonly ctx: Ctx; readonly gun: UnitState }) {
  return (
    <circle
      data-testid="team-reach"
      cx={gun.x}
      cy={gun.y}
      r={ctx.rules.data.artillery.teamsWithin}
      fill="#e07b00"
      fillOpacity={0.06}
      stroke="#e07b00"
      strokeWidth={LINE * 2}
      strokeDasharray={`${LINE * 4} ${LINE * 3}`}
      pointerEvents="none"
    />
  );
}

/** Where the move drawn puts the gun's team (orange, or red where the engine refuses the move). */
export function GhostTeam(p: { readonly ctx: Ctx; readonly ghost: UnitState; readonly legal: boolean }) {
  const at = p.ghost.team?.at;
  const poly = teamPolygon(p.ctx, p.ghost);
  if (!at || !poly) return null;
  const color = p.legal ? "#e07b00" : "#b3261e";
  return (
    <g data-testid="ghost-team" data-x={at.x} data-y={at.y} data-legal={p.legal} pointerEvents="none">
      <line
        x1={p.ghost.x}
        y1={p.ghost.y}
        x2={at.x}
        y2={at.y}
        stroke={color}
        strokeWidth={LINE * 1.5}
        strokeDasharray={`${LINE * 2} ${LINE * 2}`}
      />
      <polygon
        points={pts(poly)}
        fill={color}
        fillOpacity={0.25}
        stroke={color}
        strokeWidth={LINE * 2}
        strokeDasharray={`${LINE * 3} ${LINE * 2}`}
      />
    </g>
  );
}

/** Each team's points, upright beside its model: "team 4" (its gun is the one its tether runs to). */
export function TeamLabels(p: { readonly ctx: Ctx; readonly position: Position; readonly size: number }) {
  const { ctx, position, size } = p;
  return (
    <g pointerEvents="none">
      {Object.keys(position.units)
        .sort()
        .map((id) => {
          const gun = position.units[id] as UnitState;
          const poly = gun.gone === undefined ? teamPolygon(ctx, gun) : undefined;
          if (!poly) return null;
          const east = Math.max(...poly.map((q) => q.x));
          const mid = (Math.min(...poly.map((q) => q.y)) + Math.max(...poly.map((q) => q.y))) / 2;
          const at = toUser(ctx.table, { x: east + TICK * 0.2, y: mid });
          return (
            <text
              key={id}
              data-testid={`team-label-${id}`}
              x={at.x}
              y={at.y + size * 0.25}
              fontSize={size * 0.6}
              fill="#3b2a14"
              stroke="#fff"
              strokeWidth={size / 8}
              paintOrder="stroke"
            >
              {`team ${gun.team?.points ?? 0}`}
            </text>
          );
        })}
    </g>
  );
}
