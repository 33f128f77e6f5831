import type { StoredGame } from "./shell/stored-game.js";

/** The browser's autosave: one game, rewritten after every action. */
const KEY = "tercio.autosave";
/** The player's own rules-data file, kept until they go back to the built-in data. */
const RULES_KEY = "tercio.rules";

export function loadRulesText(): string | undefined {
  try {
    return localStorage.getItem(RULES_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeRulesText(text: string | undefined): void {
  try {
    if (text === undefined) localStorage.removeItem(RULES_KEY);
    else localStorage.setItem(RULES_KEY, text);
  } catch {
    // Storage denied: the rules apply to this visit only.
  }
}

export function loadAutosave(): unknown {
  try {
    const text = localStorage.getItem(KEY);
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export function autosave(game: StoredGame): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(game));
  } catch {
    // Storage full or denied: the game goes on, only the autosave is lost.
  }
}

export function clearAutosave(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}

/** Offers a JSON document as a file download. */
export function download(name: string, json: unknown): void {
  const blob = new Blob([`${JSON.stringify(json, null, 2)}\n`], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
