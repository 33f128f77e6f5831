import type { GameContext } from "@tercio/musket-and-pike";
import { legendPanel, type Sheet } from "@tercio/render";
import { memo, useMemo } from "react";
import { SvgMarkup } from "../board/svg-markup.js";

const WIDTH = 360;

/**
 * The map's key: terrain, victory hexes, zones, and how a counter reads (its swatches use the board's definitions).
 * It never changes during a game: memoized, so a step of play does not reconcile it.
 */
export const Legend = memo(function Legend({
  ctx,
  sheet,
}: {
  readonly ctx: GameContext;
  readonly sheet: Sheet;
}) {
  const drawn = useMemo(() => legendPanel(sheet.layout, ctx, WIDTH), [ctx, sheet]);
  return (
    <details className="legend">
      <summary>Key to the map and counters</summary>
      <svg
        viewBox={`0 0 ${WIDTH} ${drawn.height}`}
        width="100%"
        role="img"
        aria-label="Key: each terrain's colour and symbol, victory hexes, deployment zones, and the counter layout: type and symbol, fire strength and range above, melee strength and movement allowance below, with the disrupted, limbered, square and road mode markers."
      >
        <SvgMarkup markup={drawn.svg} />
      </svg>
    </details>
  );
});
