/**
 * The game queue's two tables. A run is one `tercio arena` or `tercio
 * balance` waiting for its games; a job is one game of it, a task as the
 * worker threads take it, under its index in the run (`game`). Texts, not jsonb: a
 * task and a result come back byte for byte as they were written (jsonb
 * would reorder their keys).
 */
import { pgTransaction } from "@tercio/server";
import type { Pool } from "pg";

/** Any fixed number: it only keeps two processes from making the tables at once. */
const SCHEMA_LOCK = 0x7465_7263;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tercio_queue_runs (
  id text PRIMARY KEY,
  -- The system and rules data every game of the run is played with (RunSetup, JSON).
  setup text NOT NULL,
  -- The waiting command renews this; a run whose command is gone is not played on.
  waiting_until timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS tercio_queue_jobs (
  run_id text NOT NULL REFERENCES tercio_queue_runs (id) ON DELETE CASCADE,
  game integer NOT NULL,
  -- Taken oldest first.
  seq bigserial NOT NULL,
  task text NOT NULL,
  -- queued, running (leased by a worker until lease_until), done, failed.
  state text NOT NULL DEFAULT 'queued',
  attempts integer NOT NULL DEFAULT 0,
  -- Who holds it: a fresh token per claim, so that a worker whose lease ran out cannot finish another's claim.
  token text,
  worker text,
  lease_until timestamptz,
  result text,
  error text,
  -- Read back by the waiting command.
  collected boolean NOT NULL DEFAULT false,
  PRIMARY KEY (run_id, game)
);
-- The build a run's games must be played with (build-id.ts); runs queued before builds were named have none, and no worker takes them.
ALTER TABLE tercio_queue_runs ADD COLUMN IF NOT EXISTS build text;
CREATE INDEX IF NOT EXISTS tercio_queue_jobs_open ON tercio_queue_jobs (seq) WHERE state IN ('queued', 'running');
`;

/** Makes the tables if missing; a transaction-wide advisory lock keeps concurrent first starts apart. */
export async function prepareQueueSchema(pool: Pool): Promise<void> {
  await pgTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
    await client.query(SCHEMA);
  });
}
