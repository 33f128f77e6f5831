import type { Action, Ctx, GameEvent, Position } from "@tercio/horse-and-musket-ch11";
import type { TableProps } from "../../shell/system-view.js";

/** What the shell hands the chapter-11 table (the seam's props, with this system's types). */
export type Props = TableProps<Ctx, Position, Action, GameEvent>;

/** The table's pointer tools. */
export type Tool = "select" | "ruler";
