#!/usr/bin/env node
import { aiLevels } from "@tercio/ai";
import { DEFAULT_SYSTEM_ID, SYSTEM_IDS } from "@tercio/systems";
import { Command, Option } from "commander";
import { applyCommand } from "./commands/apply.js";
import { arenaCommand } from "./commands/arena.js";
import { balanceCommand } from "./commands/balance.js";
import { checkMoveCommand } from "./commands/check-move.js";
import { legalCommand } from "./commands/legal.js";
import { newCommand } from "./commands/new.js";
import { oddsCommand } from "./commands/odds.js";
import { playCommand } from "./commands/play.js";
import { renderCommand } from "./commands/render.js";
import { replayCommand } from "./commands/replay.js";
import { rulesExport, rulesShow, rulesValidate } from "./commands/rules.js";
import { scenarioList, scenarioShow } from "./commands/scenario.js";
import { schemaCommand } from "./commands/schema.js";
import { serveCommand } from "./commands/serve.js";
import { systemsCommand } from "./commands/systems.js";
import { workerCommand } from "./commands/worker.js";
import type { CommandResult } from "./io.js";

function emit(result: CommandResult): void {
  if (result.stdout !== "") process.stdout.write(result.stdout);
  if (result.stderr !== "") process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
}

/** A repeatable option's values, in order. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Options of the command with those of its parents (the global --system and --rules). */
function opts<T>(command: Command): T {
  return command.optsWithGlobals<T & Record<string, unknown>>();
}

