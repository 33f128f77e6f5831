import type { GameLog } from "./session.js";

export type LogFilter = "all" | "combat" | "movement" | "turns";

/** One line of an entry: an event in the system's words, and its type (the line's class: die rolls in bold). */
export interface LogLine {
  readonly text: string;
  readonly kind: string;
  /** The places on the board the line is about (the system's `locate`), when the log can show them. */
  readonly where?: readonly string[];
}

/**
 * One entry of the log: the opening's events, or one action with what it
 * did. `action` is its number among the actions in force (1 for the first),
 * the replay's step after it; undone actions have none, as the replay
 * never stops on them.
 */
export interface LogRow {
  readonly key: string;
  readonly action: number | undefined;
  readonly lines: readonly LogLine[];
  readonly undone: boolean;
}

/** How the log reads a system's events and actions (its view's words). */
export interface LogWords {
  readonly kindOf: (event: unknown) => "combat" | "movement" | "turns" | undefined;
  readonly actionWords: (action: unknown) => string;
  /** The places of an event, in the position after it (SystemView.locate); absent: no line is located. */
  readonly locate?: ((event: unknown, position: unknown) => readonly string[] | undefined) | undefined;
}

/** Each action's lines by filter, kept with its (immutable) events: see `linesOf`. */
const LINES = new WeakMap<readonly unknown[], Map<string, LogLine[]>>();

/** An event's type, for the line's class (every system's events are tagged by `type`). */
function eventType(e: unknown): string {
  const t = typeof e === "object" && e !== null ? (e as { type?: unknown }).type : undefined;
  return typeof t === "string" ? t : "event";
}

/**
 * The log's entries, filtered. An undone action reads as it did when it
 * was played (its events in the system's words), marked undone by the
 * caller; one restored from an autosave without its events falls back to
 * the action in words. `upTo` (the replay's step) keeps the entries up to
 * that action and leaves out the undone ones, so the log follows the replay.
 */
export function logRows(
  game: GameLog,
  words: LogWords,
  filter: LogFilter,
  needle: string,
  upTo?: number,
): LogRow[] {
  const keep = (e: unknown) => filter === "all" || words.kindOf(e) === filter;
  // An action's lines never change once it is played: worked out once per filter and kept with its
  // events, so that a new action does not put every earlier one into words again (a Lutzen game logs
  // thousands of events, and the log was redrawn after each of the AI's actions).
  const linesOf = (events: readonly unknown[], after?: unknown): LogLine[] => {
    let byFilter = LINES.get(events);
    if (!byFilter) {
      byFilter = new Map();
      LINES.set(events, byFilter);
    }
    const key = `${filter}${after === undefined || !words.locate ? "" : "+located"}`;
    const known = byFilter.get(key);
    if (known) return known;
    const lines = wordsOf(events, after);
    byFilter.set(key, lines);
    return lines;
  };
  const wordsOf = (events: readonly unknown[], after?: unknown): LogLine[] =>
    events.flatMap((e) => {
      if (!keep(e)) return [];
      const text = game.system.describeEvent(game.ctx, e);
      if (text === undefined) return [];
      // An undone action's places are not on the board any more: its lines are not located.
      const where = after === undefined ? undefined : words.locate?.(e, after);
      return [{ text, kind: eventType(e), ...(where && where.length > 0 ? { where } : {}) }];
    });
  const rows: LogRow[] = [
    { key: "opening", action: undefined, lines: linesOf(game.openingEvents, game.opening), undone: false },
  ];
  let active = 0;
  for (const [i, entry] of game.entries.entries()) {
    if (entry.undone) {
      if (upTo !== undefined) continue;
      const lines =
        entry.events.length > 0
          ? linesOf(entry.events)
          : filter === "all" || filter === "movement"
            ? [{ text: words.actionWords(entry.action), kind: "action" }]
            : [];
      rows.push({ key: `u-${i}`, action: undefined, lines, undone: true });
      continue;
    }
    active++;
    if (upTo !== undefined && active > upTo) break;
    rows.push({
      key: `a-${i}`,
      action: active,
      lines: linesOf(entry.events, game.after[i] ?? game.position),
      undone: false,
    });
  }
  const n = needle.trim().toLowerCase();
  return rows
    .map((r) => (n ? { ...r, lines: r.lines.filter((l) => l.text.toLowerCase().includes(n)) } : r))
    .filter((r) => r.lines.length > 0);
}
