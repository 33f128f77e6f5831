import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { countdownSeconds, startCountdown } from "./countdown.js";
import { setup } from "./fake-socket.js";
import { CONNECT_TIMEOUT_MS, MAX_RETRY_MS, retryDelay } from "./socket.js";
import { FakeServerGame } from "./test-support.js";
import { retryOnWake } from "./wake.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A connection that was online, then lost its server. */
function dropped() {
  const server = FakeServerGame.start();
  const t = setup(server);
  t.conn.start();
  t.socket().open();
  t.welcome(t.socket(), [server.snapshot("join")]);
  t.socket().lose();
  return { ...t, server };
}

describe("reconnecting", () => {
  it("backs off from 0.5 s doubling to at most 4 s, so a server that comes back is tried within 4 s", () => {
    expect([1, 2, 3, 4, 5, 6, 12].map((n) => retryDelay(n, 0))).toEqual([
      500, 1000, 2000, 4000, 4000, 4000, 4000,
    ]);
    expect(MAX_RETRY_MS).toBe(4000);
    // The server stays down a minute: every attempt fails at once, and none waits longer than the cap.
    const { sockets, socket, conn } = dropped();
    const tried: number[] = [Date.now()];
    while (Date.now() < 60_000) {
      const before = sockets.length;
      vi.advanceTimersByTime(50);
      if (sockets.length > before) {
        tried.push(Date.now());
        socket().lose();
      }
    }
    const gaps = tried.slice(1).map((t, i) => t - (tried[i] ?? 0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(4000);
    expect(gaps.length).toBeLessThan(25);
    expect(conn.getState().status.kind).toBe("reconnecting");
  });

  it("retries exactly when its status said it would", () => {
    const { sockets, conn } = dropped();
    const status = conn.getState().status;
    if (status.kind !== "reconnecting") throw new Error(status.kind);
    vi.advanceTimersByTime(status.retryAt - Date.now() - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it("Retry now: tries at once while waiting, goes on backing off if that fails, and does nothing when online", () => {
    const { sockets, socket, conn, welcome, server } = dropped();
    expect(conn.retryNow()).toBe(true);
    expect(sockets).toHaveLength(2);
    expect(conn.getState().status).toEqual({ kind: "connecting", attempt: 1 });
    // A second press while that attempt is under way opens no other socket.
    expect(conn.retryNow()).toBe(false);
    expect(sockets).toHaveLength(2);
    socket().lose();
    expect(conn.getState().status).toMatchObject({ kind: "reconnecting", attempt: 2 });
    expect(conn.retryNow()).toBe(true);
    socket().open();
    welcome(socket(), [server.snapshot("join")]);
    expect(conn.getState().status).toEqual({ kind: "online" });
    expect(conn.retryNow()).toBe(false);
    expect(sockets).toHaveLength(3);
    // The timer of the attempt that Retry now replaced does not fire later.
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(3);
  });

  it("gives up on a socket that neither opens nor closes, and tries again", () => {
    const { sockets, conn } = dropped();
    conn.retryNow();
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS);
    expect(sockets[1]?.closed).toBeDefined();
    expect(conn.getState().status).toMatchObject({ kind: "reconnecting", attempt: 2 });
  });
});

describe("the countdown", () => {
  it("counts whole seconds down to the retry, changing exactly when the number does", () => {
    const retryAt = Date.now() + 3200;
    const seen: [number, number][] = [];
    const start = Date.now();
    const stop = startCountdown(retryAt, (s) => seen.push([Date.now() - start, s]));
    vi.advanceTimersByTime(10_000);
    stop();
    expect(seen).toEqual([
      [0, 4],
      [200, 3],
      [1200, 2],
      [2200, 1],
      [3200, 0],
    ]);
  });

  it("is read from the time the retry is due, whenever it is read", () => {
    expect(countdownSeconds(10_000, 5_000)).toBe(5);
    expect(countdownSeconds(10_000, 5_001)).toBe(5);
    expect(countdownSeconds(10_000, 6_000)).toBe(4);
    expect(countdownSeconds(10_000, 9_999)).toBe(1);
    expect(countdownSeconds(10_000, 10_000)).toBe(0);
    expect(countdownSeconds(10_000, 12_000)).toBe(0);
  });

  it("stops when told to", () => {
    const seen: number[] = [];
    const stop = startCountdown(Date.now() + 5000, (s) => seen.push(s));
    vi.advanceTimersByTime(1000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([5, 4]);
  });
});

describe("retrying when the page wakes", () => {
  it("retries at once when the browser comes back online or the page is shown again", () => {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: "hidden" as DocumentVisibilityState });
    const retryNow = vi.fn(() => true);
    const stop = retryOnWake({ retryNow }, win, doc);
    win.dispatchEvent(new Event("online"));
    expect(retryNow).toHaveBeenCalledTimes(1);
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(retryNow).toHaveBeenCalledTimes(1);
    doc.visibilityState = "visible";
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(retryNow).toHaveBeenCalledTimes(2);
    stop();
    win.dispatchEvent(new Event("online"));
    expect(retryNow).toHaveBeenCalledTimes(2);
  });
});
