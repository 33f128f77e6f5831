import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { checkBrowser, downloadedFile, HAVE_BROWSER, SHOTS, servedBrowser, watchErrors } from "./harness.js";
import { chargeOpen, hm11AtCrossroads, hm11SaveUntil, shotOpen } from "./tabletop-fixtures.js";

checkBrowser();

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
    const env = servedBrowser();
    let page: Page;
    let errors: string[];
    const dir = mkdtempSync(join(tmpdir(), "tercio-hm11-"));

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      const context = await env.browser.newContext({
        viewport: { width: 1400, height: 900 },
        acceptDownloads: true,
      });
      page = await context.newPage();
      errors = watchErrors(page);
    }, 180_000);

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
      await page.goto(env.served.url);
      await page.getByTestId("system-horse-and-musket-ch11").click();
      await page.locator(`[data-scenario="${scenario}"]`).click();
      await page.getByTestId("start").click();
      await page.getByTestId("table").waitFor();
    };
    const load = async (file: string) => {
      await page.goto(env.served.url);
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
      const file = await downloadedFile(await download);
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
      // Aim with a turn of one's own: Tab to the target, Left turns 5º, the path and odds follow or the rule refuses.
      await unit("B-CAV1").focus();
      const handle = page.getByTestId("charge-turn-handle");
      await handle.waitFor();
      const t0 = await num(handle, "data-turn");
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => num(handle, "data-turn")).toBe(Math.max(-4500, t0 - 500));
      await expect
        .poll(async () => (await page.getByTestId("charge-refusal").count()) + (await target.count()))
        .toBe(1);
      // Typed beyond the 45º of the rules data: refused in the rule's words.
      await page.getByTestId("charge-turn").fill("50");
      await page.getByTestId("charge-turn").press("Enter");
      await expect
        .poll(() => page.getByTestId("charge-refusal").textContent())
        .toMatch(/^004 Movement: Charge Moves: Turning: .*45º/);
      expect(await page.getByTestId("charge-commit").isDisabled()).toBe(true);
      // The knob dragged 20º to the left of the engine's turn.
      await page.getByTestId("charge-turn").fill(String(t0 / 100));
      await page.getByTestId("charge-turn").press("Enter");
      await expect.poll(() => num(handle, "data-turn")).toBe(t0);
      const knob = await centre(handle.locator("[data-knob]"));
      const c = await centre(unit("R-CAV1"));
      const v = { x: knob.x - c.x, y: knob.y - c.y };
      const a = (20 * Math.PI) / 180;
      await page.mouse.move(knob.x, knob.y);
      await page.mouse.down();
      await page.mouse.move(
        c.x + v.x * Math.cos(a) + v.y * Math.sin(a),
        c.y - v.x * Math.sin(a) + v.y * Math.cos(a),
        {
          steps: 4,
        },
      );
      await page.mouse.up();
      await expect
        .poll(async () => Math.abs((await num(handle, "data-turn")) - Math.max(-4500, t0 - 2000)))
        .toBeLessThanOrEqual(100);
      // Back to the engine's turn, and charge.
      await page.getByTestId("charge-turn").fill(String(t0 / 100));
      await page.getByTestId("charge-turn").press("Enter");
      await page.getByTestId("charge-commit").click();
      await expect
        .poll(() => page.getByTestId("log").textContent())
        .toContain("R-CAV1 charged B-CAV1 in the front");
      // The last action's working, measured again on the position before it, agrees with the event.
      await page.getByTestId("working-toggle").check();
      await expect
        .poll(() => page.getByTestId("working-last").textContent())
        .toContain("last charge: R-CAV1");
      expect(await page.getByTestId("working-last-check").getAttribute("data-agrees")).toBe("true");
      await page.getByTestId("working-toggle").uncheck();
      await page.getByTestId("end-phase").click();
      await page.getByTestId("fight-preview").waitFor();
      await page.getByTestId("retreat-R-CAV1").waitFor();
      await page.screenshot({ path: `${SHOTS}tabletop-hand-to-hand.png` });
      await page.getByTestId("end-phase").click();
      await expect
        .poll(() => page.getByTestId("log").textContent())
        .toMatch(/R-CAV1 fought B-CAV1 \(front\): die \d/);
      await page.getByTestId("working-toggle").check();
      await expect.poll(() => page.getByTestId("working-last").textContent()).toContain("last fight: R-CAV1");
      expect(await page.getByTestId("working-last-check").getAttribute("data-agrees")).toBe("true");
      expect(errors).toEqual([]);
    });

    it("[004 Movement: Roads] drags a road move round the crossroads; steps along the road by keys; the ruler by keys", async () => {
      const { save } = hm11AtCrossroads();
      const file = join(dir, "road.json");
      writeFileSync(file, JSON.stringify(save));
      await load(file);
      const cav = unit("W-CAV1");
      await click(cav);
      await page.getByTestId("road-toggle").check();
      // Grab the base at its centre (28, 24), drop it at (36, 18): along the post road, south at the
      // cross road. The drop is measured from the base as drawn now (the table laid out once the
      // panel has opened), not from the table's corner read before.
      const from = await centre(cav);
      const box = await page.getByTestId("terrain").boundingBox();
      if (!box) throw new Error("no table");
      const px = box.height / 48;
      const to = { x: from.x + (36 - 28) * px, y: from.y + (24 - 18) * px };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 10 });
      await page.mouse.up();
      const readout = page.getByTestId("move-readout");
      await expect
        .poll(() => readout.textContent())
        .toMatch(/^road 8", pivot 90º right, road (5\.9\d|6(\.0\d)?)": .* of 15" by road used/);
      await page.screenshot({ path: `${SHOTS}tabletop-road-bend.png` });
      expect(await num(page.getByTestId("ghost"), "data-facing")).toBe(18000);
      // Up: a quarter inch further along the cross road.
      await page.getByTestId("table").focus();
      for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowUp");
      await expect
        .poll(() => readout.textContent())
        .toMatch(/^road 8", pivot 90º right, road (6\.9\d|7(\.0\d)?)"/);
      await page.getByTestId("commit-move").click();
      await expect.poll(() => num(cav, "data-facing")).toBe(18000);
      expect(await num(cav, "data-x")).toBe(36 * INCH);

      // The ruler by keys: Enter at the cursor, 3" east and 4" north, Enter: exactly 5 inches, announced.
      await page.getByTestId("ruler-tool").click();
      await page.getByTestId("table").focus();
      await page.keyboard.press("Enter");
      for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+ArrowRight");
      for (let i = 0; i < 16; i++) await page.keyboard.press("ArrowUp");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByTestId("ruler-readout").textContent()).toBe("exactly 5 inches");
      await expect
        .poll(() => page.getByTestId("announce").textContent())
        .toContain("ruler: exactly 5 inches");
      await page.getByTestId("tool-select").click();
      expect(errors).toEqual([]);
    });
  },
);
