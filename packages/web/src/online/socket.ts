/**
 * The link under an online game: the WebSocket (the browser's, or a test's
 * fake, behind one small interface), how often it is checked, how long to
 * wait before reconnecting, and the random ids and jitter it uses (the
 * browser's crypto generator: the page may use it, the engine never does).
 */

/** What the connection needs of a WebSocket (the browser's, or a test's fake). */
export interface Socket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export interface SocketHandlers {
  onOpen(): void;
  onMessage(data: string): void;
  onClose(code: number, reason: string): void;
}
export type OpenSocket = (url: string, handlers: SocketHandlers) => Socket;

export const browserSocket: OpenSocket = (url, h) => {
  const ws = new WebSocket(url);
  ws.onopen = () => h.onOpen();
  ws.onmessage = (e) => {
    if (typeof e.data === "string") h.onMessage(e.data);
  };
  // A failed connection fires error then close: close alone decides what happens next.
  ws.onclose = (e) => h.onClose(e.code, e.reason);
  return { send: (d) => ws.send(d), close: (c, r) => ws.close(c, r) };
};

/** ws://host/ws, or wss:// under https. */
export function socketUrl(location: { readonly protocol: string; readonly host: string }): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;
}

export const PING_MS = 25_000;
/**
 * Hash reports at most this often, the latest one at the end: a fast game
 * (two AI seats) would otherwise spend the page's message budget on them
 * (the server takes 20 messages a second) and have its messages dropped.
 */
export const HASH_REPORT_MS = 500;
/** Silence after which the link is taken for dead (two pings unanswered). */
export const SILENCE_MS = 2 * PING_MS + 10_000;
const FIRST_RETRY_MS = 500;
/**
 * The longest wait between attempts, and so the longest a player waits
 * after the server is back (the page also retries at once on the browser's
 * `online` event, when it is shown again, and on "Retry now"). An attempt
 * on a server that is down costs it nothing; one that is up but busy
 * refuses the hello, and the jitter spreads the clients out.
 */
export const MAX_RETRY_MS = 4000;
/** A socket that has neither opened nor failed by then is given up on and tried again. */
export const CONNECT_TIMEOUT_MS = 10_000;

/** The wait before reconnection attempt `attempt` (from 1): 0.5 s doubling to 4 s, less up to a quarter at random. */
export function retryDelay(attempt: number, random: number): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt - 1, 16));
  // Jitter spreads the clients a server restart disconnected all at once.
  return Math.round(base * (1 - 0.25 * random));
}

export function cryptoRandom(): number {
  return (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) / 2 ** 32;
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A fresh client action id: 22 url-safe characters, 132 random bits (ACTION_ID_PATTERN). */
export function newActionId(): string {
  // 256 is a multiple of 64: each byte masked to 6 bits is uniform.
  return Array.from(crypto.getRandomValues(new Uint8Array(22)), (b) => ID_ALPHABET[b & 63]).join("");
}
