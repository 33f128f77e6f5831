import { afterAll, beforeAll, describe, it } from "vitest";
import { runCrashTest } from "./test-support/crash-run.js";
import {
  checkPostgres,
  HAVE_POSTGRES,
  startTestPostgres,
  type TestPostgres,
} from "./test-support/postgres.js";

checkPostgres();

/**
 * The crash test (test-support/crash-run.ts) on PostgreSQL: each lane's
 * server is started with `--db postgres://...`, a database of its own. The
 * servers are killed, not PostgreSQL: what is tested is that an action is
 * committed before it is acknowledged, and that a restarted server reads
 * the log back whole.
 */
describe.skipIf(!HAVE_POSTGRES)("crash test on PostgreSQL", { timeout: 600_000 }, () => {
  let pg: TestPostgres | undefined;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  }, 60_000);

  // One lane (100 kills), where SQLite's test runs two: it runs beside that one, and CI has a budget.
  it("crash test on PostgreSQL: 100 SIGKILLs at random moments during scripted games; no acknowledged action is lost and every game replays to its stored hash", async () => {
    const server = pg;
    if (!server) throw new Error("PostgreSQL did not start");
    const urls = [await server.database()];
    await runCrashTest("PostgreSQL", urls);
  });
});
