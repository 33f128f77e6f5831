import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { type LogFilter, type LogRow, logRows } from "./log-rows.js";
import type { GameLog } from "./session.js";
import type { AnyView } from "./system-view.js";

/**
 * The game's log: every action and what it did, every die roll with its
 * rule, each entry numbered by its action (the replay's step after it).
 * Actions taken back stay, in the same words, marked undone. `upTo` is the
 * replay's step: the log shows the game up to it, that entry highlighted.
 */
export function CombatLog({
  game: latest,
  view,
  upTo,
  onLocate,
}: {
  readonly game: GameLog;
  readonly view: AnyView;
  readonly upTo?: number;
  /** Shows a line's places on the board (the system's `locate`): each such line is then a button. */
  readonly onLocate?: (where: readonly string[]) => void;
}) {
  // The log follows the game a frame behind the board: its new entries are drawn in a render of their own,
  // which React runs after the board's and can interrupt, so that a frame showing the AI's moves does not
  // also lay out and paint the log (issue 17, defect 15).
  const game = useDeferredValue(latest);
  const [filter, setFilter] = useState<LogFilter>("all");
  const [text, setText] = useState("");
  // Once per game state (and filter): a hover or a selection re-renders the shell, not the log.
  const canLocate = onLocate !== undefined;
  const rows = useMemo(
    () =>
      logRows(
        game,
        {
          kindOf: (e) => view.eventKind?.(e),
          actionWords: (a) => view.actionWords?.(a) ?? JSON.stringify(a),
          locate: canLocate && view.locate ? (e, p) => view.locate?.(game.ctx, e, p) : undefined,
        },
        filter,
        text,
        upTo,
      ),
    [game, view, canLocate, filter, text, upTo],
  );
  const listRef = useRef<HTMLOListElement>(null);
  // The newest lines are the ones a player wants (in the replay, the step's): keep the log scrolled to its end.
  // Only when the lines change: scrolling forces a layout of the whole page, and a render for a hover or a
  // selection must not pay for one (on Lutzen it cost more than the move being drawn). And at the next frame,
  // whose layout it then shares, rather than in the effect: there it forced a layout of its own after each of
  // the AI's actions, the largest single cost of the page's main thread while the AI played (issue 17, defect 15).
  const lastKey = rows.at(-1)?.key;
  const lastSize = rows.at(-1)?.lines.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the last entry or the number of entries changes, not on every render
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      if (list) list.scrollTop = list.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [lastKey, lastSize, rows.length]);
  // The host's callback is a new function at each of its renders: read it through a ref, so that the
  // entries (memoized below) are compared by their lines alone.
  const locateRef = useRef(onLocate);
  locateRef.current = onLocate;
  const [stableLocate] = useState(() => (where: readonly string[]) => locateRef.current?.(where));
  return (
    <section className="log" aria-label="Game log">
      <div className="log-filters">
        <label>
          Show{" "}
          <select
            value={filter}
            onChange={(e) => setFilter(e.target.value as LogFilter)}
            data-testid="log-filter"
          >
            <option value="all">everything</option>
            <option value="combat">combat and dice</option>
            <option value="movement">movement</option>
            <option value="turns">turns and phases</option>
          </select>
        </label>
        <input
          type="search"
          placeholder="Filter…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label="Filter the log"
        />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so the keyboard must reach it (WCAG 2.1.1) */}
      <ol className="log-lines" data-testid="log" ref={listRef} tabIndex={0} aria-label="Log entries">
        {rows.slice(-400).map((r) => (
          <LogItem
            key={r.key}
            row={r}
            current={upTo !== undefined && r.action === upTo}
            onLocate={onLocate ? stableLocate : undefined}
          />
        ))}
      </ol>
    </section>
  );
}

/**
 * One entry of the log, redrawn only when its lines change: the lines are kept with the action's
 * events (log-rows.ts), so a new action leaves the 400 entries above it alone.
 */
const LogItem = memo(function LogItem({
  row: r,
  current,
  onLocate,
}: {
  readonly row: LogRow;
  readonly current: boolean;
  readonly onLocate: ((where: readonly string[]) => void) | undefined;
}) {
  return (
    <li
      value={r.action}
      data-action={r.action}
      className={`${r.action === undefined ? (r.undone ? "undone" : "opening") : ""}${current ? " current" : ""}`}
    >
      {r.lines.map((l, k) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an entry's lines never change order
        <div key={k} className={l.kind}>
          {l.where && onLocate ? (
            <button
              type="button"
              className="log-locate"
              onClick={() => l.where && onLocate(l.where)}
              title={`Show ${l.where.join(", ")} on the map`}
            >
              {l.text}
            </button>
          ) : (
            l.text
          )}
        </div>
      ))}
      {r.undone && <span className="undone-mark"> (undone)</span>}
    </li>
  );
}, sameRow);

/** Rows are made afresh by each call of logRows; their lines (and so their words) are kept. */
function sameRow(
  a: { readonly row: LogRow; readonly current: boolean; readonly onLocate: unknown },
  b: { readonly row: LogRow; readonly current: boolean; readonly onLocate: unknown },
): boolean {
  return (
    a.row.lines === b.row.lines &&
    a.row.action === b.row.action &&
    a.row.undone === b.row.undone &&
    a.current === b.current &&
    a.onLocate === b.onLocate
  );
}
