import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Save } from "@tercio/core";
import { horseAndMusketNtSystem as nt } from "@tercio/horse-and-musket-nt";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.js";
import { checkBrowser, HAVE_BROWSER, SHOTS, servedBrowser, watchErrors } from "./harness.js";
import {
  flankCharge,
  gapShot,
  ntFlankChargeSave,
  ntSaveUntil,
  ntSetup,
  rallyOpen,
  rollOffAction,
} from "./nt-fixtures.js";

checkBrowser();

const INCH = 6096;

/**
 * Horse and Musket (003)'s table in Chromium against `npm start`: a wheel
 * drawn on its pinned corner, a wheel refused by its far corner over the
 * allowance, a shot whose line of sight runs through a gap, a roll-off, a
 * rally; the overlays photographed. One browser, one server.
 */
describe.skipIf(!HAVE_BROWSER)(
  "Horse and Musket (003): the table (Chromium against npm start)",
  { timeout: 90_000 },
  () => {
    const env = servedBrowser();
    let page: Page;
    let errors: string[];
    const dir = mkdtempSync(join(tmpdir(), "tercio-nt-"));

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
      page = await context.newPage();
      errors = watchErrors(page);
    }, 180_000);

    const unit = (id: string) => page.getByTestId(`unit-${id}`);
    const num = async (l: Locator, attr: string) => Number(await l.getAttribute(attr));
    const centre = async (l: Locator) => {
      const b = await l.boundingBox();
      if (!b) throw new Error("not drawn");
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const click = async (l: Locator) => {
      const c = await centre(l);
      await page.mouse.click(c.x, c.y);
    };
    const start = async (scenario: string) => {
      await page.goto(env.served.url);
      await page.getByTestId("system-horse-and-musket-nt").click();
      await page.locator(`[data-scenario="${scenario}"]`).click();
      // A fixed seed: the same game every run (the phases this file ends, the dice its rolls show).
      await page.getByTestId("seed").fill("7");
      await page.getByTestId("start").click();
      await page.getByTestId("table").waitFor();
    };
    const load = async (save: Save, name: string) => {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify(save));
      await page.goto(env.served.url);
      await page.getByTestId("file-input").setInputFiles(file);
      await page.getByTestId("table").waitFor();
    };
    const select = async (id: string) => {
      await click(unit(id));
      await expect.poll(() => unit(id).getAttribute("aria-pressed")).toBe("true");
    };
    const roll = async (id: string) => {
      await select(id);
      await page.getByTestId("roll-move").click();
      await expect.poll(() => unit(id).getAttribute("data-acted")).toBe("rolled");
    };

    it("[003 Maneuvering i] wheels on a pinned front corner by drag, the hinge and each corner's travel shown; [003 Move] refuses a wheel whose far corner passes the allowance", async () => {
      await start("fontenoy-redoubt");
      await page.screenshot({ path: `${SHOTS}nt-opening.png` });
      await roll("A-Dut");
      // Facing north: the front right corner is the box's top right; drag it forward and to the left, about the front left corner.
      const box = (await unit("A-Dut").boundingBox()) ?? { x: 0, y: 0, width: 1, height: 1 };
      const corner = { x: box.x + box.width - 2, y: box.y + 2 };
      await page.mouse.move(corner.x, corner.y);
      await page.mouse.down();
      await page.mouse.move(corner.x - box.width * 0.05, corner.y - box.width * 0.1, { steps: 10 });
      await page.getByTestId("wheel-hinge").waitFor();
      await page.screenshot({ path: `${SHOTS}nt-wheel-drag.png` });
      await page.mouse.up();
      const ghost = page.getByTestId("ghost");
      await expect.poll(() => ghost.getAttribute("data-legal")).toBe("true");
      const facing = await num(ghost, "data-facing");
      // A left pin turns left: anticlockwise from north.
      expect(facing).toBeGreaterThan(27000);
      expect(facing).toBeLessThan(36000);
      expect(await page.getByTestId("move-readout").textContent()).toMatch(
        /^wheel [\d.]+º on the left corner; longest corner/,
      );
      expect(await num(page.getByTestId("corner-fl"), "data-travel")).toBe(0);
      expect(await num(page.getByTestId("corner-rr"), "data-travel")).toBeGreaterThan(
        await num(page.getByTestId("corner-fr"), "data-travel"),
      );
      await page.getByTestId("commit-move").click();
      await expect.poll(() => num(unit("A-Dut"), "data-facing")).toBe(facing);
      await expect.poll(() => unit("A-Dut").getAttribute("data-acted")).toBe("moved");

      // A-Gds: a typed wheel on its right corner, just past what the allowance (even doubled) lets the far
      // rear corner swing on the diagonal: the swinging corners are over it, the pinned one does not move.
      await roll("A-Gds");
      await page.getByTestId("wheel-degrees").fill("1");
      await page.getByTestId("wheel-right").click();
      const allowance = await num(page.getByTestId("corner-rl"), "data-limit");
      await page.getByTestId("cancel-move").click();
      const diagonal = Math.hypot(6, 3) * INCH;
      const degrees = Math.min(180, Math.ceil(((2 * allowance) / diagonal) * (180 / Math.PI)) + 5);
      await page.getByTestId("wheel-degrees").fill(String(degrees));
      await page.getByTestId("wheel-right").click();
      await expect
        .poll(() => page.getByTestId("move-refusal").textContent())
        .toMatch(/^003 1\.2 Move: no corner may exceed/);
      expect(await page.getByTestId("move-readout").textContent()).toMatch(/double move \(1\.2/);
      expect(await page.getByTestId("corner-fr").getAttribute("data-over")).toBe("false");
      expect(await page.getByTestId("corner-rl").getAttribute("data-over")).toBe("true");
      expect(await page.getByTestId("ghost").getAttribute("data-legal")).toBe("false");
      expect(await page.getByTestId("commit-move").isDisabled()).toBe(true);
      await page.screenshot({ path: `${SHOTS}nt-wheel-refused.png` });
      // Threat zones and protected sides on request (the keys T and P on the table).
      await page.getByTestId("table").focus();
      await page.keyboard.press("t");
      await page.keyboard.press("p");
      await page.getByTestId("threat-overlay").locator("[data-threat]").first().waitFor();
      expect(await page.getByTestId("toggle-threats").getAttribute("aria-pressed")).toBe("true");
      await page.screenshot({ path: `${SHOTS}nt-threats-protected.png` });
      expect(errors).toEqual([]);
    });

    it("[003 Line of Sight I] shows a shot's line of sight through a gap of 4\" or more, then fires with every modifier in sequence", async () => {
      const { save, game } = ntSaveUntil(
        ntSetup("fontenoy-redoubt", {}, 1),
        (c, p) => gapShot(c, p) !== undefined,
      );
      const shot = gapShot(game.ctx, game.position);
      if (!shot) throw new Error("no gap shot");
      await load(save, "gap");
      await select(shot.unit);
      await page.getByTestId("toggle-sight").click();
      await click(unit(shot.target));
      const sight = page.getByTestId("sight");
      await expect.poll(() => sight.getAttribute("data-visible")).toBe("true");
      expect(await page.getByTestId("sight-words").textContent()).toMatch(/half the side is visible/);
      await page.screenshot({ path: `${SHOTS}nt-sight-gap.png` });
      // The side to look at is the player's to choose: the engine answers for each.
      await page.getByTestId("sight-side").selectOption("rear");
      await expect.poll(() => sight.getAttribute("data-side")).toBe("rear");
      await page.screenshot({ path: `${SHOTS}nt-sight-rear.png` });
      await page.getByTestId("toggle-sight").click();
      // A click on an enemy that is not the priority target: the rule that says which is, in the message line.
      const other = Object.keys(game.position.units).find(
        (id) => game.position.units[id]?.side !== game.position.toMove && id !== shot.target,
      );
      if (!other) throw new Error("no other enemy");
      await click(unit(other));
      await expect.poll(() => page.getByTestId("message").textContent()).toMatch(/^003 1\.1/);
      await page.getByTestId(`fire-target-${shot.target}`).waitFor();
      await page.getByTestId("fire-preview").waitFor();
      const before = await num(unit(shot.target), "data-hits");
      await page.getByTestId("fire").click();
      const steps = page.getByTestId("fire-working").first().locator("li");
      await expect.poll(() => steps.count()).toBeGreaterThan(0);
      for (const li of await steps.all()) expect(await li.textContent()).toMatch(/\(1\.1[^)]*\)/);
      expect(await num(unit(shot.target), "data-hits")).toBeGreaterThanOrEqual(before);
      await page.screenshot({ path: `${SHOTS}nt-fire-working.png` });
      // The log's line of the shot shows both units on the table.
      await page
        .getByTestId("log")
        .locator("button.log-locate", { hasText: `fired at ${shot.target}` })
        .first()
        .click();
      await page.getByTestId(`located-${shot.unit}`).waitFor();
      await page.getByTestId(`located-${shot.target}`).waitFor();
      expect(errors).toEqual([]);
    });

    it("[003 Grey Areas] a measurement too close to call is rolled off, the decision and its dice shown", async () => {
      const { save, game } = ntSaveUntil(
        ntSetup("fontenoy-redoubt", {}, 1),
        (c, p, l) => rollOffAction(c, p, l) !== undefined,
      );
      const action = rollOffAction(game.ctx, game.position, nt.legalActions(game.ctx, game.position));
      if (!action || action.type === "end-phase") throw new Error("no roll-off");
      await load(save, "roll-off");
      await select(action.unit);
      if (action.type === "fire") {
        if (action.target) await page.getByTestId(`fire-option-${action.target}`).click();
        await page.getByTestId("fire").click();
      } else if (action.type === "rally") await page.getByTestId("rally").click();
      else if (action.type === "charge") await page.getByTestId(`charge-${action.target}`).click();
      const decision = page.getByTestId("roll-off").first();
      await decision.waitFor();
      expect(await decision.textContent()).toMatch(
        /^Too close to call \(Grey Areas\): .+ Dice \d–\d(, \d–\d)*: .+ win, so (yes|no)\.$/,
      );
      expect(await page.getByTestId("log").textContent()).toMatch(/too close to call \(Grey Areas\)/);
      await page.screenshot({ path: `${SHOTS}nt-roll-off.png` });
      expect(errors).toEqual([]);
    });

    it("[003 Routs and Rallies] a unit rallies, removing half the die's Hits", async () => {
      const { save, game } = ntSaveUntil(ntSetup("random", { units: 3 }, 2), rallyOpen);
      const rally = nt.legalActions(game.ctx, game.position).find((a) => a.type === "rally");
      if (rally?.type !== "rally") throw new Error("no rally");
      await load(save, "rally");
      const before = await num(unit(rally.unit), "data-hits");
      await select(rally.unit);
      await page.getByTestId("rally").click();
      await expect.poll(() => page.getByTestId("last-action").textContent()).toMatch(/rallied \(die \d\)/);
      expect(await num(unit(rally.unit), "data-hits")).toBeLessThanOrEqual(before);
      expect(errors).toEqual([]);
    });
    it("[003 Charging ii] charges into a flank: the target offered, its side and the contact shown; the Melee doubles the flank's Hits", async () => {
      const { save, game } = ntFlankChargeSave("la-haye-sainte", 1);
      const c = flankCharge(game.ctx, game.position);
      await load(save, "flank-charge");
      await select(c.unit);
      await page.getByTestId(`charge-target-${c.target}`).waitFor();
      expect(await page.getByTestId(`charge-path-${c.target}`).getAttribute("data-side")).toBe(c.side);
      expect(await page.getByTestId("charge-section").textContent()).toContain(`into its ${c.side}`);
      await page.screenshot({ path: `${SHOTS}nt-charge-offered.png` });
      await page.getByTestId(`charge-${c.target}`).click();
      await page.locator(`[data-contact="${c.unit}:${c.target}:${c.side}"]`).waitFor();
      expect(await page.getByTestId("last-action").textContent()).toContain(
        `${c.unit} charged ${c.target}'s ${c.side}`,
      );
      await page.screenshot({ path: `${SHOTS}nt-charge-contact.png` });
      // Ending the Actions phase resolves the Melee: its modifiers in sequence, the flank doubled (Melee iii).
      await page.getByTestId("end-phase").click();
      const steps = page.getByTestId("melee-working").first();
      await steps.waitFor();
      expect(await steps.textContent()).toContain("(2 iii)");
      expect(errors).toEqual([]);
    });
    it("[003 Play Sequence] the table with a unit selected and its overlays on: no serious accessibility violation", async () => {
      await start("fontenoy-redoubt");
      await select("A-Gds");
      await page.getByTestId("toggle-threats").click();
      await page.getByTestId("toggle-protected").click();
      expect(await seriousViolations(page)).toEqual([]);
      // The keyboard reaches the bases: Tab from the table to the first unit, Enter selects it.
      await page.getByTestId("unit-A-1").focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => unit("A-1").getAttribute("aria-pressed")).toBe("true");
    }, 60_000);
    it("[003 Maneuvering ii] reforms into column onto the road; [003 Terrain vi] next turn the column goes by road; [003 Maneuvering iii] a unit falls back, facing the new direction", async () => {
      await start("fontenoy-redoubt");
      // A-2 stands 1" east of the Road to Tournai's centre line: a 1" slide west into column puts it on the road.
      await select("A-2");
      await page.getByTestId("reform-formation").selectOption("column");
      await page.getByTestId("reform-dx").fill("-1");
      await page.getByTestId("reform").click();
      await expect.poll(() => unit("A-2").getAttribute("data-formation")).toBe("column");
      expect(await num(unit("A-2"), "data-x")).toBe(43 * INCH);
      // The phases end until the Attacker's Actions come round again. A phase may pass on its own
      // (nothing to do in it), so the status is read once it has settled (the same twice, 150 ms
      // apart), and each click waits for the status to move on: a status caught between two
      // phases is never read as the phase to end.
      const turnTwo = /^Turn 2 .*Actions \(Attacker\)/;
      const status = page.getByTestId("status");
      const settled = async (): Promise<string> => {
        let seen = (await status.textContent()) ?? "";
        for (;;) {
          await page.waitForTimeout(150);
          const now = (await status.textContent()) ?? "";
          if (now === seen) return now;
          seen = now;
        }
      };
      for (let i = 0; i < 400; i++) {
        const before = await settled();
        if (turnTwo.test(before)) break;
        const button = page.getByTestId("end-phase");
        if (!(await button.isEnabled())) {
          await page.waitForTimeout(40);
          continue;
        }
        await button.click();
        await expect.poll(() => status.textContent()).not.toBe(before);
      }
      await expect
        .poll(() => page.getByTestId("status").textContent())
        .toMatch(/^Turn 2 .*Actions \(Attacker\)/);
      await roll("A-2");
      await page.getByTestId("road-toggle").check();
      const y0 = await num(unit("A-2"), "data-y");
      const from = await centre(unit("A-2"));
      const box = (await page.getByTestId("terrain").boundingBox()) ?? { height: 1 };
      const pxPerInch = box.height / 48;
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x, from.y - 2 * pxPerInch, { steps: 8 });
      await page.mouse.up();
      await expect.poll(() => page.getByTestId("move-readout").textContent()).toMatch(/^road [\d.]+"/);
      const ghostY = await num(page.getByTestId("ghost"), "data-y");
      expect(ghostY).toBeGreaterThan(y0);
      await page.getByTestId("commit-move").click();
      await expect.poll(() => num(unit("A-2"), "data-y")).toBe(ghostY);
      expect(await page.getByTestId("last-action").textContent()).toMatch(/A-2 moved [\d.]+" of [\d.]+"/);
      // A-Han falls back: straight back its Dx, now facing south (18000), stopped by the table's edge if it must be.
      await roll("A-Han");
      await page.getByTestId("fall-back").click();
      await expect.poll(() => unit("A-Han").getAttribute("data-acted")).toBe("fell-back");
      expect(await num(unit("A-Han"), "data-facing")).toBe(18000);
      expect(await page.getByTestId("last-action").textContent()).toMatch(/A-Han fell back/);
      expect(errors).toEqual([]);
    });
  },
);
