import type { Ctx, Position } from "@tercio/horse-and-musket-ch11";
import type { Ctx as NtCtx, Position as NtPosition } from "@tercio/horse-and-musket-nt";
import { findScenario } from "@tercio/musket-and-pike";
import { PLUCKY_PIKES, type Ctx as PpCtx, type Position as PpPosition } from "@tercio/plucky-pikes";
import { renderMap, renderPosition, renderScenario } from "@tercio/render";
import { renderTabletop, type UnitChoice } from "@tercio/render/tabletop";
import { renderNtTable } from "@tercio/render/tabletop-nt";
import { renderPpTable } from "@tercio/render/tabletop-pp";
import { type CommonOptions, loadPosition, scenarioContext } from "../catalog.js";
import { type CommandResult, fail, type Io, nodeIo, run } from "../io.js";
import { type ChosenSystem, chooseSystem, openingOf, readPosition, requireMp } from "../systems.js";
import { openingPosition, parseDeployMode, parseOptionFlags, parseSeed } from "./new.js";

export interface RenderCommandOptions extends CommonOptions {
  /** The SVG file to write; "-" or none prints it. */
  readonly out?: string | undefined;
  readonly ids?: boolean;
  readonly zones?: boolean;
  /** For a scenario: draw its opening position after automatic deployment. */
  readonly deploy?: string | undefined;
  readonly seed?: string | undefined;
  /** Tabletop: each shooter's field of fire (true), or the units listed ("R-INF1,R-ART1"). */
  readonly arcs?: boolean | string | undefined;
  /** Tabletop: each shooter's range band, likewise. */
  readonly ranges?: boolean | string | undefined;
  /** Tabletop: options of a scenario's game (key=value). */
  readonly option?: readonly string[] | undefined;
  /** horse-and-musket-nt: each unit's 4" threat zone (true), or the units listed. */
  readonly threats?: boolean | string | undefined;
  /** horse-and-musket-nt: the protected flanks. */
  readonly protected?: boolean | undefined;
}

/** The flags of one system's pictures, and the systems each is for (a refusal names them). */
const FLAG_SYSTEMS = {
  "--zones": "musket-and-pike, horse-and-musket-ch11 and horse-and-musket-nt",
  "--arcs": "horse-and-musket-ch11",
  "--ranges": "horse-and-musket-ch11 and horse-and-musket-nt",
  "--threats": "horse-and-musket-nt",
  "--protected": "horse-and-musket-nt",
} as const;

/**
 * `tercio render map|SCENARIO|POSITION`: "map" is the bare map; an existing
 * file (or "-") is a position; otherwise a scenario id or slug. For
 * the measured-table systems (Horse and Musket's chapter 11 and NT-inspired
 * rules, Plucky Pikes and Stalwart Shot), a position or a scenario's
 * opening position on its table.
 */
export function renderCommand(what: string, options: RenderCommandOptions, io: Io = nodeIo): CommandResult {
  return run((out) => {
    const chosen = chooseSystem(io, options);
    const svg = chosen.hm11
      ? tabletopSvg(chosen, what, options, io)
      : chosen.hmnt
        ? ntSvg(chosen, what, options, io)
        : chosen.system.id === PLUCKY_PIKES
          ? ppSvg(chosen, what, options, io)
          : hexSvg(chosen, what, options, io);
    if (options.out === undefined || options.out === "-") out.print(svg);
    else {
      io.writeText(options.out, svg);
      out.print(options.out);
    }
  });
}

function hexSvg(chosen: ChosenSystem, what: string, options: RenderCommandOptions, io: Io): string {
  const deploy = parseDeployMode(options.deploy);
  if (options.arcs !== undefined) fail(`--arcs is for ${FLAG_SYSTEMS["--arcs"]}`);
  if (options.ranges !== undefined) fail(`--ranges is for ${FLAG_SYSTEMS["--ranges"]}`);
  const { catalog } = requireMp(chosen, "render");
  const view = { ids: options.ids ?? false, zones: options.zones ?? false };
  if (what === "map") return renderMap(catalog.map, view);
  if (what === "-" || io.exists(what)) {
    const { ctx, position } = loadPosition(io, catalog, what);
    return renderPosition(ctx, position, view);
  }
  if (findScenario(catalog.scenarios, what)) {
    const ctx = scenarioContext(catalog, what);
    return deploy === "auto"
      ? renderPosition(ctx, openingPosition(ctx, parseSeed(options.seed ?? "1"), [], "auto"), view)
      : renderScenario(ctx, view);
  }
  return fail(
    `"${what}" is neither a position file nor a scenario: give a JSON file, "map", or a scenario such as 16.24 or lutzen`,
  );
}

