/**
 * The rule system a command plays (the global --system, default Musket &
 * Pike), with the rules data of the global --rules. Commands reach the
 * system through core's RuleSystem only; what a system says in the shell
 * beyond the seam (its tables, its flags) comes from its SystemCli, and the
 * commands of one system's wide API (odds, render, rules, legal --unit) ask
 * for that system by name and refuse the others.
 */
import { aiLevels } from "@tercio/ai";
import { type AnySystem, type GameSetup, type RuleSystem, type Seat, seedPrng } from "@tercio/core";
import { type Hm11System, HORSE_AND_MUSKET_CH11 } from "@tercio/horse-and-musket-ch11";
import { HORSE_AND_MUSKET_NT, type NtSystem } from "@tercio/horse-and-musket-nt";
import { type Catalog, MUSKET_AND_PIKE, musketAndPike } from "@tercio/musket-and-pike";
import { DEFAULT_SYSTEM_ID, findSystem, SYSTEM_IDS, type SystemEntry } from "@tercio/systems";
import { type CommonOptions, loadCatalog } from "./catalog.js";
import { type Hm11Choice, hm11SystemCli } from "./horse-and-musket-ch11/cli.js";
import { type HmntChoice, hmntSystemCli } from "./horse-and-musket-nt/cli.js";
import { fail, type Io, parseJson } from "./io.js";
import { mpSystemCli } from "./musket-and-pike/cli.js";
import type { AnySystemCli, MpChoice } from "./system-cli.js";

/** The system a command plays, as the generic commands hold it. */
export interface ChosenSystem {
  readonly system: AnySystem;
  readonly cli: AnySystemCli;
  /** Set when the system is Musket & Pike. */
  readonly mp?: MpChoice;
  /** Set when the system is Horse and Musket (chapter 11). */
  readonly hm11?: Hm11Choice;
  /** Set when the system is Horse and Musket (the NT-inspired rules, 003). */
  readonly hmnt?: HmntChoice;
}

/** The system id of the options: --system, else the default (Musket & Pike). */
export function systemIdOf(options: CommonOptions): string {
  return options.system ?? DEFAULT_SYSTEM_ID;
}

/** A system of the registry, or one of the shell's own (a test's). */
export function findEntry(io: Pick<Io, "systems">, id: string): SystemEntry | undefined {
  return io.systems?.find((e) => e.id === id) ?? findSystem(id);
}

/** The ids of the systems the shell has. */
export function systemIds(io: Pick<Io, "systems">): readonly string[] {
  return [...SYSTEM_IDS, ...(io.systems ?? []).map((e) => e.id).filter((id) => !SYSTEM_IDS.includes(id))];
}

/** The id checked against the systems there are, or a refusal that lists them. */
export function checkSystemId(id: string, io: Pick<Io, "systems"> = {}): string {
  if (!findEntry(io, id))
    fail(
      `--system: no rule system "${id}"; the systems are ${systemIds(io).join(", ")} (see: tercio systems)`,
    );
  return id;
}

/**
 * The chosen system with its rules data: the built-in data, or the --rules
 * file validated by the system. Musket & Pike is built from its catalog
 * here (the catalog serves its wide API as well); every other system loads
 * through the registry.
 */
export function chooseSystem(io: Io, options: CommonOptions, id: string = systemIdOf(options)): ChosenSystem {
  const entry = findEntry(io, checkSystemId(id, io));
  if (id === MUSKET_AND_PIKE) {
    const catalog = loadCatalog(io, options);
    const choice: MpChoice = { system: musketAndPike(catalog), catalog };
    return { system: choice.system, cli: mpSystemCli(choice), mp: choice };
  }
  const rulesData =
    options.rules === undefined
      ? undefined
      : parseJson(io.readText(options.rules), `the rules-data file ${options.rules}`);
  const loaded = entry?.load(rulesData);
  if (!loaded?.ok) return fail(`${options.rules ?? id}: ${loaded?.error.message ?? "no such system"}`);
  if (id === HORSE_AND_MUSKET_CH11 && loaded.value.id === HORSE_AND_MUSKET_CH11) {
    // The registry's entry for this id builds the system with horseAndMusketCh11 (on the --rules data).
    const system = loaded.value as unknown as Hm11System;
    return { system: loaded.value, cli: hm11SystemCli(), hm11: { system } };
  }
  if (id === HORSE_AND_MUSKET_NT && loaded.value.id === HORSE_AND_MUSKET_NT) {
    // The registry's entry for this id builds the system with horseAndMusketNt (on the --rules data).
    const system = loaded.value as unknown as NtSystem;
    return { system: loaded.value, cli: hmntSystemCli(), hmnt: { system } };
  }
  return { system: loaded.value, cli: {} };
}

