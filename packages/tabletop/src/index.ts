/**
 * @tercio/tabletop: what the miniatures rule sets (004, 003, 001) share
 * above the geometry kernel: lengths and shapes as validated data, the
 * seeded random-table generator, and the reading of an untrusted position.
 * Pure: no DOM, no Node APIs, no I/O.
 */
export * from "./length.js";
export * from "./random-table.js";
export * from "./recorded-position.js";
export * from "./shapes.js";
