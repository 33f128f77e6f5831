import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  defaultCatalog,
  legalMoves,
  type Position,
  replay,
  type SavedGame,
  stackingLimit,
} from "@tercio/musket-and-pike";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { savedGameUntil } from "./fixtures.js";
import {
  checkBrowser,
  clickHex,
  cursorTo,
  HAVE_BROWSER,
  launch,
  type Served,
  startGame,
  watchErrors,
} from "./harness.js";

checkBrowser();

/** Lutzen (16.24), the Swedes' first Movement Phase: 45 units to bring on from the west edge, 11 on the map. */
const LUTZEN = savedGameUntil("16.24", 7, (p) => p.phase === "movement" && p.phasing === "first");

function finalOf(save: SavedGame): Position {
  const r = replay(defaultCatalog(), save);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.final;
}

/** The First Player's stacks on the map at the start of the phase, top unit first. */
const ownStacks = (p: Position) =>
  Object.entries(p.stacks).filter(([, ids]) => p.units[ids[0] ?? ""]?.side === "first");

/**
 * 10.0: a move into a full stack that the engine accepts mid-phase (the
 * units there can still leave), taken by the top unit of another stack.
 */
function overstackingMove(save: SavedGame): { from: string; to: string } {
  const r = replay(defaultCatalog(), save);
  if (!r.ok) throw new Error(r.error.message);
  const { ctx, final } = r.value;
  const limit = stackingLimit(ctx, "first");
  const full = new Set(
    ownStacks(final)
      .filter(([, ids]) => ids.length === limit)
      .map(([hex]) => hex),
  );
  for (const [from, ids] of ownStacks(final)) {
    const moves = legalMoves(ctx, final, ids[0] ?? "");
    if (!moves.ok) continue;
    const to = moves.value.destinations.find((d) => full.has(d.hex) && d.hex !== from)?.hex;
    if (to) return { from, to };
  }
  throw new Error("no move into a full stack");
}

