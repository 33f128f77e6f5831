import type { Action, Ctx, GameEvent, Position } from "@tercio/plucky-pikes";
import type { TableProps } from "../../shell/system-view.js";

export type Props = TableProps<Ctx, Position, Action, GameEvent>;
