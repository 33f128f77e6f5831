/**
 * The games of a balance run, kept as JSON lines in DIR/games.jsonl: a first
 * line with the run's configuration, then one line per finished game, written
 * as soon as it ends. A run stopped at any point (Ctrl-C, a crash, a power
 * cut) loses at most the game being written; the next run with the same
 * configuration reads the file back and plays only the games missing.
 */
import { appendFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalJson } from "@tercio/core";
import { z } from "zod";
import type { GameRecord } from "./games.js";
import { fail } from "./io.js";

export const GAMES_FORMAT = "tercio/balance-games@1";

/** What fixes a balance run's games besides their scenario and seed. */
export interface BalanceConfig {
  /** The rule system (Musket & Pike in files from before systems had ids). */
  readonly system: string;
  readonly bot: string;
  /** The seeds' base: game g of a scenario is played with seed + g. */
  readonly seed: number;
  /** The system's options, as given (Musket & Pike's `{ optionalRules }`, sorted). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The rules data the games were played with. */
  readonly rules: { readonly version: string; readonly hash: string };
}

const ConfigLineSchema = z.strictObject({
  type: z.literal("config"),
  format: z.literal(GAMES_FORMAT),
  system: z.string().min(1).default("musket-and-pike"),
  bot: z.string().min(1),
  seed: z.number().int().min(0).max(0xffffffff),
  /** Musket & Pike's optional rules, in files from before games had options. */
  optionalRules: z.array(z.string()).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  rules: z.strictObject({ version: z.string(), hash: z.string() }),
});

const TimesSchema = z.strictObject({
  decisions: z.number().int().nonnegative(),
  meanMs: z.number().nonnegative(),
  maxMs: z.number().nonnegative(),
});

const GameLineSchema = z.strictObject({
  type: z.literal("game"),
  scenario: z.string().regex(/^[a-z0-9][a-z0-9.-]{0,63}$/),
  seed: z.number().int().min(0).max(0xffffffff),
  first: z.string().min(1),
  second: z.string().min(1),
  winner: z.enum(["first", "second", "draw"]).nullable(),
  level: z.string().min(1).max(32).optional(),
  reason: z.string(),
  gameTurns: z.number().int().nonnegative(),
  actions: z.number().int().nonnegative(),
  time: z.strictObject({ first: TimesSchema, second: TimesSchema }),
  error: z.string().optional(),
});

/** The key of a game in the store: its scenario and seed. */
export function gameKey(scenario: string, seed: number): string {
  return `${scenario}/${seed}`;
}

export interface GameStore {
  readonly path: string;
  /** The games already played, by gameKey. */
  readonly records: ReadonlyMap<string, GameRecord>;
  /** What was repaired on opening, to tell the user. */
  readonly notes: readonly string[];
  /** Saves a finished game at once. */
  append(record: GameRecord): void;
}

function configLine(config: BalanceConfig) {
  return {
    type: "config" as const,
    format: GAMES_FORMAT,
    ...config,
    options: JSON.parse(JSON.stringify(config.options)) as Record<string, unknown>,
  };
}

/** "bot greedy, seeds from 1, no optional rules, rules data 1.0 (0123456789abcdef)" */
function describe(c: BalanceConfig): string {
  const options =
    Object.keys(c.options).length === 0 ? "default options" : `options ${canonicalJson(c.options)}`;
  return `${c.system}, bot ${c.bot}, seeds from ${c.seed}, ${options}, rules data ${c.rules.version} (${c.rules.hash})`;
}

function sameConfig(a: BalanceConfig, b: BalanceConfig): boolean {
  return (
    a.bot === b.bot &&
    a.seed === b.seed &&
    a.system === b.system &&
    canonicalJson(a.options) === canonicalJson(b.options) &&
    a.rules.version === b.rules.version &&
    a.rules.hash === b.rules.hash
  );
}

function issues(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.length > 0 ? `${i.path.join(".")}: ` : ""}${i.message}`)
    .join("; ");
}

function toRecord(line: z.infer<typeof GameLineSchema>): GameRecord {
  const { type: _type, level, error, ...rest } = line;
  return { ...rest, ...(level === undefined ? {} : { level }), ...(error === undefined ? {} : { error }) };
}

function parseLine(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Opens DIR/games.jsonl for a run, creating DIR and the file as needed. A
 * file made with another configuration is refused; an unfinished last line
 * (a run stopped while writing it) is dropped; any other bad line is refused
 * with its number.
 */
export function openStore(dir: string, config: BalanceConfig): GameStore {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    fail(`cannot make the folder ${dir}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!statSync(dir).isDirectory()) fail(`--out ${dir} is a file, not a folder`);
  const path = join(dir, "games.jsonl");
  const notes: string[] = [];
  const records = new Map<string, GameRecord>();
  let text = "";
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    if ((e as { code?: unknown }).code !== "ENOENT") fail(`cannot read ${path}: ${String(e)}`);
  }

  const lines = text.split("\n");
  const complete = text.endsWith("\n");
  if (complete) lines.pop();
  const kept: string[] = [];
  for (const [i, line] of lines.entries()) {
    const last = i === lines.length - 1;
    const json = parseLine(line);
    if (i === 0) {
      const header = ConfigLineSchema.safeParse(json);
      if (!header.success) {
        if (last && !complete) break; // stopped while writing the header: start again
        fail(
          `${path} does not begin with a balance configuration line (${issues(header.error)}): is it a tercio balance file? Use another --out folder, or delete the file to start over`,
        );
      }
      const { type: _type, format: _format, optionalRules, options, ...rest } = header.data;
      // A file from before games had options is Musket & Pike's, its optional rules its options.
      const found: BalanceConfig = { ...rest, options: options ?? { optionalRules: optionalRules ?? [] } };
      if (!sameConfig(found, config))
        fail(
          `${path} holds games played with ${describe(found)}; this run asks for ${describe(config)}. Use another --out folder, or delete ${path} to start over`,
        );
      kept.push(line);
      continue;
    }
    const game = GameLineSchema.safeParse(json);
    if (!game.success) {
      if (last && !complete) {
        notes.push(`dropped the unfinished last line of ${path} (the run was stopped while writing it)`);
        break;
      }
      fail(
        `${path} line ${i + 1} is not a game record (${issues(game.error)}); correct or delete that line (a game missing from the file is played again)`,
      );
    }
    const record = toRecord(game.data);
    if (record.first !== config.bot || record.second !== config.bot)
      fail(
        `${path} line ${i + 1} is a game of ${record.first} against ${record.second}, not of ${config.bot} against itself; use another --out folder`,
      );
    const key = gameKey(record.scenario, record.seed);
    if (!records.has(key)) records.set(key, record);
    kept.push(line);
  }
  if (kept.length === 0) kept.push(JSON.stringify(configLine(config)));
  const repaired = `${kept.join("\n")}\n`;
  if (repaired !== text) writeFileSync(path, repaired, "utf8");

  return {
    path,
    records,
    notes,
    append(record) {
      appendFileSync(path, `${JSON.stringify({ type: "game", ...record })}\n`, "utf8");
    },
  };
}
