import type { GameContext, UnitRecord } from "@tercio/musket-and-pike";
import { COUNTER_FONT, counterFace, counterSize, createLayout, faceOf } from "@tercio/render";
import { SvgMarkup } from "../board/svg-markup.js";

const layout = createLayout(1, 1, 22, 0);
const half = counterSize(layout) * 0.62;

/**
 * A unit's counter as on the map, for lists (the deployment tray, the
 * inspector). Its symbols come from the map's definitions in the same page.
 */
export function CounterIcon({
  ctx,
  unit,
  size = 34,
}: {
  readonly ctx: GameContext;
  readonly unit: UnitRecord;
  readonly size?: number;
}) {
  return (
    <svg
      className="counter-icon"
      width={size}
      height={size}
      viewBox={`${-half} ${-half} ${half * 2} ${half * 2}`}
      aria-hidden="true"
      style={{ fontFamily: COUNTER_FONT }}
    >
      <SvgMarkup markup={counterFace(layout, faceOf(ctx, unit))} />
    </svg>
  );
}
