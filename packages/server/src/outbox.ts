import type { Limits } from "./limits.js";
import { ByteBudget } from "./send-budget.js";
import { batchThisTick, type Corkable } from "./tick-batch.js";

/** What the outbox needs of a WebSocket (ws's, or a test's stand-in). */
export interface OutSocket {
  readonly readyState: number;
  readonly OPEN: number;
  /** Bytes queued and not yet taken by the network: a client that does not read lets them grow. */
  readonly bufferedAmount: number;
  send(data: string): void;
}

/**
 * ws keeps its TCP socket as `_socket` (not a documented member): where it
 * is there, sends are batched per tick (tick-batch.ts); a stand-in without
 * one sends at once, as before.
 */
function tcpOf(ws: OutSocket): Corkable | undefined {
  const socket = (ws as { _socket?: unknown })._socket;
  return typeof socket === "object" && socket !== null && "cork" in socket && "uncork" in socket
    ? (socket as Corkable)
    : undefined;
}

/**
 * Everything a connection sends goes through here. Each message is charged
 * to the connection's budget and its address's; a socket whose queue of
 * unread bytes passes the bound is closed at once (its buffers are freed
 * with it), so a client that never reads cannot make the server hold its
 * messages. What a client asks for (a snapshot, a catch-up) waits until
 * both budgets are out of debt and the client has read its queue down.
 */
export class Outbox {
  private readonly own: ByteBudget;
  private readonly tcp: Corkable | undefined;
  /** Bytes sent over the connection's life. */
  sent = 0;

  constructor(
    private readonly ws: OutSocket,
    private readonly address: ByteBudget,
    private readonly limits: Pick<
      Limits,
      "sendBytesPerSecond" | "sendBurstBytes" | "lowWaterBytes" | "maxBufferedBytes"
    >,
    now: () => number,
    /** Called when the client is too far behind: the caller closes the socket. */
    private readonly overflow: () => void,
  ) {
    this.own = new ByteBudget(limits.sendBytesPerSecond, limits.sendBurstBytes, now);
    this.tcp = tcpOf(ws);
  }

  get open(): boolean {
    return this.ws.readyState === this.ws.OPEN;
  }

  /** Sends one message now; false when the socket is closed or was closed for being too far behind. */
  send(text: string): boolean {
    if (!this.open) return false;
    const bytes = Buffer.byteLength(text, "utf8");
    if (this.ws.bufferedAmount + bytes > this.limits.maxBufferedBytes) {
      this.overflow();
      return false;
    }
    if (this.tcp) batchThisTick(this.tcp);
    this.ws.send(text);
    this.sent += bytes;
    this.own.charge(bytes);
    this.address.charge(bytes);
    return true;
  }

  /** Milliseconds before something asked for may be sent (0: now). */
  delayMs(): number {
    const budget = Math.max(this.own.waitMs(), this.address.waitMs());
    if (budget > 0) return budget;
    // Backpressure: wait for the client to read what it has, checked again shortly.
    return this.ws.bufferedAmount > this.limits.lowWaterBytes ? 100 : 0;
  }
}
