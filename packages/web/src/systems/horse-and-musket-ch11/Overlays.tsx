import { basePolygon, type Pose } from "@tercio/geometry";
import {
  type ChargeReach,
  type Ctx,
  fieldOfFire,
  inAllRoundTerrain,
  type UnitState,
  unitFrontCentre,
  unitFrontEdge,
  unitPolygon,
} from "@tercio/horse-and-musket-ch11";
import { CONTACT, OBJECTIVE, roundedOffset, SIDE_DARK } from "@tercio/render/tabletop";
import { TICK } from "../tabletop/frame.js";

/**
 * Shapes the engine computes, drawn in table coordinates (the flipped
 * group): fields of fire (fieldOfFire's own polygon), range bands about
 * the part the rangeFrom reading measures from, the ghost, the pivot
 * rings, charge paths (the turned base, its straight sweep into contact,
 * the end base), the ruler.
 */
const LINE = TICK / 20;
const pts = (ps: readonly { x: number; y: number }[]) => ps.map((p) => `${p.x},${p.y}`).join(" ");

/** The field of fire and range band of a shooter (as it stands, or at a ghost's pose). */
export function FireShapes({
  ctx,
  unit,
  testId,
  faint,
}: {
  readonly ctx: Ctx;
  readonly unit: UnitState;
  readonly testId: string;
  readonly faint?: boolean;
}) {
  const range = ctx.rules.data.unitTypes[unit.type].range;
  if (range === null) return null;
  const dark = SIDE_DARK[unit.side];
  const allRound = inAllRoundTerrain(ctx, unit, unitPolygon(unit)) !== undefined;
  const reading = ctx.options.rangeFrom;
  const opacity = faint ? 0.5 : 1;
  let band: React.ReactNode;
  if (reading === "front-edge") {
    const part = allRound ? unitPolygon(unit) : unitFrontEdge(unit);
    band = (
      <path
        data-range={range}
        d={roundedOffset(part, range)}
        fill={dark}
        fillOpacity={0.05}
        stroke={dark}
        strokeWidth={LINE}
      />
    );
  } else {
    const c = reading === "front-centre" ? unitFrontCentre(unit) : unit;
    band = (
      <circle
        data-range={range}
        cx={c.x}
        cy={c.y}
        r={range}
        fill={dark}
        fillOpacity={0.05}
        stroke={dark}
        strokeWidth={LINE}
      />
    );
  }
  return (
    <g data-testid={testId} clipPath="url(#hm-table-clip)" opacity={opacity} pointerEvents="none">
      {band}
      {!allRound && (
        <polygon
          data-arc={ctx.options.fieldOfFire}
          points={pts(fieldOfFire(ctx, unit, ctx.options.fieldOfFire))}
          fill={dark}
          fillOpacity={0.06}
          stroke={dark}
          strokeWidth={LINE}
          strokeDasharray={`${LINE * 4} ${LINE * 3}`}
        />
      )}
    </g>
  );
}

/** The ghost: where the legal part of the move ends. */
export function Ghost({
  pose,
  unit,
  refused,
  path,
}: {
  readonly pose: Pose;
  readonly unit: UnitState;
  readonly refused: boolean;
  /** The centre's path (a road move's legs); a straight line from the unit without it. */
  readonly path?: readonly { x: number; y: number }[];
}) {
  const poly = basePolygon(pose, unit);
  const at = { ...unit, x: pose.x, y: pose.y, facing: pose.facing };
  return (
    <g data-testid="ghost" data-x={pose.x} data-y={pose.y} data-facing={pose.facing} pointerEvents="none">
      <polygon
        points={pts(poly)}
        fill="#fff"
        fillOpacity={0.45}
        stroke={refused ? CONTACT : "#1d1a16"}
        strokeWidth={LINE * 1.5}
        strokeDasharray={`${LINE * 3} ${LINE * 2}`}
      />
      <polyline
        points={pts(unitFrontEdge(at))}
        stroke={refused ? CONTACT : "#1d1a16"}
        strokeWidth={LINE * 4}
      />
      <polyline
        data-path=""
        points={pts(path && path.length > 1 ? path : [unit, pose])}
        fill="none"
        stroke="#1d1a16"
        strokeWidth={LINE * 1.5}
        strokeDasharray={`${LINE * 2} ${LINE * 2}`}
      />
    </g>
  );
}

