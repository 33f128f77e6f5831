import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseSavedGame, type SavedGame } from "@tercio/musket-and-pike";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fireOpportunity, firstAllocation, meleeOpportunity, savedGameUntil } from "./fixtures.js";
import {
  checkBrowser,
  clickHex,
  cursorTo,
  downloadedFile,
  HAVE_BROWSER,
  RULES_FILE,
  SHOTS,
  servedBrowser,
  watchErrors,
} from "./harness.js";

checkBrowser();

describe.skipIf(!HAVE_BROWSER)(
  "Musket & Pike in the browser (Chromium against npm start)",
  { timeout: 60_000 },
  () => {
    const env = servedBrowser();
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
    }, 180_000);

    const open = async (viewport = { width: 1400, height: 900 }) => {
      const context = await env.browser.newContext({ viewport, acceptDownloads: true });
      page = await context.newPage();
      errors = watchErrors(page);
      await page.goto(env.served.url);
    };

    afterEach(async () => {
      expect(errors, "console errors on the page").toEqual([]);
      await page?.context().close();
    });

    const choose = async (slug: string, opts: { second?: string; first?: string; undo?: boolean } = {}) => {
      await page.locator(`[data-scenario="${slug}"]`).click();
      await page.getByTestId("first-controller").selectOption(opts.first ?? "human");
      await page.getByTestId("second-controller").selectOption(opts.second ?? "human");
      await page.getByTestId("seed").fill("7");
      if (opts.undo === false) await page.getByTestId("undo-option").uncheck();
      await page.getByTestId("start").click();
      await page.getByTestId("board").waitFor();
    };

    const phase = () => page.getByTestId("phase").textContent();

    const deployBoth = async () => {
      for (let i = 0; i < 2; i++) {
        await page.getByTestId("auto-deploy").click();
        await page.getByTestId("end-phase").click();
      }
      await expect.poll(phase).toBe("Fire Combat Phase");
    };

    const endPhase = async () => {
      const before = `${await page.getByTestId("game-turn").textContent()} ${await phase()} ${await page.locator(".phase-bar .side").textContent()}`;
      await page.getByTestId("end-phase").click();
      await expect
        .poll(
          async () =>
            `${await page.getByTestId("game-turn").textContent()} ${await phase()} ${await page.locator(".phase-bar .side").textContent()}`,
        )
        .not.toBe(before);
    };

    /** Selects a First Player stack that has a unit able to move, and returns its hex and the hexes it can reach. */
    const pickMover = async (): Promise<{ from: string; to: string }> => {
      for (const g of await page.locator('.pieces g[data-side="first"]').all()) {
        const from = (await g.getAttribute("data-hex")) ?? "";
        await clickHex(page, `.pieces g[data-hex="${from}"]`);
        const reach = page.locator(".reach");
        if ((await reach.count()) > 0) {
          const to = (await reach.last().getAttribute("data-hex")) ?? "";
          return { from, to };
        }
      }
      throw new Error("no First Player unit can move");
    };

    const loadSave = async (save: SavedGame, name: string, accepted = true) => {
      const file = join(tmpdir(), `tercio-e2e-${name}.json`);
      writeFileSync(file, JSON.stringify(save));
      await page.getByTestId("file-input").setInputFiles(file);
      if (accepted) await page.getByTestId("board").waitFor();
    };

    it("[16.0] chooses a scenario, deploys both sides automatically, and shows three openings", async () => {
      await open();
      await expect.poll(() => page.locator("[data-scenario]").count()).toBe(18);
      await page.screenshot({ path: `${SHOTS}chooser.png` });
      for (const slug of ["lutzen", "nieuport", "brentford"]) {
        await choose(slug);
        await expect.poll(phase).toBe("Deployment");
        // Ending the deployment with units still off the map is refused, and the refusal cites its rule.
        await page.getByTestId("end-phase").click();
        await expect.poll(() => page.getByTestId("message").textContent()).toMatch(/^\d+\.\d+(\([A-Z]\))?: /);
        await expect.poll(() => page.locator(".zones").count()).toBe(1);
        await deployBoth();
        expect(await page.locator(".pieces g[data-hex]").count()).toBeGreaterThan(4);
        await page.screenshot({ path: `${SHOTS}opening-${slug}.png` });
        await page.getByRole("button", { name: "Scenarios" }).click();
      }
    });

    it("[16.0] deploys by click and by drag into the highlighted zone", async () => {
      await open();
      await choose("brentford");
      const tray = page.locator(".tray button[data-unit]");
      const first = (await tray.first().getAttribute("data-unit")) ?? "";
      await tray.first().click();
      const zone = page.locator(".choice");
      await zone.first().waitFor({ state: "attached" });
      const hex = (await zone.first().getAttribute("data-hex")) ?? "";
      await clickHex(page, `.choice[data-hex="${hex}"]`);
      await expect.poll(() => page.getByTestId("log").textContent()).toContain(`${first} deployed in ${hex}`);
      const second = (await tray.first().getAttribute("data-unit")) ?? "";
      await tray.first().click();
      const target = (await zone.last().getAttribute("data-hex")) ?? "";
      await tray.first().dragTo(page.locator(`.choice[data-hex="${target}"]`), { force: true });
      await expect
        .poll(() => page.getByTestId("log").textContent())
        .toContain(`${second} deployed in ${target}`);
    });

    it("[5.1] moves a unit: reachable hexes with their cost, then the move, logged", async () => {
      await open();
      await choose("brentford");
      // A unit picked while deploying stays behind in that phase: it must not move on the next click.
      await page.locator(".tray button[data-unit]").first().click();
      await deployBoth();
      await endPhase();
      await expect.poll(phase).toBe("Movement Phase");
      const { from, to } = await pickMover();
      expect(await page.getByTestId("log").textContent()).not.toContain(" moved ");
      await expect.poll(() => page.locator(".reach .hex-cost").first().textContent()).toMatch(/^\d+(\.5)?$/);
      await clickHex(page, `.reach[data-hex="${to}"]`);
      await expect.poll(() => page.getByTestId("log").textContent()).toContain(`moved ${from} -> ${to}`);
      await expect.poll(() => page.locator(`.pieces g[data-hex="${to}"]`).count()).toBe(1);
    });

    it("[5.1] brings reinforcements onto the map from their edge", async () => {
      await open();
      await choose("lutzen");
      await deployBoth();
      await endPhase();
      await expect.poll(phase).toBe("Movement Phase");
      const waiting = page.locator(".reinforcements button[data-unit]");
      expect(await waiting.count()).toBeGreaterThan(0);
      const unit = (await waiting.first().getAttribute("data-unit")) ?? "";
      await waiting.first().click();
      await page.locator(".reach").first().waitFor({ state: "attached" });
      const to = (await page.locator(".reach").first().getAttribute("data-hex")) ?? "";
      await clickHex(page, `.reach[data-hex="${to}"]`);
      await expect
        .poll(() => page.getByTestId("log").textContent())
        .toContain(`${unit} entered the map to ${to}`);
    });

    it("[5.2G] undoes a move (the log keeps it, marked undone); with undo off the move stands", async () => {
      await open();
      await choose("brentford");
      await deployBoth();
      await endPhase();
      const { from, to } = await pickMover();
      await clickHex(page, `.reach[data-hex="${to}"]`);
      await expect.poll(() => page.getByTestId("log").textContent()).toContain(`moved ${from} -> ${to}`);
      await page.getByTestId("undo").click();
      await expect.poll(() => page.locator(".log-lines li.undone").count()).toBe(1);
      await expect.poll(() => page.locator(".log-lines li.undone").textContent()).toContain("(undone)");
      await expect.poll(() => page.locator(`.pieces g[data-hex="${from}"]`).count()).toBe(1);
      await page.getByRole("button", { name: "Scenarios" }).click();
      await choose("brentford", { undo: false });
      await deployBoth();
      await endPhase();
      const again = await pickMover();
      await clickHex(page, `.reach[data-hex="${again.to}"]`);
      expect(await page.getByTestId("undo").isDisabled()).toBe(true);
      expect(await page.getByTestId("undo").getAttribute("title")).toMatch(/5\.2\(G\)/);
    });

    it("[4.2] finishes a Game-Turn: both Player-Turns, three phases each", async () => {
      await open();
      await choose("brentford");
      await deployBoth();
      for (let i = 0; i < 6; i++) await endPhase();
      await expect.poll(() => page.getByTestId("game-turn").textContent()).toBe("2");
      await expect.poll(phase).toBe("Fire Combat Phase");
    });

    it("[7.0] fires: the odds preview shows strengths, column, rules and chances before the die is rolled", async () => {
      const save = savedGameUntil("16.21", 1, fireOpportunity);
      await open();
      await loadSave(save, "fire");
      await expect.poll(phase).toBe("Fire Combat Phase");
      const fire = firstAllocation(save, "fire");
      await clickHex(page, `.pieces g[data-hex="${fire.from}"]`);
      await page.locator(".choice").first().waitFor({ state: "attached" });
      await clickHex(page, `.choice[data-hex="${fire.target}"]`);
      const preview = page.getByTestId("odds-preview").first();
      await preview.waitFor({ state: "visible" });
      await expect.poll(() => preview.getByTestId("odds-column").textContent()).toMatch(/^\d-\d$/);
      await expect.poll(() => preview.textContent()).toContain("/6");
      await expect.poll(() => preview.textContent()).toContain("Fire Protection");
      await page.screenshot({ path: `${SHOTS}combat-odds-preview.png` });
      await page.getByTestId("allocate").click();
      await page.locator('[data-testid^="resolve-"]').first().click();
      await expect.poll(() => page.getByTestId("log").textContent()).toContain("die (rolled)");
      await expect.poll(() => page.getByTestId("log").textContent()).toMatch(/fire on \d{4}/);
      await expect.poll(() => page.getByTestId("last-result").textContent()).toMatch(/fire on \d{4}/);
    });

    it("[6.0] declares a melee, then resolves it, answering retreat and advance decisions", async () => {
      const save = savedGameUntil("16.21", 1, meleeOpportunity);
      await open();
      await loadSave(save, "melee");
      await expect.poll(phase).toBe("Melee Combat Phase");
      const attack = firstAllocation(save, "attack");
      await clickHex(page, `.pieces g[data-hex="${attack.from}"]`);
      await clickHex(page, `.choice[data-hex="${attack.target}"]`);
      await expect.poll(() => page.getByTestId("odds-preview").first().textContent()).toContain("Defenders");
      await page.getByTestId("allocate").click();
      await expect.poll(() => page.locator('[data-testid^="resolve-"]').count()).toBe(1);
      await page.locator('[data-testid^="resolve-"]').first().click();
      await expect.poll(() => page.getByTestId("log").textContent()).toMatch(/melee on \d{4}/);
      await expect.poll(() => page.getByTestId("last-result").textContent()).toMatch(/melee on \d{4}/);
      // 8.2, 8.3: whatever the die gave, answer each decision until play goes on.
      for (let i = 0; i < 6; i++) {
        const text = (await phase()) ?? "";
        if (text.includes("retreat decision")) await clickHex(page, ".choice");
        else if (text.includes("advance decision"))
          await page.getByTestId("advance").locator("button").first().click();
        else break;
        await page.waitForTimeout(100);
      }
      await expect.poll(phase).toBe("Melee Combat Phase");
    });

    it("saves to a file and reloads to the same position; the autosave continues the game", async () => {
      await open();
      await choose("brentford");
      await deployBoth();
      await endPhase();
      const { to } = await pickMover();
      await clickHex(page, `.reach[data-hex="${to}"]`);
      const download = page.waitForEvent("download");
      await page.getByTestId("save").click();
      const file = await downloadedFile(await download);
      const saved = parseSavedGame(JSON.parse(readFileSync(file, "utf8")));
      if (!saved.ok) throw new Error(saved.error.message);
      const pieces = await page.locator(".pieces").innerHTML();
      const bar = await page.getByTestId("phase-bar").textContent();

      await page.reload();
      await page.getByTestId("continue").click();
      expect(await page.locator(".pieces").innerHTML()).toBe(pieces);

      await page.context().clearCookies();
      // A browser with no autosave: the page is left first, so that the autosave it writes on leaving
      // (it stores when idle, and at once when hidden) is not written after the clearing.
      await page.reload();
      await page.evaluate("localStorage.clear()");
      await page.reload();
      await expect.poll(() => page.getByTestId("continue").count()).toBe(0);
      await page.getByTestId("file-input").setInputFiles(file);
      await page.getByTestId("board").waitFor();
      expect(await page.locator(".pieces").innerHTML()).toBe(pieces);
      expect(await page.getByTestId("phase-bar").textContent()).toBe(bar);
      const again = page.waitForEvent("download");
      await page.getByTestId("save").click();
      const resaved = JSON.parse(readFileSync(await downloadedFile(await again), "utf8")) as SavedGame;
      expect(resaved.finalHash).toBe(saved.value.finalHash);

      // A save from other rules data is refused with the reason, never replayed wrong.
      await loadSave(
        { ...saved.value, rules: { version: "printed-1973", hash: "0123456789abcdef" } },
        "other-rules",
        false,
      );
      await expect
        .poll(() => page.getByTestId("message").textContent())
        .toContain("refused rather than replayed under other rules");
    });

    it("plays under the player's own rules file, whose saves the built-in data refuses", async () => {
      const builtIn = JSON.parse(readFileSync(RULES_FILE, "utf8")) as { version: string };
      const mine = join(tmpdir(), "tercio-e2e-my-rules.json");
      writeFileSync(mine, JSON.stringify({ ...builtIn, version: "my-printed-copy-1" }));
      const broken = join(tmpdir(), "tercio-e2e-broken-rules.json");
      writeFileSync(broken, JSON.stringify({ ...builtIn, unitTypes: "none" }));
      await open();
      await page.getByTestId("rules-input").setInputFiles(broken);
      await expect.poll(() => page.getByTestId("message").textContent()).toContain("unitTypes");
      await page.getByTestId("rules-input").setInputFiles(mine);
      await expect.poll(() => page.getByTestId("rules-version").textContent()).toContain("my-printed-copy-1");
      await choose("brentford");
      await deployBoth();
      const download = page.waitForEvent("download");
      await page.getByTestId("save").click();
      const file = await downloadedFile(await download);
      expect((JSON.parse(readFileSync(file, "utf8")) as SavedGame).rules.version).toBe("my-printed-copy-1");
      await page.getByRole("button", { name: "Scenarios" }).click();
      await page.getByRole("button", { name: "Back to the built-in data" }).click();
      await page.getByTestId("file-input").setInputFiles(file);
      await expect
        .poll(() => page.getByTestId("message").textContent())
        .toContain('saved with rules data "my-printed-copy-1"');
    });

    it("operates a move by keyboard alone, the cursor's hex announced", async () => {
      await open();
      await choose("brentford");
      await deployBoth();
      await endPhase();
      for (
        let i = 0;
        i < 40 && !(await page.evaluate("document.activeElement?.dataset?.testid === 'board'"));
        i++
      )
        await page.keyboard.press("Tab");
      expect(await page.evaluate("document.activeElement?.dataset?.testid === 'board'")).toBe(true);
      const first = await page.locator('.pieces g[data-side="first"]').first().getAttribute("data-hex");
      if (!first) throw new Error("no First Player counter");
      await cursorTo(page, first);
      await expect.poll(() => page.getByTestId("announce").textContent()).toContain(`Hex ${first}`);
      await page.keyboard.press("Enter");
      await page.locator(".reach").first().waitFor({ state: "attached" });
      const to = (await page.locator(".reach").last().getAttribute("data-hex")) ?? "";
      await cursorTo(page, to);
      await expect.poll(() => page.getByTestId("announce").textContent()).toContain("Reachable");
      // The path to the cursor's hex is previewed, as it is for the mouse.
      await expect.poll(() => page.locator(".path").count()).toBe(1);
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByTestId("log").textContent()).toContain(`-> ${to}`);
    });

    it("[16.21] plays a short game against the AI to the end, the AI thinking in a worker", async () => {
      await open();
      await page.locator('[data-scenario="white-mountain"]').click();
      await page.getByTestId("first-controller").selectOption("human");
      expect(page.workers()).toHaveLength(0);
      await page.getByTestId("second-controller").selectOption("strong");
      // The AI's worker starts as its seat is chosen, not as the game opens (defect 15).
      await expect.poll(() => page.workers().length).toBe(1);
      await page.getByTestId("seed").fill("7");
      await page.getByTestId("start").click();
      await page.getByTestId("board").waitFor();
      expect(page.workers()).toHaveLength(1);
      await page.getByTestId("auto-deploy").click();
      await page.getByTestId("end-phase").click();
      const end = page.getByTestId("end-screen");
      let sawThinking = false;
      for (let i = 0; i < 4000 && !(await end.isVisible()); i++) {
        if (!sawThinking && (await page.getByTestId("ai-thinking").count()) > 0) sawThinking = true;
        const button = page.getByTestId("end-phase");
        if (await button.isEnabled()) await button.click();
        else await page.waitForTimeout(50);
      }
      await end.waitFor({ state: "visible" });
      expect(sawThinking).toBe(true);
      expect(((await page.getByTestId("result-reason").textContent()) ?? "").length).toBeGreaterThan(0);
      await page.getByTestId("strength-chart").waitFor({ state: "visible" });
      await page.screenshot({ path: `${SHOTS}end-screen.png` });
      await end.getByRole("button", { name: "Replay the game" }).click();
      await page.getByTestId("replay-viewer").waitFor();
      const last = (await page.getByTestId("replay-index").textContent()) ?? "";
      await page.getByTestId("replay-prev-turn").click();
      await page.getByTestId("replay-back").click();
      expect(await page.getByTestId("replay-index").textContent()).not.toBe(last);
    }, 300_000);

    it("fits a phone-sized screen: the map above, the panel below", async () => {
      await open({ width: 390, height: 844 });
      await choose("brentford");
      const board = await page.getByTestId("board").boundingBox();
      const panel = await page.locator(".side-panel").boundingBox();
      expect(board && panel && panel.y >= board.y + board.height - 30).toBe(true);
      expect(board?.width).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}phone.png` });
    });
  },
);
