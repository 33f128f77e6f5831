import { readFile } from "node:fs/promises";
import { defaultCatalog, parseSavedGame, replay } from "@tercio/musket-and-pike";
import type { BrowserContext } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { checkBrowser, downloadedFile, HAVE_BROWSER, SHOTS, servedBrowser, watchErrors } from "./harness.js";

checkBrowser();

/**
 * The dice of an online game come from ChaCha20 under a secret key the
 * server reveals at the end: the page replays the revealed game, rolling
 * every die again in the browser, and Node replays the same save to the
 * same final hash.
 */
describe.skipIf(!HAVE_BROWSER)(
  "an online game's ChaCha20 dice, verified in the browser and in Node (Chromium against npm start)",
  { timeout: 60_000 },
  () => {
    const env = servedBrowser();
    let context: BrowserContext | undefined;

    afterAll(async () => {
      await context?.close();
    });

    it("a game between two AI seats ends; its revealed save replays and verifies in the page, and in Node to the same hash", async () => {
      context = await env.browser.newContext({
        viewport: { width: 1400, height: 900 },
        acceptDownloads: true,
      });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(env.served.url);
      await page.locator('[data-scenario="white-mountain"]').click();
      await page.getByTestId("play-online-tab").click();
      await page.getByTestId("online-first-seat").selectOption("random");
      await page.getByTestId("online-second-seat").selectOption("random");
      await page.getByTestId("online-create-submit").click();
      await page.getByTestId("online-links").waitFor();
      const link = await page.getByTestId("spectator-link").inputValue();
      const [, game, token] = /#\/online\/([\w-]+)\/([\w-]+)$/.exec(link) ?? [];
      if (!game || !token) throw new Error(`not a spectator link: ${link}`);

      // The spectator's page follows the game to its end, then checks the revealed save.
      await page.goto(link);
      const shown = page.getByTestId("verified-hash");
      await shown.waitFor({ timeout: 40_000 });
      const pageHash = /([0-9a-f]{16})/.exec((await shown.textContent()) ?? "")?.[1];
      expect(pageHash).toMatch(/^[0-9a-f]{16}$/);
      expect(await page.getByRole("alert").count()).toBe(0);
      expect(await page.getByTestId("phase").first().textContent()).toMatch(/over|game/i);
      await page.screenshot({ path: `${SHOTS}online-dice-verified.png` });

      // The download offered is the verified save, byte for byte what the server gives.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByTestId("download-save").click(),
      ]);
      const path = await downloadedFile(download);
      const downloaded: unknown = JSON.parse(await readFile(path, "utf8"));
      const fetched = await fetch(`${env.served.url}api/games/${game}/save`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(fetched.status).toBe(200);
      const json: unknown = await fetched.json();
      expect(downloaded).toEqual(json);

      // Node replays the same save with the engine: ChaCha20 dice from the revealed 256-bit key.
      const save = parseSavedGame(json);
      if (!save.ok) throw new Error(save.error.message);
      expect(save.value.generator).toBe("chacha20");
      expect(save.value.prng).toMatch(/^chacha20:[0-9a-f]{64}:0$/);
      const replayed = replay(defaultCatalog(), save.value);
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(replayed.value.final.phase).toBe("game-over");
      expect(replayed.value.final.prng).toMatch(/^chacha20:[0-9a-f]{64}:[1-9a-f][0-9a-f]*$/);
      const rolled = replayed.value.events.filter((e) => e.type === "die-rolled" && e.source === "prng");
      expect(rolled.length).toBeGreaterThan(0);
      expect(replayed.value.hash).toBe(save.value.finalHash);
      expect(replayed.value.hash).toBe(pageHash);
      expect(errors).toEqual([]);
    });
  },
);
