/**
 * What the scripted clients of one load run saw: the acknowledgements of the
 * measured window with their latencies, and every error. Shared by all the
 * clients of the run (one bench process drives them all).
 */
export class LoadRecorder {
  /** Clients send new actions only while this is set. */
  running = false;
  /** Acknowledgements count only while this is set (after the warm-up, until the window closes). */
  measuring = false;
  acks = 0;
  private latencies: number[] = [];
  gamesCreated = 0;
  gamesFinished = 0;
  errors = 0;
  /** Each kind of error: how often, and when first (a time says a lot: a timer, a limit, a stall). */
  private readonly kinds = new Map<string, { count: number; firstMs: number }>();

  /** `origin`: when the server started listening (performance.now()). */
  constructor(private readonly origin: number) {}

  ack(ms: number): void {
    if (!this.measuring) return;
    this.acks += 1;
    this.latencies.push(ms);
  }

  error(text: string): void {
    this.errors += 1;
    const kind = this.kinds.get(text);
    if (kind) kind.count += 1;
    else if (this.kinds.size < 8)
      this.kinds.set(text, { count: 1, firstMs: performance.now() - this.origin });
  }

  /** The first eight kinds of error, each with its count and the time it first happened. */
  errorSamples(): string[] {
    return [...this.kinds].map(
      ([text, k]) =>
        `${text}: ${k.count} time${k.count === 1 ? "" : "s"}, first ${(k.firstMs / 1000).toFixed(1)} s after the server started listening`,
    );
  }

  /** Acknowledge latency percentiles in ms (nearest rank), NaN when nothing was acknowledged. */
  latency(): { p50: number; p99: number; max: number } {
    const sorted = Float64Array.from(this.latencies).sort();
    const rank = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
    return { p50: rank(0.5), p99: rank(0.99), max: sorted[sorted.length - 1] ?? Number.NaN };
  }
}
