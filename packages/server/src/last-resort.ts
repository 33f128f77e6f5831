import type { ServerStats } from "./server-stats.js";
import { describeError } from "./socket-safety.js";

/** More unexpected errors than this in a minute, and the process is better restarted than trusted. */
const MAX_PER_MINUTE = 10;

/**
 * The process's last resort, for `tercio serve`: an error that escaped every
 * handler is logged and counted, and the server goes on. That is safe here
 * because no handler leaves a game half-changed: a room replaces its
 * position only after the store has committed the action, one action at a
 * time, so a handler that fails midway leaves the game as it was. A storm
 * of such errors means something is wrong beyond one input: then the
 * process exits (code 70) for its supervisor to start a clean one, and
 * every game resumes from its log.
 */
export function installLastResort(
  log: (line: string) => void,
  stats: ServerStats,
  now: () => number = Date.now,
  exit: (code: number) => void = (code) => process.exit(code),
): () => void {
  const recent: number[] = [];
  const handler = (kind: string) => (e: unknown) => {
    stats.uncaught += 1;
    const t = now();
    recent.push(t);
    while (recent.length > 0 && (recent[0] ?? t) <= t - 60_000) recent.shift();
    log(`${kind} (the server goes on): ${describeError(e)}`);
    if (recent.length > MAX_PER_MINUTE) {
      log(`${recent.length} unexpected errors in a minute: exiting for the supervisor to restart the server`);
      exit(70);
    }
  };
  const onException = handler("an uncaught exception");
  const onRejection = handler("an unhandled rejection");
  process.on("uncaughtException", onException);
  process.on("unhandledRejection", onRejection);
  return () => {
    process.off("uncaughtException", onException);
    process.off("unhandledRejection", onRejection);
  };
}
