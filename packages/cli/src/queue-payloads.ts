/**
 * What the queue carries, as text: a run's setup (the system and rules data
 * every game of it is played with), each game's task, and each game's
 * record. Whatever a worker reads from the database is checked here before
 * it is played: a row written by anyone with access to the database is
 * refused in words, never thrown at the engine.
 */
import { z } from "zod";
import type { GameRecord, GameTask } from "./games.js";

/** The system and rules of a run: what a local run gives its worker threads, with the rules file's text itself. */
export interface RunSetup {
  readonly system: string;
  /** The --rules file's text, when one was given: the workers' machines need not have the file. */
  readonly rulesText?: string;
  /** The rules data the games must be played with: a worker whose data differ refuses the game. */
  readonly rules: { readonly version: string; readonly hash: string };
  /** The build of the code that plays the games (build-id.ts): only workers of the same build take them. */
  readonly build: string;
}

/** One job as a worker thread takes it. */
export interface QueuedGame {
  readonly setup: RunSetup;
  readonly task: GameTask;
}

/**
 * What a queue worker's thread is given: a game, or a run's setup to load
 * (its system and rules data) before the game's clock starts, so that
 * --game-timeout times the game and not the loading.
 */
export type QueuedJob = QueuedGame | { readonly setup: RunSetup; readonly load: true };

/** A task or setup this long is no game of ours (a scenario's options are a few hundred bytes; rules data some hundred kB). */
const MAX_TASK_CHARS = 64 * 1024;
const MAX_SETUP_CHARS = 16 * 1024 * 1024;

const name = z.string().min(1).max(64);

const TaskSchema = z.strictObject({
  scenario: name,
  seed: z.number().int().min(0).max(0xffffffff),
  first: name,
  second: name,
  options: z.record(z.string(), z.unknown()),
});

const SetupSchema = z.strictObject({
  system: name,
  rulesText: z.string().optional(),
  rules: z.strictObject({ version: z.string().max(64), hash: z.string().max(128) }),
  build: z.string().min(1).max(64),
});

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? `${i.path.join(".")}: ` : ""}${i.message}`)
    .join("; ");
}

type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** Parsed and checked JSON text, or a message saying what is wrong with it. */
function parseChecked<S extends z.ZodType>(
  text: unknown,
  schema: S,
  what: string,
  max: number,
): Parsed<z.output<S>> {
  if (typeof text !== "string") return { ok: false, error: `${what} is missing` };
  if (text.length > max)
    return { ok: false, error: `${what} is ${text.length} characters long, more than ${max}` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: `${what} is not JSON` };
  }
  const checked = schema.safeParse(json);
  return checked.success
    ? { ok: true, value: checked.data }
    : { ok: false, error: `${what} is malformed (${issues(checked.error)})` };
}

export function parseTask(text: unknown): Parsed<GameTask> {
  return parseChecked(text, TaskSchema, "the job's task", MAX_TASK_CHARS);
}

export function parseSetup(text: unknown): Parsed<RunSetup> {
  const parsed = parseChecked(text, SetupSchema, "the run's setup", MAX_SETUP_CHARS);
  if (!parsed.ok) return parsed;
  const { rulesText, ...rest } = parsed.value;
  return { ok: true, value: { ...rest, ...(rulesText === undefined ? {} : { rulesText }) } };
}

/**
 * A worker's record of a task: JSON of an object that names the same game.
 * The record is the worker thread's own, so its content is trusted as a
 * local run's is; this only catches a row that answers another task.
 */
export function parseRecord(text: unknown, task: GameTask): GameRecord | string {
  if (typeof text !== "string") return "the job is done but has no result";
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return "the job's result is not JSON";
  }
  const r = json as Partial<GameRecord> | null;
  if (typeof r !== "object" || r === null) return "the job's result is not a game record";
  if (
    r.scenario !== task.scenario ||
    r.seed !== task.seed ||
    r.first !== task.first ||
    r.second !== task.second
  )
    return `the job's result is another game's (${String(r.scenario)} seed ${String(r.seed)})`;
  return r as GameRecord;
}
