/**
 * @tercio/core: what every rule system shares and every host relies on. Pure:
 * no DOM, no Node APIs, no I/O, no clock.
 */
export * from "./canonical.js";
export * from "./chacha20.js";
export * from "./context-cache.js";
export * from "./data-error.js";
export * from "./dice.js";
export * from "./hashing.js";
export * from "./prng.js";
export * from "./result.js";
export * from "./rule-error.js";
export * from "./rule-system.js";
export * from "./rules-document.js";
export * from "./saved-game.js";
export * from "./structural-hash.js";
