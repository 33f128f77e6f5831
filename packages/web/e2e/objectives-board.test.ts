import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultCatalog, replay, victoryStandings } from "@tercio/musket-and-pike";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { savedGameUntil } from "./fixtures.js";
import { checkBrowser, HAVE_BROWSER, servedBrowser, watchErrors } from "./harness.js";

checkBrowser();

/**
 * Lutzen, the biggest battle, as a player meets it: the objectives beside
 * the map, live, and an AI turn that redraws only what it changed (the sheet
 * is one image, each stack its own element), so that the page keeps up
 * while the AI's moves arrive.
 */
describe.skipIf(!HAVE_BROWSER)(
  "Lutzen in the browser: objectives and the AI's turn",
  { timeout: 90_000 },
  () => {
    const env = servedBrowser();

    const open = async (): Promise<{ page: Page; errors: string[] }> => {
      const page = await (await env.browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
      const errors = watchErrors(page);
      await page.goto(env.served.url);
      return { page, errors };
    };

    it("[16.24] the objectives panel shows the victory condition as the engine counts it now, and the special rules", async () => {
      // Lutzen after the Swedes have moved in Game-Turn 2: their count west of the road is the engine's.
      const save = savedGameUntil("lutzen", 7, (p) => p.gameTurn === 2 && p.phase === "fire");
      const replayed = replay(defaultCatalog(), save);
      if (!replayed.ok) throw new Error(replayed.error.message);
      const { ctx, final } = replayed.value;
      const swedes = victoryStandings(ctx, final)[0]?.standings[0];
      if (!swedes?.progress) throw new Error("Lutzen's condition counts units");
      const dir = mkdtempSyncIn();
      const file = join(dir, "lutzen.json");
      writeFileSync(file, JSON.stringify(save));

      const { page, errors } = await open();
      await page.getByTestId("file-input").setInputFiles(file);
      await page.getByTestId("board").waitFor();
      const panel = page.getByTestId("objectives");
      await expect.poll(() => panel.getAttribute("open")).not.toBeNull();
      expect(await panel.textContent()).toContain("Game-Turn 2 of 15");
      const objective = panel.getByTestId("objective");
      expect(await objective.count()).toBe(1);
      expect(await objective.locator(".fact").textContent()).toBe(swedes.fact);
      expect(await objective.getAttribute("data-met")).toBe(String(swedes.fulfilled));
      expect(await objective.locator("progress").getAttribute("value")).toBe(
        String(Math.min(swedes.progress.have, 15)),
      );
      expect(await objective.textContent()).toContain(
        "Judged at the end of every Imperialists' Player-Turn.",
      );
      const special = await panel.getByTestId("special-rules").textContent();
      expect(special).toContain('becomes "ferocious"');
      expect(special).toContain("Cavalry Caracolla rule (11.0)");
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it("while the AI plays Lutzen, each of its actions redraws only the stacks it changed, never the sheet", async () => {
      const { page, errors } = await open();
      await page.locator('[data-scenario="lutzen"]').click();
      await page.getByTestId("first-controller").selectOption("human");
      await page.getByTestId("second-controller").selectOption("strong");
      await page.getByTestId("seed").fill("7");
      await page.getByTestId("start").click();
      await page.getByTestId("board").waitFor();
      // The sheet is one image under the pieces: a step of play cannot repaint its thousands of shapes.
      expect(await page.locator("img.board-sheet").count()).toBe(1);
      // The pieces are drawn once at the sheet's own size, and the camera moves them by a transform: no
      // step of play, and no pan, lays them all out again with a new viewBox (defect 15).
      const wholeSheet = await page.locator(".board-svg").getAttribute("viewBox");
      expect(
        await page.locator('[data-testid="board"] #terrain, [data-testid="board"] polygon.terrain').count(),
      ).toBe(0);
      await page.getByTestId("auto-deploy").click();
      // Count the counters drawn afresh for each step while the AI (the Imperialists) deploys and plays.
      // Page code as text: the tests are compiled without the DOM's types.
      await page.evaluate(`(() => {
        window.__added = [];
        window.__stacks = [];
        window.__actions = [];
        const counters = document.querySelector(".pieces #counters");
        if (!counters) throw new Error("no counters layer");
        // The actions each redraw shows, from the game screen's count of log entries (drawn with the board;
        // the log itself follows a frame behind).
        const entries = () => Number(document.querySelector('[data-testid="game-screen"]')?.getAttribute("data-entries") ?? 0);
        let seen = entries();
        new MutationObserver((records) => {
          let added = 0;
          for (const r of records) added += [...r.addedNodes].filter((n) => n.nodeName === "g").length;
          window.__added.push(added);
          window.__stacks.push(counters.children.length);
          const now = entries();
          window.__actions.push(now - seen);
          seen = now;
        }).observe(counters, { childList: true, subtree: false });
      })()`);
      const started = Date.now();
      await page.getByTestId("end-phase").click();
      // The AI deploys the Imperialists, one action per unit; then the Swedes' Fire Phase is the human's.
      await expect
        .poll(() => page.locator(".phase-bar .side").textContent(), { timeout: 60_000 })
        .toBe("Swedish");
      const took = Date.now() - started;
      const { added, stacks, actions } = await page.evaluate<{
        added: number[];
        stacks: number[];
        actions: number[];
      }>("({ added: window.__added, stacks: window.__stacks, actions: window.__actions })");
      const total = actions.reduce((x, y) => x + y, 0);
      process.stdout.write(
        `e2e: the strong AI set up Lutzen's Imperialists in ${took} ms (${added.length} redraws of ${total} actions; counters drawn afresh per redraw: at most ${Math.max(...added)}, of up to ${Math.max(...stacks)} stacks)\n`,
      );
      // The AI's actions are drawn a few at a time (ai/frame-batch.ts, at most every 100 ms), not one by one.
      expect(total).toBeGreaterThan(20);
      expect(added.length).toBeGreaterThan(0);
      expect(added.length).toBeLessThan(total);
      // A deployment adds or changes one stack: never the whole layer again (a redraw showing several of
      // the AI's actions changes at most two stacks for each).
      expect(added.map((n, i) => n <= 2 * Math.max(1, actions[i] ?? 0))).not.toContain(false);
      // And never every stack on the map, whatever the number of actions shown.
      expect(added.map((n, i) => n < (stacks[i] ?? 0))).not.toContain(false);
      expect(Math.max(...stacks)).toBeGreaterThan(30);
      expect(await page.locator(".board-svg").getAttribute("viewBox")).toBe(wholeSheet);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  },
);

function mkdtempSyncIn(): string {
  const dir = join(tmpdir(), `tercio-objectives-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}
