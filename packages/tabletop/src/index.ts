/**
 * @tercio/tabletop: what the miniatures rule sets (004, 003, 001) share
 * above the geometry kernel, as validated data. Pure: no DOM, no Node APIs,
 * no I/O.
 */
export * from "./length.js";
export * from "./shapes.js";
