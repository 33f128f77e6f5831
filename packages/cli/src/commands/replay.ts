import { parseSavedGame, replay, serialisePosition } from "@tercio/musket-and-pike";
import { type CommonOptions, loadCatalog } from "../catalog.js";
import { PHASE_NAMES, playerName, statusLine } from "../format.js";
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

export interface ReplayOptions extends CommonOptions {
  readonly out?: string | undefined;
  readonly json?: boolean;
}

export function replayCommand(path: string, options: ReplayOptions, io: Io = nodeIo): CommandResult {
  return run((out) => {
    const catalog = loadCatalog(io, options);
    const source = path === "-" ? "standard input" : path;
    const save = parseSavedGame(parseJson(io.readText(path), `the saved game in ${source}`));
    if (!save.ok) fail(`${source}: ${save.error.message}`);
    const replayed = replay(catalog, save.value);
    if (!replayed.ok) {
      const e = replayed.error;
      const code = e.kind === "illegal-action" || e.kind === "hash-mismatch" ? EXIT_ILLEGAL : EXIT_BAD_INPUT;
      fail(`${source}: ${e.message}`, code);
    }
    const { ctx, final, hash } = replayed.value;
    const verified = save.value.finalHash !== undefined;
    if (options.out !== undefined) io.writeText(options.out, serialisePosition(final));
    if (options.json) {
      out.print(
        JSON.stringify(
          {
            scenario: ctx.scenario.id,
            name: ctx.scenario.name,
            actions: save.value.actions.length,
            gameTurn: final.gameTurn,
            phasing: final.phasing,
            phase: final.phase,
            hash,
            verified,
          },
          null,
          2,
        ),
      );
      return;
    }
    out.print(`Scenario: ${ctx.scenario.id} ${ctx.scenario.name}`);
    out.print(
      `Seed: ${save.value.seed}; optional rules: ${save.value.options.optionalRules.join(", ") || "none"}`,
    );
    out.print(`Actions: ${save.value.actions.length}`);
    out.print(
      `Reached: ${statusLine(ctx, final)} (${final.phase === "game-over" ? PHASE_NAMES[final.phase] : `${playerName(ctx.scenario, final.phasing)} phasing`})`,
    );
    out.print(`Final hash: ${hash}`);
    out.print(verified ? "hash verified" : "the save carries no finalHash: nothing to verify");
    if (options.out !== undefined) out.print(`wrote ${options.out}`);
  });
}
