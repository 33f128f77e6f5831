/**
 * Log lines a client can cause (a wrong hash report, say) at a bounded rate:
 * at most `perMinute` a minute, then one line saying how many were left out.
 * The log must not become the amplifier a rate-limited socket is not.
 */
export class ThrottledLog {
  private windowStart: number;
  private written = 0;
  private suppressed = 0;

  constructor(
    private readonly log: (line: string) => void,
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {
    this.windowStart = now();
  }

  line(text: string): void {
    const t = this.now();
    if (t - this.windowStart >= 60_000) {
      if (this.suppressed > 0)
        this.log(`(${this.suppressed} more such lines in the last minute were left out)`);
      this.windowStart = t;
      this.written = 0;
      this.suppressed = 0;
    }
    if (this.written < this.perMinute) {
      this.written += 1;
      this.log(text);
    } else this.suppressed += 1;
  }
}
