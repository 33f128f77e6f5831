import type { SystemEntry } from "@tercio/systems";
import { fail, type Io } from "./io.js";

/** An in-memory file system for the commands: for tests, and for callers without a disk. */
export class MemoryIo implements Io {
  readonly files = new Map<string, string>();
  stdin: string;
  readonly systems: readonly SystemEntry[];

  constructor(files: Record<string, string> = {}, stdin = "", systems: readonly SystemEntry[] = []) {
    for (const [path, text] of Object.entries(files)) this.files.set(path, text);
    this.stdin = stdin;
    this.systems = systems;
  }

  readText(path: string): string {
    if (path === "-") return this.stdin;
    const text = this.files.get(path);
    return text ?? fail(`cannot read ${path}: no such file`);
  }

  writeText(path: string, text: string): void {
    this.files.set(path, text);
  }

  exists(path: string): boolean {
    return this.files.has(path);
  }

  /** A file as JSON (tests). */
  json(path: string): unknown {
    return JSON.parse(this.readText(path)) as unknown;
  }
}
