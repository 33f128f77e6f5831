import { GAME_ID_PATTERN, TOKEN_PATTERN } from "@tercio/protocol";
import type { OnlineLink } from "./links.js";

/**
 * The online games this browser has opened, so that a player in a game that
 * lasts for weeks finds it again without digging out the link: the links
 * (with their tokens) kept in this browser's storage only, the most recently
 * opened first.
 */
const KEY = "tercio.online-games";
const MAX = 50;

/** The part of Web Storage used here (tests pass a Map-backed one). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function knownGames(store: KeyValueStore): OnlineLink[] {
  try {
    const json: unknown = JSON.parse(store.getItem(KEY) ?? "[]");
    if (!Array.isArray(json)) return [];
    // Whatever else is in there (an older format, a hand edit) is passed over.
    return json.filter(
      (x): x is OnlineLink =>
        typeof x === "object" &&
        x !== null &&
        GAME_ID_PATTERN.test(String((x as OnlineLink).game)) &&
        TOKEN_PATTERN.test(String((x as OnlineLink).token)),
    );
  } catch {
    return [];
  }
}

function write(store: KeyValueStore, links: readonly OnlineLink[]): void {
  try {
    store.setItem(KEY, JSON.stringify(links.slice(0, MAX).map(({ game, token }) => ({ game, token }))));
  } catch {
    // Storage full or denied: the game is still open; only the list misses it.
  }
}

const same = (a: OnlineLink, b: OnlineLink) => a.game === b.game && a.token === b.token;

/** Puts a link first (opened just now), once. */
export function rememberGame(store: KeyValueStore, link: OnlineLink): void {
  write(store, [link, ...knownGames(store).filter((l) => !same(l, link))]);
}

export function forgetGame(store: KeyValueStore, link: OnlineLink): void {
  write(
    store,
    knownGames(store).filter((l) => !same(l, link)),
  );
}
