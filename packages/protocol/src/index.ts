/**
 * @tercio/protocol: the online game's wire protocol, shared by the server and
 * the browser. Pure: zod schemas, and nothing of any one rule system.
 */
export * from "./limits.js";
export * from "./messages.js";
export * from "./server-messages.js";
export * from "./social.js";
