/** The server's limits, all adjustable from the command line (tests and benchmarks raise them). */
export interface Limits {
  /** Messages per second a connection may send, on average. */
  readonly messagesPerSecond: number;
  /** Messages a connection may send at once. */
  readonly messageBurst: number;
  /**
   * Messages per second, and at once, all the connections of one address may
   * send together: many sockets, each within its own limit, must not add up
   * to a flood.
   */
  readonly addressMessagesPerSecond: number;
  readonly addressMessageBurst: number;
  /** Messages refused by the rate limit before the connection is closed. */
  readonly rateViolationsBeforeClose: number;
  /** Games one address may create in an hour. */
  readonly gamesPerHour: number;
  /** Open WebSocket connections from one address. */
  readonly connectionsPerAddress: number;
  /** Milliseconds a new connection has to say hello. */
  readonly helloTimeoutMs: number;
  /**
   * Bytes per second the server sends one connection on request (snapshots,
   * catch-ups, finished games' records), on average, and at once. Events of
   * the game itself are never held back, but they count.
   */
  readonly sendBytesPerSecond: number;
  readonly sendBurstBytes: number;
  /** The same for all the connections of one address together (and the saved games it downloads). */
  readonly addressSendBytesPerSecond: number;
  readonly addressSendBurstBytes: number;
  /**
   * Bytes queued for a connection that has not read them: past this, nothing
   * asked for is sent until it reads (backpressure) ...
   */
  readonly lowWaterBytes: number;
  /** ... and past this it is closed and its memory released. */
  readonly maxBufferedBytes: number;
  /** Messages a connection may have waiting to be handled; more are refused as busy. */
  readonly pendingMessages: number;
  /** Milliseconds between two snapshots to one connection: what is asked for meanwhile is folded into the next. */
  readonly snapshotIntervalMs: number;
  /** Open TCP connections in all (HTTP and WebSocket alike); more are closed at once. */
  readonly maxConnections: number;
  /** Open TCP connections from one address (its /64 for IPv6); trusted proxies are exempt. */
  readonly httpConnectionsPerAddress: number;
  /** Milliseconds a request has to complete its headers, from its first byte (a new connection: from its opening). */
  readonly headersTimeoutMs: number;
  /** Milliseconds to receive a whole request, body included. */
  readonly requestTimeoutMs: number;
  /** Milliseconds an idle keep-alive connection stays open after an answer. */
  readonly keepAliveTimeoutMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  messagesPerSecond: 20,
  messageBurst: 60,
  addressMessagesPerSecond: 200,
  addressMessageBurst: 600,
  rateViolationsBeforeClose: 200,
  gamesPerHour: 30,
  connectionsPerAddress: 64,
  helloTimeoutMs: 15_000,
  // A Lutzen snapshot is about 25 kB and a finished game's record about 200 kB:
  // a joining client gets both at once; a client asking again and again gets
  // one every half a second or so.
  sendBytesPerSecond: 64 * 1024,
  sendBurstBytes: 512 * 1024,
  addressSendBytesPerSecond: 512 * 1024,
  addressSendBurstBytes: 4 * 1024 * 1024,
  lowWaterBytes: 256 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
  pendingMessages: 64,
  snapshotIntervalMs: 1000,
  maxConnections: 2000,
  httpConnectionsPerAddress: 128,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};