/** --arcs / --ranges: every shooter, or the units listed, each checked against the position. */
function unitChoice(
  flag: string,
  value: boolean | string | undefined,
  position: { readonly units: Readonly<Record<string, unknown>> },
): UnitChoice {
  if (value === undefined || value === false) return false;
  if (value === true) return true;
  const ids = value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const unknown = ids.filter((id) => !position.units[id]);
  if (unknown.length > 0)
    fail(
      `${flag}: no unit ${unknown.join(", ")} in this position; its units are ${Object.keys(position.units).sort().join(", ")}`,
    );
  return ids;
}

/** The position a tabletop render draws: a position file, or a scenario's opening. */
function tabletopPosition(
  chosen: ChosenSystem,
  what: string,
  options: RenderCommandOptions,
  io: Io,
): { ctx: unknown; position: unknown } {
  if (options.deploy !== undefined)
    fail("--deploy is Musket & Pike's: a measured-table scenario deploys in fixed poses");
  if (options.ids) fail("--ids prints hex ids (Musket & Pike); the measured table has none");
  if (what === "map") fail('"map" is Musket & Pike\'s map; give a position file or a scenario id');
  if (what === "-" || io.exists(what)) {
    if (options.option !== undefined) fail("--option is for a scenario; a position carries its own options");
    return readPosition(io, chosen, what);
  }
  if (chosen.system.scenarios().some((s) => s.id === what))
    return openingOf(chosen.system, what, parseOptionFlags(options.option), parseSeed(options.seed ?? "1"));
  return fail(
    `"${what}" is neither a position file nor a scenario of ${chosen.system.id}: give a JSON file or a scenario id (see: tercio --system ${chosen.system.id} scenario list)`,
  );
}

function tabletopSvg(chosen: ChosenSystem, what: string, options: RenderCommandOptions, io: Io): string {
  if (options.threats !== undefined || options.protected !== undefined)
    fail("--threats and --protected are for horse-and-musket-nt");
  const read = tabletopPosition(chosen, what, options, io);
  const ctx = read.ctx as Ctx;
  const position = read.position as Position;
  return renderTabletop(ctx, position, {
    arcs: unitChoice("--arcs", options.arcs, position),
    ranges: unitChoice("--ranges", options.ranges, position),
    zones: options.zones ?? false,
    objectives: options.zones ?? false,
  });
}

function ntSvg(chosen: ChosenSystem, what: string, options: RenderCommandOptions, io: Io): string {
  if (options.arcs !== undefined)
    fail("--arcs is chapter 11's field of fire; 003's front arc is in --threats");
  const read = tabletopPosition(chosen, what, options, io);
  const ctx = read.ctx as NtCtx;
  const position = read.position as NtPosition;
  return renderNtTable(ctx, position, {
    threats: unitChoice("--threats", options.threats, position),
    ranges: unitChoice("--ranges", options.ranges, position),
    protectedFlanks: options.protected ?? false,
    objectives: options.zones ?? false,
  });
}

/**
 * Plucky Pikes and Stalwart Shot (001): the table with every unit's stands
 * and figures, guns' horse teams, officers, terrain and objectives (always
 * drawn: the text's victory points). None of the other tables' overlays
 * applies, so each of their flags is refused with the systems it is for.
 */
function ppSvg(chosen: ChosenSystem, what: string, options: RenderCommandOptions, io: Io): string {
  const given: [keyof typeof FLAG_SYSTEMS, unknown][] = [
    ["--zones", options.zones],
    ["--arcs", options.arcs],
    ["--ranges", options.ranges],
    ["--threats", options.threats],
    ["--protected", options.protected],
  ];
  for (const [flag, value] of given)
    if (value !== undefined && value !== false)
      fail(
        `${flag} is for ${FLAG_SYSTEMS[flag]}; ${PLUCKY_PIKES} ${flag === "--zones" ? "has no deployment zones, and draws its objectives always" : "has no such overlay"}`,
      );
  const read = tabletopPosition(chosen, what, options, io);
  return renderPpTable(read.ctx as PpCtx, read.position as PpPosition);
}
