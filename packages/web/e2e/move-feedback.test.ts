import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { LUTZEN, overstackingMove } from "./group-fixtures.js";
import { checkBrowser, clickHex, cursorTo, HAVE_BROWSER, servedBrowser, watchErrors } from "./harness.js";

checkBrowser();

/**
 * What a keyboard or screen-reader player hears and sees on selecting and
 * moving, and on picking a unit with nothing to fire at; then, on Lutzen,
 * the way past its 45 reinforcements and a phase that may not end (10.0).
 * One page: the checks run in order on it (Brentford's Fire Combat Phase,
 * its Movement Phase, then a Lutzen saved game loaded).
 */
describe.skipIf(!HAVE_BROWSER)(
  "what selections, moves and refusals say (Chromium)",
  { timeout: 40_000 },
  () => {
    const env = servedBrowser();
    let page: Page;
    let errors: string[];

    const phase = () => page.getByTestId("phase").textContent();
    const announced = () => page.getByTestId("announce").textContent();
    const log = async () => (await page.getByTestId("log").textContent()) ?? "";

    beforeAll(async () => {
      const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
      page = await context.newPage();
      page.setDefaultTimeout(8_000);
      errors = watchErrors(page);
      await page.goto(env.served.url);
      await page.locator('[data-scenario="brentford"]').click();
      await page.getByTestId("first-controller").selectOption("human");
      await page.getByTestId("second-controller").selectOption("human");
      await page.getByTestId("start").click();
      await page.getByTestId("board").waitFor();
      for (let i = 0; i < 2; i++) {
        await page.getByTestId("auto-deploy").click();
        await page.getByTestId("end-phase").click();
      }
    }, 180_000);

    afterEach(() => {
      expect(errors, "console errors on the page").toEqual([]);
    });

    it("[7.1C] says why a unit clicked in the Fire Combat Phase has no target, citing the rule", async () => {
      await expect.poll(phase).toBe("Fire Combat Phase");
      const hex = (await page.locator('.pieces g[data-side="first"]').first().getAttribute("data-hex")) ?? "";
      // By the keys, which do not depend on where the view has panned to at the new phase.
      await page.getByTestId("board").focus();
      await cursorTo(page, hex);
      await page.keyboard.press("Enter");
      await expect
        .poll(() => page.getByTestId("no-target").textContent(), { timeout: 10_000 })
        .toMatch(/no target: \d+\.\d+(\([A-Z]\))?: /);
      await expect.poll(announced).toMatch(/selected: no target\. \d+\.\d+(\([A-Z]\))?: /);
    });

    it("[5.1] announces the selection with its reach, then the move and the hex as it now stands (keyboard)", async () => {
      await page.getByTestId("end-phase").click();
      await expect.poll(phase).toBe("Movement Phase");
      await page.getByTestId("board").focus();
      const from =
        (await page.locator('.pieces g[data-side="first"]').first().getAttribute("data-hex")) ?? "";
      await cursorTo(page, from);
      await page.keyboard.press("Enter");
      await expect.poll(announced).toMatch(/ selected: \d+ hex(es)? within reach\.$/);
      await page.locator(".reach").first().waitFor({ state: "attached" });
      const to = (await page.locator(".reach").last().getAttribute("data-hex")) ?? "";
      await cursorTo(page, to);
      await page.keyboard.press("Enter");
      await expect
        .poll(announced)
        .toMatch(new RegExp(`moved ${from} → ${to}, [\\d.]+ MP; [\\d.]+ MP left\\.`));
      // The hex is described as it stands after the move: the unit is in it now.
      await expect.poll(announced).toMatch(new RegExp(`left\\. Hex ${to}, .*top first: `));
    });

    it("loads the Swedes' first Lutzen Movement Phase", async () => {
      await page.getByRole("button", { name: "Scenarios" }).click();
      const file = join(tmpdir(), "tercio-e2e-move-feedback-lutzen.json");
      writeFileSync(file, JSON.stringify(LUTZEN));
      await page.getByTestId("file-input").setInputFiles(file);
      await page.getByTestId("board").waitFor();
      await expect.poll(phase).toBe("Movement Phase");
    });

    it("lets the keyboard past the 45 reinforcements in one Tab, the arrow keys moving among them", async () => {
      await expect.poll(phase).toBe("Movement Phase");
      const units = page.locator(".reinforcements button[data-unit]");
      expect(await units.count()).toBe(45);
      await units.first().focus();
      const focused = () => page.evaluate<string>("document.activeElement?.dataset?.unit ?? ''");
      expect(await focused()).toBe((await units.first().getAttribute("data-unit")) ?? "x");
      await page.keyboard.press("ArrowRight");
      await expect.poll(focused).toBe((await units.nth(1).getAttribute("data-unit")) ?? "x");
      await page.keyboard.press("Tab");
      expect(await focused()).toBe("");
    });

    it("[10.0] shows why the phase may not end beside End phase, marks the over-stacked hex, and the refusal does not push the map", async () => {
      const { from, to } = overstackingMove(LUTZEN);
      await expect.poll(() => page.getByTestId("end-why").count()).toBe(0);
      await clickHex(page, `.pieces g[data-hex="${from}"]`);
      await page.locator(`.reach[data-hex="${to}"]`).waitFor({ state: "attached" });
      await clickHex(page, `.reach[data-hex="${to}"]`);
      await expect.poll(log).toContain(`moved ${from} -> ${to}`);
      await expect.poll(() => page.getByTestId("end-why").textContent()).toMatch(/^10\.0: .*\d{4}/);
      expect(await page.getByTestId("end-why").isVisible()).toBe(true);
      await expect.poll(() => page.locator(`.over-stacked[data-hex="${to}"]`).count()).toBe(1);
      const before = await page.getByTestId("board").boundingBox();
      await page.getByTestId("end-phase").click();
      await expect.poll(() => page.getByTestId("message").textContent()).toMatch(/^10\.0: /);
      const after = await page.getByTestId("board").boundingBox();
      expect(after).toEqual(before);
      // Taken back: the mark and the reason go with it.
      await page.getByTestId("undo").click();
      await expect.poll(() => page.locator(".over-stacked").count()).toBe(0);
      await expect.poll(() => page.getByTestId("end-why").count()).toBe(0);
    });
  },
);
