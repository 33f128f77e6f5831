import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { checkBrowser, HAVE_BROWSER, SHOTS, servedBrowser, watchErrors } from "./harness.js";

checkBrowser();

/**
 * Online play in the browser: a game created from the chooser, its links
 * opened in two separate browser contexts (two players on two machines),
 * moves crossing between them through the server, and a reload that
 * reconnects to the same position.
 */
describe.skipIf(!HAVE_BROWSER)(
  "online play in the browser (Chromium against npm start)",
  { timeout: 120_000 },
  () => {
    const env = servedBrowser();
    const contexts: BrowserContext[] = [];

    afterAll(async () => {
      for (const c of contexts) await c.close();
    });

    const newPage = async (): Promise<{ page: Page; errors: string[] }> => {
      const context = await env.browser.newContext({
        viewport: { width: 1400, height: 900 },
        acceptDownloads: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      return { page, errors: watchErrors(page) };
    };

    const text = (page: Page, id: string) => page.getByTestId(id).first().textContent();

    /** Sets up every unit: the page sends one action at a time, each after the last is acknowledged. */
    const deployAll = async (page: Page) => {
      await page.getByTestId("auto-deploy").click();
      await expect.poll(() => page.getByTestId("auto-deploy").count(), { timeout: 30_000 }).toBe(0);
      await expect.poll(() => text(page, "connection-status")).toBe("Online");
    };

    /** Ends the phase; a click while the last action is still unanswered is not sent ("Not sent: …"), so it is tried again. */
    const endPhase = async (page: Page, until: () => Promise<boolean>) => {
      for (let i = 0; i < 10 && !(await until()); i++) {
        await page.getByTestId("end-phase").click();
        await expect
          .poll(until, { timeout: 2000 })
          .toBe(true)
          .catch(() => undefined);
      }
      expect(await until()).toBe(true);
    };

    it("creates a game, shares its links, and two players play it through the server; a reload reconnects", async () => {
      const { page: host, errors: hostErrors } = await newPage();
      await host.goto(env.served.url);
      await host.locator('[data-scenario="brentford"]').click();
      await host.getByTestId("play-online-tab").click();
      await host.getByTestId("online-first-seat").selectOption("human");
      await host.getByTestId("online-second-seat").selectOption("human");
      await host.getByTestId("online-create-submit").click();
      await host.getByTestId("online-links").waitFor();
      const firstLink = await host.getByTestId("seat-link-first").inputValue();
      const secondLink = await host.getByTestId("seat-link-second").inputValue();
      const spectatorLink = await host.getByTestId("spectator-link").inputValue();
      expect(firstLink).toMatch(/\/#\/online\/[\w-]{16}\/[\w-]{43}$/);
      expect(new Set([firstLink, secondLink, spectatorLink]).size).toBe(3);
      await host.screenshot({ path: `${SHOTS}online-links.png` });
      expect(hostErrors).toEqual([]);

      const { page: first, errors: firstErrors } = await newPage();
      const { page: second, errors: secondErrors } = await newPage();
      await first.goto(firstLink);
      await second.goto(secondLink);
      for (const p of [first, second]) {
        await p.getByTestId("board").waitFor();
        await expect.poll(() => text(p, "connection-status")).toMatch(/^Online/);
      }
      // Whoever deploys first (the scenario says) deploys; the other sees every unit arrive, then gets the turn.
      const yourTurn = async (p: Page) => /your turn/i.test((await text(p, "turn-indicator")) ?? "");
      await expect.poll(async () => (await yourTurn(first)) !== (await yourTurn(second))).toBe(true);
      const [mover, waiter] = (await yourTurn(first)) ? [first, second] : [second, first];
      expect(await text(waiter, "turn-indicator")).toMatch(/waiting/i);
      await deployAll(mover);
      await endPhase(mover, () => yourTurn(waiter));
      await expect.poll(() => text(mover, "turn-indicator")).toMatch(/waiting/i);
      const firstUnits = await mover.locator("[data-side]").count();
      expect(firstUnits).toBeGreaterThan(0);
      expect(await waiter.locator("[data-side]").count()).toBe(firstUnits);

      // A spectator joining now sees the same board, and cannot act.
      const { page: spectator, errors: spectatorErrors } = await newPage();
      await spectator.goto(spectatorLink);
      await spectator.getByTestId("board").waitFor();
      await expect.poll(() => spectator.locator("[data-side]").count()).toBe(firstUnits);
      expect(await spectator.getByTestId("auto-deploy").count()).toBe(0);

      // The player to move reloads mid-turn: the page reconnects to the same game and position.
      await waiter.reload();
      await waiter.getByTestId("board").waitFor();
      await expect.poll(() => text(waiter, "connection-status")).toMatch(/^Online/);
      await expect.poll(() => waiter.locator("[data-side]").count()).toBe(firstUnits);
      await expect.poll(() => yourTurn(waiter)).toBe(true);
      await deployAll(waiter);
      await endPhase(waiter, async () => !/deployment/i.test((await text(mover, "phase")) ?? ""));
      // The sequence of play after deployment: the First Player-Turn, which opens with fire.
      await expect.poll(() => text(waiter, "phase")).toBe(await text(mover, "phase"));
      await expect.poll(() => mover.locator("[data-side]").count()).toBeGreaterThan(firstUnits);
      expect(await mover.locator("[data-side]").count()).toBe(await waiter.locator("[data-side]").count());
      // A seat sets its "your turn" webhook after the game began; the server checks it.
      await mover.getByTestId("webhook-control").locator("summary").click();
      await mover.getByTestId("webhook-url").fill("ftp://example.com/hook");
      await mover.getByTestId("webhook-set").click();
      await expect
        .poll(() => mover.getByTestId("webhook-control").textContent())
        .toMatch(/http|https|protocol|webhook/i);
      await mover.getByTestId("webhook-url").fill("https://example.com/hook");
      await mover.getByTestId("webhook-set").click();
      await expect.poll(() => mover.getByTestId("webhook-control").textContent()).toContain("Webhook set.");
      await mover.getByTestId("webhook-clear").click();
      await expect
        .poll(() => mover.getByTestId("webhook-control").textContent())
        .toContain("Webhook cleared.");
      await mover.screenshot({ path: `${SHOTS}online-player.png` });

      // Back at the chooser, the game is listed with whose turn it is, and opens again.
      await mover.goto(env.served.url);
      const listed = mover.getByTestId("my-online-game");
      await expect.poll(() => listed.count()).toBe(1);
      await expect.poll(() => listed.first().textContent()).toMatch(/Game-Turn 1/);
      expect(await listed.first().textContent()).toMatch(/Your turn|Waiting for/);
      await mover.getByTestId("my-online-game-open").click();
      await mover.getByTestId("board").waitFor();
      await expect.poll(() => text(mover, "connection-status")).toBe("Online");
      // The refused webhook's 400 is the browser's own log line, not a page error.
      const real = (errors: string[]) => errors.filter((e) => !/status of 400/.test(e));
      expect(real(firstErrors)).toEqual([]);
      expect(real(secondErrors)).toEqual([]);
      expect(spectatorErrors).toEqual([]);
    });

    it("a wrong link says so plainly", async () => {
      const { page, errors } = await newPage();
      await page.goto(`${env.served.url}#/online/AAAAAAAAAAAAAAAA/${"A".repeat(43)}`);
      await expect
        .poll(() => page.getByTestId("online-lobby").textContent())
        .toMatch(/no game|not found|unknown/i);
      // The server's 404 for the lobby request is the only console error allowed here.
      expect(errors.filter((e) => !/404|Failed to load resource/.test(e))).toEqual([]);
    });
  },
);
