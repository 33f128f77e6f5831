import type { Pool } from "pg";
import { type Fence, LIVE_OWNER, NOW_MS } from "./pg-fence.js";
import { pgPool } from "./pg-store.js";

/**
 * Several server processes over one PostgreSQL database: each game is
 * played in the memory of one process at a time, its owner. Ownership is a
 * lease in the database (the tables are in pg-schema.ts):
 *
 * - each process (a node, named by the URL its peers reach it at) keeps a
 *   row in `nodes` whose lease it renews on a timer; a start of the process
 *   is a session (a fresh id), so a process restarted under the same name
 *   does not inherit its dead predecessor's games by accident: it takes
 *   them over like anyone else, at once, since its start replaces the
 *   predecessor's session;
 * - `game_owners` names the session holding each game. A game whose owner's
 *   lease has run out (the process died, or stalled, or lost the database)
 *   is anyone's: the first process asked for it takes it in one statement;
 * - every write a room makes (an action, the players' word, chat) checks in
 *   its own transaction that this session still holds the game under a
 *   running lease, and locks the ownership row while it commits. A process
 *   that stalled past its lease and wakes up finds its writes refused
 *   (NotOwner), and a takeover waits for a write under way to commit, so
 *   the new owner reads every acknowledged action.
 *
 * Times are the database's clock (clock_timestamp), never the machines':
 * their clocks may disagree, the database's is one.
 */

/** Who is to serve a game. */
export type Claim =
  /** This process: it holds the game now (or the game does not exist: loading it says so). */
  | { readonly kind: "mine" }
  /** Another process, whose lease runs: its URL, as it named itself. */
  | { readonly kind: "elsewhere"; readonly node: string }
  /** Nobody can serve it just now (this process's own lease has lapsed): try again shortly. */
  | { readonly kind: "unavailable"; readonly why: string };

/** Which games this process may serve, and where the others are. */
export interface Ownership {
  /** This process's URL when it shares the database with others; undefined when it is alone. */
  readonly node: string | undefined;
  /** Takes the game if nobody's lease holds it; else says who holds it. */
  claim(id: string): Promise<Claim>;
  /** Ids of games being played that no running lease holds (their owner died): AI seats to resume. */
  orphans(): Promise<string[]>;
  /** Registers this session and renews its lease until `release`, telling `rooms` of games it no longer holds. */
  start(rooms: HeldRooms): Promise<void>;
  /** Gives every game up at once (a clean stop): the others may take them without waiting for the lease. */
  release(): Promise<void>;
}

/** What the lease's renewals look after: the games in memory, and how to give them up. */
export interface HeldRooms {
  /** The ids of the games this process has in memory. */
  held(): string[];
  /** These games are held by another process now (or `"all"`: this process's lease is lost): give them up. */
  lost(ids: readonly string[] | "all"): void;
}

/** One process over its database (SQLite, or PostgreSQL without --node-url): every game is its own. */
export const SOLE_OWNER: Ownership = {
  node: undefined,
  claim: () => Promise.resolve({ kind: "mine" }),
  orphans: () => Promise.resolve([]),
  start: () => Promise.resolve(),
  release: () => Promise.resolve(),
};

export interface LeaseOptions {
  /** Milliseconds a lease runs after each renewal (default 10 s); renewed every quarter of it. */
  readonly leaseMs?: number;
  readonly log?: (line: string) => void;
}

export const DEFAULT_LEASE_MS = 10_000;

/** Ownership by leases in PostgreSQL, on a small pool of its own (renewals never wait behind the games' queries). */
export class PgOwnership implements Ownership {
  private timer: NodeJS.Timeout | undefined;
  /** When (this machine's clock) the last renewal that succeeded was sent: the lease runs at most leaseMs from then. */
  private renewedAt = 0;
  private held = false;
  private released = false;
  private rooms: HeldRooms | undefined;
  private readonly leaseMs: number;
  private readonly log: (line: string) => void;

  private constructor(
    private readonly pool: Pool,
    private readonly fence: Fence,
    options: LeaseOptions,
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.log = options.log ?? (() => undefined);
  }

  static open(url: string, fence: Fence, options: LeaseOptions = {}): PgOwnership {
    const pool = pgPool(url, { maxConnections: 2, ...(options.log ? { log: options.log } : {}) });
    return new PgOwnership(pool, fence, options);
  }

  get node(): string {
    return this.fence.node;
  }

