/**
 * The reconnection countdown: whole seconds left until the retry that the
 * connection scheduled (its `retryAt`), read from the clock each time, so
 * that it can never disagree with when the retry happens. Headless, for
 * the banner and its tests.
 */

/** Seconds left, rounded up: 3.2 s left reads 4 until 3 s are left; 0 once the retry is due. */
export function countdownSeconds(retryAt: number, now: number): number {
  return Math.max(0, Math.ceil((retryAt - now) / 1000));
}

/**
 * Calls `onChange` with the seconds left now, then each time the number
 * changes, down to 0: a timer set to the next whole second before
 * `retryAt`, not an interval started at an arbitrary phase. Returns the stop.
 */
export function startCountdown(retryAt: number, onChange: (seconds: number) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    const now = Date.now();
    const seconds = countdownSeconds(retryAt, now);
    onChange(seconds);
    if (seconds === 0) return;
    // Until the number changes: when the time left reaches the next whole second below it.
    timer = setTimeout(tick, retryAt - now - (seconds - 1) * 1000);
  };
  tick();
  return () => clearTimeout(timer);
}
