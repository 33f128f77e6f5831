import { SIDE_DARK, SIDE_FILL } from "@tercio/render/tabletop";
import { TICK } from "../tabletop/frame.js";

/**
 * The sides told apart without colour: the first side's bases are hatched
 * and outlined solid, the second's dotted and outlined dashed (the hue
 * differs too). Woods and marsh carry a texture of their own.
 */
export const SIDE_STYLE = {
  first: { fill: "url(#hm-first)", dash: undefined, label: "hatched, solid edge" },
  second: { fill: "url(#hm-second)", dash: `${TICK / 5} ${TICK / 10}`, label: "dotted, dashed edge" },
} as const;

export function Patterns({ prefix = "hm" }: { readonly prefix?: string }) {
  const s = TICK / 2;
  return (
    <defs>
      <pattern
        id={`${prefix}-first`}
        patternUnits="userSpaceOnUse"
        width={s}
        height={s}
        patternTransform="rotate(45)"
      >
        <rect width={s} height={s} fill={SIDE_FILL.first} />
        <line x1={0} y1={0} x2={0} y2={s} stroke={SIDE_DARK.first} strokeWidth={s / 5} strokeOpacity={0.45} />
      </pattern>
      <pattern id={`${prefix}-second`} patternUnits="userSpaceOnUse" width={s} height={s}>
        <rect width={s} height={s} fill={SIDE_FILL.second} />
        <circle cx={s / 2} cy={s / 2} r={s / 7} fill={SIDE_DARK.second} fillOpacity={0.5} />
      </pattern>
      <pattern id={`${prefix}-woods`} patternUnits="userSpaceOnUse" width={TICK} height={TICK}>
        <rect width={TICK} height={TICK} fill="#8fbf78" />
        <circle cx={TICK / 4} cy={TICK / 4} r={TICK / 6} fill="#5f9a4c" />
        <circle cx={(3 * TICK) / 4} cy={(3 * TICK) / 4} r={TICK / 5} fill="#5f9a4c" />
      </pattern>
      <pattern id={`${prefix}-marsh`} patternUnits="userSpaceOnUse" width={TICK} height={TICK / 2}>
        <rect width={TICK} height={TICK / 2} fill="#b7cfb8" />
        <path
          d={`M${TICK / 8} ${TICK / 4}h${TICK / 3}M${TICK / 2} ${TICK / 8}h${TICK / 3}`}
          stroke="#4f7d6a"
          strokeWidth={TICK / 30}
        />
      </pattern>
    </defs>
  );
}

/** The board's definitions: the patterns, the table's clip (for arcs and bands reaching past it) and the charge arrow. */
export function BoardDefs({
  table,
}: {
  readonly table: { readonly width: number; readonly height: number };
}) {
  return (
    <>
      <Patterns />
      <defs>
        <clipPath id="hm-table-clip">
          <rect x={0} y={0} width={table.width} height={table.height} />
        </clipPath>
        <marker
          id="hm-arrow"
          viewBox="0 0 10 10"
          refX={10}
          refY={5}
          markerWidth={6}
          markerHeight={6}
          orient="auto-start-reverse"
        >
          <path d="M0 0L10 5L0 10z" fill="#c8231b" />
        </marker>
      </defs>
    </>
  );
}
