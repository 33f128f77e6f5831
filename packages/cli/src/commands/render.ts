import { findScenario } from "@tercio/musket-and-pike";
import { renderMap, renderPosition, renderScenario } from "@tercio/render";
import { type CommonOptions, loadPosition, scenarioContext } from "../catalog.js";
import { type CommandResult, fail, type Io, nodeIo, run } from "../io.js";
import { mpCatalog } from "../systems.js";
import { openingPosition, parseDeployMode, parseSeed } from "./new.js";

export interface RenderCommandOptions extends CommonOptions {
  readonly out: string;
  readonly ids?: boolean;
  readonly zones?: boolean;
  /** For a scenario: draw its opening position after automatic deployment. */
  readonly deploy?: string | undefined;
  readonly seed?: string | undefined;
}

/**
 * `tercio render map|SCENARIO|POSITION`: "map" is the bare map; an existing
 * file (or "-") is a position; otherwise a scenario id or slug.
 */
export function renderCommand(what: string, options: RenderCommandOptions, io: Io = nodeIo): CommandResult {
  return run((out) => {
    const deploy = parseDeployMode(options.deploy);
    const catalog = mpCatalog(io, options, "render");
    const view = { ids: options.ids ?? false, zones: options.zones ?? false };
    let svg: string;
    if (what === "map") svg = renderMap(catalog.map, view);
    else if (what === "-" || io.exists(what)) {
      const { ctx, position } = loadPosition(io, catalog, what);
      svg = renderPosition(ctx, position, view);
    } else if (findScenario(catalog.scenarios, what)) {
      const ctx = scenarioContext(catalog, what);
      svg =
        deploy === "auto"
          ? renderPosition(ctx, openingPosition(ctx, parseSeed(options.seed ?? "1"), [], "auto"), view)
          : renderScenario(ctx, view);
    } else {
      return fail(
        `"${what}" is neither a position file nor a scenario: give a JSON file, "map", or a scenario such as 16.24 or lutzen`,
      );
    }
    if (options.out === "-") out.print(svg);
    else {
      io.writeText(options.out, svg);
      out.print(options.out);
    }
  });
}
