import { mpPolicy, type PlayedGame, POLICY_NAMES, type MpPolicy as Policy, playGame } from "@tercio/ai";
import {
  type Action,
  type GameContext,
  type GameEvent,
  makeSavedGame,
  musketAndPike,
  type Position,
  type SavedGame,
  type Side,
} from "@tercio/musket-and-pike";
import { type CommonOptions, loadCatalog, scenarioContext } from "../catalog.js";
import { describeEvent, playerName, resultLine, sideLabel } from "../format.js";
import { type CommandResult, EXIT_ILLEGAL, fail, type Io, nodeIo, run } from "../io.js";
import { parseOptionalRules, parseSeed } from "./new.js";

export interface PlayOptions extends CommonOptions {
  readonly seed: string;
  /** The First Player's policy: "greedy" (default), "random" or "strong". */
  readonly first?: string | undefined;
  /** The Second Player's policy. */
  readonly second?: string | undefined;
  /** Write the game as a saved game (tercio replay reads it). */
  readonly save?: string | undefined;
  /** Print every event. */
  readonly log?: boolean;
  /** Comma-separated optional rules (11.0-15.0). */
  readonly optional?: string | undefined;
  readonly json?: boolean;
}

export const DEFAULT_POLICY = "greedy";

function policyOption(text: string | undefined, flag: string): Policy {
  const name = text ?? DEFAULT_POLICY;
  const policy = mpPolicy(name);
  if (!policy) fail(`${flag}: unknown policy "${name}"; choose from ${POLICY_NAMES.join(", ")}`);
  return policy;
}

/** Units not eliminated, per side: those on the map, still to enter, or exited (16.22). */
function unitsLeft(position: Position, side: Side): { left: number; total: number } {
  let left = 0;
  let total = 0;
  for (const [id, unit] of Object.entries(position.units)) {
    if (unit.side !== side) continue;
    total++;
    if (position.offMap[id] !== "eliminated") left++;
  }
  return { left, total };
}

function unitsLine(ctx: GameContext, position: Position): string {
  const parts = (["first", "second"] as const).map((side) => {
    const { left, total } = unitsLeft(position, side);
    return `${playerName(ctx.scenario, side)} ${left} of ${total}`;
  });
  return `Units left: ${parts.join(", ")}`;
}

/** A saved game as JSON, one action per line (a whole game is a thousand actions or so). */
function savedGameText(save: SavedGame): string {
  const { actions, ...header } = save;
  const head = JSON.stringify(header, null, 2).replace(/\n}$/, "");
  const list = actions.map((a) => `    ${JSON.stringify(a)}`).join(",\n");
  return `${head},\n  "actions": [\n${list}\n  ]\n}\n`;
}

/**
 * Plays a whole game between two built-in policies (@tercio/ai), from the
 * opening to the result (16.0), and prints the result and a summary.
 */
export function playCommand(id: string, options: PlayOptions, io: Io = nodeIo): CommandResult {
  return run((out) => {
    const seed = parseSeed(options.seed);
    const first = policyOption(options.first, "--first");
    const second = policyOption(options.second, "--second");
    const optionalRules = parseOptionalRules(options.optional);
    const catalog = loadCatalog(io, options);
    const ctx = scenarioContext(catalog, id);
    const log = (line: string) => (options.json ? out.warn(line) : out.print(line));
    const onEvents = options.log
      ? (events: readonly GameEvent[]) => {
          for (const e of events) log(describeEvent(ctx, e));
        }
      : undefined;
    let game: PlayedGame<Position, Action>;
    try {
      const setup = { scenario: ctx.scenario.id, options: { optionalRules } };
      game = playGame(musketAndPike(catalog), ctx, setup, {
        seed,
        first,
        second,
        ...(onEvents ? { onEvents } : {}),
      });
    } catch (e) {
      // A policy's illegal action or a dead end: the game cannot be finished.
      return fail(
        `${ctx.scenario.id} ${ctx.scenario.name}, seed ${seed}: ${e instanceof Error ? e.message : String(e)}`,
        EXIT_ILLEGAL,
      );
    }
    const { position, actionCount } = game;
    const result = position.result ?? fail("the game ended without a result", EXIT_ILLEGAL);
    if (options.save !== undefined) {
      const save = makeSavedGame(ctx, { seed, optionalRules }, game.actions, position);
      io.writeText(options.save, savedGameText(save));
    }
    if (options.json) {
      out.print(
        JSON.stringify(
          { scenario: ctx.scenario.id, seed, result, gameTurn: position.gameTurn, actions: actionCount },
          null,
          2,
        ),
      );
      return;
    }
    out.print(`Scenario: ${ctx.scenario.id} ${ctx.scenario.name}; seed ${seed}`);
    out.print(
      `${sideLabel("first")} (${playerName(ctx.scenario, "first")}): ${first.name}; ${sideLabel("second")} (${playerName(ctx.scenario, "second")}): ${second.name}`,
    );
    out.print(resultLine(ctx, result));
    out.print(`Game-Turns played: ${game.gameTurns} of ${ctx.scenario.gameLength}; actions: ${actionCount}`);
    out.print(unitsLine(ctx, position));
    if (options.save !== undefined) out.print(`wrote ${options.save}`);
  });
}
