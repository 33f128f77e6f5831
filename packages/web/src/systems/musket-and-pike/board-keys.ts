/** The board's single-letter commands, for the whole page (not only while the map has the focus). */
export const BOARD_KEYS = [
  { key: "n", command: "next-unit", words: "select the next of your units that can still act, and show it" },
  { key: "e", command: "end-phase", words: "end the phase (as the End phase button)" },
  { key: "m", command: "last-moves", words: "show or hide the lines of the last moves" },
  { key: "l", command: "line-of-sight", words: "the line-of-sight tool on or off: pick two hexes (7.3G)" },
] as const;

export type BoardCommand = (typeof BOARD_KEYS)[number]["command"];

/** What a key press needs to be judged: the key, its modifiers, and where the focus was. */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  /** A key held down: never repeated (a held E must not end phase after phase). */
  readonly repeat?: boolean;
  readonly target: { readonly tagName?: string; readonly isContentEditable?: boolean } | null;
}

const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA"]);

/**
 * The command a key press means, or undefined: never while the player types
 * in a field (the log's filter, the seed), and never with Ctrl, Cmd or Alt
 * (the browser's and the shell's shortcuts, Ctrl+Z), and never repeated.
 */
export function boardCommand(e: KeyPress): BoardCommand | undefined {
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat === true) return undefined;
  const t = e.target;
  if (t && (TYPING.has(t.tagName ?? "") || t.isContentEditable === true)) return undefined;
  const k = e.key.toLowerCase();
  return BOARD_KEYS.find((b) => b.key === k)?.command;
}
