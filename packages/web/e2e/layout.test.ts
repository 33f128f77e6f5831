/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultCatalog, legalActions, replay, unitHexes } from "@tercio/musket-and-pike";
import type { BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contrastOf } from "./contrast.js";
import { fireOpportunity, savedGameUntil } from "./fixtures.js";
import { checkBrowser, HAVE_BROWSER, SHOTS, servedBrowser, watchErrors } from "./harness.js";

checkBrowser();

/** Lützen in play: its Fire Phase, with fire to allocate (the greedy policy plays up to it). */
const LUTZEN = savedGameUntil("lutzen", 7, fireOpportunity);
const LUTZEN_FILE = join(tmpdir(), "tercio-e2e-layout-lutzen.json");
writeFileSync(LUTZEN_FILE, JSON.stringify(LUTZEN));

/** Every unit that may fire now, with its hex: one of them is tapped on the phone. */
function firers(): { unit: string; hex: string }[] {
  const r = replay(defaultCatalog(), LUTZEN);
  if (!r.ok) throw new Error(r.error.message);
  const hexes = unitHexes(r.value.final);
  const out = new Map<string, string>();
  for (const a of legalActions(r.value.ctx, r.value.final)) {
    const hex = a.type === "fire" ? hexes.get(a.unit) : undefined;
    if (a.type === "fire" && hex) out.set(a.unit, hex);
  }
  return [...out].map(([unit, hex]) => ({ unit, hex }));
}

/**
 * The game screen's layout at a phone's, a laptop's and a wide screen's
 * size (issue 17): readable buttons under the mouse, a compact phase bar
 * and readable counters on a phone with taps that act, a side panel that
 * grows with the width and a log that fills it. Screenshots of each size
 * go to out/screenshots/ for people to look at.
 */
