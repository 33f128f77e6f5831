import type { CommonOptions } from "../catalog.js";

/** The options of `check-move`, for every system's checker (here so that no checker imports the command). */
export interface CheckMoveOptions extends CommonOptions {
  readonly json?: boolean;
  /** Search the furthest legal length of a refused leg (default true; --no-clamp). */
  readonly clamp?: boolean;
}
