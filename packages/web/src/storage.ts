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

/** The autosave waiting to be written: only the newest is, once the page is idle. */
let pending: (() => StoredGame) | undefined;
let scheduled = false;

function flushAutosave(): void {
  scheduled = false;
  const make = pending;
  pending = undefined;
  if (make) autosave(make());
}

/**
 * Autosaves after a step of play without holding up its drawing: the game is
 * stored when the page is next idle (at most a second later), and at once
 * when the page is hidden or closed. A run of steps (an AI's turn) is stored
 * once, as it ends, rather than after every one.
 */
export function scheduleAutosave(make: () => StoredGame): void {
  flushWhenHidden();
  pending = make;
  if (scheduled) return;
  scheduled = true;
  if (typeof requestIdleCallback === "function") requestIdleCallback(flushAutosave, { timeout: 1000 });
  else setTimeout(flushAutosave, 200);
}

/** Whether the page's hide and close listeners are on: put on with the first autosave, not when this file is imported. */
let listening = false;

function flushWhenHidden(): void {
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener("pagehide", flushAutosave);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushAutosave();
  });
}

export function clearAutosave(): void {
  pending = undefined;
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
