import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { checkBrowser, HAVE_BROWSER, SHOTS, servedBrowser, watchErrors } from "./harness.js";

checkBrowser();

interface Created {
  readonly game: {
    readonly id: string;
    readonly seatNames: { readonly first: string; readonly second: string };
  };
  readonly links: { readonly first: string; readonly second: string; readonly spectator: string };
}

/**
 * What online players say beside the rules, in two browser contexts (two
 * players on two machines): the chat (markup shown as the text it is), a
 * draw offered and accepted, and a resignation followed by a rematch with
 * the sides swapped; "Your online games" then says how each ended. The games
 * are made through the server's API (the chooser's part is online.test.ts's);
 * that the chat outlives a reload is the server's tests' (social-online).
 */
describe.skipIf(!HAVE_BROWSER)(
  "resign, draw, rematch and chat online (Chromium against npm start)",
  { timeout: 120_000 },
  () => {
    const env = servedBrowser();
    const contexts: BrowserContext[] = [];
    const errors: string[][] = [];

    afterAll(async () => {
      for (const c of contexts) await c.close();
    });

    const newPage = async (): Promise<Page> => {
      const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      errors.push(watchErrors(page));
      return page;
    };

    const create = async (): Promise<Created> => {
      const answer = await fetch(`${env.served.url}api/games`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          scenario: "16.31",
          seats: { first: { kind: "human" }, second: { kind: "human" } },
        }),
      });
      expect(answer.status).toBe(201);
      return (await answer.json()) as Created;
    };

    const text = (page: Page, id: string) => page.getByTestId(id).first().textContent();
    const open = async (page: Page, path: string) => {
      await page.goto(`${env.served.url.replace(/\/$/, "")}${path}`);
      await page.getByTestId("board").waitFor();
      await expect.poll(() => text(page, "connection-status")).toBe("Online");
    };

    it("chats (markup as text), agrees a draw, then resigns and plays the rematch with the sides swapped", async () => {
      const drawn = await create();
      const [first, second] = [await newPage(), await newPage()];
      await Promise.all([open(first, drawn.links.first), open(second, drawn.links.second)]);
      const { first: firstName, second: secondName } = drawn.game.seatNames;

      // The chat: typed and sent from the keyboard; the other sees the markup as the text it is.
      const log = second.getByTestId("chat-log");
      expect(await log.getAttribute("role")).toBe("log");
      expect(await log.getAttribute("aria-label")).toBe("Chat messages");
      expect(await log.getAttribute("tabindex")).toBe("0");
      await first.getByLabel("Message", { exact: true }).fill("<b>x</b>");
      await first.getByLabel("Message", { exact: true }).press("Enter");
      await expect.poll(() => text(second, "chat-text")).toBe("<b>x</b>");
      expect(await log.locator("b", { hasText: /^x$/ }).count()).toBe(0);
      expect(await text(first, "chat-line")).toBe("You: <b>x</b>");
      expect(await text(second, "chat-line")).toBe(`${firstName}: <b>x</b>`);

      // A draw offered by one seat and accepted by the other ends the game for both.
      await first.getByTestId("offer-draw").click();
      await expect.poll(() => text(first, "draw-offer")).toMatch(/You offered a draw/);
      await expect.poll(() => text(second, "draw-offer")).toBe(`The ${firstName} offer a draw.`);
      await second.getByTestId("accept-draw").click();
      for (const p of [first, second]) {
        await expect.poll(() => p.locator("#end-title").textContent()).toBe("Drawn by agreement");
        expect(await text(p, "online-ending")).toBe("Drawn by agreement");
        expect(await text(p, "turn-indicator")).toBe("Game over");
      }
      await second.screenshot({ path: `${SHOTS}online-social-draw.png` });

      // A second game: the First Player resigns (after confirming), then the Second asks for the rematch.
      const resigned = await create();
      await Promise.all([open(first, resigned.links.first), open(second, resigned.links.second)]);
      await first.getByTestId("resign").click();
      await first.getByTestId("resign-cancel").click();
      expect(await first.getByTestId("end-screen").count()).toBe(0);
      await first.getByTestId("resign").click();
      await first.getByTestId("resign-confirm").click();
      for (const p of [first, second]) {
        await expect.poll(() => p.locator("#end-title").textContent()).toBe(`${secondName} win`);
        expect(await text(p, "result-reason")).toBe(`${firstName} resigned.`);
        expect(await text(p, "online-ending")).toBe(`${firstName} resigned: ${secondName} win`);
      }
      await second.getByTestId("rematch").click();
      for (const p of [first, second]) await p.getByTestId("open-rematch").waitFor();
      await Promise.all([
        first.getByTestId("open-rematch").click(),
        second.getByTestId("open-rematch").click(),
      ]);
      for (const p of [first, second]) {
        await p.getByTestId("board").waitFor();
        await expect.poll(() => text(p, "connection-status")).toBe("Online");
      }
      // The sides swapped: who played First plays Second, and the other way about; the game is new.
      expect(await text(first, "online-role")).toBe(`You play the Second Player (${secondName})`);
      expect(await text(second, "online-role")).toBe(`You play the First Player (${firstName})`);
      expect(await first.getByTestId("end-screen").count()).toBe(0);
      expect(await text(first, "chat-log")).toMatch(/No messages yet/);
      await first.screenshot({ path: `${SHOTS}online-social-rematch.png` });
      // Back at the chooser, "Your online games" lists each game with how it ended.
      await second.goto(env.served.url);
      const listed = second.getByTestId("my-online-games");
      await expect.poll(() => listed.textContent()).toContain(`${firstName} resigned: ${secondName} win`);
      expect(await listed.textContent()).toContain("Drawn by agreement");
      for (const e of errors) expect(e).toEqual([]);
    });
  },
);
