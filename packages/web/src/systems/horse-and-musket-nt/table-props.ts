import type { Action, Ctx, GameEvent, Position } from "@tercio/horse-and-musket-nt";
import type { TableProps } from "../../shell/system-view.js";

export type Props = TableProps<Ctx, Position, Action, GameEvent>;
