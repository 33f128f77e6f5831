import { zodIssues } from "@tercio/core";
import {
  type Action,
  ActionSchema,
  applyAll,
  citeRule,
  makePosition,
  serialisePosition,
} from "@tercio/musket-and-pike";
import { type CommonOptions, loadCatalog, loadPosition } from "../catalog.js";
import { describeEvent, statusLine } from "../format.js";
import { type CommandResult, EXIT_ILLEGAL, fail, type Io, nodeIo, parseJson, run } from "../io.js";

export interface ApplyOptions extends CommonOptions {
  readonly out?: string | undefined;
  readonly json?: boolean;
  /** "4,2": die results to use in order instead of the seeded PRNG. */
  readonly dice?: string | undefined;
}

/** "4,2" -> [4, 2]; each a die face 1-6. */
export function parseDice(text: string): number[] {
  const dice = text.split(",").map((t) => t.trim());
  const bad = dice.find((d) => !/^[1-6]$/.test(d));
  if (bad !== undefined) fail(`--dice takes die faces 1 to 6 separated by commas (e.g. 4,2), not "${bad}"`);
  return dice.map(Number);
}

/**
 * Actions from the command line: each argument is a JSON action, a JSON array
 * of actions, or @file.json holding either.
 */
export function parseActions(args: readonly string[], io: Io): Action[] {
  const actions: Action[] = [];
  for (const arg of args) {
    const fromFile = arg.startsWith("@");
    const source = fromFile ? `the actions in ${arg.slice(1)}` : `the action ${JSON.stringify(arg)}`;
    const json = parseJson(fromFile ? io.readText(arg.slice(1)) : arg, source);
    const list = Array.isArray(json) ? json : [json];
    for (const [i, item] of list.entries()) {
      const parsed = ActionSchema.safeParse(item);
      if (!parsed.success) {
        const where = Array.isArray(json) ? `${source}, item ${i + 1}` : source;
        const issues = zodIssues(parsed.error)
          .map((x) => `  ${x.path}: ${x.message}`)
          .join("\n");
        fail(
          `${where} is not a valid action (see packages/systems/musket-and-pike/src/actions.ts; e.g. {"type":"move","unit":"B-PP01","steps":["1205"]}):\n${issues}`,
        );
      }
      actions.push(parsed.data);
    }
  }
  if (actions.length === 0) fail("give at least one action");
  return actions;
}

export function applyCommand(
  path: string,
  actionArgs: readonly string[],
  options: ApplyOptions,
  io: Io = nodeIo,
): CommandResult {
  return run((out) => {
    const catalog = loadCatalog(io, options);
    const { ctx, position } = loadPosition(io, catalog, path);
    const actions = parseActions(actionArgs, io);
    const dice = options.dice === undefined ? undefined : parseDice(options.dice);
    const step = applyAll(ctx, position, actions, dice ? { dice } : {});
    if (!step.ok) {
      const which =
        actions.length > 1 ? `action ${step.error.index + 1} of ${actions.length} is illegal: ` : "";
      const message = step.error.message.startsWith(citeRule(step.error.rule))
        ? step.error.message
        : `${citeRule(step.error.rule)}: ${step.error.message}`;
      fail(`${which}${message}`, EXIT_ILLEGAL);
    }
    const next = step.value.position;
    const events = step.value.events;
    const used = step.value.diceUsed ?? 0;
    if (dice && used < dice.length) {
      fail(
        `the actions used ${used} of the ${dice.length} dice given (${dice.slice(used).join(",")} left over); nothing was written`,
      );
    }
    const toFile = options.out !== undefined && options.out !== "-";
    if (toFile) io.writeText(options.out as string, serialisePosition(next));
    if (options.json) {
      out.print(JSON.stringify({ position: makePosition(next), events }, null, 2));
      return;
    }
    const lines = [...events.map((e) => describeEvent(ctx, e)), `now: ${statusLine(ctx, next)}`];
    if (toFile) {
      for (const l of lines) out.print(l);
      out.print(`wrote ${options.out}`);
    } else {
      // The position goes to stdout so that it can be piped; the events go to stderr.
      out.print(serialisePosition(next));
      for (const l of lines) out.warn(l);
    }
  });
}
