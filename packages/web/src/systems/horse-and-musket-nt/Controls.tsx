import { PHASE_NAMES } from "@tercio/horse-and-musket-nt";
import type { Props } from "./table-props.js";

/** The phase bar's command: End phase (ending Actions resolves the Melee). */
export function Controls(props: Props) {
  const { position, seat } = props;
  const open = seat !== undefined && position.toMove === seat && position.phase !== "over";
  const phase = position.phase === "over" ? "" : PHASE_NAMES[position.phase];
  return (
    <button
      type="button"
      data-testid="end-phase"
      disabled={!open}
      title={position.phase === "actions" ? "The Melee follows" : undefined}
      onClick={() => props.perform({ type: "end-phase" })}
    >
      End {phase} phase
    </button>
  );
}
