/**
 * @tercio/server: online play. Authoritative games over WebSocket, stored
 * as append-only action logs in SQLite or PostgreSQL, with seat links, AI seats,
 * spectators and asynchronous turns.
 */
export { addressKey } from "./address-key.js";
export { trustedProxyProblem } from "./client-address.js";
export * from "./game-room.js";
export { allowedHostProblem } from "./host-check.js";
export * from "./last-resort.js";
export * from "./limits.js";
export { nodeUrlProblem } from "./node-url.js";
export { databaseProblem, isPostgresUrl, openStore, StoreUnavailable, storeName } from "./open-store.js";
export { DEFAULT_LEASE_MS } from "./pg-ownership.js";
export { PgStore, pgTransaction } from "./pg-store.js";
export { createServer, type ServerOptions, type TercioServer } from "./server.js";
export * from "./sqlite-store.js";
export * from "./static-files.js";
export { type StaticAnswer, StaticSite } from "./static-site.js";
export * from "./store.js";
