import { actor, type GameContext, type Position, toAct } from "@tercio/musket-and-pike";
import { PHASE_NAMES, playerName } from "@tercio/render";
import { promptFor } from "./prompt.js";

export interface PhaseBarProps {
  readonly ctx: GameContext;
  readonly position: Position;
  /** Whether the player to act is a person at this screen. */
  readonly human: boolean;
  /** The prompt while the other side is to act, when it is not this screen's AI ("Waiting for the Royalists…"). */
  readonly idlePrompt?: string | undefined;
  readonly thinking: boolean;
  readonly canEndPhase: boolean;
  /** Why the phase may not end yet, in the engine's words. */
  readonly endRefusal: string | undefined;
  readonly canUndo: boolean;
  readonly undoRefusal: string | undefined;
  readonly onEndPhase: () => void;
  readonly onUndo: () => void;
  readonly onSave: () => void;
  readonly onLoad: () => void;
  readonly onReplay: () => void;
  readonly onExit: () => void;
}

/**
 * 4.2: Game-Turn n of N, the player to act (blue with a solid border, green
 * with a dashed one), the phase or decision, what is expected now, and the
 * game's commands.
 */
export function PhaseBar(props: PhaseBarProps) {
  const { ctx, position, human } = props;
  const side = actor(position);
  return (
    <header className="phase-bar" data-testid="phase-bar">
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
        {props.thinking && (
          <span className="thinking" data-testid="ai-thinking" role="status">
            AI thinking…
          </span>
        )}
      </div>
      <p className="prompt" data-testid="prompt">
        {!human && props.idlePrompt ? props.idlePrompt : promptFor(ctx, position, human)}
      </p>
      <div className="bar-buttons">
        <button
          type="button"
          onClick={props.onEndPhase}
          disabled={!human || toAct(position) === null}
          className={props.canEndPhase ? "" : "refused"}
          data-testid="end-phase"
          title={props.endRefusal ?? "End the phase"}
        >
          End {position.phase === "deployment" ? "deployment" : "phase"}
        </button>
        <button
          type="button"
          onClick={props.onUndo}
          disabled={!props.canUndo}
          title={props.undoRefusal ?? "Take back your last action (Ctrl+Z)"}
          data-testid="undo"
        >
          Undo
        </button>
        <button type="button" onClick={props.onSave} data-testid="save">
          Save
        </button>
        <button type="button" onClick={props.onLoad} data-testid="load">
          Load
        </button>
        <button type="button" onClick={props.onReplay} data-testid="replay">
          Replay
        </button>
        <button type="button" onClick={props.onExit}>
          Scenarios
        </button>
      </div>
    </header>
  );
}
