import { useEffect, useState } from "react";
import type { ConnectionStatus } from "./connection.js";
import { startCountdown } from "./countdown.js";

/**
 * Renders again each time the reconnection countdown's number changes
 * (countdown.ts). The number itself is read from the clock at each render
 * (`countdownText(status, Date.now())`), never from an earlier tick: a
 * stale time here once showed "next try in 11 s" one second before the retry.
 */
export function useCountdownTicks(status: ConnectionStatus): void {
  const retryAt = status.kind === "reconnecting" ? status.retryAt : undefined;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (retryAt === undefined) return;
    return startCountdown(retryAt, () => setTick((n) => n + 1));
  }, [retryAt]);
}
