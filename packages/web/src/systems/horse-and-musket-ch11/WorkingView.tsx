import { TICK } from "../tabletop/frame.js";
import { pointText, type Working } from "./working.js";

const LINE = TICK / 20;
const pts = (ps: readonly { x: number; y: number }[]) => ps.map((p) => `${p.x},${p.y}`).join(" ");
const COLOURS = ["#7b2cbf", "#0077b6", "#d00000", "#2d6a4f", "#e07b00", "#6c584c"];

/** The working's shapes on the table (in the flipped group), numbered as in the list. */
export function WorkingShapes({ working }: { readonly working: Working }) {
  return (
    <g data-testid="working" pointerEvents="none">
      {working.shapes.map((s, i) => {
        const c = COLOURS[i % COLOURS.length];
        if (s.kind === "point")
          return s.points.map((p) => (
            <circle key={`${s.label}-${p.x}-${p.y}`} cx={p.x} cy={p.y} r={TICK * 0.15} fill={c} />
          ));
        if (s.kind === "segment")
          return (
            <polyline key={s.label} points={pts(s.points)} stroke={c} strokeWidth={LINE * 3} fill="none" />
          );
        return (
          <g key={s.label}>
            <polygon
              points={pts(s.points)}
              fill={c}
              fillOpacity={0.06}
              stroke={c}
              strokeWidth={LINE * 1.5}
              clipPath="url(#hm-table-clip)"
            />
            {s.points.map((p) => (
              <circle key={`${p.x}-${p.y}`} cx={p.x} cy={p.y} r={TICK * 0.08} fill={c} />
            ))}
          </g>
        );
      })}
    </g>
  );
}

/** The working as a list: every shape and its integer points (ticks, 6096 to the inch). */
export function WorkingList({
  working,
  testId = "working-list",
}: {
  readonly working: Working;
  readonly testId?: string;
}) {
  return (
    <section className="hm11-working" aria-label={`Working: ${working.title}`} data-testid={testId}>
      <h3>Working: {working.title}</h3>
      {working.check && (
        <p
          data-testid={`${testId}-check`}
          data-agrees={working.check.agrees}
          className={working.check.agrees ? "hm11-agrees" : "hm11-refusal"}
        >
          {working.check.agrees ? "✓ " : "✗ "}
          {working.check.text}
        </p>
      )}
      <ol>
        {working.shapes.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the shapes are numbered as drawn
          <li key={i} style={{ color: COLOURS[i % COLOURS.length] }}>
            {s.label}: <code>{s.points.map(pointText).join(" ")}</code>
          </li>
        ))}
      </ol>
      <p className="hint">Points in ticks (6096 to the inch), x east, y north from the south-west corner.</p>
    </section>
  );
}
