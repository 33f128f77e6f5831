import { type AnySystem, isFace } from "@tercio/core";
import type { CommonOptions } from "../catalog.js";
import { type CommandResult, EXIT_ILLEGAL, fail, type Io, nodeIo, parseJson, run } from "../io.js";
import { type ChosenSystem, chooseSystem, positionText, readPosition } from "../systems.js";

export interface ApplyOptions extends CommonOptions {
  readonly out?: string | undefined;
  readonly json?: boolean;
  /** "4,2": die results to use in order instead of the seeded PRNG. */
  readonly dice?: string | undefined;
}

/** "4,2" -> [4, 2]; each a face of the system's dice (Musket & Pike: a d6, 1-6). */
export function parseDice(text: string, system?: Pick<AnySystem, "dice">): number[] {
  const dice = text.split(",").map((t) => t.trim());
  const faces = system?.dice;
  const bad = dice.find(
    (d) => !/^\d{1,3}$/.test(d) || (faces ? !isFace(faces, Number(d)) : !/^[1-6]$/.test(d)),
  );
  if (bad !== undefined) {
    const which =
      !faces || faces.name === "d6"
        ? "die faces 1 to 6"
        : `faces of the ${faces.name} (${[...new Set(faces.faces)].join(", ")})`;
    fail(`--dice takes ${which} separated by commas (e.g. 4,2), not "${bad}"`);
  }
  return dice.map(Number);
}

/**
 * Actions from the command line: each argument is a JSON action, a JSON array
 * of actions, or @file.json holding either; each is checked by the system.
 */
export function parseActions(args: readonly string[], io: Io, chosen: ChosenSystem): unknown[] {
  const actions: unknown[] = [];
  for (const arg of args) {
    const fromFile = arg.startsWith("@");
    const source = fromFile ? `the actions in ${arg.slice(1)}` : `the action ${JSON.stringify(arg)}`;
    const json = parseJson(fromFile ? io.readText(arg.slice(1)) : arg, source);
    const list = Array.isArray(json) ? json : [json];
    for (const [i, item] of list.entries()) {
      const parsed = chosen.system.parseAction(item);
      if (!parsed.ok) {
        const where = Array.isArray(json) ? `${source}, item ${i + 1}` : source;
        const issues = parsed.error.issues.map((x) => `  ${x.path}: ${x.message}`).join("\n");
        const hint = chosen.cli.actionHint ? ` (${chosen.cli.actionHint})` : ` of ${chosen.system.id}`;
        fail(`${where} is not a valid action${hint}:\n${issues}`);
      }
      actions.push(parsed.value);
    }
  }
  if (actions.length === 0) fail("give at least one action");
  return actions;
}

/**
 * Applies actions to a position of the chosen system, in order, with the
 * table dice given; a refusal is printed with the rule it cites and nothing
 * is written.
 */
export function applyCommand(
  path: string,
  actionArgs: readonly string[],
  options: ApplyOptions,
  io: Io = nodeIo,
): CommandResult {
  return run((out) => {
    const chosen = chooseSystem(io, options);
    const { system } = chosen;
    const { ctx, position } = readPosition(io, chosen, path);
    const actions = parseActions(actionArgs, io, chosen);
    const dice = options.dice === undefined ? undefined : parseDice(options.dice, system);
    let next = position;
    const events: unknown[] = [];
    let used = 0;
    for (const [index, action] of actions.entries()) {
      const step = system.apply(ctx, next, action, dice?.slice(used));
      if (!step.ok) {
        const which = actions.length > 1 ? `action ${index + 1} of ${actions.length} is illegal: ` : "";
        const cited = system.cite(step.error.rule);
        const message = step.error.message.startsWith(cited)
          ? step.error.message
          : `${cited}: ${step.error.message}`;
        fail(`${which}${message}`, EXIT_ILLEGAL);
      }
      next = step.value.position;
      events.push(...step.value.events);
      used += step.value.dice.length;
    }
    if (dice && used < dice.length) {
      fail(
        `the actions used ${used} of the ${dice.length} dice given (${dice.slice(used).join(",")} left over); nothing was written`,
      );
    }
    const text = positionText(chosen, next);
    const toFile = options.out !== undefined && options.out !== "-";
    if (toFile) io.writeText(options.out as string, text);
    if (options.json) {
      out.print(JSON.stringify({ position: JSON.parse(text) as unknown, events }, null, 2));
      return;
    }
    const lines = [
      ...events.flatMap((e) => system.describeEvent(ctx, e) ?? []),
      `now: ${system.status(ctx, next).text}`,
    ];
    if (toFile) {
      for (const l of lines) out.print(l);
      out.print(`wrote ${options.out}`);
    } else {
      // The position goes to stdout so that it can be piped; the events go to stderr.
      out.print(text);
      for (const l of lines) out.warn(l);
    }
  });
}
