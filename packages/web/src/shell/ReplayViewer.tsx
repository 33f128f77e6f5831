import { useEffect, useMemo, useRef, useState } from "react";
import { CombatLog } from "./CombatLog.js";
import { gameTitle } from "./game-title.js";
import { REPLAY_SPEEDS, replayKey } from "./replay-keys.js";
import { type GameLog, historyOf, positionsOf } from "./session.js";
import type { AnyView } from "./system-view.js";

const NOTHING = () => false;
const SILENT = () => {};

/**
 * Steps through a game, action by action or turn by turn, forward and back,
 * or plays it by itself at a chosen speed, over the positions the system
 * computed. The system's own board shows each one, read-only: it is handed
 * no seat, so it offers no action. Keys: Left and Right step, Home and End
 * go to the ends, Space plays or pauses (replay-keys.ts).
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
  const last = positions.length - 1;
  const go = (i: number) => setAt(Math.max(0, Math.min(last, i)));
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(2);
  // Playing steps forward at the speed chosen, and stops at the end.
  useEffect(() => {
    if (!playing) return;
    if (at >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setAt((i) => Math.min(last, i + 1)), 1000 / speed);
    return () => clearTimeout(timer);
  }, [playing, at, last, speed]);
  /** Play from the start when at the end; pause when playing. */
  const toggle = () => {
    if (!playing && at >= last) setAt(0);
    setPlaying((p) => !p);
  };
  const keys = useRef({ go, toggle, at, last });
  keys.current = { go, toggle, at, last };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // The board's own keys (its cursor) come first.
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const k = replayKey(e.key, (e.target as HTMLElement | null)?.tagName);
      if (!k) return;
      e.preventDefault();
      const { go: step, toggle: playPause, at: i, last: end } = keys.current;
      if (k.kind === "toggle") playPause();
      else step(k.to === "start" ? 0 : k.to === "end" ? end : k.to === "back" ? i - 1 : i + 1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
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
          <h1>Replay</h1> <span data-testid="replay-status">{status}</span>
          <span className="sr-only">{gameTitle(game)}</span>
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
            {at} / {last}
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
          <button
            type="button"
            onClick={toggle}
            aria-pressed={playing}
            title="Play or pause (Space)"
            data-testid="replay-play"
          >
            {playing ? "Pause" : "Play"}
          </button>
          <label className="replay-speed">
            Speed{" "}
            <select
              value={speed}
              onChange={(e) => setSpeed(Number(e.target.value))}
              data-testid="replay-speed"
            >
              {REPLAY_SPEEDS.map((v) => (
                <option key={v} value={v}>
                  {v} a second
                </option>
              ))}
            </select>
          </label>
          <input
            type="range"
            min={0}
            max={last}
            value={at}
            onChange={(e) => go(Number(e.target.value))}
            aria-label="Step"
          />
          <button type="button" onClick={onClose} data-testid="replay-close">
            Close replay
          </button>
        </div>
      </header>
      <main className="game-main">
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
      </main>
      {/* Quiet while playing by itself: ten announcements a second would drown each other. */}
      <div className="sr-only" aria-live={playing ? "off" : "polite"}>
        {status}
      </div>
    </div>
  );
}