/**
 * Musket & Pike for a command of its wide API, or a refusal naming the
 * command: "render: musket-and-pike only for now; ...".
 */
export function requireMp(chosen: ChosenSystem, command: string, instead = ""): MpChoice {
  if (!chosen.mp)
    fail(
      `${command}: ${MUSKET_AND_PIKE} only for now; ${chosen.system.id} (${chosen.system.title}) has no such command in the shell yet${instead ? `: ${instead}` : ""}`,
    );
  return chosen.mp;
}

/** Horse and Musket (chapter 11) for a command of its wide API, or a refusal naming the command. */
export function requireHm11(chosen: ChosenSystem, command: string): Hm11Choice {
  if (!chosen.hm11)
    fail(
      `${command}: ${HORSE_AND_MUSKET_CH11} only (a measured-table command); ${chosen.system.id} (${chosen.system.title}) has no such command`,
    );
  return chosen.hm11;
}

/** Refuses a --system other than Musket & Pike for a command that is Musket & Pike's alone. */
export function requireMpSystem(options: CommonOptions, command: string, io: Pick<Io, "systems"> = {}): void {
  const id = checkSystemId(systemIdOf(options), io);
  if (id !== MUSKET_AND_PIKE)
    fail(`${command}: ${MUSKET_AND_PIKE} only for now; ${id} has no such command in the shell yet`);
}

/** Musket & Pike's catalog for a command that is Musket & Pike's alone, refusing another --system. */
export function mpCatalog(io: Io, options: CommonOptions, command: string): Catalog {
  requireMpSystem(options, command, io);
  return loadCatalog(io, options);
}

/** A setup from the command line, validated by the system: the scenario must be one of its. */
export function setupOf<C, P, A, E, O>(
  system: RuleSystem<C, P, A, E, O>,
  scenario: string,
  options: unknown = {},
): GameSetup<O> {
  const setup = system.parseSetup({ scenario, options });
  if (!setup.ok) {
    const noScenario = setup.error.issues.find((i) => i.path === "scenario");
    const list =
      system.id === DEFAULT_SYSTEM_ID ? "tercio scenario list" : `tercio --system ${system.id} scenario list`;
    if (noScenario) fail(`${noScenario.message} in ${system.id} (see: ${list})`);
    fail(`${scenario}: ${setup.error.message}`);
  }
  return setup.value;
}

/** The context a setup is played in. */
export function contextOf<C, P, A, E, O>(system: RuleSystem<C, P, A, E, O>, setup: GameSetup<O>): C {
  const ctx = system.context(setup);
  if (!ctx.ok) fail(ctx.error.message);
  return ctx.value;
}

/** A scenario's opening position at a seed (the seed's generator, as a local game opens). */
export function openingOf<C, P, A, E, O>(
  system: RuleSystem<C, P, A, E, O>,
  scenario: string,
  options: unknown,
  seed: number,
): { readonly setup: GameSetup<O>; readonly ctx: C; readonly position: P } {
  const setup = setupOf(system, scenario, options);
  const ctx = contextOf(system, setup);
  const opened = system.open(ctx, setup, seedPrng(seed));
  if (!opened.ok) fail(opened.error.message);
  return { setup, ctx, position: opened.value.position };
}

/** A scenario's name in the system's list ("16.31 Brentford"). */
export function scenarioTitle(chosen: ChosenSystem, id: string): string {
  const entry = chosen.system.scenarios().find((s) => s.id === id);
  return entry ? `${entry.id} ${entry.name}` : id;
}

/** The position as a file's text: the system's own serialiser, else its makePosition as JSON. */
export function positionText(chosen: ChosenSystem, position: unknown): string {
  return (
    chosen.cli.positionText?.(position) ??
    `${JSON.stringify(chosen.system.makePosition(position), null, 2)}\n`
  );
}

/** Reads and validates a position file ("-" for standard input) with the chosen system. */
export function readPosition(
  io: Io,
  chosen: ChosenSystem,
  path: string,
): { readonly ctx: unknown; readonly position: unknown } {
  const source = path === "-" ? "standard input" : path;
  const json = parseJson(io.readText(path), `the position in ${source}`);
  const parsed = chosen.system.parsePosition(json);
  if (!parsed.ok) fail(`${source}: ${parsed.error.message}`);
  return parsed.value;
}

/** The system's AI levels (@tercio/ai), weakest first, or a refusal for a system that has none. */
export function levelsOf(chosen: ChosenSystem): readonly string[] {
  const levels = aiLevels(chosen.system.id);
  if (levels.length === 0) fail(`${chosen.system.id} has no AI levels yet: no game can be played by the AI`);
  return levels;
}

/** A seat as the system's rules name it. */
export function seatLabel(chosen: ChosenSystem, seat: Seat): string {
  return chosen.cli.seatLabel?.(seat) ?? `${seat} seat`;
}