function program(): Command {
  const tercio = new Command("tercio")
    .description(
      "Tercio's rule systems from the shell (Musket & Pike by default): scenarios, positions, legal actions, AI games, rendering, replay.",
    )
    .version("0.1.0")
    .option(
      "--system <id>",
      `the rule system, one of: ${SYSTEM_IDS.join(", ")} (default ${DEFAULT_SYSTEM_ID}; see: tercio systems)`,
    )
    .option(
      "--rules <file>",
      "use this rules-data JSON for the system (see: tercio rules export) instead of its built-in data",
    )
    .showHelpAfterError("(add --help for usage)")
    .configureHelp({ showGlobalOptions: true });

  tercio
    .command("systems")
    .description("list the rule systems: id, title, summary, AI levels")
    .option("--json", "print an array of objects")
    .action((_o, cmd: Command) => emit(systemsCommand(opts(cmd))));

  const scenario = tercio
    .command("scenario")
    .description("the system's scenarios (Musket & Pike: the 18 of section 16)");
  scenario
    .command("list")
    .description("list the scenarios")
    .option("--json", "print an array of objects")
    .action((_o, cmd: Command) => emit(scenarioList(opts(cmd))));
  scenario
    .command("show")
    .description(
      "one scenario in full: players, forces, deployment, victory, special rules, errata, history (Musket & Pike); table, forces, terrain and victory (Horse and Musket)",
    )
    .argument(
      "<id>",
      'a rule number ("16.24") or a name ("lutzen"); horse-and-musket-ch11: an id ("river-crossing", "random")',
    )
    .option("--json", "print the scenario data")
    .option(
      "--option <key=value>",
      "horse-and-musket-ch11: the random table's tableSeed and units, or a reading (repeatable)",
      collect,
    )
    .action((id: string, _o, cmd: Command) => emit(scenarioShow(id, opts(cmd))));

  const levelsHelp = `${DEFAULT_SYSTEM_ID}: ${aiLevels(DEFAULT_SYSTEM_ID).join(", ")}; see: tercio systems`;
  const scenarioHelp = 'a scenario of the system (Musket & Pike: a rule number "16.24" or a name "lutzen")';
  const optionHelp =
    "an option of the system, as its setup reads it (repeatable; the value is JSON or a string, a key alone is true)";
  tercio
    .command("new")
    .description("the opening position of a scenario, as JSON")
    .argument("<id>", scenarioHelp)
    .requiredOption("--seed <n>", "the game's random seed, 0 to 4294967295")
    .option(
      "--optional <rules>",
      "Musket & Pike's optional rules, comma-separated: caracolla,infantry-squares,road-movement,...",
    )
    .option("--option <key=value>", optionHelp, collect)
    .addOption(
      new Option("--deploy <mode>", "deploy both sides automatically (Musket & Pike)").choices(["auto"]),
    )
    .option("--out <file>", "write the position to a file instead of printing it")
    .action((id: string, _o, cmd: Command) => emit(newCommand(id, opts(cmd))));

  tercio
    .command("legal")
    .description("the legal actions in a position, or with --unit the hexes one unit can reach")
    .argument("<position>", 'a position JSON file, or "-" for standard input')
    .option("--unit <id>", "one unit's moves, each with its Movement Point cost and path (Musket & Pike)")
    .option("--json", "print the actions (or moves) in full as JSON")
    .action((path: string, _o, cmd: Command) => emit(legalCommand(path, opts(cmd))));

  tercio
    .command("apply")
    .description(
      'apply actions to a position: prints the next position (the events go to stderr), e.g. apply pos.json \'{"type":"end-phase"}\'',
    )
    .argument("<position>", 'a position JSON file, or "-" for standard input')
    .argument("<action...>", "JSON actions (an object or an array), or @file.json")
    .option("--out <file>", "write the next position to a file and print the events")
    .option("--json", "print { position, events }")
    .option(
      "--dice <rolls>",
      "die results to use, in order, instead of the seeded PRNG (e.g. 4,2): for real dice at a table",
    )
    .action((path: string, actions: string[], _o, cmd: Command) =>
      emit(applyCommand(path, actions, opts(cmd))),
    );

  tercio
    .command("odds")
    .description(
      "the odds preview of an attack: strengths with their rules, the odds column, the die modifier and the chance of each result (Musket & Pike)",
    )
    .argument("<position>", 'a position file, or "-" for standard input')
    .argument("[target]", "the attacked hex (several hexes: 0707,0708); without it, every allocated attack")
    .option(
      "--units <ids>",
      "the attacking units, comma-separated (default: those allocated against the target)",
    )
    .addOption(new Option("--kind <kind>", "fire or melee (default: the phase's)").choices(["fire", "melee"]))
    .option("--json", "print the assessment as JSON")
    .action((path: string, target: string | undefined, _o, cmd: Command) =>
      emit(oddsCommand(path, target, opts(cmd))),
    );

  tercio
    .command("render")
    .description(
      'draw the map ("map"), a scenario ("16.24", "lutzen") or a position (a JSON file) as SVG; horse-and-musket-ch11, horse-and-musket-nt and plucky-pikes: a position or a scenario\'s opening position on its measured table (plucky-pikes: stands of figures in ranks, horse teams, officers and objectives)',
    )
    .argument("<what>", 'map, a scenario, or a position file ("-" for standard input)')
    .option("--out <file>", 'the SVG file to write (default "-": print it)')
    .option("--ids", "print each hex's id (Musket & Pike)")
    .option(
      "--zones",
      "outline each force's deployment zone and mark entry edges (horse-and-musket-ch11: and the objectives; horse-and-musket-nt: the objectives; not plucky-pikes, which draws its objectives always)",
    )
    .option(
      "--arcs [units]",
      "horse-and-musket-ch11: each shooter's field of fire, the engine's arc polygon (or only the units listed, comma-separated)",
    )
    .option(
      "--ranges [units]",
      'horse-and-musket-ch11: each shooter\'s range band, 12" or 48" from the part measured from; horse-and-musket-nt: range rings (or only the units listed)',
    )
    .option(
      "--threats [units]",
      "horse-and-musket-nt: each unit's 4\" threat zone in its front arc (or only the units listed)",
    )
    .option(
      "--protected",
      "horse-and-musket-nt: the protected flanks, each drawn with the friend that protects it",
    )
    .option(
      "--option <key=value>",
      "horse-and-musket-ch11, horse-and-musket-nt, plucky-pikes: an option of a scenario's game (repeatable)",
      collect,
    )
    .addOption(
      new Option(
        "--deploy <mode>",
        "for a scenario: draw its opening position after automatic deployment",
      ).choices(["auto"]),
    )
    .option(
      "--seed <n>",
      "seed for --deploy auto (horse-and-musket-ch11, horse-and-musket-nt, plucky-pikes: of a scenario's opening)",
      "1",
    )
    .action((what: string, _o, cmd: Command) => emit(renderCommand(what, opts(cmd))));

  tercio
    .command("check-move")
    .description(
      "horse-and-musket-ch11: the engine's move checker on one program: the legal prefix, where the unit ends, the allowance used, the rule that stops the rest (exit 2 when refused)",
    )
    .argument("<position>", 'a position JSON file, or "-" for standard input')
    .argument("<unit>", "the unit's id")
    .argument(
      "<program>",
      'the ops as JSON (or a move action, or @file.json): [{"op":"pivot","cdeg":4500},{"op":"advance","ticks":24384}]; ticks 6096 to the inch, centidegrees clockwise',
    )
    .option("--json", "print the check as JSON")
    .option("--no-clamp", "do not search the furthest legal length of a refused leg")
    .action((path: string, unit: string, program: string, _o, cmd: Command) =>
      emit(checkMoveCommand(path, unit, program, opts(cmd))),
    );

  tercio
    .command("play")
    .description("play a whole game between two of the system's AI levels and print the result")
    .argument("<id>", scenarioHelp)
    .requiredOption("--seed <n>", "the game's random seed, 0 to 4294967295")
    .option("--first <policy>", `the first seat's AI level (${levelsHelp})`, "greedy")
    .option("--second <policy>", `the second seat's AI level (${levelsHelp})`, "greedy")
    .option(
      "--optional <rules>",
      "Musket & Pike's optional rules, comma-separated: caracolla,infantry-squares,dismounting-cavalry,artillery-capture",
    )
    .option("--option <key=value>", optionHelp, collect)
    .option("--save <file>", "write the game as a saved game (see: tercio replay)")
    .option("--log", "print every event of the game")
    .option("--json", "print { scenario, seed, result, gameTurn, actions }")
    .action((id: string, _o, cmd: Command) => emit(playCommand(id, opts(cmd))));

  const optionalHelp =
    "Musket & Pike's optional rules for every game, comma-separated: caracolla,infantry-squares,dismounting-cavalry,artillery-capture";
  const workersHelp =
    "worker threads playing games at once (default and most: the machine's available parallelism)";
  const dbHelp =
    "put the games on the queue of this PostgreSQL database (postgres://user:password@host:5432/database) for `tercio worker` processes on any machines to play; the report is a local run's";
  tercio
    .command("arena")
    .description(
      "play two of the system's AI levels against each other on many scenarios, each seed with the sides swapped, and report A's wins, draws and losses with 95% intervals",
    )
    .argument("<a>", `bot A, an AI level (${levelsHelp})`)
    .argument("<b>", "bot B, an AI level")
    .option(
      "--scenarios <ids>",
      'comma-separated rule numbers or names (default: all 18), e.g. "16.24,brentford"',
    )
    .option("--games <n>", "games per scenario for each side arrangement (so 2n per scenario)", "10")
    .option("--seed <n>", "the first game's seed; game g of each scenario uses seed + g", "1")
    .option("--optional <rules>", optionalHelp)
    .option("--option <key=value>", optionHelp, collect)
    .option("--workers <n>", workersHelp)
    .option("--db <url>", dbHelp)
    .option("--json", "print the report as JSON (every game included)")
    .option("--out <file>", "also write the JSON report to this file")
    .option("--no-progress", "no progress report on standard error")
    .addHelpText(
      "after",
      `
The progress goes to standard error: a bar on a terminal, a line every 10 s otherwise.
The results do not depend on --workers: each game is fixed by its scenario, seed and sides.
Time per decision is wall-clock time, measured around each policy call.

Example:
  $ tercio arena greedy random --scenarios 16.31,16.32 --games 20 --out arena.json`,
    )
    .action(async (a: string, b: string, _o, cmd: Command) => emit(await arenaCommand(a, b, opts(cmd))));

  tercio
    .command("balance")
    .description(
      "play one AI level against itself on every scenario of the system and set who wins beside the balance each scenario states (Musket & Pike, 16.0); resumable",
    )
    .option("--bot <policy>", `the AI level playing both sides (${levelsHelp})`, "greedy")
    .option("--games <n>", "games per scenario", "20")
    .option("--seed <n>", "the first game's seed; game g of each scenario uses seed + g", "1")
    .option(
      "--scenarios <ids>",
      'comma-separated rule numbers or names (default: all 18), e.g. "16.24,brentford"',
    )
    .option("--optional <rules>", optionalHelp)
    .option("--option <key=value>", optionHelp, collect)
    .option("--workers <n>", workersHelp)
    .option("--db <url>", dbHelp)
    .option(
      "--out <dir>",
      "keep the games in DIR/games.jsonl (a run stopped and started again plays only the games missing) and write DIR/balance.json and DIR/balance.html",
    )
    .option("--json", "print the report as JSON")
    .option("--no-progress", "no progress report on standard error")
    .addHelpText(
      "after",
      `
A scenario agrees with the rulebook when the side it favours wins significantly more often
(its win rate's 95% interval lies above the other side's), or, for an even scenario, when
neither side's interval lies above the other's. See docs/balance.md.

Example:
  $ tercio balance --bot greedy --games 20 --out out/balance-greedy`,
    )
    .action(async (_o, cmd: Command) => emit(await balanceCommand(opts(cmd))));

  tercio
    .command("worker")
    .description(
      "play the games that arena --db and balance --db put on a PostgreSQL queue, until stopped (Ctrl-C or SIGTERM gives back the games in play); run any number on any machines",
    )
    .requiredOption("--db <url>", "the queue's database: postgres://user:password@host:5432/database")
    .option(
      "--workers <n>",
      "threads, each playing one game at a time (default 1; most: the machine's available parallelism)",
    )
    .option(
      "--lease <seconds>",
      "how long a game stays claimed without a sign of life: a killed worker's game is played again after this (default 30)",
    )
    .option("--poll <ms>", "milliseconds between two looks at an empty queue (default 1000)")
    .option(
      "--game-timeout <seconds>",
      "a game not finished this long after it starts (its system loaded) is stopped and failed, its run told why (default 3600)",
    )
    .addHelpText(
      "after",
      `
Every game is played with the code and the rules data of a local run, so that the report is the same.
Each worker renews its games' leases while it plays them: one killed mid-game loses nothing, its game
is played again by another worker once the lease has run out. See docs/balance.md.

Example:
  $ tercio worker --db postgres://tercio:secret@db.example:5432/tercio --workers 4`,
    )
    .action(async (_o, cmd: Command) => emit(await workerCommand(opts(cmd))));

  tercio
    .command("replay")
    .description("replay a saved game with the system it names and check its final hash")
    .argument("<save>", 'a saved game JSON file, or "-" for standard input')
    .option("--out <file>", "write the final position")
    .option("--json", "print the summary as JSON")
    .action((path: string, _o, cmd: Command) => emit(replayCommand(path, opts(cmd))));

  const rules = tercio
    .command("rules")
    .description(
      "the rules data: Musket & Pike's unit types, terrain, range chart and CRTs; horse-and-musket-nt's values and designed values",
    );
  rules
    .command("export")
    .description("print the built-in rules data: the template for your own values")
    .action((_o, cmd: Command) => emit(rulesExport(opts(cmd))));
  rules
    .command("validate")
    .description("check a rules-data file")
    .argument("<file>", "a rules-data JSON file")
    .action((file: string, _o, cmd: Command) => emit(rulesValidate(file, undefined, opts(cmd))));
  rules
    .command("show")
    .description("print the charts as tables; * marks reconstructed values")
    .action((_o, cmd: Command) => emit(rulesShow(opts(cmd))));

  tercio
    .command("schema")
    .description(
      "the JSON Schema of a file format: position, action, saved-game, rules-data, map, scenarios (Musket & Pike)",
    )
    .argument("[name]", "the format; without it, the list of formats")
    .option("--out-dir <dir>", "write every schema into this folder")
    .action((name: string | undefined, _o, cmd: Command) => emit(schemaCommand(name, opts(cmd))));

  tercio
    .command("serve")
    .description(
      "serves the game in the browser on localhost (hot-seat, against the AI, and online), and the scenario pages at /scenarios",
    )
    .option("--port <n>", "port to listen on", "8173")
    .option("--web <dir>", "the built browser game to serve (default: packages/web/dist)")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option(
      "--db <file|url>",
      "where online games are kept: a SQLite file, or a PostgreSQL database as a postgres:// or postgresql:// URL (postgres://user:password@host:5432/tercio)",
      "tercio-data/games.sqlite",
    )
    .option(
      "--sync <mode>",
      "a SQLite file's: FULL, an action is on disk before it is acknowledged; NORMAL, survives a crash of the process only",
      "FULL",
    )
    .option("--ai-threads <n>", "worker threads for AI seats", "1")
    .option(
      "--room-threads <n>",
      "worker threads that hash each action's position beside a replica of its game (0: on the main thread)",
      "0",
    )
    .option("--games-per-hour <n>", "games one address may create in an hour (default 30)")
    .option("--messages-per-second <n>", "messages a connection may send each second (default 20)")
    .option("--message-burst <n>", "messages a connection may send at once (default 60)")
    .option(
      "--address-messages-per-second <n>",
      "messages all the connections of one address may send each second together (default 200)",
    )
    .option("--connections-per-address <n>", "open game connections from one address (default 64)")
    .option(
      "--send-bytes-per-second <n>",
      "bytes a connection is sent on request (snapshots, catch-ups) each second (default 65536)",
    )
    .option(
      "--address-send-bytes-per-second <n>",
      "the same for all the connections and downloads of one address (default 524288)",
    )
    .option("--max-buffered-bytes <n>", "unread bytes after which a connection is closed (default 4194304)")
    .option(
      "--allow-private-webhooks",
      "let turn webhooks reach loopback and private addresses (refused by default)",
    )
    .option(
      "--trust-proxy <list>",
      "reverse proxies (addresses, CIDR ranges; comma-separated, or repeat the flag) whose X-Forwarded-For names the client (default: none)",
      collect,
    )
    .option(
      "--allowed-host <names>",
      "host names to answer besides IP addresses and localhost (comma-separated, or repeat the flag)",
      collect,
    )
    .option("--max-connections <n>", "open TCP connections in all, HTTP and WebSocket (default 2000)")
    .option(
      "--http-connections-per-address <n>",
      "open TCP connections from one address, an IPv6 /64, trusted proxies exempt (default 128)",
    )
    .option("--headers-timeout <ms>", "milliseconds to send a request's headers (default 10000)")
    .option("--request-timeout <ms>", "milliseconds to send a whole request (default 30000)")
    .option("--keep-alive-timeout <ms>", "milliseconds an idle connection stays open (default 5000)")
    .option(
      "--node-url <url>",
      "several servers over one PostgreSQL database: the URL the others reach this one at (http://10.0.0.5:8173); each game is held by one server, the others relay its clients to it",
    )
    .option(
      "--lease <ms>",
      "with --node-url: milliseconds a server's hold on its games lasts unrenewed, the longest a dead server's games wait (default 10000)",
    )
    .action(async (_o, cmd: Command) => {
      const result = await serveCommand(opts(cmd));
      if (result) emit(result);
    });
  return tercio;
}

program()
  .parseAsync(process.argv)
  .catch((e: unknown) => {
    process.stderr.write(`tercio: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    if (process.env.TERCIO_DEBUG && e instanceof Error) process.stderr.write(`${e.stack ?? ""}\n`);
    process.exitCode = 70;
  });
