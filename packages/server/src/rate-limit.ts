/**
 * A token bucket: `burst` tokens at once, refilled at `perSecond`. Messages
 * take one each and are refused when none is left; bytes are charged after
 * they are sent and may put it into debt (a message goes whole), which is
 * paid back before anything else that was asked for goes (`waitMs`). The
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

  /** One token if there is one. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** `amount` tokens, into debt if need be. */
  charge(amount: number): void {
    this.refill();
    this.tokens -= amount;
  }

  /** Milliseconds until the bucket is out of debt; 0 when it is. */
  waitMs(): number {
    this.refill();
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / this.perSecond) * 1000);
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
