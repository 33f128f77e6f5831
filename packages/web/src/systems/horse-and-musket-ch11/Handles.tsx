import type { Pose } from "@tercio/geometry";
import { CONTACT } from "@tercio/render/tabletop";
import { type Point, TICK } from "../tabletop/frame.js";
import { aimKnob } from "./charge-aim.js";

/**
 * Handles drawn on the table for input (display floats only; nothing here
 * is measured): the charge's turn handle and the ruler's keyboard cursor.
 */
const LINE = TICK / 20;

/**
 * The charge's turn: an arc of the turns the rules data allows (±45º about
 * the charger's facing), a knob on it at the chosen turn to drag, and the
 * line of the whole allowance along the turned facing (dashed when that
 * turn cannot charge the target).
 */
export function AimHandle({
  charger,
  turn,
  limit,
  radius,
  reach,
  refused,
}: {
  readonly charger: Pose;
  readonly turn: number;
  readonly limit: number;
  readonly radius: number;
  readonly reach: number;
  readonly refused: boolean;
}) {
  const at = (t: number, r: number) => {
    const a = ((charger.facing + t) / 18000) * Math.PI;
    return { x: charger.x + Math.sin(a) * r, y: charger.y + Math.cos(a) * r };
  };
  const from = at(-limit, radius);
  const to = at(limit, radius);
  const knob = aimKnob(charger, turn, radius);
  const end = aimKnob(charger, turn, reach);
  return (
    <g data-testid="charge-turn-handle" data-turn={turn} pointerEvents="none">
      <path
        d={`M${from.x} ${from.y}A${radius} ${radius} 0 0 0 ${to.x} ${to.y}`}
        fill="none"
        stroke={CONTACT}
        strokeWidth={LINE * 2}
        strokeOpacity={0.6}
      />
      <line
        data-testid="charge-aim-line"
        x1={charger.x}
        y1={charger.y}
        x2={end.x}
        y2={end.y}
        stroke={CONTACT}
        strokeWidth={LINE}
        strokeDasharray={refused ? `${LINE * 3} ${LINE * 3}` : undefined}
      />
      <circle
        data-knob=""
        cx={knob.x}
        cy={knob.y}
        r={TICK * 0.35}
        fill={CONTACT}
        stroke="#fff"
        strokeWidth={LINE}
      />
    </g>
  );
}

/** The ruler's keyboard cursor: a cross at a table point. */
export function RulerCursor({ at }: { readonly at: Point }) {
  const s = TICK * 0.4;
  return (
    <g data-testid="ruler-cursor" data-x={at.x} data-y={at.y} pointerEvents="none">
      <path
        d={`M${at.x - s} ${at.y}H${at.x + s}M${at.x} ${at.y - s}V${at.y + s}`}
        stroke="#000"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
      />
      <circle
        cx={at.x}
        cy={at.y}
        r={s / 2}
        fill="none"
        stroke="#000"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
      />
    </g>
  );
}
