import {
  type Catalog,
  catalogWithRules,
  defaultCatalog,
  type GameContext,
  gameContext,
  type Position,
  parsePosition,
} from "@tercio/musket-and-pike";
import { fail, type Io, parseJson } from "./io.js";

/** Options every command accepts. */
export interface CommonOptions {
  /** The rule system (--system): an id from @tercio/systems; default Musket & Pike. */
  readonly system?: string | undefined;
  /** A user's rules-data JSON file for that system (--rules), replacing its built-in rules data. */
  readonly rules?: string | undefined;
}

let builtIn: Catalog | undefined;

/** The built-in catalog, or one with the user's rules data (16.0 scenarios and the map stay built in). */
export function loadCatalog(io: Io, options: CommonOptions): Catalog {
  if (options.rules === undefined) {
    builtIn ??= defaultCatalog();
    return builtIn;
  }
  const json = parseJson(io.readText(options.rules), `the rules file ${options.rules}`);
  const catalog = catalogWithRules(json);
  if (!catalog.ok) fail(`${options.rules}: ${catalog.error.message}`);
  return catalog.value;
}

/** A scenario compiled for play, by rule number ("16.24") or slug ("lutzen"). */
export function scenarioContext(catalog: Catalog, id: string): GameContext {
  const ctx = gameContext(catalog, id);
  if (!ctx.ok) fail(ctx.error.message);
  return ctx.value;
}

/** Reads and validates a position file ("-" for standard input). */
export function loadPosition(
  io: Io,
  catalog: Catalog,
  path: string,
): { readonly ctx: GameContext; readonly position: Position } {
  const source = path === "-" ? "standard input" : path;
  const json = parseJson(io.readText(path), `the position in ${source}`);
  const parsed = parsePosition(catalog, json);
  if (!parsed.ok) fail(`${source}: ${parsed.error.message}`);
  return parsed.value;
}
