import type { Catalog } from "@tercio/engine";
import type { AiSeats } from "./ai-seats.js";
import type { Connection } from "./connection.js";
import type { Limits } from "./limits.js";
import type { Notifier } from "./notifier.js";
import type { Rooms } from "./rooms.js";
import type { GameStore } from "./store.js";

/** What the HTTP routes and WebSocket connections share. */
export interface ServerState {
  readonly catalog: Catalog;
  readonly store: GameStore;
  readonly rooms: Rooms;
  readonly ai: AiSeats;
  readonly notifier: Notifier;
  readonly limits: Limits;
  readonly connections: Set<Connection>;
  readonly stats: { messages: number; refused: number; mismatches: number };
  readonly now: () => number;
  log(line: string): void;
}
