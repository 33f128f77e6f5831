/** The server's limits, all adjustable from the command line (tests and benchmarks raise them). */
export interface Limits {
  /** Messages per second a connection may send, on average. */
  readonly messagesPerSecond: number;
  /** Messages a connection may send at once. */
  readonly messageBurst: number;
  /** Messages refused by the rate limit before the connection is closed. */
  readonly rateViolationsBeforeClose: number;
  /** Games one address may create in an hour. */
  readonly gamesPerHour: number;
  /** Open WebSocket connections from one address. */
  readonly connectionsPerAddress: number;
  /** Milliseconds a new connection has to say hello. */
  readonly helloTimeoutMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  messagesPerSecond: 20,
  messageBurst: 60,
  rateViolationsBeforeClose: 200,
  gamesPerHour: 30,
  connectionsPerAddress: 64,
  helloTimeoutMs: 15_000,
};
