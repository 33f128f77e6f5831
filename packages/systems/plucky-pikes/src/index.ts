/**
 * @tercio/plucky-pikes: Plucky Pikes and Stalwart Shot (Ben King, 001), the
 * pike-and-shot miniatures rules, as a pure library. No DOM, no Node APIs,
 * no I/O, no clock. So far: the rules data, with the missing Combat Cards
 * reconstructed, and the arithmetic of a strike (docs/rules/plucky-pikes.md).
 */
export * from "./fraction.js";
export * from "./lethality.js";
export * from "./rules-data/load.js";
export * from "./rules-data/schema.js";
export * from "./vocabulary.js";
