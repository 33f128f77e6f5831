import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { SystemEntry } from "@tercio/systems";

/** What a command produced: the text for each stream and the process exit code. */
export interface CommandResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

/** Exit codes: 1 for bad input or files, 2 for an action the rules forbid. */
export const EXIT_OK = 0;
export const EXIT_BAD_INPUT = 1;
export const EXIT_ILLEGAL = 2;

/** The file system as the commands see it; tests may pass their own. */
export interface Io {
  /** Reads a text file; "-" reads standard input. */
  readText(path: string): string;
  writeText(path: string, text: string): void;
  exists(path: string): boolean;
  /** Rule systems the shell has besides the registry's (@tercio/systems): a test's own. */
  readonly systems?: readonly SystemEntry[];
}

/** A user's mistake (a bad file, an unknown scenario, an illegal action): a message, never a stack trace. */
export class UserError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT_BAD_INPUT) {
    super(message);
    this.name = "UserError";
    this.exitCode = exitCode;
  }
}

export function fail(message: string, exitCode: number = EXIT_BAD_INPUT): never {
  throw new UserError(message, exitCode);
}

function describeFsError(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EISDIR") return "it is a directory";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  return e instanceof Error ? e.message : String(e);
}

export const nodeIo: Io = {
  readText(path) {
    try {
      return readFileSync(path === "-" ? 0 : path, "utf8");
    } catch (e) {
      return fail(`cannot read ${path === "-" ? "standard input" : path}: ${describeFsError(e)}`);
    }
  },
  writeText(path, text) {
    try {
      writeFileSync(path, text, "utf8");
    } catch (e) {
      fail(`cannot write ${path}: ${describeFsError(e)}`);
    }
  },
  exists(path) {
    return existsSync(path);
  },
};

/** Collects a command's output; `run` turns it, or a UserError, into a CommandResult. */
export class Output {
  private readonly out: string[] = [];
  private readonly err: string[] = [];
  exitCode = EXIT_OK;

  /** Writes text to stdout, adding a newline when it lacks one. */
  print(text = ""): void {
    this.out.push(text.endsWith("\n") ? text : `${text}\n`);
  }

  /** Writes text to stderr, adding a newline when it lacks one. */
  warn(text: string): void {
    this.err.push(text.endsWith("\n") ? text : `${text}\n`);
  }

  result(): CommandResult {
    return { stdout: this.out.join(""), stderr: this.err.join(""), exitCode: this.exitCode };
  }
}

/** A UserError as the command's result: its message on stderr, after what the command had written. */
function userErrorResult(out: Output, e: unknown): CommandResult {
  if (!(e instanceof UserError)) throw e;
  const partial = out.result();
  return { stdout: partial.stdout, stderr: `${partial.stderr}tercio: ${e.message}\n`, exitCode: e.exitCode };
}

/** Runs a command body; a UserError becomes its message on stderr and its exit code. */
export function run(body: (out: Output) => void): CommandResult {
  const out = new Output();
  try {
    body(out);
    return out.result();
  } catch (e) {
    return userErrorResult(out, e);
  }
}

/** `run` for a command body that awaits (worker threads). */
export async function runAsync(body: (out: Output) => Promise<void>): Promise<CommandResult> {
  const out = new Output();
  try {
    await body(out);
    return out.result();
  } catch (e) {
    return userErrorResult(out, e);
  }
}

/** Parses JSON text from a named source, failing with a one-line message. */
export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    return fail(`${source} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}
