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
  /** Codings of the web app's files made in memory (the build precompresses the game's own). */
  staticCompressions: number;
  /** WebSockets relayed to the process that holds their game (several processes over one database). */
  relayed: number;
  /** Game API requests passed to the process that holds their game. */
  forwarded: number;
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
    staticCompressions: 0,
    relayed: 0,
    forwarded: 0,
  };
}