  async claim(id: string): Promise<Claim> {
    const { node, session } = this.fence;
    // Twice: an owner whose lease ends between the two statements is found on the second go.
    for (let attempt = 0; attempt < 2; attempt++) {
      const taken = await this.pool.query(
        `INSERT INTO game_owners AS o (game_id, node, session)
           SELECT g.id, $2, $3 FROM games g
            WHERE g.id = $1
              AND EXISTS (SELECT 1 FROM nodes n WHERE n.node = $2 AND n.session = $3 AND n.expires_at > ${NOW_MS})
         ON CONFLICT (game_id) DO UPDATE SET node = EXCLUDED.node, session = EXCLUDED.session
            WHERE o.session = EXCLUDED.session OR NOT ${LIVE_OWNER}
         RETURNING o.game_id`,
        [id, node, session],
      );
      if (taken.rowCount === 1) return { kind: "mine" };
      const { rows } = await this.pool.query<{ game: boolean; owner: string | null }>(
        `SELECT EXISTS (SELECT 1 FROM games WHERE id = $1) AS game,
                (SELECT o.node FROM game_owners o WHERE o.game_id = $1 AND ${LIVE_OWNER}) AS owner`,
        [id],
      );
      const row = rows[0];
      // No such game: loading it says so, in the same words as a lone server's.
      if (!row?.game) return { kind: "mine" };
      // Another session under this process's own name holds it: this process lost its name (see start).
      if (row.owner === node)
        return { kind: "unavailable", why: `another server runs as ${node}: this one serves no games` };
      if (row.owner !== null) return { kind: "elsewhere", node: row.owner };
    }
    return {
      kind: "unavailable",
      why: "this server's lease on the database has lapsed; it is being renewed",
    };
  }

  async orphans(): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT g.id FROM games g
        WHERE g.status = 'playing'
          AND NOT EXISTS (SELECT 1 FROM game_owners o WHERE o.game_id = g.id AND ${LIVE_OWNER})
        ORDER BY g.id`,
    );
    return rows.map((r) => r.id);
  }

  /**
   * Registers this session under the node's name, replacing whatever
   * session had it (a predecessor killed a moment ago: its games become
   * anyone's at once), then renews every quarter of the lease. A renewal
   * that finds another session under the name (two processes given one
   * --node-url), or that cannot reach the database for a whole lease, loses
   * every game. Each renewal also looks for games in memory that another
   * process has taken (this one stalled past its lease, and came back): their
   * rooms are given up at once, rather than at their next write.
   */
  async start(rooms: HeldRooms): Promise<void> {
    const sent = Date.now();
    await this.pool.query(
      `INSERT INTO nodes (node, session, expires_at) VALUES ($1, $2, ${NOW_MS} + $3)
       ON CONFLICT (node) DO UPDATE SET session = EXCLUDED.session, expires_at = EXCLUDED.expires_at`,
      [this.fence.node, this.fence.session, this.leaseMs],
    );
    this.renewedAt = sent;
    this.held = true;
    this.rooms = rooms;
    this.timer = setInterval(() => void this.renew(), Math.max(100, Math.floor(this.leaseMs / 4)));
    this.timer.unref();
  }

  /** One renewal of the lease (the timer's; a test's, by hand). */
  async renew(): Promise<void> {
    const rooms = this.rooms;
    if (!rooms || this.released) return;
    const at = Date.now();
    try {
      const { rowCount } = await this.pool.query(
        `UPDATE nodes SET expires_at = ${NOW_MS} + $3 WHERE node = $1 AND session = $2`,
        [this.fence.node, this.fence.session, this.leaseMs],
      );
      if (rowCount === 1) {
        this.renewedAt = at;
        this.held = true;
        const ids = rooms.held();
        if (ids.length === 0) return;
        const taken = await this.pool.query<{ game_id: string }>(
          "SELECT game_id FROM game_owners WHERE game_id = ANY($1) AND session <> $2",
          [ids, this.fence.session],
        );
        if (taken.rows.length > 0) rooms.lost(taken.rows.map((r) => r.game_id));
        return;
      }
      if (this.held) {
        this.held = false;
        this.log(
          `another server has started as ${this.fence.node} (each server needs its own --node-url): this one gives up its games`,
        );
        rooms.lost("all");
      }
    } catch (e) {
      if (this.held && Date.now() - this.renewedAt >= this.leaseMs) {
        this.held = false;
        this.log(
          `the lease could not be renewed for ${this.leaseMs} ms (${e instanceof Error ? e.message : String(e)}): this server gives up its games`,
        );
        rooms.lost("all");
      }
    }
  }

  /** Ends the lease: this session's games are anyone's at once. Then closes the pool. */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    clearInterval(this.timer);
    this.held = false;
    try {
      await this.pool.query("DELETE FROM nodes WHERE node = $1 AND session = $2", [
        this.fence.node,
        this.fence.session,
      ]);
      await this.pool.query("DELETE FROM game_owners WHERE session = $1", [this.fence.session]);
    } catch (e) {
      // The lease then runs out by itself.
      this.log(`giving up the games' leases failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      await this.pool.end().catch(() => undefined);
    }
  }
}
