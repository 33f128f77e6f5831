export * from "./axial.js";
export * from "./grid.js";
export * from "./hexside.js";
export * from "./line.js";
export * from "./offset.js";
