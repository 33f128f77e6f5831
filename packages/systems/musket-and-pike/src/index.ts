/**
 * @tercio/musket-and-pike: the rules of Musket & Pike (SPI, 1973, with the errata of
 * 30 April 1973) as a pure library. No DOM, no Node APIs, no I/O, no clock:
 * the same seed and actions give the same game.
 */
export * from "./actions.js";
export * from "./apply.js";
export * from "./combat/assess.js";
export * from "./combat/explain-line-of-sight.js";
export * from "./combat/line-of-sight.js";
export * from "./combat/odds.js";
export * from "./combat/retreat.js";
export * from "./context.js";
export * from "./control.js";
export * from "./deployment.js";
export * from "./disruption.js";
export * from "./events.js";
export * from "./hex/index.js";
export * from "./hex/range.js";
export * from "./legal.js";
export * from "./map/load.js";
export * from "./map/map-context.js";
export * from "./map/schema.js";
export * from "./movement/cost.js";
export * from "./movement/occupancy.js";
export * from "./movement/reachability.js";
export * from "./new-game.js";
export * from "./perft.js";
export * from "./playout/movement-board.js";
export * from "./rule-codes.js";
export * from "./rule-error.js";
export * from "./rules-data/load.js";
export * from "./rules-data/rules-context.js";
export * from "./rules-data/schema.js";
export * from "./saved-game.js";
export * from "./scenario-briefing.js";
export * from "./scenarios/load.js";
export * from "./scenarios/schema.js";
export * from "./scenarios/zones.js";
export * from "./schemas.js";
export * from "./sequence.js";
export * from "./stacking.js";
export * from "./state/parse.js";
export * from "./state/position.js";
export * from "./state/stacks.js";
export * from "./state/unit-stats.js";
export * from "./system.js";
export * from "./terrain.js";
export * from "./version.js";
export * from "./victory.js";
export * from "./vocabulary.js";
export * from "./words.js";
