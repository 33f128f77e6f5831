import type { Ctx, Position } from "@tercio/plucky-pikes";
import { flipTransform, homeView, viewBoxAttr } from "../tabletop/frame.js";
import { Defs, Officers, Terrain, UnitShape } from "./Layers.js";
import { TeamShape } from "./Teams.js";

/** A scenario's table for the chooser: the terrain, objectives and both sides' opening positions. */
export function Preview({ ctx, position }: { readonly ctx: Ctx; readonly position: Position }) {
  return (
    <svg
      className="hm11-preview"
      data-testid={`preview-${ctx.scenario.id}`}
      role="img"
      aria-label={`${ctx.scenario.name}: the table and both sides' opening positions`}
      viewBox={viewBoxAttr(homeView(ctx.table))}
    >
      <Defs />
      <g transform={flipTransform(ctx.table)}>
        <Terrain ctx={ctx} />
        {Object.keys(position.units)
          .sort()
          .map((id) => {
            const u = position.units[id];
            return u && !u.gone ? <UnitShape key={id} ctx={ctx} id={id} u={u} /> : null;
          })}
        {Object.keys(position.units)
          .sort()
          .map((id) => {
            const u = position.units[id];
            return u && !u.gone ? <TeamShape key={id} ctx={ctx} id={id} gun={u} /> : null;
          })}
        <Officers ctx={ctx} position={position} />
      </g>
    </svg>
  );
}
