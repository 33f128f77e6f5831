import type { WebSocket } from "ws";

/**
 * Finds dead connections (a laptop lid shut) by ping and cuts them, so that
 * presence stays true: each connection is pinged once a period, and one
 * that has not answered its last ping by then is terminated.
 *
 * The connections are visited a slice at a time, spread over the period.
 * Each ping is a write to its socket: pinging the 19,800 sockets of 9,900
 * games at once held the event loop for 0.3 to 0.8 s every 30 s, and every
 * game's actions waited behind it (the bench's thinking players' p99).
 */
export class Heartbeat {
  private readonly alive = new WeakSet<WebSocket>();
  /** The connections of the round under way, as they were when it began; the next to visit; the ticks it has had. */
  private round: WebSocket[] = [];
  private next = 0;
  private ticks = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly clients: () => Iterable<WebSocket>,
    periodMs: number,
    /** Wraps each tick (the server's guard: a throw is logged, never let out of a timer). */
    guard: (tick: () => void) => () => void,
    private readonly slices = 30,
  ) {
    this.timer = setInterval(
      guard(() => this.tick()),
      Math.max(1, Math.floor(periodMs / slices)),
    );
    this.timer.unref();
  }

  /** A new connection: alive until a ping of its goes unanswered for a whole period. */
  add(ws: WebSocket): void {
    this.alive.add(ws);
    ws.on("pong", () => this.alive.add(ws));
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** A round is `slices` ticks, one period: by its k-th tick, k / slices of its connections are visited. */
  private tick(): void {
    if (this.ticks === this.slices) this.ticks = 0;
    if (this.ticks === 0) {
      this.round = [...this.clients()];
      this.next = 0;
    }
    this.ticks++;
    const end = Math.ceil((this.ticks * this.round.length) / this.slices);
    for (; this.next < end; this.next++) this.visit(this.round[this.next] as WebSocket);
  }

  private visit(ws: WebSocket): void {
    // Closed since the round began: nothing to ping.
    if (ws.readyState !== ws.OPEN) return;
    if (!this.alive.has(ws)) {
      ws.terminate();
      return;
    }
    this.alive.delete(ws);
    try {
      ws.ping();
    } catch {
      ws.terminate();
    }
  }
}
