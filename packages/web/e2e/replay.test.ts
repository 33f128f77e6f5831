/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endedGame } from "./ended-game.js";
import { checkBrowser, clickHex, HAVE_BROWSER, SHOTS, servedBrowser, watchErrors } from "./harness.js";

checkBrowser();

/** Brentford played to its end by the greedy policy on both sides. */
const ENDED = endedGame("brentford", 7);
const ENDED_FILE = join(tmpdir(), "tercio-e2e-replay-brentford.json");
writeFileSync(ENDED_FILE, JSON.stringify(ENDED));
const ACTIONS = ENDED.actions.length;

/**
 * The replay, the log and the end screen (issue 17): the log follows the
 * replay's step and numbers its lines by action, the keys and the autoplay
 * step it, an undone line reads like a played one, and the end screen says
 * its result once over a chart with scales.
 */
describe.skipIf(!HAVE_BROWSER)(
  "The replay, the log and the end screen (Chromium against npm start)",
  { timeout: 30_000 },
  () => {
    const env = servedBrowser();
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      page = await (await env.browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
      errors = watchErrors(page);
    }, 180_000);

    afterAll(async () => {
      expect(errors, "console errors on the page").toEqual([]);
    });

    const index = () => page.getByTestId("replay-index").textContent();
    /** The action numbers the log shows now, in order. */
    const numbers = () =>
      page
        .locator('[data-testid="log"] > li[data-action]')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-action"))));

    it("says the end screen's result once, over a strength chart with scales on both axes", async () => {
      await page.goto(env.served.url);
      await page.getByTestId("file-input").setInputFiles(ENDED_FILE);
      const end = page.getByTestId("end-screen");
      await end.waitFor();
      const headline = (await end.locator("h2").textContent()) ?? "";
      const reason = (await page.getByTestId("result-reason").textContent()) ?? "";
      expect(headline).toMatch(/win|draw/i);
      // The reason explains the result; it does not say the headline again.
      const said = headline.replace(/ —.*$/, "").replace(/^A /, "").toLowerCase();
      expect(reason.toLowerCase()).not.toContain(said);
      expect(reason.length).toBeGreaterThan(10);
      const chart = page.getByTestId("strength-chart");
      expect(await chart.locator(".y-axis .tick text").count()).toBeGreaterThanOrEqual(3);
      expect(await chart.locator(".x-axis .tick text").count()).toBeGreaterThanOrEqual(3);
      expect(await chart.locator(".axis-title").count()).toBe(2);
      await page.screenshot({ path: `${SHOTS}end-screen-brentford.png` });
    });

    it("keeps the log in step with the replay, numbered by action; the arrow keys, Home and End step it", async () => {
      await page.getByTestId("end-replay").click();
      await page.getByTestId("replay-viewer").waitFor();
      expect(await index()).toBe(`${ACTIONS} / ${ACTIONS}`);
      // At the end: one numbered entry per action, the last one current.
      await expect.poll(async () => (await numbers()).at(-1)).toBe(ACTIONS);
      expect(new Set(await numbers()).size).toBe((await numbers()).length);
      await page.keyboard.press("Home");
      await expect.poll(index).toBe(`0 / ${ACTIONS}`);
      await expect.poll(async () => (await numbers()).length).toBe(0);
      for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
      await expect.poll(index).toBe(`3 / ${ACTIONS}`);
      await expect.poll(async () => (await numbers()).at(-1)).toBe(3);
      expect(await page.locator('[data-testid="log"] > li.current').getAttribute("data-action")).toBe("3");
      await page.keyboard.press("ArrowLeft");
      await expect.poll(index).toBe(`2 / ${ACTIONS}`);
      await page.keyboard.press("End");
      await expect.poll(index).toBe(`${ACTIONS} / ${ACTIONS}`);
      // The current entry is scrolled into the log's view.
      await page.keyboard.press("Home");
      for (let i = 0; i < 40; i++) await page.keyboard.press("ArrowRight");
      await expect.poll(index).toBe(`40 / ${ACTIONS}`);
      const log = await page.getByTestId("log").boundingBox();
      const current = await page.locator('[data-testid="log"] > li.current').boundingBox();
      expect(
        log && current && current.y >= log.y - 1 && current.y + current.height <= log.y + log.height + 1,
      ).toBe(true);
    });

    it("plays the replay by itself at the speed chosen; Space pauses and resumes it", async () => {
      await page.keyboard.press("Home");
      await page.getByTestId("replay-speed").selectOption("10");
      await page.getByTestId("replay-play").click();
      await expect.poll(async () => Number((await index())?.split(" ")[0])).toBeGreaterThan(3);
      await page.getByTestId("replay-play").focus();
      await page.locator("body").focus();
      await page.keyboard.press("Space");
      const paused = await index();
      await page.waitForTimeout(400);
      expect(await index()).toBe(paused);
      expect(await page.getByTestId("replay-play").textContent()).toMatch(/play/i);
      await page.keyboard.press("Space");
      await expect.poll(index).not.toBe(paused);
      await page.keyboard.press("Space");
      await page.getByTestId("replay-close").click();
    });

    it("writes an undone move's line as a played one, marked undone, also after a reload", async () => {
      await page.goto(env.served.url);
      await page.locator('[data-scenario="brentford"]').click();
      await page.getByTestId("first-controller").selectOption("human");
      await page.getByTestId("second-controller").selectOption("human");
      await page.getByTestId("seed").fill("7");
      await page.getByTestId("start").click();
      await page.getByTestId("board").waitFor();
      for (let i = 0; i < 2; i++) {
        await page.getByTestId("auto-deploy").click();
        await page.getByTestId("end-phase").click();
      }
      await expect.poll(() => page.getByTestId("phase").textContent()).toBe("Fire Combat Phase");
      await page.getByTestId("end-phase").click();
      await expect.poll(() => page.getByTestId("phase").textContent()).toBe("Movement Phase");
      let moved = "";
      for (const g of await page.locator('.pieces g[data-side="first"]').all()) {
        await clickHex(page, `.pieces g[data-hex="${await g.getAttribute("data-hex")}"]`);
        if ((await page.locator(".reach").count()) === 0) continue;
        await clickHex(
          page,
          `.reach[data-hex="${await page.locator(".reach").last().getAttribute("data-hex")}"]`,
        );
        // The log follows the board a frame behind (shell/CombatLog.tsx).
        await expect
          .poll(() => page.locator('[data-testid="log"] > li').last().textContent())
          .toMatch(/ moved /);
        moved = (await page.locator('[data-testid="log"] > li').last().textContent()) ?? "";
        break;
      }
      expect(moved).toMatch(/moved \d{4} -> \d{4}/);
      await page.getByTestId("undo").click();
      const undone = page.locator('[data-testid="log"] > li.undone');
      await expect.poll(() => undone.count()).toBe(1);
      const line = (await undone.textContent()) ?? "";
      expect(line).toContain(moved.replace(/^\d+\.\s*/, "").trim());
      expect(line).toMatch(/undone/);
      // The autosave restores the undone line in the same words.
      await page.reload();
      await page.getByTestId("continue").click();
      await page.getByTestId("board").waitFor();
      expect(await undone.textContent()).toBe(line);
    });
  },
);
