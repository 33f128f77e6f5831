import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkBrowser,
  HAVE_BROWSER,
  inStep,
  positionHashOf,
  SHOTS,
  servedBrowser,
  watchErrors,
} from "./harness.js";

checkBrowser();

/**
 * Online play is the same for every rule system: a chapter-11 game (Horse
 * and Musket on a measured table) created from the chooser, its seat links
 * opened in two browser contexts, actions crossing between them through the
 * server, a reload in the middle that resumes at the same position, and a
 * spectator who sees the same. Positions are compared by the shell's public
 * hash and status line (data-position-hash, data-status), whatever the board.
 */
describe.skipIf(!HAVE_BROWSER)(
  "online play of a chapter-11 game in the browser (Chromium against npm start)",
  { timeout: 90_000 },
  () => {
    const env = servedBrowser();
    const contexts: BrowserContext[] = [];

    afterAll(async () => {
      for (const c of contexts) await c.close();
    });

    const newPage = async (): Promise<{ page: Page; errors: string[] }> => {
      const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      return { page, errors: watchErrors(page) };
    };

    const text = async (page: Page, id: string) => (await page.getByTestId(id).first().textContent()) ?? "";
    /** The system's status line, as the shell reads it (whatever the board shows in the phase bar). */
    const statusOf = async (page: Page) =>
      (await page.getByTestId("game-screen").getAttribute("data-status")) ?? "";
    const yourTurn = async (page: Page) => /your turn/i.test(await text(page, "turn-indicator"));

    /** Waits until the page shows the game, online and in step with the server. */
    const ready = async (page: Page) => {
      await page.getByTestId("game-screen").waitFor();
      await expect.poll(() => text(page, "connection-status"), { timeout: 15_000 }).toBe("Online");
    };
    const open = async (page: Page, link: string) => {
      await page.goto(link);
      await ready(page);
    };

    /** Both pages at the same position, read the same way. */
    const sameAs = async (page: Page, other: Page) => {
      await inStep(page, other);
      expect(await statusOf(page)).toBe(await statusOf(other));
    };

    /**
     * The seat to act ends its phase: a click while its last action is still
     * unanswered is not sent ("Not sent: …"), so it is tried again until the
     * position moves.
     */
    const endPhase = async (page: Page) => {
      const before = await positionHashOf(page);
      for (let i = 0; i < 10 && (await positionHashOf(page)) === before; i++) {
        await page.getByTestId("end-phase").click();
        await expect
          .poll(() => positionHashOf(page), { timeout: 2000 })
          .not.toBe(before)
          .catch(() => undefined);
      }
      expect(await positionHashOf(page)).not.toBe(before);
    };

    /** The page whose seat is to act now (exactly one of the two says "Your turn"). */
    const moverOf = async (a: Page, b: Page): Promise<Page> => {
      await expect
        .poll(async () => (await yourTurn(a)) !== (await yourTurn(b)), { timeout: 10_000 })
        .toBe(true);
      return (await yourTurn(a)) ? a : b;
    };

    it("creates a chapter-11 game with seat links; two players play it through the server; a reload resumes at the same position; a spectator sees the same", async () => {
      const { page: host, errors: hostErrors } = await newPage();
      await host.goto(env.served.url);
      await host.getByTestId("system-horse-and-musket-ch11").click();
      await host.locator('[data-scenario="meeting-engagement"]').click();
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
      expect(await text(host, "online-links")).toMatch(/Meeting engagement/i);
      expect(hostErrors).toEqual([]);

      const { page: first, errors: firstErrors } = await newPage();
      const { page: second, errors: secondErrors } = await newPage();
      await open(first, firstLink);
      await open(second, secondLink);
      expect(await text(first, "online-role")).toMatch(/^You play the First Player \(.+\)$/);
      expect(await text(second, "online-role")).toMatch(/^You play the Second Player \(.+\)$/);
      await sameAs(second, first);
      const opening = await positionHashOf(first);
      expect(opening).toMatch(/^[0-9a-f]{16}$/);

      // Phases end on either side; each action crosses to the other page through the server.
      const play = async (actions: number) => {
        for (let i = 0; i < actions; i++) {
          const mover = await moverOf(first, second);
          const waiter = mover === first ? second : first;
          expect(await text(waiter, "turn-indicator")).toMatch(/^Waiting for the /);
          expect(await waiter.getByTestId("end-phase").isDisabled()).toBe(true);
          await endPhase(mover);
          await sameAs(waiter, mover);
        }
      };
      await play(3);
      expect(await positionHashOf(first)).not.toBe(opening);

      // One player reloads mid-game: the page reconnects to the same game, at the same position and turn.
      const before = { hash: await positionHashOf(second), status: await statusOf(second) };
      const secondsTurn = await yourTurn(second);
      await second.reload();
      await ready(second);
      await expect.poll(() => positionHashOf(second), { timeout: 10_000 }).toBe(before.hash);
      expect(await statusOf(second)).toBe(before.status);
      expect(before.status).toMatch(/^Turn \d+ of \d+/);
      expect(await yourTurn(second)).toBe(secondsTurn);
      await play(3);

      // A spectator joining now sees the same position and status, and cannot act.
      const { page: spectator, errors: spectatorErrors } = await newPage();
      await open(spectator, spectatorLink);
      await sameAs(spectator, first);
      expect(await text(spectator, "online-role")).toBe("You are watching");
      expect(await spectator.getByTestId("end-phase").isDisabled()).toBe(true);
      // And follows the next action as it happens.
      await play(1);
      await sameAs(spectator, first);
      await first.screenshot({ path: `${SHOTS}online-tabletop.png` });

      expect(firstErrors).toEqual([]);
      expect(secondErrors).toEqual([]);
      expect(spectatorErrors).toEqual([]);
    });
  },
);
