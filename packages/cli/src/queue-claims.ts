/**
 * A worker's side of the queue. A worker claims the oldest game that is
 * queued or whose lease has run out (its worker was killed, or lost the
 * database), with SKIP LOCKED so that workers never wait on each other;
 * renews its lease while it plays; and stores the record or the failure
 * under its claim's token, so that a worker whose lease lapsed cannot
 * overwrite the game's new holder. All times are the database's clock:
 * the machines' clocks need not agree.
 */
import { randomUUID } from "node:crypto";
import type { Pool } from "pg";

/** A game taken from the queue, as read: the task and setup are still unchecked text. */
export interface Claim {
  readonly runId: string;
  readonly game: number;
  readonly token: string;
  /** 1 the first time the game is taken; more when a worker before stopped unfinished. */
  readonly attempts: number;
  readonly task: unknown;
  readonly setup: unknown;
}

interface ClaimRow {
  readonly run_id: string;
  readonly game: number;
  readonly attempts: number;
  readonly task: unknown;
  readonly setup: unknown;
}

/**
 * Takes the next game of a run of this `build` for `leaseSeconds`, or
 * undefined when none is waiting: a worker of another build leaves it to
 * the workers of the run's.
 */
export async function claimGame(
  pool: Pool,
  worker: string,
  leaseSeconds: number,
  build: string,
): Promise<Claim | undefined> {
  const token = randomUUID();
  const { rows } = await pool.query<ClaimRow>(
    `WITH next AS (
       SELECT j.run_id, j.game FROM tercio_queue_jobs j
       JOIN tercio_queue_runs r ON r.id = j.run_id AND r.waiting_until > now() AND r.build = $4
       WHERE j.state = 'queued' OR (j.state = 'running' AND j.lease_until < now())
       ORDER BY j.seq LIMIT 1
       FOR UPDATE OF j SKIP LOCKED
     )
     UPDATE tercio_queue_jobs j
     SET state = 'running', attempts = j.attempts + 1, token = $1, worker = $2,
         lease_until = now() + make_interval(secs => $3)
     FROM next WHERE j.run_id = next.run_id AND j.game = next.game
     RETURNING j.run_id, j.game, j.attempts, j.task,
       (SELECT setup FROM tercio_queue_runs r WHERE r.id = j.run_id) AS setup`,
    [token, worker, leaseSeconds, build],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    runId: row.run_id,
    game: row.game,
    token,
    attempts: row.attempts,
    task: row.task,
    setup: row.setup,
  };
}

/** Extends the lease; false when the claim is no longer this worker's (the run removed, or the lease lost). */
export async function renewClaim(pool: Pool, claim: Claim, leaseSeconds: number): Promise<boolean> {
  const r = await pool.query(
    `UPDATE tercio_queue_jobs SET lease_until = now() + make_interval(secs => $4)
     WHERE run_id = $1 AND game = $2 AND token = $3 AND state = 'running'`,
    [claim.runId, claim.game, claim.token, leaseSeconds],
  );
  return r.rowCount === 1;
}

/** Stores the game's record; false when the claim was no longer this worker's. */
export async function completeGame(pool: Pool, claim: Claim, result: string): Promise<boolean> {
  const r = await pool.query(
    `UPDATE tercio_queue_jobs SET state = 'done', result = $4, lease_until = NULL
     WHERE run_id = $1 AND game = $2 AND token = $3 AND state = 'running'`,
    [claim.runId, claim.game, claim.token, result],
  );
  return r.rowCount === 1;
}

/** Marks the game failed for good: the waiting command reports `error`; no worker takes it again. */
export async function failGame(pool: Pool, claim: Claim, error: string): Promise<boolean> {
  const r = await pool.query(
    `UPDATE tercio_queue_jobs SET state = 'failed', error = $4, lease_until = NULL
     WHERE run_id = $1 AND game = $2 AND token = $3 AND state = 'running'`,
    [claim.runId, claim.game, claim.token, error.slice(0, 4000)],
  );
  return r.rowCount === 1;
}

/** Gives a game back untried (a worker told to stop): queued again, the attempt not counted. */
export async function releaseGame(pool: Pool, claim: Claim): Promise<void> {
  await pool.query(
    `UPDATE tercio_queue_jobs
     SET state = 'queued', attempts = greatest(attempts - 1, 0), token = NULL, worker = NULL, lease_until = NULL
     WHERE run_id = $1 AND game = $2 AND token = $3 AND state = 'running'`,
    [claim.runId, claim.game, claim.token],
  );
}

/** How long a run whose command has stopped renewing it stays before a worker removes it. */
const ABANDONED_AFTER = "1 hour";

/** Removes runs whose command has been gone a while (killed, say): nobody will read their games. */
export async function removeAbandonedRuns(pool: Pool): Promise<number> {
  const r = await pool.query(
    `DELETE FROM tercio_queue_runs WHERE waiting_until < now() - interval '${ABANDONED_AFTER}'`,
  );
  return r.rowCount ?? 0;
}
