import type { WebSocket } from "ws";

/**
 * What keeps one socket's input from reaching the process: close reasons
 * that ws can always send, log lines of bounded size in our own words, and
 * handlers that cannot throw out of a socket event.
 */

/** The most a WebSocket close reason may hold (RFC 6455 §5.5: a 125-byte control frame, 2 of them the code). */
export const MAX_CLOSE_REASON_BYTES = 123;

/** The longest prefix of `text` that fits in `maxBytes` of UTF-8, never splitting a character. */
export function utf8Prefix(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, "utf8") <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    // A lone surrogate is written as U+FFFD, three bytes.
    const size = Buffer.byteLength(ch, "utf8");
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += ch.length;
  }
  return text.slice(0, end);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A log line that cannot be used to forge others or flood the log: control
 * characters (newlines among them) shown as escapes, lone surrogates
 * replaced, and cut to `max` characters.
 */
export function logLine(text: string, max = 1000): string {
  const cut = text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
  return cut.replace(CONTROL, escapeChar).replace(LONE_SURROGATE, "\ufffd");
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is escaped
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const escapeChar = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** Closes a socket with our own reason, cut to what a close frame holds; never throws. */
export function closeSocket(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, utf8Prefix(reason, MAX_CLOSE_REASON_BYTES));
  } catch {
    // A socket that cannot even be closed cleanly is cut.
    try {
      ws.terminate();
    } catch {
      // Already gone.
    }
  }
}

/**
 * A socket event handler that never throws: whatever it throws (a bug, or
 * an input nobody foresaw) is logged and the socket is cut, so the process
 * and every other game go on.
 */
export function guarded<A extends unknown[]>(
  what: string,
  log: (line: string) => void,
  onFailure: () => void,
  handler: (...args: A) => void,
): (...args: A) => void {
  return (...args: A) => {
    try {
      handler(...args);
    } catch (e) {
      log(`${what} failed: ${describeError(e)}`);
      try {
        onFailure();
      } catch {
        // Nothing more to do for this socket.
      }
    }
  };
}

export function describeError(e: unknown): string {
  return logLine(e instanceof Error ? (e.stack ?? e.message) : String(e), 2000);
}