describe.skipIf(!HAVE_BROWSER)(
  "The game screen's layout (Chromium against npm start)",
  { timeout: 30_000 },
  () => {
    const env = servedBrowser();
    const pages: { page: Page; errors: string[] }[] = [];

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
    }, 180_000);

    afterAll(async () => {
      for (const p of pages) expect(p.errors, "console errors on the page").toEqual([]);
    });

    /** Lützen loaded into a new page of the given size. */
    const lutzen = async (options: BrowserContextOptions): Promise<Page> => {
      const page = await (await env.browser.newContext(options)).newPage();
      pages.push({ page, errors: watchErrors(page) });
      await page.goto(env.served.url);
      await page.getByTestId("file-input").setInputFiles(LUTZEN_FILE);
      await page.getByTestId("board").waitFor();
      return page;
    };

    it("keeps the phase bar's buttons readable under the mouse (4.5:1), in the game and the replay", async () => {
      const page = await lutzen({ viewport: { width: 1366, height: 768 } });
      await page.screenshot({ path: `${SHOTS}lutzen-1366x768.png` });
      const measure = async (selector: string) => {
        const out: string[] = [];
        for (const b of await page.locator(selector).all()) {
          if (!(await b.isVisible()) || (await b.isDisabled())) continue;
          await b.hover();
          const ratio = await contrastOf(b);
          if (ratio < 4.5) out.push(`${await b.textContent()}: ${ratio.toFixed(2)}:1`);
        }
        return out;
      };
      expect(await measure(".phase-bar button")).toEqual([]);
      await page.getByTestId("replay").click();
      await page.getByTestId("replay-viewer").waitFor();
      expect(await measure(".phase-bar button")).toEqual([]);
      await page.getByTestId("replay-close").click();
    });

    it("on a phone: a compact phase bar, counters big enough to read, a tap on a counter in the Fire Phase selects it", async () => {
      const page = await lutzen({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      await page.screenshot({ path: `${SHOTS}lutzen-390x844.png` });
      const bar = await page.getByTestId("phase-bar").boundingBox();
      expect(bar?.height).toBeLessThanOrEqual(80);
      // The overview map starts hidden on a phone (it would cover a third of the map), and can be shown.
      expect(await page.getByTestId("minimap").count()).toBe(0);
      expect(await page.getByTestId("overview-toggle").getAttribute("aria-pressed")).toBe("false");
      // Everything the bar held is still there, some of it behind the menu.
      await expect.poll(() => page.getByTestId("end-phase").isVisible()).toBe(true);
      await page.getByTestId("bar-menu").click();
      await expect.poll(() => page.getByTestId("save").isVisible()).toBe(true);
      await page.getByTestId("bar-menu").click();

      const svg = await page.getByTestId("board").boundingBox();
      if (!svg) throw new Error("no board");
      const seen: { hex: string; x: number; y: number; w: number }[] = [];
      for (const g of await page.locator(".pieces g[data-hex]").all()) {
        const b = await g.boundingBox();
        if (!b) continue;
        const x = b.x + b.width / 2;
        const y = b.y + b.height / 2;
        if (x > svg.x && x < svg.x + svg.width && y > svg.y && y < svg.y + svg.height)
          seen.push({ hex: (await g.getAttribute("data-hex")) ?? "", x, y, w: b.width });
      }
      expect(seen.length).toBeGreaterThan(0);
      expect(Math.min(...seen.map((s) => s.w))).toBeGreaterThanOrEqual(36);

      // A tap (touch, no mouse) on a unit that may fire selects it and shows its targets.
      const firer = firers()
        .map((f) => seen.find((s) => s.hex === f.hex))
        .find((s) => s !== undefined);
      if (!firer) throw new Error("no unit able to fire is in view");
      await page.touchscreen.tap(firer.x, firer.y);
      await expect.poll(() => page.locator(".hl-choices .choice").count()).toBeGreaterThan(0);

      // The replay, from the menu: every one of its controls is on the screen.
      await page.getByTestId("bar-menu").tap();
      await page.getByTestId("replay").tap();
      await page.getByTestId("replay-viewer").waitFor();
      for (const id of ["replay-start", "replay-play", "replay-speed", "replay-end", "replay-close"]) {
        const b = await page.getByTestId(id).boundingBox();
        expect(b !== null && b.x >= 0 && b.x + b.width <= 390, id).toBe(true);
      }
      await page.screenshot({ path: `${SHOTS}replay-390x844.png` });
      await page.getByTestId("replay-close").tap();
    });

    it("on a phone: the scenario table's names are left-aligned", async () => {
      const page = await (
        await env.browser.newContext({
          viewport: { width: 390, height: 844 },
          hasTouch: true,
          isMobile: true,
        })
      ).newPage();
      pages.push({ page, errors: watchErrors(page) });
      await page.goto(env.served.url);
      const name = page.locator("table.scenarios tbody td button").first();
      await name.waitFor();
      expect(await name.evaluate((e) => getComputedStyle(e).textAlign)).toMatch(/^(left|start)$/);
      await page.screenshot({ path: `${SHOTS}chooser-390x844.png` });
    });

    it("at 1920x1080: the side panel grows with the width, the log fills it, the map starts below the phase bar", async () => {
      const page = await lutzen({ viewport: { width: 1920, height: 1080 } });
      await page.screenshot({ path: `${SHOTS}lutzen-1920x1080.png` });
      const panel = await page.locator(".side-panel").boundingBox();
      const log = await page.getByTestId("log").boundingBox();
      if (!panel || !log) throw new Error("no side panel or log");
      expect(panel.width).toBeGreaterThanOrEqual(480);
      // The log reaches the panel's foot (less its padding), rather than stopping at a fixed height.
      expect(panel.y + panel.height - (log.y + log.height)).toBeLessThanOrEqual(24);
      expect(log.height).toBeGreaterThanOrEqual(300);
      // The map's top edge (its column numbers) is drawn wholly below the phase bar.
      const bar = await page.getByTestId("phase-bar").boundingBox();
      const svg = await page.getByTestId("board").boundingBox();
      if (!bar || !svg) throw new Error("no phase bar or board");
      expect(svg.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
    });
  },
);
