/**
 * A budget of bytes sent, refilled at `perSecond` up to `burst`. It may go
 * into debt: a message is sent whole, and what it cost is paid back before
 * anything else that was asked for goes out. The clock is passed in so that
 * tests can drive it.
 */
export class ByteBudget {
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

  charge(bytes: number): void {
    this.refill();
    this.tokens -= bytes;
  }

  /** Milliseconds until the budget is out of debt; 0 when it is. */
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
