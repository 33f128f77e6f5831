import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HAVE_BROWSER,
  launch,
  REQUIRE_BROWSER,
  type Served,
  SHOTS,
  SKIP_NOTICE,
  startGame,
  watchErrors,
} from "./harness.js";
import { chargeOpen, hm11SaveUntil, shotOpen } from "./tabletop-fixtures.js";

if (!HAVE_BROWSER) {
  if (REQUIRE_BROWSER) throw new Error(SKIP_NOTICE.replace("SKIPPED", "REQUIRED but missing"));
  process.stderr.write(`\n${SKIP_NOTICE}\n\n`);
}

const INCH = 6096;

/**
 * Chapter 11's table in Chromium against `npm start`: moves drawn by drag,
 * by keys and by typed values, a move refused with its rule, a pivot, undo,
 * save and reload, a shot with its odds and working, a charge with its path
 * and the hand-to-hand with the retreat. One browser, one server.
 */
describe.skipIf(!HAVE_BROWSER)(
  "Horse and Musket, chapter 11: the table (Chromium against npm start)",
  { timeout: 60_000 },
  () => {
    let served: Served;
    let browser: Browser;
    let page: Page;
    let errors: string[];
    const dir = mkdtempSync(join(tmpdir(), "tercio-hm11-"));

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      served = await startGame();
      browser = await launch();
      const context = await browser.newContext({
        viewport: { width: 1400, height: 900 },
        acceptDownloads: true,
      });
      page = await context.newPage();
      errors = watchErrors(page);
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await served?.stop();
    });

    const centre = async (l: Locator) => {
      const b = await l.boundingBox();
      if (!b) throw new Error("not drawn");
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const num = async (l: Locator, attr: string) => Number(await l.getAttribute(attr));
    const unit = (id: string) => page.getByTestId(`unit-${id}`);
    const click = async (l: Locator) => {
      const c = await centre(l);
      await page.mouse.click(c.x, c.y);
    };
    const start = async (scenario: string) => {
      await page.goto(served.url);
      await page.getByTestId("system-horse-and-musket-ch11").click();
      await page.locator(`[data-scenario="${scenario}"]`).click();
      await page.getByTestId("start").click();
      await page.getByTestId("table").waitFor();
    };
    const load = async (file: string) => {
      await page.goto(served.url);
      await page.getByTestId("file-input").setInputFiles(file);
      await page.getByTestId("table").waitFor();
    };
    /** Every unit's pose and hits as the table draws them. */
    const poses = () =>
      page
        .locator('[data-testid^="unit-"][data-x]')
        .evaluateAll((els) =>
          els.map((e) =>
            ["data-testid", "data-x", "data-y", "data-facing", "data-hits"]
              .map((a) => e.getAttribute(a))
              .join(" "),
          ),
        );

    it("[004 Movement] draws the openings; moves by drag, typed values and keys; refuses with the rule; pivots; undoes; saves and reloads", async () => {
      for (const s of ["town-to-hold", "hill-to-take", "river-crossing"]) {
        await start(s);
        await page.screenshot({ path: `${SHOTS}tabletop-opening-${s}.png` });
      }
      // Drag A-INF1 10" ahead: the ghost stops at its 6" allowance, and the rule says why.
      const inf1 = unit("A-INF1");
      const y0 = await num(inf1, "data-y");
      await click(inf1);
      await page.getByTestId("unit-panel").waitFor();
      const from = await centre(inf1);
      const tableBox = (await page.getByTestId("terrain").boundingBox()) ?? { height: 1 };
      const pxPerInch = tableBox.height / 48;
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x, from.y - 10 * pxPerInch, { steps: 12 });
      await expect
        .poll(() => page.getByTestId("move-refusal").textContent())
        .toMatch(/^004 Movement: Movement Allowances: /);
      expect((await num(page.getByTestId("ghost"), "data-y")) - y0).toBe(6 * INCH);
      await page.mouse.up();
      // Typed: 3 inches, Enter sets it, Move commits.
      await page.getByTestId("move-inches").fill("3");
      await page.getByTestId("move-inches").press("Enter");
      await expect.poll(() => page.getByTestId("move-readout").textContent()).toContain('advance 3"');
      await page.getByTestId("commit-move").click();
      await expect.poll(() => num(inf1, "data-y")).toBe(y0 + 3 * INCH);

      // Keys: Tab to A-INF2, Enter selects, Up ×8 (2"), Right ×2 (a 10º pivot at the end), Enter moves.
      const inf2 = unit("A-INF2");
      const y2 = await num(inf2, "data-y");
      await inf2.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => inf2.getAttribute("aria-pressed")).toBe("true");
      for (let i = 0; i < 8; i++) await page.keyboard.press("ArrowUp");
      for (let i = 0; i < 2; i++) await page.keyboard.press("ArrowRight");
      await expect
        .poll(() => page.getByTestId("move-readout").textContent())
        .toContain('advance 2", pivot 10º right');
      await page.keyboard.press("Enter");
      await expect.poll(() => num(inf2, "data-facing")).toBe(1000);
      expect(await num(inf2, "data-y")).toBe(y2 + 2 * INCH);

      // The ring: drag its knob from ahead round to the east, a quarter turn right.
      const inf3 = unit("A-INF3");
      const facing3 = await num(inf3, "data-facing");
      await click(inf3);
      const knob = await centre(page.getByTestId("pivot-handle").locator("[data-knob]"));
      const c3 = await centre(inf3);
      const r = Math.hypot(knob.x - c3.x, knob.y - c3.y);
      await page.mouse.move(knob.x, knob.y);
      await page.mouse.down();
      for (let k = 1; k <= 8; k++) {
        const a = (k / 8) * (Math.PI / 2);
        await page.mouse.move(c3.x + r * Math.sin(a), c3.y - r * Math.cos(a));
      }
      await page.mouse.up();
      await expect.poll(() => num(page.getByTestId("ghost"), "data-facing")).toBe((facing3 + 9000) % 36000);
      await page.getByTestId("commit-move").click();
      await expect.poll(() => num(inf3, "data-facing")).toBe((facing3 + 9000) % 36000);
      await page.getByTestId("undo").click();
      await expect.poll(() => num(inf3, "data-facing")).toBe(facing3);

      // The ruler: two points, the exact distance.
      await page.getByTestId("ruler-tool").click();
      const t = await page.getByTestId("terrain").boundingBox();
      if (!t) throw new Error("no table");
      await page.mouse.move(t.x + t.width * 0.2, t.y + t.height * 0.9);
      await page.mouse.down();
      await page.mouse.move(t.x + t.width * 0.5, t.y + t.height * 0.5, { steps: 5 });
      await page.mouse.up();
      await expect.poll(() => page.getByTestId("ruler-readout").textContent()).toMatch(/\d+(\.\d+)? inches$/);
      await page.getByTestId("tool-select").click();

      // Save, then load the file in a fresh page: the same table.
      const before = await poses();
      const download = page.waitForEvent("download");
      await page.getByTestId("save").click();
      const file = await (await download).path();
      await load(file);
      expect(await poses()).toEqual(before);
      expect(errors).toEqual([]);
    });

    it("[004 Shooting] previews a shot's odds with its modifiers and working, then shoots", async () => {
      const { save } = hm11SaveUntil("pitched-battle", 3, shotOpen);
      const file = join(dir, "shot.json");
      writeFileSync(file, JSON.stringify(save));
      await load(file);
      await click(unit("R-ART1"));
      await page.getByTestId("field-of-fire").waitFor();
      await page.getByTestId("shot-target-B-INF2").waitFor();
      await page.getByTestId("shot-option-B-INF2").click();
      const preview = page.getByTestId("shot-preview");
      await expect
        .poll(() => preview.textContent())
        .toContain("Artillery: the score is reduced by 2 (004 Shooting: Assess Casualties)");
      expect(await preview.textContent()).toContain("0 hits: 2 in 6");
      await page.getByTestId("working-toggle").check();
      await page.getByTestId("working").waitFor();
      await expect.poll(() => page.getByTestId("working-list").textContent()).toContain("field of fire");
      await page.screenshot({ path: `${SHOTS}tabletop-shot-preview.png` });
      await page.getByTestId("shoot").click();
      await expect.poll(() => page.getByTestId("log").textContent()).toMatch(/R-ART1 shot at B-INF2: die \d/);
      expect(errors).toEqual([]);
    });

    it("[004 Movement: Charge Moves] shows a charge's path and side, charges, and fights it with the retreat drawn", async () => {
      const { save } = hm11SaveUntil("pitched-battle", 3, chargeOpen);
      const file = join(dir, "charge.json");
      writeFileSync(file, JSON.stringify(save));
      await load(file);
      await click(unit("R-CAV1"));
      const target = page.getByTestId("charge-target-B-CAV1");
      await target.waitFor();
      expect(await target.getAttribute("data-side")).toBe("front");
      await expect
        .poll(() => page.getByTestId("charge-preview").textContent())
        .toContain("004 Hand-to-Hand Combat: Cavalry Targets");
      await page.screenshot({ path: `${SHOTS}tabletop-charge-path.png` });
      await click(unit("B-CAV1"));
      await expect
        .poll(() => page.getByTestId("log").textContent())
        .toContain("R-CAV1 charged B-CAV1 in the front");
      await page.getByTestId("end-phase").click();
      await page.getByTestId("fight-preview").waitFor();
      await page.getByTestId("retreat-R-CAV1").waitFor();
      await page.screenshot({ path: `${SHOTS}tabletop-hand-to-hand.png` });
      await page.getByTestId("end-phase").click();
      await expect
        .poll(() => page.getByTestId("log").textContent())
        .toMatch(/R-CAV1 fought B-CAV1 \(front\): die \d/);
      expect(errors).toEqual([]);
    });
  },
);
