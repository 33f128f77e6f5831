import type { Ctx, Position, UnitState } from "@tercio/horse-and-musket-ch11";
import { homeView, viewBoxAttr } from "../tabletop/frame.js";
import { Patterns } from "./Patterns.js";
import { TerrainLayer } from "./TerrainLayer.js";
import { UnitBase } from "./UnitLayer.js";

/** A scenario's table for the chooser: terrain and bases only, static. */
export function Preview({ ctx, position }: { readonly ctx: Ctx; readonly position: Position }) {
  return (
    <svg
      className="hm11-preview"
      data-testid={`preview-${ctx.scenario.id}`}
      viewBox={viewBoxAttr(homeView(ctx.table))}
      role="img"
      aria-label={`${ctx.scenario.name}: the table and both sides' opening positions`}
    >
      <Patterns />
      <g transform={`matrix(1 0 0 -1 0 ${ctx.table.height})`}>
        <TerrainLayer ctx={ctx} />
        {Object.keys(position.units)
          .sort()
          .map((id) => (
            <UnitBase key={id} id={id} unit={position.units[id] as UnitState} selected={false} />
          ))}
      </g>
    </svg>
  );
}
