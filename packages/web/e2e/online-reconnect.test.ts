import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkBrowser, HAVE_BROWSER, launch, type Served, SHOTS, startGame, watchErrors } from "./harness.js";

checkBrowser();

/** One change of the connection line, as the page showed it: milliseconds (performance.now) and the text. */
type Seen = readonly [number, string];

/** "Reconnecting (attempt 3)… next try in 2 s" as its attempt and seconds; "Connecting…" as a try under way. */
function read(text: string): { attempt: number; seconds: number } | "connecting" | undefined {
  if (text.startsWith("Connecting")) return "connecting";
  const m = /^Reconnecting \(attempt (\d+)\)…(?: next try in (\d+) s)?/.exec(text);
  return m ? { attempt: Number(m[1]), seconds: Number(m[2] ?? 0) } : undefined;
}

/**
 * Each attempt's countdown as shown, and when the try it announced began
 * (the next "Connecting…"): what the player was told, beside what happened.
 */
function countdowns(seen: readonly Seen[]) {
  const attempts = new Map<number, { shown: [number, number][]; triedAt?: number }>();
  let current: number | undefined;
  for (const [t, text] of seen) {
    const r = read(text);
    if (r === "connecting") {
      const a = current === undefined ? undefined : attempts.get(current);
      if (a && a.triedAt === undefined) a.triedAt = t;
    } else if (r) {
      current = r.attempt;
      const a = attempts.get(r.attempt) ?? { shown: [] };
      attempts.set(r.attempt, a);
      // Without a number: the retry is due this instant (its timer and the countdown's end together).
      if (r.seconds > 0 && a.shown.at(-1)?.[1] !== r.seconds) a.shown.push([t, r.seconds]);
    }
  }
  return attempts;
}

/**
 * Reconnecting in the browser when the server goes away and comes back:
 * the countdown counts down once a second from the delay actually
 * scheduled and ends when the retry happens, "Retry now" retries at once
 * from the keyboard, and the page is online again soon after the server
 * returns (within the backoff's cap, 4 s, and a second for the handshake).
 */
describe.skipIf(!HAVE_BROWSER)("reconnecting to the online server", { timeout: 60_000 }, () => {
  let served: Served;
  /** The server while it runs: the test stops it and starts it again. */
  let running: Served | undefined;
  let browser: Browser;

  beforeAll(async () => {
    [served, browser] = await Promise.all([startGame(), launch()]);
    running = served;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  const status = (page: Page) => page.getByTestId("connection-status").textContent();
  const seenSoFar = (page: Page) => page.evaluate("window.seen") as Promise<Seen[]>;

  it("counts down to each retry, retries now on request, and is online again soon after the server returns", async () => {
    const created = (await (
      await fetch(`${served.url}api/games`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          scenario: "brentford",
          seats: { first: { kind: "human" }, second: { kind: "human" } },
        }),
      })
    ).json()) as { links: { first: string } };
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(new URL(created.links.first, served.url).href);
    await expect.poll(() => status(page), { timeout: 20_000 }).toBe("Online");
    // Every change of the connection line, timed in the page.
    // (A string: this file is type-checked without the DOM's types.)
    await page.evaluate(`{
      const el = document.querySelector('[data-testid="connection-status"]');
      window.seen = [];
      new MutationObserver(() => window.seen.push([performance.now(), el.textContent])).observe(el, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    }`);

    const port = Number(new URL(served.url).port);
    running = undefined;
    await served.stop();
    // Attempts 1 to 3 (0.5, 1 and 2 s), then attempt 4's countdown from the cap, 4 s, to 3.
    await expect.poll(() => status(page), { timeout: 15_000 }).toMatch(/attempt 4\)… next try in 3 s/);

    const attempts = countdowns(await seenSoFar(page));
    for (const n of [1, 2, 3]) {
      const a = attempts.get(n);
      expect(a?.triedAt, `attempt ${n} was tried`).toBeDefined();
      if (!a || a.triedAt === undefined) continue;
      const seconds = a.shown.map(([, s]) => s);
      // Whole seconds, one by one, down to 1; never more than the backoff's wait (0.5, 1, 2 s, jitter shortening it).
      expect(seconds.at(-1), `attempt ${n}: ${seconds}`).toBe(1);
      expect(seconds[0], `attempt ${n}: ${seconds}`).toBeLessThanOrEqual(Math.ceil(2 ** (n - 2)));
      expect(seconds, `attempt ${n}`).toEqual(seconds.map((_, i) => (seconds[0] ?? 0) - i));
      // Each number lasts a second (the first one less); the try begins as the last one runs out.
      const times = a.shown.map(([t]) => t);
      for (let i = 1; i < times.length; i++) {
        const lasted = (times[i] ?? 0) - (times[i - 1] ?? 0);
        expect(lasted, `attempt ${n}`).toBeLessThan(1400);
        if (i >= 2) expect(lasted, `attempt ${n}`).toBeGreaterThan(500);
      }
      expect(a.triedAt - (times.at(-1) ?? 0), `attempt ${n}: the try after "1 s"`).toBeLessThan(1400);
    }
    const fourth = attempts.get(4)?.shown.map(([, s]) => s) ?? [];
    // From the cap, less the jitter's quarter at most (3 to 4 s): "4 s" first, then "3 s".
    expect(fourth.at(-1), `attempt 4: ${fourth}`).toBe(3);
    expect(fourth[0], `attempt 4: ${fourth}`).toBeLessThanOrEqual(4);
    expect(fourth, `attempt 4`).toEqual(fourth.map((_, i) => (fourth[0] ?? 0) - i));

    // Retry now, from the keyboard: a button in the tab order, pressed with Enter, tries at once.
    const retry = page.getByTestId("online-retry-now");
    expect(await retry.evaluate((b) => b.tagName === "BUTTON" && b.tabIndex >= 0)).toBe(true);
    await retry.focus();
    const before = (await seenSoFar(page)).length;
    const pressedAt = (await page.evaluate("performance.now()")) as number;
    await page.keyboard.press("Enter");
    await expect.poll(() => status(page), { timeout: 3000 }).toMatch(/attempt 5\)/);
    const tried = (await seenSoFar(page)).slice(before).find(([, text]) => read(text) === "connecting");
    expect(tried, "Retry now began a try").toBeDefined();
    expect((tried?.[0] ?? 0) - pressedAt).toBeLessThan(500);
    expect(await page.evaluate("document.activeElement?.dataset.testid")).toBe("online-retry-now");
    await page.screenshot({
      path: `${SHOTS}online-reconnecting.png`,
      clip: { x: 0, y: 0, width: 1400, height: 120 },
    });

    // The server comes back on the same port and games file: online again within the cap and a second.
    served = await startGame({ port, db: served.db });
    running = served;
    const back = Date.now();
    await expect.poll(() => status(page), { timeout: 10_000, interval: 100 }).toBe("Online");
    const took = Date.now() - back;
    console.log(`online again ${took} ms after the server was back`);
    expect(took).toBeLessThan(5000);
    expect(await page.getByTestId("online-retry-now").count()).toBe(0);
    expect(errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(e))).toEqual(
      [],
    );
  });
});
