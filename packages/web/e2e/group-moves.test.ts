import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { offsetToAxial, parseHexId } from "@tercio/musket-and-pike";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { finalOf, LUTZEN, ownStacks } from "./group-fixtures.js";
import { checkBrowser, clickHex, HAVE_BROWSER, SHOTS, servedBrowser, watchErrors } from "./harness.js";

checkBrowser();

/**
 * A hot-seat Lutzen Movement Phase played by groups, its clicks counted:
 * one page, one load of the saved game.
 */
describe.skipIf(!HAVE_BROWSER)("Lutzen by groups (Chromium)", { timeout: 40_000 }, () => {
  const env = servedBrowser();
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    // A missing element fails its check in seconds, not after the test's whole time.
    page.setDefaultTimeout(8_000);
    errors = watchErrors(page);
    await page.goto(env.served.url);
    const file = join(tmpdir(), "tercio-e2e-group-lutzen.json");
    writeFileSync(file, JSON.stringify(LUTZEN));
    await page.getByTestId("file-input").setInputFiles(file);
    await page.getByTestId("board").waitFor();
  }, 180_000);

  afterEach(() => {
    expect(errors, "console errors on the page").toEqual([]);
  });

  const phase = () => page.getByTestId("phase").textContent();
  const log = async () => (await page.getByTestId("log").textContent()) ?? "";
  const count = async (what: string) => (await log()).split(what).length - 1;

  it("[5.1C][10.0] plays the Swedes' first Movement Phase by groups in few clicks, every move accepted", async () => {
    const start = finalOf(LUTZEN);
    const waiting = Object.values(start.offMap).filter((s) => s === "awaiting-entry").length;
    const stacks = ownStacks(start);
    expect(waiting).toBe(45);
    await expect.poll(phase).toBe("Movement Phase");
    let clicks = 0;
    const click = async (selector: string) => {
      clicks++;
      await clickHex(page, selector);
    };
    // The reinforcements: all of them selected at once, then one hex after another takes as many as 10.0 allows.
    clicks++;
    await page.getByTestId("select-all-reinforcements").click();
    for (let entered = 0; entered < waiting && clicks < 60; ) {
      const to = (await page.locator(".reach").first().getAttribute("data-hex")) ?? "";
      await click(`.reach[data-hex="${to}"]`);
      await expect.poll(() => count("entered the map")).toBeGreaterThan(entered);
      entered = await count("entered the map");
      expect(await page.locator(".message.error").count()).toBe(0);
    }
    expect(await count("entered the map")).toBe(waiting);
    // The stacks on the map: a click on the stack, a second to take the whole stack, a third on a hex all of it reaches.
    let moved = 0;
    for (const [hex, ids] of stacks) {
      await click(`.pieces g[data-hex="${hex}"]`);
      await click(`.pieces g[data-hex="${hex}"]`);
      const group = page.locator("[data-testid=group] input[data-group-unit]:checked");
      await expect.poll(() => group.count()).toBe(ids.length);
      const to = (await page.locator(".reach").last().getAttribute("data-hex")) ?? "";
      await click(`.reach[data-hex="${to}"]`);
      moved += ids.length;
      await expect.poll(() => count(" moved ")).toBe(moved);
      expect(await page.locator(".message").count()).toBe(0);
    }
    // The engine took every move: the phase ends (10.0 is met) and no refusal was shown.
    clicks++;
    await page.getByTestId("end-phase").click();
    await expect.poll(phase).toBe("Melee Combat Phase");
    // 15 hexes for 45 units three to a hex (10.0), one click to select them all, three per stack, one to end.
    expect(clicks).toBeLessThanOrEqual(1 + Math.ceil(waiting / 3) + 3 * stacks.length + 1);
    process.stdout.write(
      `Lutzen, the Swedes' Movement Phase by groups: ${clicks} clicks for ${waiting + moved} units\n`,
    );
  });

  it("[5.1C] a shift-drag selects a formation; each stack goes to its place, outlined under the mouse first", async () => {
    const file = join(tmpdir(), "tercio-e2e-group-lutzen-box.json");
    writeFileSync(file, JSON.stringify(LUTZEN));
    await page.getByTestId("file-input").setInputFiles(file);
    await page.getByTestId("board").waitFor();
    await expect.poll(phase).toBe("Movement Phase");
    const stacks = ownStacks(finalOf(LUTZEN));
    // The rectangle round the Swedes' stacks on the map, on the screen.
    const boxes = await Promise.all(
      stacks.map(([hex]) => page.locator(`.pieces g[data-hex="${hex}"]`).first().boundingBox()),
    );
    const xs = boxes.flatMap((b) => (b ? [b.x, b.x + b.width] : []));
    const ys = boxes.flatMap((b) => (b ? [b.y, b.y + b.height] : []));
    await page.keyboard.down("Shift");
    await page.mouse.move(Math.min(...xs) - 4, Math.min(...ys) - 4);
    await page.mouse.down();
    await page.mouse.move(Math.max(...xs) + 4, Math.max(...ys) + 4, { steps: 8 });
    await expect.poll(() => page.getByTestId("select-box").count()).toBe(1);
    await page.mouse.up();
    await page.keyboard.up("Shift");
    const units = stacks.flatMap(([, ids]) => ids);
    await expect
      .poll(() => page.getByTestId("group").locator("legend").textContent())
      .toMatch(new RegExp(`^Formation \\(${units.length}\\)`));
    expect(await page.locator(".in-group").count()).toBe(stacks.length);
    // Under the mouse, a blue hex shows each stack's place, all of them reachable.
    const to = (await page.locator(".reach").first().getAttribute("data-hex")) ?? "";
    const target = await page.locator(`.reach[data-hex="${to}"]`).boundingBox();
    if (!target) throw new Error("no blue hex drawn");
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2);
    await expect.poll(() => page.locator(".place").count()).toBe(stacks.length);
    expect(await page.locator(".place-out").count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}lutzen-formation-footprint.png` });
    await clickHex(page, `.reach[data-hex="${to}"]`);
    await expect.poll(() => count(" moved ")).toBe(units.length);
    // Every unit moved by the same step: the formation kept its shape, and each stack stayed whole.
    const moves = [...(await log()).matchAll(/(\S+) moved (\d{4}) -> (\d{4})/g)].map((m) => ({
      unit: m[1] ?? "",
      from: offsetToAxial(parseHexId(m[2] ?? "") ?? { col: 1, row: 1 }),
      to: offsetToAxial(parseHexId(m[3] ?? "") ?? { col: 1, row: 1 }),
    }));
    expect(moves.length).toBe(units.length);
    const steps = new Set(moves.map((m) => `${m.to.q - m.from.q},${m.to.r - m.from.r}`));
    expect(steps.size).toBe(1);
    expect(await page.locator(".message.error").count()).toBe(0);
    // One click on Undo takes the whole formation's move back: every stack stands where it stood.
    await page.getByTestId("undo").click();
    await expect.poll(() => count("(undone)")).toBe(units.length);
    for (const [hex] of stacks) expect(await page.locator(`.pieces g[data-hex="${hex}"]`).count()).toBe(1);
    // Unticked, "Keep formation" sends the group to one hex instead: the blue hexes are those all of it reaches.
    await page.locator("[data-testid=select-all-on-map]").click();
    await page.getByTestId("keep-formation").uncheck();
    await expect
      .poll(() => page.getByTestId("group").locator("legend").textContent())
      .toMatch(/^Moving together/);
    expect(await page.locator(".place").count()).toBe(0);
  });
});
