import type { IncomingMessage } from "node:http";
import type { AiSeats } from "./ai-seats.js";
import type { Connection } from "./connection.js";
import type { Systems } from "./game-room.js";
import type { Limits } from "./limits.js";
import type { Notifier } from "./notifier.js";
import type { PerAddress } from "./per-address.js";
import type { TokenBucket } from "./rate-limit.js";
import type { Rooms } from "./rooms.js";
import type { ByteBudget } from "./send-budget.js";
import type { GameStore } from "./store.js";

/** Counters for the health page and the tests. */
export interface ServerStats {
  messages: number;
  refused: number;
  mismatches: number;
  /** Snapshot requests folded into one already on its way. */
  coalesced: number;
  /** Times something asked for waited for a budget or for the client to read. */
  paced: number;
  /** Connections closed because their unread bytes passed the bound. */
  closedForBackpressure: number;
  /** Messages dropped because their address's connections together sent too many. */
  addressDropped: number;
  /** Messages refused because too many were waiting on their connection. */
  busy: number;
  /** Saved-game downloads refused for the address's budget. */
  downloadsRefused: number;
  /** Errors that escaped every handler, caught by the process's last resort. */
  uncaught: number;
  /** Games whose links never reached anyone, deleted. */
  undeliveredDeleted: number;
}

export function newStats(): ServerStats {
  return {
    messages: 0,
    refused: 0,
    mismatches: 0,
    coalesced: 0,
    paced: 0,
    closedForBackpressure: 0,
    busy: 0,
    addressDropped: 0,
    downloadsRefused: 0,
    uncaught: 0,
    undeliveredDeleted: 0,
  };
}

/** What the HTTP routes and WebSocket connections share. */
export interface ServerState {
  /** The rule systems this server hosts, by id. */
  readonly systems: Systems;
  /** The AI levels a system's seats may be given (none when it has no AI player). */
  aiLevels(system: string): readonly string[];
  readonly store: GameStore;
  readonly rooms: Rooms;
  readonly ai: AiSeats;
  readonly notifier: Notifier;
  readonly limits: Limits;
  readonly connections: Set<Connection>;
  /** Each address's budget of bytes sent, and its bucket of messages received (all its connections together). */
  readonly budgets: PerAddress<ByteBudget>;
  readonly messageBuckets: PerAddress<TokenBucket>;
  readonly stats: ServerStats;
  readonly now: () => number;
  log(line: string): void;
  /** The client's address: the socket's peer, or what a trusted proxy forwarded (client-address.ts). */
  clientAddress(req: IncomingMessage): string;
}
