import {
  type Action,
  applyAll,
  autoDeploy,
  type GameContext,
  newGame,
  OPTIONAL_RULES,
  type OptionalRule,
  type Position,
  serialisePosition,
} from "@tercio/musket-and-pike";
import { type CommonOptions, loadCatalog, scenarioContext } from "../catalog.js";
import { playerName, statusLine } from "../format.js";
import { type CommandResult, EXIT_ILLEGAL, fail, type Io, nodeIo, run } from "../io.js";

export interface NewOptions extends CommonOptions {
  readonly seed: string;
  /** Comma-separated optional rules (11.0-15.0). */
  readonly optional?: string | undefined;
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

export function newCommand(id: string, options: NewOptions, io: Io = nodeIo): CommandResult {
  return run((out) => {
    const seed = parseSeed(options.seed);
    const optional = parseOptionalRules(options.optional);
    const deploy = parseDeployMode(options.deploy);
    const catalog = loadCatalog(io, options);
    const ctx = scenarioContext(catalog, id);
    const position = openingPosition(ctx, seed, optional, deploy);
    const text = serialisePosition(position);
    if (options.out !== undefined && options.out !== "-") {
      io.writeText(options.out, text);
      out.print(
        `${ctx.scenario.id} ${ctx.scenario.name}: ${statusLine(ctx, position)}; wrote ${options.out}`,
      );
    } else out.print(text);
  });
}
