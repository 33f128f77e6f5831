import {
  type Action,
  applyAll,
  autoDeploy,
  type GameContext,
  newGame,
  OPTIONAL_RULES,
  type OptionalRule,
  type Position,
} from "@tercio/musket-and-pike";
import type { CommonOptions } from "../catalog.js";
import { playerName } from "../format.js";
import { type CommandResult, EXIT_ILLEGAL, fail, type Io, nodeIo, run } from "../io.js";
import {
  type ChosenSystem,
  chooseSystem,
  openingOf,
  positionText,
  requireMp,
  scenarioTitle,
} from "../systems.js";

export interface NewOptions extends CommonOptions {
  readonly seed: string;
  /** Comma-separated optional rules (11.0-15.0). */
  readonly optional?: string | undefined;
  /** key=value options of the chosen system (repeatable). */
  readonly option?: readonly string[] | undefined;
  /** "auto" deploys both sides with the engine's autoDeploy. */
  readonly deploy?: string | undefined;
  readonly out?: string | undefined;
}

export function parseSeed(text: string): number {
  const t = text.trim();
  const n = /^\d+$/.test(t) ? Number(t) : Number.NaN;
  if (!Number.isSafeInteger(n) || n > 0xffffffff)
    fail(`--seed must be a whole number from 0 to 4294967295, not "${text}"`);
  return n;
}

export function parseOptionalRules(text: string | undefined): OptionalRule[] {
  if (text === undefined) return [];
  const names = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const known = new Set<string>(OPTIONAL_RULES);
  const bad = names.filter((n) => !known.has(n));
  if (bad.length > 0)
    fail(
      `unknown optional rule ${bad.map((b) => `"${b}"`).join(", ")}; choose from ${OPTIONAL_RULES.join(", ")}`,
    );
  return names as OptionalRule[];
}

export function parseDeployMode(text: string | undefined): "auto" | undefined {
  if (text === undefined) return undefined;
  if (text !== "auto") fail(`--deploy takes "auto" (deploy both sides automatically), not "${text}"`);
  return "auto";
}

/**
 * 16.0: each deploying side in turn sets up with the engine's autoDeploy and
 * ends its deployment, until play begins.
 */
export function deployAutomatically(
  ctx: GameContext,
  position: Position,
): { position: Position; actions: Action[] } {
  let current = position;
  const actions: Action[] = [];
  for (let guard = 0; current.phase === "deployment" && guard < 4; guard++) {
    const side = current.phasing;
    const batch: Action[] = [...autoDeploy(ctx, current), { type: "end-phase" }];
    const step = applyAll(ctx, current, batch);
    if (!step.ok)
      fail(
        `automatic deployment of the ${playerName(ctx.scenario, side)} failed: ${step.error.message}`,
        EXIT_ILLEGAL,
      );
    actions.push(...batch);
    current = step.value.position;
  }
  if (current.phase === "deployment") fail("automatic deployment did not finish", EXIT_ILLEGAL);
  return { position: current, actions };
}

/** The opening position of a scenario, optionally deployed. */
export function openingPosition(
  ctx: GameContext,
  seed: number,
  optionalRules: readonly OptionalRule[],
  deploy: "auto" | undefined,
): Position {
  const opened = newGame(ctx, { seed, optionalRules });
  if (!opened.ok) fail(opened.error.message);
  return deploy === "auto" ? deployAutomatically(ctx, opened.value.position).position : opened.value.position;
}

/**
 * --option key=value, repeatable: the system's options as its parseSetup
 * reads them; a value is JSON where it parses as JSON (true, 3, ["a"]),
 * else a string; a key alone is true.
 */
export function parseOptionFlags(values: readonly string[] | undefined): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const v of values ?? []) {
    const eq = v.indexOf("=");
    const key = (eq < 0 ? v : v.slice(0, eq)).trim();
    if (key === "") fail(`--option takes key=value, not "${v}"`);
    const text = eq < 0 ? "true" : v.slice(eq + 1);
    let value: unknown = text;
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the text itself.
    }
    options[key] = value;
  }
  return options;
}

/**
 * The raw options of a game from --option, and Musket & Pike's --optional
 * (its optional rules, refused for another system).
 */
export function gameOptions(
  chosen: ChosenSystem,
  flags: { readonly optional?: string | undefined; readonly option?: readonly string[] | undefined },
): Record<string, unknown> {
  const options = parseOptionFlags(flags.option);
  if (flags.optional === undefined) return options;
  if (!chosen.mp)
    fail(
      `--optional names Musket & Pike's optional rules; ${chosen.system.id} takes --option key=value (its options: ${
        chosen.system
          .options()
          .map((o) => o.id)
          .join(", ") || "none"
      })`,
    );
  return { ...options, optionalRules: parseOptionalRules(flags.optional) };
}

export function newCommand(id: string, options: NewOptions, io: Io = nodeIo): CommandResult {
  return run((out) => {
    const seed = parseSeed(options.seed);
    const deploy = parseDeployMode(options.deploy);
    const chosen = chooseSystem(io, options);
    const raw = gameOptions(chosen, options);
    let game: { readonly ctx: unknown; readonly position: unknown };
    if (deploy === "auto") {
      const mp = requireMp(chosen, "new --deploy auto", "without --deploy, the opening position is written");
      const opened = openingOf(mp.system, id, raw, seed);
      game = { ctx: opened.ctx, position: deployAutomatically(opened.ctx, opened.position).position };
    } else game = openingOf(chosen.system, id, raw, seed);
    const text = positionText(chosen, game.position);
    if (options.out !== undefined && options.out !== "-") {
      io.writeText(options.out, text);
      const scenario = chosen.system.setupOf(game.ctx, game.position).scenario;
      out.print(
        `${scenarioTitle(chosen, scenario)}: ${chosen.system.status(game.ctx, game.position).text}; wrote ${options.out}`,
      );
    } else out.print(text);
  });
}
