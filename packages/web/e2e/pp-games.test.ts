import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_LEVELS } from "../src/ai/protocol.js";
import {
  checkBrowser,
  HAVE_BROWSER,
  inStep,
  positionHashOf,
  SHOTS,
  servedBrowser,
  watchErrors,
} from "./harness.js";
import { drawFormationChange } from "./pp-page.js";

checkBrowser();

/**
 * Plucky Pikes and Stalwart Shot (001) played whole in Chromium: against
 * the AI (its first level, whatever AI_LEVELS lists) to the end screen and
 * its victory-point tally, and online, two players through the server, the
 * initiative's dice rolled on the server and a move crossing to the other
 * screen.
 */
describe.skipIf(!HAVE_BROWSER)("Plucky Pikes (001): whole games (Chromium against npm start)", () => {
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

  it("[001 Victory Points] plays a scenario against the AI to the end screen and its victory-point tally", async () => {
    const level = AI_LEVELS["plucky-pikes"]?.[0]?.id;
    if (!level) throw new Error("no AI level for 001");
    const { page, errors } = await newPage();
    await page.goto(env.served.url);
    await page.getByTestId("system-plucky-pikes").click();
    await page.locator('[data-scenario="cerignola-trenches"]').click();
    await page.getByTestId("second-controller").selectOption(level);
    await page.getByTestId("seed").fill("3");
    await page.getByTestId("start").click();
    await page.getByTestId("table").waitFor();
    const end = page.getByTestId("end-screen");
    let answered = 0;
    for (let i = 0; i < 8000 && !(await end.isVisible()); i++) {
      // A counter roll of ours: accept as it stands.
      const accept = page.getByTestId("react-accept");
      if ((await accept.count()) > 0 && (await accept.isVisible())) {
        await accept.click();
        answered++;
        continue;
      }
      const button = page.getByTestId("end-phase");
      if ((await button.count()) > 0 && (await button.isEnabled())) await button.click();
      else await page.waitForTimeout(40);
    }
    await end.waitFor({ state: "visible" });
    expect(await text(page, "result-reason")).toMatch(/Victory Points: .* \d+, .* \d+/);
    const tally = page.getByTestId("end-screen").getByTestId("pp-tally");
    await tally.waitFor();
    expect(await tally.textContent()).toMatch(
      /Army Effectiveness.*Army modifiers.*d10 on the Rally Rolls table.*Total/,
    );
    const first = Number(await page.getByTestId("end-screen").getByTestId("vp-first").textContent());
    const second = Number(await page.getByTestId("end-screen").getByTestId("vp-second").textContent());
    expect(await text(page, "result-reason")).toContain(`${first}`);
    expect(await text(page, "result-reason")).toContain(`${second}`);
    await page.getByTestId("pp-losses").waitFor();
    process.stderr.write(`001 against the AI: ${first}–${second}, ${answered} counter rolls answered\n`);
    await page.screenshot({ path: `${SHOTS}pp-end-screen.png` });
    // The replay steps back through the game on the same table.
    await page.getByTestId("end-replay").click();
    await page.getByTestId("replay-viewer").waitFor();
    await page.getByTestId("replay-prev-turn").click();
    expect(await page.getByTestId("replay-status").textContent()).toMatch(/^Turn \d+ of \d+/);
    await page.getByTestId("replay-viewer").getByTestId("table").waitFor();
    expect(errors).toEqual([]);
  }, 300_000);

  it("[001 The Game Turn] two players online: the initiative rolled on the server, a change of formation crossing to the other screen", async () => {
    const { page: host, errors: hostErrors } = await newPage();
    await host.goto(env.served.url);
    await host.getByTestId("system-plucky-pikes").click();
    await host.locator('[data-scenario="cerignola-trenches"]').click();
    await host.getByTestId("play-online-tab").click();
    await host.getByTestId("online-first-seat").selectOption("human");
    await host.getByTestId("online-second-seat").selectOption("human");
    await host.getByTestId("online-create-submit").click();
    await host.getByTestId("online-links").waitFor();
    const firstLink = await host.getByTestId("seat-link-first").inputValue();
    const secondLink = await host.getByTestId("seat-link-second").inputValue();
    const spectatorLink = await host.getByTestId("spectator-link").inputValue();
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
    expect(await second.getByTestId("end-phase").isDisabled()).toBe(true);
    // The first seat rolls for initiative: the dice are the server's, the same on both screens.
    await first.getByTestId("end-phase").click();
    await first.getByTestId("pp-initiative").waitFor();
    await inStep(first, second);
    expect(await text(second, "pp-initiative")).toBe(await text(first, "pp-initiative"));
    const side = (await first.getByTestId("pp-status").getAttribute("data-to-move")) ?? "";
    const mover = side === "first" ? first : second;
    const waiter = mover === first ? second : first;
    // The winner changes a unit's formation (the first change the engine allows); the other screen sees it.
    const { id, formation: formed, refusals } = await drawFormationChange(mover, side);
    if (!id) throw new Error(`no change of formation allowed: ${refusals.join("; ")}`);
    await mover.getByTestId("commit-move").click();
    await expect
      .poll(() => waiter.getByTestId(`unit-${id}`).getAttribute("data-formation"), { timeout: 10_000 })
      .toBe(formed);
    await inStep(first, second);
    expect(await waiter.getByTestId(`unit-${id}`).getAttribute("data-used")).toBe(
      await mover.getByTestId(`unit-${id}`).getAttribute("data-used"),
    );
    // The mover ends its move: the fire after it (both declare in turn), then the other side's move.
    const before = await positionHashOf(mover);
    await mover.getByTestId("end-phase").click();
    await expect.poll(() => positionHashOf(mover), { timeout: 10_000 }).not.toBe(before);
    await inStep(first, second);
    const { page: spectator, errors: spectatorErrors } = await newPage();
    await spectator.goto(spectatorLink);
    await spectator.getByTestId("game-screen").waitFor();
    await inStep(spectator, first);
    expect(await spectator.getByTestId("end-phase").isDisabled()).toBe(true);
    await second.screenshot({ path: `${SHOTS}pp-online.png` });
    expect(hostErrors).toEqual([]);
    expect(firstErrors).toEqual([]);
    expect(secondErrors).toEqual([]);
    expect(spectatorErrors).toEqual([]);
  }, 120_000);
});