describe.skipIf(!HAVE_BROWSER)("group moves and their announcements (Chromium)", { timeout: 60_000 }, () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    served = await startGame();
    browser = await launch();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    // A missing element fails its check in seconds, not after the test's whole time.
    page.setDefaultTimeout(8_000);
    errors = watchErrors(page);
    await page.goto(served.url);
  };

  afterEach(async () => {
    expect(errors, "console errors on the page").toEqual([]);
    await page?.context().close();
  });

  const phase = () => page.getByTestId("phase").textContent();
  const log = async () => (await page.getByTestId("log").textContent()) ?? "";
  const announced = () => page.getByTestId("announce").textContent();

  const loadSave = async (save: SavedGame, name: string) => {
    const file = join(tmpdir(), `tercio-e2e-group-${name}.json`);
    writeFileSync(file, JSON.stringify(save));
    await page.getByTestId("file-input").setInputFiles(file);
    await page.getByTestId("board").waitFor();
  };

  const brentfordMovement = async () => {
    await page.locator('[data-scenario="brentford"]').click();
    await page.getByTestId("first-controller").selectOption("human");
    await page.getByTestId("second-controller").selectOption("human");
    await page.getByTestId("start").click();
    await page.getByTestId("board").waitFor();
    for (let i = 0; i < 2; i++) {
      await page.getByTestId("auto-deploy").click();
      await page.getByTestId("end-phase").click();
    }
    await expect.poll(phase).toBe("Fire Combat Phase");
  };

  it("[5.1C][10.0] plays the Swedes' first Lutzen Movement Phase by groups in few clicks, every move accepted", async () => {
    const start = finalOf(LUTZEN);
    const waiting = Object.values(start.offMap).filter((s) => s === "awaiting-entry").length;
    const stacks = ownStacks(start);
    expect(waiting).toBe(45);
    await open();
    await loadSave(LUTZEN, "lutzen");
    await expect.poll(phase).toBe("Movement Phase");
    let clicks = 0;
    const click = async (selector: string) => {
      clicks++;
      await clickHex(page, selector);
    };
    // The reinforcements: all of them selected at once, then one entry hex after another takes as many as 10.0 allows.
    clicks++;
    await page.getByTestId("select-all-reinforcements").click();
    for (let entered = 0; entered < waiting && clicks < 60; ) {
      await page.locator(".reach").first().waitFor({ state: "attached" });
      const to = (await page.locator(".reach").first().getAttribute("data-hex")) ?? "";
      await click(`.reach[data-hex="${to}"]`);
      await expect
        .poll(async () => (await log()).split("entered the map").length - 1)
        .toBeGreaterThan(entered);
      entered = (await log()).split("entered the map").length - 1;
    }
    expect((await log()).split("entered the map").length - 1).toBe(waiting);
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
      await expect.poll(async () => (await log()).split(" moved ").length - 1).toBe(moved);
    }
    clicks++;
    await page.getByTestId("end-phase").click();
    await expect.poll(phase).toBe("Melee Combat Phase");
    // 15 entry hexes for 45 units three to a hex (10.0), one click to select them, three per stack, one to end: 31.
    expect(clicks).toBeLessThanOrEqual(1 + Math.ceil(waiting / 3) + 2 + 3 * stacks.length + 1);
    process.stdout.write(`Lutzen Movement Phase by groups: ${clicks} clicks for ${waiting + moved} units\n`);
  });

  it("[5.1] announces the selection with its reach, then the move and the hex as it now stands (keyboard)", async () => {
    await open();
    await brentfordMovement();
    await page.getByTestId("end-phase").click();
    await expect.poll(phase).toBe("Movement Phase");
    await page.getByTestId("board").focus();
    const from = (await page.locator('.pieces g[data-side="first"]').first().getAttribute("data-hex")) ?? "";
    await cursorTo(page, from);
    await page.keyboard.press("Enter");
    await expect.poll(announced).toMatch(/selected: \d+ hex(es)? within reach\./);
    await page.locator(".reach").first().waitFor({ state: "attached" });
    const to = (await page.locator(".reach").last().getAttribute("data-hex")) ?? "";
    await cursorTo(page, to);
    await page.keyboard.press("Enter");
    await expect.poll(announced).toMatch(new RegExp(`moved ${from} → ${to}, [\\d.]+ MP; [\\d.]+ MP left\\.`));
    // The hex is described as it stands after the move: the unit is in it now.
    await expect.poll(announced).toMatch(new RegExp(`left\\. .*Hex ${to}, .*top first: `));
  });

  it("[7.0] says why a unit clicked in the Fire Combat Phase has no target, citing the rule", async () => {
    await open();
    await brentfordMovement();
    const hex = (await page.locator('.pieces g[data-side="first"]').first().getAttribute("data-hex")) ?? "";
    await clickHex(page, `.pieces g[data-hex="${hex}"]`);
    await expect.poll(() => page.getByTestId("no-target").textContent()).toMatch(/\d+\.\d+(\([A-Z]\))?: /);
  });

  it("[10.0] shows why the phase may not end beside End phase, marks the over-stacked hex, and the refusal does not push the map", async () => {
    const { from, to } = overstackingMove(LUTZEN);
    await open();
    await loadSave(LUTZEN, "overstack");
    await expect.poll(phase).toBe("Movement Phase");
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
    expect(after?.y).toBe(before?.y);
    expect(after?.height).toBe(before?.height);
  });

  it("lets the keyboard past the reinforcements in one Tab, arrows moving among them", async () => {
    await open();
    await loadSave(LUTZEN, "tab");
    await expect.poll(phase).toBe("Movement Phase");
    const units = page.locator(".reinforcements button[data-unit]");
    await units.first().focus();
    const focused = () => page.evaluate<string>("document.activeElement?.dataset?.unit ?? ''");
    const first = await focused();
    await page.keyboard.press("ArrowRight");
    await expect.poll(focused).toBe((await units.nth(1).getAttribute("data-unit")) ?? "");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("");
    expect(first).not.toBe("");
  });
});
