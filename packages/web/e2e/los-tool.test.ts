import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  checkBrowser,
  clickHex,
  cursorTo,
  HAVE_BROWSER,
  SHOTS,
  servedBrowser,
  watchErrors,
} from "./harness.js";

checkBrowser();

/*
 * The line-of-sight tool on Coutras's opening (16.12), before any unit is
 * set up: Horn's hill, 2709, 2710 and 2711 hilltops in a row. 2709 to 2711
 * is blocked by the hilltop 2710 (errata to 7.3); 2709 to 2706, down the
 * slope 2708 over the open 2707, is clear.
 */
describe.skipIf(!HAVE_BROWSER)(
  "the line-of-sight tool (Chromium against npm start)",
  { timeout: 60_000 },
  () => {
    const env = servedBrowser();
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
    }, 180_000);

    const result = () => page.getByTestId("los-result").textContent();

    it("[7.3] [7.3G] picks two hexes by keyboard and by click; says and draws blocked and clear lines", async () => {
      const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
      page = await context.newPage();
      errors = watchErrors(page);
      await page.goto(env.served.url);
      await page.locator('[data-scenario="coutras"]').click();
      await page.getByTestId("first-controller").selectOption("human");
      await page.getByTestId("second-controller").selectOption("human");
      await page.getByTestId("start").click();
      await page.getByTestId("board").waitFor();
      const toggle = page.getByTestId("los-toggle");
      expect(await toggle.getAttribute("aria-pressed")).toBe("false");
      expect(await page.getByTestId("los-result").getAttribute("role")).toBe("status");

      // The L key turns it on; the cursor and Enter pick the firing hex, then the target.
      await page.getByTestId("board").focus();
      await page.keyboard.press("l");
      await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
      await expect.poll(result).toBe("Line of sight: pick the firing hex.");
      await cursorTo(page, "2709");
      await page.keyboard.press("Enter");
      await expect.poll(result).toBe("Line of sight from 2709: pick the target hex.");
      await cursorTo(page, "2711");
      await page.keyboard.press("Enter");
      await expect.poll(result).toMatch(/^Line of sight 2709 to 2711: Blocked by 2710 \(hilltop\)/);
      expect(await result()).toContain("errata to 7.3");
      const line = page.getByTestId("los-line");
      expect(await line.count()).toBe(1);
      expect(await line.getAttribute("data-clear")).toBe("false");
      expect(await page.getByTestId("los-block").first().getAttribute("data-hex")).toBe("2710");
      await page.screenshot({ path: `${SHOTS}los-blocked.png` });
      // Nothing was set up by those picks: the tool took the hexes.
      expect(await page.locator(".pieces g[data-hex]").count()).toBe(0);

      // A third pick starts a new line; the target this time by a click on the map.
      await page.keyboard.press("Enter");
      await expect.poll(result).toBe("Line of sight from 2711: pick the target hex.");
      await page.keyboard.press("Escape");
      await expect.poll(result).toBe("Line of sight: pick the firing hex.");
      await cursorTo(page, "2709");
      await page.keyboard.press("Enter");
      await cursorTo(page, "2706");
      await clickHex(page, ".cursor");
      await expect.poll(result).toMatch(/^Line of sight 2709 to 2706: Clear: the line crosses 2 hexes/);
      expect(await line.getAttribute("data-clear")).toBe("true");
      expect(await page.getByTestId("los-block").count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}los-clear.png` });

      // The button turns it off, and the drawing goes with it.
      await toggle.click();
      await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");
      expect(await line.count()).toBe(0);
      expect(await result()).toBe("");
      expect(errors, "console errors on the page").toEqual([]);
      await context.close();
    });
  },
);
