import { type AnyPolicy, findPolicy, type PlayedGame, playGame } from "@tercio/ai";
import { makeSave, type Save } from "@tercio/core";
import type { CommonOptions } from "../catalog.js";
import { type CommandResult, EXIT_ILLEGAL, fail, type Io, nodeIo, run } from "../io.js";
import {
  type ChosenSystem,
  chooseSystem,
  contextOf,
  levelsOf,
  scenarioTitle,
  seatLabel,
  setupOf,
} from "../systems.js";
import { gameOptions, parseSeed } from "./new.js";

export interface PlayOptions extends CommonOptions {
  readonly seed: string;
  /** The first seat's AI level: "greedy" (default), "random" or "strong" (Musket & Pike's). */
  readonly first?: string | undefined;
  /** The second seat's AI level. */
  readonly second?: string | undefined;
  /** Write the game as a saved game (tercio replay reads it). */
  readonly save?: string | undefined;
  /** Print every event. */
  readonly log?: boolean;
  /** Comma-separated optional rules (Musket & Pike 11.0-15.0). */
  readonly optional?: string | undefined;
  /** key=value options of the chosen system (repeatable). */
  readonly option?: readonly string[] | undefined;
  readonly json?: boolean;
}

export const DEFAULT_POLICY = "greedy";

/** A player of the system's level, refused with the list of its levels. */
export function policyOption(chosen: ChosenSystem, text: string | undefined, flag: string): AnyPolicy {
  const name = text ?? DEFAULT_POLICY;
  const levels = levelsOf(chosen);
  const policy = findPolicy(chosen.system.id, name);
  if (!policy) fail(`${flag}: unknown policy "${name}"; choose from ${levels.join(", ")}`);
  return policy;
}

/** A saved game as JSON, one action per line (a whole game is a thousand actions or so). */
export function saveText(save: Save): string {
  const { actions, ...header } = save;
  const head = JSON.stringify(header, null, 2).replace(/\n}$/, "");
  const list = actions.map((a) => `    ${JSON.stringify(a)}`).join(",\n");
  return `${head},\n  "actions": [\n${list}\n  ]\n}\n`;
}

/**
 * Plays a whole game of the chosen system between two of its AI levels
 * (@tercio/ai), from the opening to the result, and prints the result and a
 * summary; --save writes it as a core saved game.
 */
export function playCommand(id: string, options: PlayOptions, io: Io = nodeIo): CommandResult {
  return run((out) => {
    const seed = parseSeed(options.seed);
    const chosen = chooseSystem(io, options);
    const { system } = chosen;
    const first = policyOption(chosen, options.first, "--first");
    const second = policyOption(chosen, options.second, "--second");
    const setup = setupOf(system, id, gameOptions(chosen, options));
    const ctx = contextOf(system, setup);
    const title = scenarioTitle(chosen, setup.scenario);
    const log = (line: string) => (options.json ? out.warn(line) : out.print(line));
    const onEvents = options.log
      ? (events: readonly unknown[]) => {
          for (const e of events) {
            const line = system.describeEvent(ctx, e);
            if (line !== undefined) log(line);
          }
        }
      : undefined;
    let game: PlayedGame<unknown, unknown>;
    try {
      game = playGame(system, ctx, setup, { seed, first, second, ...(onEvents ? { onEvents } : {}) });
    } catch (e) {
      // A policy's illegal action or a dead end: the game cannot be finished.
      return fail(`${title}, seed ${seed}: ${e instanceof Error ? e.message : String(e)}`, EXIT_ILLEGAL);
    }
    const { position, result, actionCount, gameTurns } = game;
    if (options.save !== undefined) {
      // The setup as the final position records it (Musket & Pike: with the optional rules the scenario imposes).
      const save = makeSave(system, {
        setup: system.setupOf(ctx, position),
        seed,
        actions: game.actions,
        final: position,
      });
      io.writeText(options.save, saveText(save));
    }
    if (options.json) {
      out.print(
        JSON.stringify(
          {
            scenario: setup.scenario,
            seed,
            result: { ...result, gameTurn: gameTurns },
            gameTurn: gameTurns,
            actions: actionCount,
          },
          null,
          2,
        ),
      );
      return;
    }
    const seat = (s: "first" | "second", p: AnyPolicy) =>
      `${seatLabel(chosen, s)} (${system.seatName(ctx, s)}): ${p.name}`;
    out.print(`Scenario: ${title}; seed ${seed}`);
    out.print(`${seat("first", first)}; ${seat("second", second)}`);
    out.print(result.reason);
    out.print(
      `${chosen.cli.turnsText?.(ctx, gameTurns) ?? `Turns played: ${gameTurns}`}; actions: ${actionCount}`,
    );
    for (const line of chosen.cli.summary?.(ctx, position) ?? []) out.print(line);
    if (options.save !== undefined) out.print(`wrote ${options.save}`);
  });
}
