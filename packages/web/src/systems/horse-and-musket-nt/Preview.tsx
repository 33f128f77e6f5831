import type { Ctx, Position } from "@tercio/horse-and-musket-nt";
import { renderNtTable } from "@tercio/render/tabletop-nt";

/** A scenario's table for the chooser: the CLI's own picture of the opening. */
export function Preview({ ctx, position }: { readonly ctx: Ctx; readonly position: Position }) {
  const svg = renderNtTable(ctx, position, { pxPerInch: 4 });
  return (
    <div
      className="hm11-preview"
      data-testid={`preview-${ctx.scenario.id}`}
      role="img"
      aria-label={`${ctx.scenario.name}: the table and both sides' opening positions`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the renderer's SVG of the scenario, escaped by it
      dangerouslySetInnerHTML={{ __html: svg.replace(/ width="[^"]*" height="[^"]*"/, ' width="100%"') }}
    />
  );
}
