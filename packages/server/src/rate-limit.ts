/**
 * A token bucket: `burst` messages at once, refilled at `perSecond`. The
 * clock is passed in so that tests can drive it.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
  }

  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Full again: nothing to remember about its owner. */
  get full(): boolean {
    this.refill();
    return this.tokens >= this.burst;
  }
}

/** Counts events per key within a sliding window (connections per address). */
export class Counter {
  private readonly counts = new Map<string, number>();

  add(key: string): number {
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n;
  }

  remove(key: string): void {
    const n = (this.counts.get(key) ?? 0) - 1;
    if (n <= 0) this.counts.delete(key);
    else this.counts.set(key, n);
  }

  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}
