import type { Action, Ctx, GameEvent, Position } from "@tercio/horse-and-musket-ch11";
import { PHASE_NAMES } from "@tercio/horse-and-musket-ch11";
import type { TableProps } from "../../shell/system-view.js";

/** The phase bar's command: End phase (ending Shooting runs Hand-to-Hand Combat and Eliminating Units). */
export function Controls(props: TableProps<Ctx, Position, Action, GameEvent>) {
  const { position, seat } = props;
  const open = seat !== undefined && position.toMove === seat && position.phase !== "over";
  const phase = position.phase === "over" ? "" : PHASE_NAMES[position.phase];
  return (
    <button
      type="button"
      data-testid="end-phase"
      disabled={!open}
      title={position.phase === "shooting" ? "Hand-to-hand combat and eliminations follow" : undefined}
      onClick={() => props.perform({ type: "end-phase" })}
    >
      End {phase} phase
    </button>
  );
}
