import type { PoolClient } from "pg";
import { NotOwner } from "./store.js";

/**
 * The SQL that fences a game's writes to the session holding it (see
 * pg-ownership.ts), used by the store inside each write's transaction.
 */

/** Milliseconds since 1970 on the database's clock. */
export const NOW_MS = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/** A session's lease runs (SQL on a game_owners row aliased `o`). */
export const LIVE_OWNER = `EXISTS (SELECT 1 FROM nodes n WHERE n.node = o.node AND n.session = o.session AND n.expires_at > ${NOW_MS})`;

/** Who a write is made for: this process's name and session. */
export interface Fence {
  readonly node: string;
  readonly session: string;
}

/**
 * Inside a write's transaction: refuses it (NotOwner) unless `fence` holds
 * the game under a running lease, and holds the ownership row until the
 * commit, so that a takeover waits for the write.
 */
export async function checkFence(client: PoolClient, fence: Fence, id: string): Promise<void> {
  const { rowCount } = await client.query(
    `SELECT 1 FROM game_owners o WHERE o.game_id = $1 AND o.node = $2 AND o.session = $3 AND ${LIVE_OWNER} FOR SHARE OF o`,
    [id, fence.node, fence.session],
  );
  if (rowCount !== 1) throw new NotOwner(`this server (${fence.node}) no longer holds game ${id}`);
}

/** A new game is its creator's, in the transaction that stores it. */
export async function ownNewGame(client: PoolClient, fence: Fence, id: string): Promise<void> {
  await client.query("INSERT INTO game_owners (game_id, node, session) VALUES ($1, $2, $3)", [
    id,
    fence.node,
    fence.session,
  ]);
}
