/**
 * @tercio/protocol: the online game's wire protocol, shared by the server and
 * the browser. Pure: zod schemas and engine functions only.
 */
export * from "./limits.js";
export * from "./messages.js";
export * from "./public-position.js";
