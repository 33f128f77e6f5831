import type { Position } from "@tercio/musket-and-pike";
import { mapSheet, statusLine } from "@tercio/render";
import { useMemo, useState } from "react";
import { Board } from "../board/Board.js";
import { describeHex } from "../game/describe-hex.js";
import type { Game } from "../game/session.js";
import { CombatLog } from "./CombatLog.js";

/**
 * Steps through a game, action by action or Game-Turn by Game-Turn, forward
 * and back, over the positions the engine computed (read-only).
 */
export function ReplayViewer({ game, onClose }: { readonly game: Game; readonly onClose: () => void }) {
  const { ctx } = game;
  const sheet = useMemo(() => mapSheet(ctx), [ctx]);
  const positions: Position[] = useMemo(
    () => [game.opening, ...game.after.filter((p): p is Position => p !== undefined)],
    [game],
  );
  const [at, setAt] = useState(positions.length - 1);
  const [cursor, setCursor] = useState(ctx.map.grid.ids[0] ?? "0101");
  const [said, setSaid] = useState("");
  const position = positions[at] ?? game.opening;
  const go = (i: number) => setAt(Math.max(0, Math.min(positions.length - 1, i)));
  const turnStep = (dir: 1 | -1) => {
    const t = position.gameTurn;
    let i = at;
    while (i + dir >= 0 && i + dir < positions.length && positions[i + dir]?.gameTurn === t) i += dir;
    if (dir === 1) i = Math.min(positions.length - 1, i + 1);
    else {
      const prevTurn = positions[Math.max(0, i - 1)]?.gameTurn;
      i = Math.max(0, i - 1);
      while (i - 1 >= 0 && positions[i - 1]?.gameTurn === prevTurn) i--;
    }
    go(i);
  };
  return (
    <div className="replay" data-testid="replay-viewer">
      <header className="phase-bar">
        <div className="turn">
          <b>Replay</b> <span data-testid="replay-status">{statusLine(ctx, position)}</span>
        </div>
        <div className="bar-buttons">
          <button type="button" onClick={() => go(0)} data-testid="replay-start">
            Start
          </button>
          <button type="button" onClick={() => turnStep(-1)} data-testid="replay-prev-turn">
            ◀◀ Game-Turn
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
            Game-Turn ▶▶
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
      <div className="game-body">
        <div className="board-wrap">
          <Board
            ctx={ctx}
            sheet={sheet}
            position={position}
            highlights={{}}
            cursor={cursor}
            onCursor={(h) => {
              setCursor(h);
              setSaid(describeHex(ctx, position, h));
            }}
            onHex={(h) => setSaid(describeHex(ctx, position, h))}
            label="The replayed position. Arrow keys move the cursor."
          />
        </div>
        <aside className="side-panel">
          <p className="hint">{said}</p>
          <CombatLog game={game} upTo={at} />
        </aside>
      </div>
      <div className="sr-only" aria-live="polite">
        {statusLine(ctx, position)}
      </div>
    </div>
  );
}
