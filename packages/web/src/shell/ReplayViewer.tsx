import { useMemo, useState } from "react";
import { CombatLog } from "./CombatLog.js";
import { type GameLog, historyOf, positionsOf } from "./session.js";
import type { AnyView } from "./system-view.js";

const NOTHING = () => false;
const SILENT = () => {};

/**
 * Steps through a game, action by action or turn by turn, forward and back,
 * over the positions the system computed. The system's own board shows each
 * one, read-only: it is handed no seat, so it offers no action.
 */
export function ReplayViewer({
  game,
  view,
  onClose,
}: {
  readonly game: GameLog;
  readonly view: AnyView;
  readonly onClose: () => void;
}) {
  const { system, ctx } = game;
  const positions = useMemo(() => positionsOf(game), [game]);
  const active = useMemo(() => historyOf(game), [game]);
  const [at, setAt] = useState(positions.length - 1);
  const [said, setSaid] = useState("");
  const position = positions[at] ?? game.opening;
  const turnOf = (i: number) => {
    const p = positions[i];
    return p === undefined ? -1 : system.status(ctx, p).turn;
  };
  const go = (i: number) => setAt(Math.max(0, Math.min(positions.length - 1, i)));
  const turnStep = (dir: 1 | -1) => {
    const t = turnOf(at);
    let i = at;
    while (i + dir >= 0 && i + dir < positions.length && turnOf(i + dir) === t) i += dir;
    if (dir === 1) i = Math.min(positions.length - 1, i + 1);
    else {
      const prevTurn = turnOf(Math.max(0, i - 1));
      i = Math.max(0, i - 1);
      while (i - 1 >= 0 && turnOf(i - 1) === prevTurn) i--;
    }
    go(i);
  };
  const status = system.status(ctx, position).text;
  return (
    <div className="replay" data-testid="replay-viewer">
      <header className="phase-bar">
        <div className="turn">
          <b>Replay</b> <span data-testid="replay-status">{status}</span>
        </div>
        <div className="bar-buttons">
          <button type="button" onClick={() => go(0)} data-testid="replay-start">
            Start
          </button>
          <button type="button" onClick={() => turnStep(-1)} data-testid="replay-prev-turn">
            ◀◀ Turn
          </button>
          <button type="button" onClick={() => go(at - 1)} data-testid="replay-back">
            ◀ Action
          </button>
          <span data-testid="replay-index">
            {at} / {positions.length - 1}
          </span>
          <button type="button" onClick={() => go(at + 1)} data-testid="replay-forward">
            Action ▶
          </button>
          <button type="button" onClick={() => turnStep(1)} data-testid="replay-next-turn">
            Turn ▶▶
          </button>
          <button type="button" onClick={() => go(positions.length - 1)} data-testid="replay-end">
            End
          </button>
          <input
            type="range"
            min={0}
            max={positions.length - 1}
            value={at}
            onChange={(e) => go(Number(e.target.value))}
            aria-label="Step"
          />
          <button type="button" onClick={onClose} data-testid="replay-close">
            Close replay
          </button>
        </div>
      </header>
      {view.table({
        ctx,
        position,
        seat: undefined,
        perform: NOTHING,
        performAll: NOTHING,
        announce: setSaid,
        tell: SILENT,
        refusal: undefined,
        history: active.slice(0, at),
        previous: positions[Math.max(0, at - 1)] ?? game.opening,
        aside: (
          <>
            <p className="hint">{said}</p>
            <CombatLog game={game} view={view} upTo={at} />
          </>
        ),
      })}
      <div className="sr-only" aria-live="polite">
        {status}
      </div>
    </div>
  );
}
