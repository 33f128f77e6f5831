import { endPhase, toAct } from "@tercio/musket-and-pike";
import { PHASE_NAMES, playerName } from "@tercio/render";
import { useMemo } from "react";
import type { MpTableProps } from "./HexTable.js";
import { optionsOf } from "./interaction.js";
import { promptFor } from "./panels/prompt.js";

/**
 * Musket & Pike's part of the phase bar (4.2): Game-Turn n of N, the player
 * to act (blue with a solid border, green with a dashed one), the phase or
 * decision, and what is expected now.
 */
export function MpStatus({ ctx, position, seat, waiting }: MpTableProps) {
  const human = seat !== undefined;
  const side = seat ?? toAct(position) ?? position.phasing;
  return (
    <>
      <div className="turn">
        <b>
          Game-Turn <span data-testid="game-turn">{position.gameTurn}</span> of {ctx.scenario.gameLength}
        </b>
        <span className={`side side-${side}`}>{playerName(ctx.scenario, side)}</span>
        <span data-testid="phase">
          {position.decision
            ? `${PHASE_NAMES[position.phase]} — ${position.decision.kind} decision`
            : PHASE_NAMES[position.phase]}
        </span>
      </div>
      <p className="prompt" data-testid="prompt">
        {!human && waiting ? waiting : promptFor(ctx, position, human)}
      </p>
    </>
  );
}

/** End phase, and beside it why the phase may not end yet, in the engine's words. */
export function MpControls({ ctx, position, seat, perform }: MpTableProps) {
  const human = seat !== undefined;
  const canEnd = useMemo(
    () => (human ? optionsOf(ctx, position).canEndPhase : false),
    [ctx, position, human],
  );
  const endRefusal = useMemo(() => {
    if (!human || toAct(position) === null || canEnd) return undefined;
    const r = endPhase(ctx, position);
    return r.ok ? undefined : r.error.message;
  }, [ctx, position, human, canEnd]);
  // 10.0 and the like: the reason is written beside the button, not only in its tooltip.
  return (
    <>
      <button
        type="button"
        onClick={() => perform({ type: "end-phase" })}
        disabled={!human || toAct(position) === null}
        className={canEnd ? "" : "refused"}
        data-testid="end-phase"
        title={endRefusal ?? "End the phase"}
        aria-describedby={endRefusal ? "end-why" : undefined}
      >
        End {position.phase === "deployment" ? "deployment" : "phase"}
      </button>
      {endRefusal && (
        <span className="end-why" id="end-why" data-testid="end-why">
          {endRefusal}
        </span>
      )}
    </>
  );
}
