/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.js";
import { endedGame } from "./ended-game.js";
import { checkBrowser, HAVE_BROWSER, SHOTS, servedBrowser, watchErrors } from "./harness.js";

checkBrowser();

const ENDED_FILE = join(tmpdir(), "tercio-e2e-a11y-ended.json");
writeFileSync(ENDED_FILE, JSON.stringify(endedGame("brentford", 7)));

/**
 * Accessibility (issue 17), the second half (a11y.test.ts has the first):
 * the end screen takes the focus, keeps it and gives it back; axe-core finds
 * no serious or critical violation on it, on chapter 11's table and on an
 * online seat's page, which have a main landmark and an h1.
 */
describe.skipIf(!HAVE_BROWSER)(
  "Accessibility: the end screen, chapter 11, online (axe-core and by hand, Chromium against npm start)",
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

    /** A main landmark and one h1 (WCAG 1.3.1 / 2.4.6 as testers check them). */
    const landmarks = async () => ({
      main: await page.locator("main, [role=main]").count(),
      h1: await page.locator("h1").count(),
    });

    it("the end screen takes the focus, keeps it, closes on Escape and gives it back; no serious violation", async () => {
      await page.goto(env.served.url);
      await page.getByTestId("file-input").setInputFiles(ENDED_FILE);
      const end = page.getByTestId("end-screen");
      await end.waitFor();
      await expect.poll(() => end.evaluate((e) => e.contains(document.activeElement))).toBe(true);
      expect(await end.getAttribute("aria-modal")).toBe("true");
      expect(await seriousViolations(page)).toEqual([]);
      // Tab goes round the dialog's buttons, never out of it.
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press("Tab");
        expect(await end.evaluate((e) => e.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press("Escape");
      await expect.poll(() => end.count()).toBe(0);
      const reopen = page.getByTestId("end-reopen");
      await expect.poll(() => reopen.evaluate((e) => e === document.activeElement)).toBe(true);
      await reopen.click();
      await expect.poll(() => end.evaluate((e) => e.contains(document.activeElement))).toBe(true);
      await page.screenshot({ path: `${SHOTS}end-screen-focus.png` });
    });

    it("chapter 11's table: no serious violation, a main landmark and an h1", async () => {
      await page.goto(env.served.url);
      await page.getByTestId("system-horse-and-musket-ch11").click();
      await page.locator("[data-scenario]").first().click();
      await page.getByTestId("start").click();
      await page.getByTestId("table").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await landmarks()).toEqual({ main: 1, h1: 1 });
    });

    it("an online seat's page: no serious violation, a main landmark and an h1", async () => {
      await page.goto(env.served.url);
      await page.locator('[data-scenario="brentford"]').click();
      await page.getByTestId("play-online-tab").click();
      await page.getByTestId("online-first-seat").selectOption("human");
      await page.getByTestId("online-second-seat").selectOption("human");
      await page.getByTestId("online-create-submit").click();
      await page.getByTestId("online-links").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const link = await page.getByTestId("seat-link-first").inputValue();
      await page.goto(link);
      await page.getByTestId("board").waitFor();
      await expect.poll(() => page.getByTestId("connection-status").first().textContent()).toMatch(/^Online/);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await landmarks()).toEqual({ main: 1, h1: 1 });
    });
  },
);
