import { parseSave, replaySave, systemOf } from "@tercio/core";
import type { CommonOptions } from "../catalog.js";
import {
  type CommandResult,
  EXIT_BAD_INPUT,
  EXIT_ILLEGAL,
  fail,
  type Io,
  nodeIo,
  parseJson,
  run,
} from "../io.js";
import { chooseSystem, findEntry, positionText, scenarioTitle, systemIds } from "../systems.js";

export interface ReplayOptions extends CommonOptions {
  readonly out?: string | undefined;
  readonly json?: boolean;
}

/**
 * Replays a saved game of any system with the system the save names (saves
 * from before systems were named are Musket & Pike's), and checks its final
 * hash. A --system other than the save's, another version of the system, or
 * other rules data is refused, never replayed wrong.
 */
export function replayCommand(path: string, options: ReplayOptions, io: Io = nodeIo): CommandResult {
  return run((out) => {
    const source = path === "-" ? "standard input" : path;
    const save = parseSave(parseJson(io.readText(path), `the saved game in ${source}`));
    if (!save.ok) fail(`${source}: ${save.error.message}`);
    const named = systemOf(save.value);
    if (options.system === undefined && !findEntry(io, named))
      fail(
        `${source}: a game of ${named}, a rule system this tercio does not have (the systems are ${systemIds(io).join(", ")})`,
      );
    const chosen = chooseSystem(io, options, options.system ?? named);
    const { system } = chosen;
    const replayed = replaySave(system, save.value);
    if (!replayed.ok) {
      const e = replayed.error;
      const code = e.kind === "illegal-action" || e.kind === "hash-mismatch" ? EXIT_ILLEGAL : EXIT_BAD_INPUT;
      fail(`${source}: ${e.message}`, code);
    }
    const { ctx, setup, final, hash } = replayed.value;
    const verified = save.value.finalHash !== undefined;
    const status = system.status(ctx, final);
    const seat = system.toAct(final);
    if (options.out !== undefined) io.writeText(options.out, positionText(chosen, final));
    if (options.json) {
      const name = system.scenarios().find((s) => s.id === setup.scenario)?.name ?? setup.scenario;
      out.print(
        JSON.stringify(
          {
            system: system.id,
            scenario: setup.scenario,
            name,
            actions: save.value.actions.length,
            gameTurn: status.turn,
            toAct: seat,
            phase: status.phase,
            hash,
            verified,
          },
          null,
          2,
        ),
      );
      return;
    }
    const optionsText =
      chosen.cli.optionsText?.(setup.options) ??
      `options: ${Object.keys(save.value.options).length === 0 ? "none" : JSON.stringify(save.value.options)}`;
    out.print(`Scenario: ${scenarioTitle(chosen, setup.scenario)}`);
    out.print(`Seed: ${save.value.seed}; ${optionsText}`);
    out.print(`Actions: ${save.value.actions.length}`);
    const result = system.result(final);
    const after = result ? "game over" : seat ? `${system.seatName(ctx, seat)} to act` : "";
    out.print(`Reached: ${status.text}${after ? ` (${after})` : ""}`);
    out.print(`Final hash: ${hash}`);
    out.print(verified ? "hash verified" : "the save carries no finalHash: nothing to verify");
    if (options.out !== undefined) out.print(`wrote ${options.out}`);
  });
}
