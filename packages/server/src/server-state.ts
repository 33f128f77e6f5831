import type { IncomingMessage } from "node:http";
import type { AiSeats } from "./ai-seats.js";
import type { Connection } from "./connection.js";
import type { Systems } from "./game-room.js";
import type { HashThreads } from "./hash-threads.js";
import type { KeyedQueue } from "./keyed-queue.js";
import type { Limits } from "./limits.js";
import type { Notifier } from "./notifier.js";
import type { PerAddress } from "./per-address.js";
import type { TokenBucket } from "./rate-limit.js";
import type { Rooms } from "./rooms.js";
import type { ByteBudget } from "./send-budget.js";
import type { ServerStats } from "./server-stats.js";
import type { GameStore } from "./store.js";

/** What the HTTP routes and WebSocket connections share. */
export interface ServerState {
  /** The rule systems this server hosts, by id. */
  readonly systems: Systems;
  /** The AI levels a system's seats may be given (none when it has no AI player). */
  aiLevels(system: string): readonly string[];
  readonly store: GameStore;
  readonly rooms: Rooms;
  readonly ai: AiSeats;
  /** The room threads hashing positions off the main thread (--room-threads), if any. */
  readonly roomThreads: HashThreads | undefined;
  readonly notifier: Notifier;
  readonly limits: Limits;
  /**
   * Game creations one at a time per creator (address key): the games-per-hour
   * count and the new game's row are one step, so creations at once cannot all
   * pass a count made before any of them was stored.
   */
  readonly creations: KeyedQueue;
  readonly connections: Set<Connection>;
  /** Each address's budget of bytes sent, and its bucket of messages received (all its connections together). */
  readonly budgets: PerAddress<ByteBudget>;
  readonly messageBuckets: PerAddress<TokenBucket>;
  readonly stats: ServerStats;
  readonly now: () => number;
  log(line: string): void;
  /** The client's address: the socket's peer, or what a trusted proxy forwarded (client-address.ts). */
  clientAddress(req: IncomingMessage): string;
  /** This process's URL among several over one database (pg-ownership.ts); undefined when it is alone. */
  readonly node: string | undefined;
}
