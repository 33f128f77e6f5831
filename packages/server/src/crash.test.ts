import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { describe, it } from "vitest";
import { LANES, runCrashTest } from "./test-support/crash-run.js";
import { tempDb } from "./test-support/server-process.js";

/**
 * The crash test (test-support/crash-run.ts) on SQLite files, their writes
 * group-committed by a writer thread; crash-pg.test.ts runs it on PostgreSQL.
 */
describe("crash test", { timeout: 600_000 }, () => {
  it("crash test: 200 SIGKILLs at random moments during scripted games; no acknowledged action is lost and every game replays to its stored hash", async () => {
    const files = Array.from({ length: LANES }, () => tempDb());
    await runCrashTest("SQLite", files, { groupCommit: true });
    // Kept only when something failed, to look into.
    for (const file of files) rmSync(dirname(file), { recursive: true, force: true });
  });
});
