import type { Limits } from "./limits.js";

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

/**
 * The budgets of each address (all its connections together, and what it
 * downloads over HTTP), kept while they are in debt or in use.
 */
export class AddressBudgets {
  private readonly budgets = new Map<string, ByteBudget>();

  constructor(
    private readonly limits: Pick<Limits, "addressSendBytesPerSecond" | "addressSendBurstBytes">,
    private readonly now: () => number,
  ) {}

  of(address: string): ByteBudget {
    let budget = this.budgets.get(address);
    if (!budget) {
      budget = new ByteBudget(
        this.limits.addressSendBytesPerSecond,
        this.limits.addressSendBurstBytes,
        this.now,
      );
      this.budgets.set(address, budget);
    }
    return budget;
  }

  /** Forgets the budgets that are full again and not held by `inUse` (so the map cannot grow without bound). */
  sweep(inUse: (address: string) => boolean): void {
    for (const [address, budget] of this.budgets)
      if (budget.full && !inUse(address)) this.budgets.delete(address);
  }

  get size(): number {
    return this.budgets.size;
  }
}
