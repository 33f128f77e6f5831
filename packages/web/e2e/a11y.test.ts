/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.js";
import { contrastOf } from "./contrast.js";
import { fireOpportunity, savedGameUntil } from "./fixtures.js";
import { checkBrowser, HAVE_BROWSER, SHOTS, servedBrowser, watchErrors } from "./harness.js";

checkBrowser();

const LUTZEN_FILE = join(tmpdir(), "tercio-e2e-a11y-lutzen.json");
writeFileSync(LUTZEN_FILE, JSON.stringify(savedGameUntil("lutzen", 7, fireOpportunity)));

/**
 * Accessibility (issue 17), measured as a tester would: axe-core finds no
 * serious or critical violation on the chooser, the Musket & Pike board and
 * the replay; those pages have a main landmark and an h1; the focus ring
 * stands out 3:1 from the paper and from the phase bar; the AI's "thinking"
 * badge does not move (prefers-reduced-motion or not). The end screen, chapter 11's table and an
 * online seat's page are checked in a11y-end-online.test.ts (one file each
 * would run past 30 s: axe takes seconds over a board).
 */
describe.skipIf(!HAVE_BROWSER)(
  "Accessibility (axe-core and by hand, Chromium against npm start)",
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

    it("the chooser: no serious violation; the focus ring is 3:1 on the paper", async () => {
      await page.goto(env.served.url);
      await page.locator("[data-scenario]").first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await landmarks()).toEqual({ main: 1, h1: 1 });
      // Keyboard focus on a button on the paper: its ring against the paper behind it (WCAG 1.4.11).
      const button = page.getByTestId("start");
      await button.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      expect(await button.evaluate((e) => e.matches(":focus-visible"))).toBe(true);
      expect(await contrastOf(button, "outline")).toBeGreaterThanOrEqual(3);
    });

    it("the Musket & Pike board (Lützen): no serious violation, a main landmark and an h1, a focusable log", async () => {
      await page.getByTestId("file-input").setInputFiles(LUTZEN_FILE);
      await page.getByTestId("board").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await landmarks()).toEqual({ main: 1, h1: 1 });
      expect(await page.getByTestId("log").getAttribute("tabindex")).toBe("0");
      // The phase bar's focus ring against its dark background.
      const save = page.getByTestId("save");
      await page.getByTestId("end-phase").focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Shift+Tab");
      const focused = page.locator(".phase-bar :focus-visible");
      expect(await focused.count()).toBe(1);
      expect(await contrastOf(focused, "outline")).toBeGreaterThanOrEqual(3);
      expect(await save.count()).toBe(1);
    });

    it("the replay: no serious violation, a main landmark and an h1", async () => {
      await page.getByTestId("replay").click();
      await page.getByTestId("replay-viewer").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await landmarks()).toEqual({ main: 1, h1: 1 });
      await page.getByTestId("replay-close").click();
    });

    it("the AI's 'thinking' badge is still, for prefers-reduced-motion and for everyone (defect 15)", async () => {
      const animation = () =>
        page.evaluate(() => {
          const s = document.createElement("span");
          s.className = "thinking";
          document.body.append(s);
          const name = getComputedStyle(s).animationName;
          const running = document.getAnimations().length;
          s.remove();
          return { name, running };
        });
      await page.emulateMedia({ reducedMotion: "reduce" });
      expect(await animation()).toEqual({ name: "none", running: 0 });
      await page.emulateMedia({ reducedMotion: "no-preference" });
      expect(await animation()).toEqual({ name: "none", running: 0 });
    });
  },
);
