import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_LEVELS } from "../src/ai/protocol.js";
import { checkBrowser, HAVE_BROWSER, inStep, SHOTS, servedBrowser, watchErrors } from "./harness.js";

checkBrowser();

/**
 * Horse and Musket (003) played whole in Chromium: against the AI (its
 * first level, whatever AI_LEVELS lists) to the end screen, and online,
 * two players through the server, the move's die rolled on the server and
 * its roll coming back in the server's events.
 */
describe.skipIf(!HAVE_BROWSER)("Horse and Musket (003): whole games (Chromium against npm start)", () => {
  const env = servedBrowser();
  const contexts: BrowserContext[] = [];
  beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
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

  it("[003 Play Sequence] plays a random table against the AI to the end screen", async () => {
    const level = AI_LEVELS["horse-and-musket-nt"]?.[0]?.id;
    if (!level) throw new Error("no AI level for 003");
    const { page, errors } = await newPage();
    await page.goto(env.served.url);
    await page.getByTestId("system-horse-and-musket-nt").click();
    await page.locator('[data-scenario="random"]').click();
    await page.getByTestId("second-controller").selectOption(level);
    await page.getByTestId("start").click();
    await page.getByTestId("table").waitFor();
    const end = page.getByTestId("end-screen");
    for (let i = 0; i < 8000 && !(await end.isVisible()); i++) {
      const button = page.getByTestId("end-phase");
      if ((await button.count()) > 0 && (await button.isEnabled())) await button.click();
      else await page.waitForTimeout(40);
    }
    await end.waitFor({ state: "visible" });
    expect((await text(page, "result-reason")).length).toBeGreaterThan(0);
    await page.getByTestId("nt-losses").waitFor();
    await page.screenshot({ path: `${SHOTS}nt-end-screen.png` });
    expect(errors).toEqual([]);
  }, 300_000);

  it("[003 Move] two players online: the move's die rolled on the server comes back in its events", async () => {
    const { page: host, errors: hostErrors } = await newPage();
    await host.goto(env.served.url);
    await host.getByTestId("system-horse-and-musket-nt").click();
    await host.locator('[data-scenario="fontenoy-redoubt"]').click();
    await host.getByTestId("play-online-tab").click();
    await host.getByTestId("online-first-seat").selectOption("human");
    await host.getByTestId("online-second-seat").selectOption("human");
    await host.getByTestId("online-create-submit").click();
    await host.getByTestId("online-links").waitFor();
    const firstLink = await host.getByTestId("seat-link-first").inputValue();
    const secondLink = await host.getByTestId("seat-link-second").inputValue();
    const { page: first, errors: firstErrors } = await newPage();
    const { page: second, errors: secondErrors } = await newPage();
    for (const [p, link] of [
      [first, firstLink],
      [second, secondLink],
    ] as const) {
      await p.goto(link);
      await p.getByTestId("game-screen").waitFor();
      await expect.poll(() => text(p, "connection-status"), { timeout: 15_000 }).toBe("Online");
    }
    await inStep(first, second);
    // The Attacker (first) rolls A-Dut's move: the roll is the server's, shown on both screens.
    const dut = first.getByTestId("unit-A-Dut");
    const b = await dut.boundingBox();
    if (!b) throw new Error("A-Dut not drawn");
    await first.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
    await first.getByTestId("roll-move").click();
    await expect.poll(() => dut.getAttribute("data-acted"), { timeout: 10_000 }).toBe("rolled");
    expect(await text(first, "last-action")).toMatch(/A-Dut rolls its move: \d/);
    await expect.poll(() => second.getByTestId("unit-A-Dut").getAttribute("data-acted")).toBe("rolled");
    await inStep(first, second);
    expect(await second.getByTestId("end-phase").isDisabled()).toBe(true);
    // Then it moves 1" ahead (typed), and the Attacker ends the phase: the Defender is to act.
    await first.getByTestId("move-inches").fill("1");
    await first.getByTestId("add-advance").click();
    await first.getByTestId("commit-move").click();
    await expect.poll(() => dut.getAttribute("data-acted"), { timeout: 10_000 }).toBe("moved");
    await first.getByTestId("end-phase").click();
    await expect.poll(() => second.getByTestId("end-phase").isEnabled(), { timeout: 10_000 }).toBe(true);
    await inStep(first, second);
    await second.screenshot({ path: `${SHOTS}nt-online.png` });
    expect(hostErrors).toEqual([]);
    expect(firstErrors).toEqual([]);
    expect(secondErrors).toEqual([]);
  }, 120_000);
});