/** A ring about a base's centre to pivot it, with a knob ahead of the facing. */
export function PivotRing({
  centre,
  facing,
  radius,
  testId,
}: {
  readonly centre: { x: number; y: number };
  readonly facing: number;
  readonly radius: number;
  readonly testId: string;
}) {
  const a = (facing / 18000) * Math.PI;
  const kx = centre.x + Math.sin(a) * radius;
  const ky = centre.y + Math.cos(a) * radius;
  return (
    <g data-testid={testId} pointerEvents="none">
      <circle
        cx={centre.x}
        cy={centre.y}
        r={radius}
        fill="none"
        stroke="#e07b00"
        strokeWidth={LINE * 2}
        strokeOpacity={0.7}
      />
      <circle data-knob="" cx={kx} cy={ky} r={TICK * 0.35} fill="#e07b00" stroke="#fff" strokeWidth={LINE} />
    </g>
  );
}

/** A charge's path as chargeWorking gives it: the turned base, the ground swept to contact, the end base. */
export function ChargePathShape({
  unit,
  charge,
  target,
  testId,
  strong,
}: {
  readonly unit: UnitState;
  readonly charge: ChargeReach;
  readonly target: UnitState;
  readonly testId: string;
  readonly strong: boolean;
}) {
  const p = charge.path;
  return (
    <g
      data-testid={testId}
      data-side={charge.side}
      data-travel={p.travel}
      pointerEvents="none"
      opacity={strong ? 1 : 0.55}
    >
      <polygon
        points={pts(unitPolygon(target))}
        fill="none"
        stroke={CONTACT}
        strokeWidth={LINE * (strong ? 6 : 4)}
      />
      <polygon points={pts(p.swept)} fill={CONTACT} fillOpacity={strong ? 0.12 : 0.05} stroke="none" />
      {p.turn !== 0 && (
        <polygon
          points={pts(basePolygon(p.turned, unit))}
          fill="none"
          stroke={CONTACT}
          strokeWidth={LINE}
          strokeDasharray={`${LINE * 2} ${LINE * 2}`}
        />
      )}
      <polygon
        data-end=""
        points={pts(basePolygon(p.end, unit))}
        fill="#fff"
        fillOpacity={0.4}
        stroke={CONTACT}
        strokeWidth={LINE * 1.5}
      />
      <line
        x1={p.start.x}
        y1={p.start.y}
        x2={p.end.x}
        y2={p.end.y}
        stroke={CONTACT}
        strokeWidth={LINE * 1.5}
        markerEnd="url(#hm-arrow)"
      />
    </g>
  );
}

/** A base highlighted as a target (a shot's). */
export function TargetMark({
  unit,
  testId,
  chosen,
}: {
  readonly unit: UnitState;
  readonly testId: string;
  readonly chosen: boolean;
}) {
  return (
    <polygon
      data-testid={testId}
      points={pts(unitPolygon(unit))}
      fill="none"
      stroke={OBJECTIVE}
      strokeWidth={LINE * (chosen ? 8 : 4)}
      pointerEvents="none"
    />
  );
}

/** The ruler: a zero-thickness line (a hairline whatever the zoom) and its ends. */
export function RulerShape({
  a,
  b,
}: {
  readonly a: { x: number; y: number };
  readonly b: { x: number; y: number };
}) {
  return (
    <g data-testid="ruler" data-ax={a.x} data-ay={a.y} data-bx={b.x} data-by={b.y} pointerEvents="none">
      <line
        x1={a.x}
        y1={a.y}
        x2={b.x}
        y2={b.y}
        stroke="#000"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
      />
      <circle cx={a.x} cy={a.y} r={TICK * 0.12} fill="#000" />
      <circle cx={b.x} cy={b.y} r={TICK * 0.12} fill="#000" />
    </g>
  );
}

/** Where the last refusal happened: the unit it names outlined, or its table point crossed. */
export function RefusalMark({
  unit,
  point,
}: {
  readonly unit: UnitState | undefined;
  readonly point: { x: number; y: number } | undefined;
}) {
  const s = TICK * 0.5;
  return (
    <g data-testid="refusal-mark" pointerEvents="none">
      {unit && (
        <polygon
          points={pts(unitPolygon(unit))}
          fill="none"
          stroke={CONTACT}
          strokeWidth={LINE * 5}
          strokeDasharray={`${LINE * 2} ${LINE * 2}`}
        />
      )}
      {point && (
        <path
          d={`M${point.x - s} ${point.y - s}L${point.x + s} ${point.y + s}M${point.x - s} ${point.y + s}L${point.x + s} ${point.y - s}`}
          stroke={CONTACT}
          strokeWidth={LINE * 3}
        />
      )}
    </g>
  );
}
