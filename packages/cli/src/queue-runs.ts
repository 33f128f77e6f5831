/**
 * The waiting command's side of the queue: a run's games put on it, their
 * outcomes read back as workers finish them, the run renewed while it
 * waits and removed when it is over (or stopped).
 */
import { pgTransaction } from "@tercio/server";
import type { Pool } from "pg";
import type { GameTask } from "./games.js";
import type { RunSetup } from "./queue-payloads.js";

/** Rows per INSERT: a run of 100,000 games goes in a few statements, none of them huge. */
const INSERT_BATCH = 2000;

/** How long a run is kept on the queue without its command renewing it. */
export const RUN_LEASE_SECONDS = 60;

/** Puts the run and all its games on the queue in one transaction: workers see all of them or none. */
export async function publishRun(
  pool: Pool,
  runId: string,
  setup: RunSetup,
  tasks: readonly GameTask[],
): Promise<void> {
  await pgTransaction(pool, async (client) => {
    await client.query(
      "INSERT INTO tercio_queue_runs (id, setup, build, waiting_until) VALUES ($1, $2, $3, now() + make_interval(secs => $4))",
      [runId, JSON.stringify(setup), setup.build, RUN_LEASE_SECONDS],
    );
    for (let start = 0; start < tasks.length; start += INSERT_BATCH) {
      const batch = tasks.slice(start, start + INSERT_BATCH).map((t) => JSON.stringify(t));
      await client.query(
        `INSERT INTO tercio_queue_jobs (run_id, game, task)
         SELECT $1, $2 + n - 1, t FROM unnest($3::text[]) WITH ORDINALITY AS x(t, n) ORDER BY n`,
        [runId, start, batch],
      );
    }
  });
}

/** A game the workers are done with: its record's JSON, or why it failed. */
export type JobOutcome =
  | { readonly game: number; readonly ok: true; readonly result: string | null; readonly worker: string }
  | { readonly game: number; readonly ok: false; readonly error: string; readonly worker: string };

interface OutcomeRow {
  readonly game: number;
  readonly state: "done" | "failed";
  readonly result: string | null;
  readonly error: string | null;
  readonly worker: string | null;
}

/** The games finished since the last call, each returned once. */
export async function collectOutcomes(pool: Pool, runId: string): Promise<JobOutcome[]> {
  const { rows } = await pool.query<OutcomeRow>(
    `UPDATE tercio_queue_jobs SET collected = true
     WHERE run_id = $1 AND state IN ('done', 'failed') AND NOT collected
     RETURNING game, state, result, error, worker`,
    [runId],
  );
  return rows.map((r) =>
    r.state === "done"
      ? { game: r.game, ok: true, result: r.result, worker: r.worker ?? "" }
      : { game: r.game, ok: false, error: r.error ?? "failed", worker: r.worker ?? "" },
  );
}

/** The command still waits: workers go on taking the run's games. */
export async function renewRun(pool: Pool, runId: string): Promise<void> {
  await pool.query(
    "UPDATE tercio_queue_runs SET waiting_until = now() + make_interval(secs => $2) WHERE id = $1",
    [runId, RUN_LEASE_SECONDS],
  );
}

/** The run and its games off the queue (done, or stopped): a worker playing one of them finds it gone. */
export async function removeRun(pool: Pool, runId: string): Promise<void> {
  await pool.query("DELETE FROM tercio_queue_runs WHERE id = $1", [runId]);
}
