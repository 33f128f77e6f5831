import { useState } from "react";
import type { GameLog } from "./session.js";
import type { AnyView } from "./system-view.js";

/** The end of the game: the result and its reason, then the system's account of it (losses, strength). */
export function EndScreen({
  game,
  view,
  onReplay,
  onExit,
  onSave,
  saveLabel,
  ending,
}: {
  readonly game: GameLog;
  readonly view: AnyView;
  readonly onReplay: () => void;
  readonly onExit: () => void;
  readonly onSave: () => void;
  /** The save button's words ("Download the verified game" online). */
  readonly saveLabel?: string | undefined;
  /** An end by the players' word, online: its headline and reason in place of the rules' result. */
  readonly ending?: { readonly headline: string; readonly reason: string } | undefined;
}) {
  const { system, ctx, position } = game;
  const result = system.result(position);
  const [hidden, setHidden] = useState(false);
  if (hidden)
    return (
      <button type="button" className="end-reopen" onClick={() => setHidden(false)}>
        Show the result
      </button>
    );
  const headline = ending
    ? ending.headline
    : !result
      ? "Game over"
      : result.winner === "draw"
        ? "A draw"
        : `${system.seatName(ctx, result.winner)} win${result.level ? ` — ${result.level} victory` : ""}`;
  return (
    <div
      className="end-screen"
      role="dialog"
      aria-modal="false"
      aria-labelledby="end-title"
      data-testid="end-screen"
    >
      <h2 id="end-title">{headline}</h2>
      <p data-testid="result-reason">{ending?.reason ?? result?.reason ?? ""}</p>
      {view.summary?.(game)}
      <div className="end-buttons">
        <button type="button" onClick={onReplay} data-testid="end-replay">
          Replay the game
        </button>
        <button type="button" onClick={onSave} data-testid="end-save">
          {saveLabel ?? "Save"}
        </button>
        <button type="button" onClick={onExit}>
          New game
        </button>
        <button type="button" onClick={() => setHidden(true)}>
          Look at the board
        </button>
      </div>
    </div>
  );
}
