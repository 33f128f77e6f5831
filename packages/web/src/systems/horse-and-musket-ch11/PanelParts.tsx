import { type Ctx, type Position, shotRefusal, squareRefusal } from "@tercio/horse-and-musket-ch11";
import { SIDE_DARK } from "@tercio/render/tabletop";
import { TICK } from "../tabletop/frame.js";
import type { Props } from "./table-props.js";

/** Why the shooter cannot shoot at all (moved, cavalry, square), when nothing says otherwise. */
export function firstShotRefusal(ctx: Ctx, position: Position, id: string): string | undefined {
  const enemy = Object.keys(position.units).find((t) => position.units[t]?.side !== position.units[id]?.side);
  const why = enemy ? shotRefusal(ctx, position, id, enemy) : undefined;
  return why && why.code !== "shoot/field-of-fire" && why.code !== "shoot/out-of-range"
    ? why.message
    : undefined;
}

export function SquareButtons({
  ctx,
  position,
  id,
  perform,
}: {
  readonly ctx: Ctx;
  readonly position: Position;
  readonly id: string;
  readonly perform: Props["perform"];
}) {
  if (
    ctx.options.squares !== "on" ||
    !ctx.rules.data.unitTypes[position.units[id]?.type ?? "cavalry"].formsSquare
  )
    return null;
  const form = squareRefusal(ctx, position, id, true);
  const leave = squareRefusal(ctx, position, id, false);
  return (
    <div>
      <button
        type="button"
        data-testid="form-square"
        disabled={form !== undefined}
        title={form?.message}
        onClick={() => perform({ type: "form-square", unit: id })}
      >
        Form square
      </button>
      <button
        type="button"
        data-testid="leave-square"
        disabled={leave !== undefined}
        title={leave?.message}
        onClick={() => perform({ type: "leave-square", unit: id })}
      >
        Leave square
      </button>
    </div>
  );
}

export function SidesKey({ ctx }: { readonly ctx: Ctx }) {
  return (
    <p className="hm11-key">
      {(["first", "second"] as const).map((s) => (
        <span key={s} style={{ color: SIDE_DARK[s] }}>
          <svg width="28" height="14" viewBox={`0 0 ${TICK * 2} ${TICK}`} aria-hidden="true">
            <rect
              x={TICK / 10}
              y={TICK / 10}
              width={TICK * 1.8}
              height={TICK * 0.8}
              fill={`url(#hm-${s})`}
              stroke={SIDE_DARK[s]}
              strokeWidth={TICK / 12}
              strokeDasharray={s === "second" ? `${TICK / 5} ${TICK / 10}` : undefined}
            />
          </svg>{" "}
          {ctx.scenario.sides[s].name} ({s === "first" ? "hatched, solid edge" : "dotted, dashed edge"}){" "}
        </span>
      ))}
    </p>
  );
}
