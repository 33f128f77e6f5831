/**
 * @tercio/systems: every rule system Tercio plays, by id. Hosts (server, CLI,
 * AI seats, bench, browser) find a system here and then talk to it only
 * through the RuleSystem interface of @tercio/core.
 */
export * from "./registry.js";
