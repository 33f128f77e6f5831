import { useEffect, useRef, useState } from "react";
import type { GameLog } from "./session.js";
import type { AnyView } from "./system-view.js";

type Filter = "all" | "combat" | "movement" | "turns";

/** An event's type, for the line's class (every system's events are tagged by `type`). */
function eventType(e: unknown): string {
  const t = typeof e === "object" && e !== null ? (e as { type?: unknown }).type : undefined;
  return typeof t === "string" ? t : "event";
}

/**
 * The game's log: every action and what it did, every die roll with its rule.
 * Actions taken back stay, marked undone. `upTo` highlights the replay's step.
 */
export function CombatLog({
  game,
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
  const keep = (filter: Filter, e: unknown): boolean => filter === "all" || view.eventKind?.(e) === filter;
  const words = (a: unknown) => view.actionWords?.(a) ?? JSON.stringify(a);
  const [filter, setFilter] = useState<Filter>("all");
  const [text, setText] = useState("");
  const needle = text.trim().toLowerCase();
  const rows: {
    key: string;
    line: string;
    undone: boolean;
    current: boolean;
    kind: string;
    where?: readonly string[];
  }[] = [];
  const placesOf = (e: unknown, p: unknown) => {
    const w = onLocate ? view.locate?.(game.ctx, e, p) : undefined;
    return w && w.length > 0 ? { where: w } : {};
  };
  let active = 0;
  // What opening the game did (the first phase begun), before any action.
  game.openingEvents.forEach((e, k) => {
    if (!keep(filter, e)) return;
    const line = game.system.describeEvent(game.ctx, e);
    if (line !== undefined)
      rows.push({
        key: `o-${k}`,
        line,
        undone: false,
        current: upTo === 0,
        kind: eventType(e),
        ...placesOf(e, game.opening),
      });
  });
  game.entries.forEach((entry, i) => {
    if (!entry.undone) active++;
    const current = upTo !== undefined && !entry.undone && active === upTo;
    if (entry.undone) {
      if (filter === "all" || filter === "movement")
        rows.push({
          key: `${i}-u`,
          line: `${game.system.seatName(game.ctx, entry.side)}: ${words(entry.action)} (undone)`,
          undone: true,
          current,
          kind: "undone",
        });
      return;
    }
    entry.events.forEach((e, k) => {
      if (!keep(filter, e)) return;
      const line = game.system.describeEvent(game.ctx, e);
      if (line === undefined) return;
      rows.push({
        key: `${i}-${k}`,
        line,
        undone: false,
        current,
        kind: eventType(e),
        ...placesOf(e, game.after[i] ?? game.position),
      });
    });
  });
  const shown = needle ? rows.filter((r) => r.line.toLowerCase().includes(needle)) : rows;
  const listRef = useRef<HTMLOListElement>(null);
  // The newest lines are the ones a player wants: keep the log scrolled to its end (or to the replay's step).
  // Only when the lines change: scrolling forces a layout of the whole page, and a render for a hover or a
  // selection must not pay for one (on Lutzen it cost more than the move being drawn).
  const lastKey = shown.at(-1)?.key;
  const currentKey = shown.find((r) => r.current)?.key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the last or current line changes, not on every render
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const current = list.querySelector("li.current");
    if (current) current.scrollIntoView({ block: "nearest" });
    else list.scrollTop = list.scrollHeight;
  }, [lastKey, currentKey, shown.length]);
  return (
    <section className="log" aria-label="Game log">
      <div className="log-filters">
        <label>
          Show{" "}
          <select
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
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
      <ol className="log-lines" data-testid="log" ref={listRef}>
        {shown.slice(-400).map((r) => (
          <li key={r.key} className={`${r.kind}${r.undone ? " undone" : ""}${r.current ? " current" : ""}`}>
            {r.where && onLocate ? (
              <button
                type="button"
                className="log-locate"
                onClick={() => r.where && onLocate(r.where)}
                title={`Show ${r.where.join(", ")} on the map`}
              >
                {r.line}
              </button>
            ) : (
              r.line
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
