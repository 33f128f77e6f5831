import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Action,
  defaultCatalog,
  type GameContext,
  legalActions,
  type Position,
  replay,
  type SavedGame,
  unitHexes,
} from "@tercio/musket-and-pike";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { savedGameUntil } from "./fixtures.js";
import { LUTZEN_OPENING } from "./group-fixtures.js";
import {
  checkBrowser,
  clickHex,
  downloadedFile,
  HAVE_BROWSER,
  SHOTS,
  servedBrowser,
  watchErrors,
} from "./harness.js";

checkBrowser();

/**
 * A whole hot-seat Game-Turn of Lutzen (16.24), both Player-Turns, played
 * as a player of big battles plays it: reinforcements entered by the
 * hexful, each army moved as a formation, fire and melee allocated a target
 * at a time with every unit that can join, all attacks resolved in one go.
 * Every click (and key) a player makes is counted; reading the game back
 * (the Save button) is the test's own and is not.
 */
describe.skipIf(!HAVE_BROWSER)("a Lutzen Game-Turn, clicks counted (Chromium)", { timeout: 240_000 }, () => {
  const env = servedBrowser();
  let page: Page;
  let errors: string[];
  let clicks = 0;

  beforeAll(async () => {
    const context = await env.browser.newContext({
      viewport: { width: 1366, height: 768 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    errors = watchErrors(page);
    await page.goto(env.served.url);
  }, 180_000);

  afterEach(() => {
    expect(errors, "console errors on the page").toEqual([]);
  });

  const phase = () => page.getByTestId("phase").textContent();
  const side = () => page.locator(".phase-bar .side").first().textContent();
  const log = async () => (await page.getByTestId("log").textContent()) ?? "";
  const count = async (what: string) => (await log()).split(what).length - 1;

  /** A player's click on a hex (its counter or highlight). */
  const click = async (selector: string) => {
    clicks++;
    await clickHex(page, selector);
  };
  const shiftClick = async (selector: string) => {
    clicks++;
    await page.keyboard.down("Shift");
    await clickHex(page, selector);
    await page.keyboard.up("Shift");
  };
  const press = async (testId: string) => {
    clicks++;
    await page.getByTestId(testId).click();
  };
  const endPhase = async (next: string) => {
    await press("end-phase");
    await expect.poll(phase).toBe(next);
  };

  /** The game as it stands, read back from the page's own save (not a player's click). */
  const current = async (): Promise<{ ctx: GameContext; position: Position }> => {
    const download = page.waitForEvent("download");
    const menu = page.getByTestId("bar-menu");
    if (await menu.isVisible()) await menu.click();
    await page.getByTestId("save").click();
    const saved = JSON.parse(readFileSync(await downloadedFile(await download), "utf8")) as SavedGame;
    const r = replay(defaultCatalog(), saved);
    if (!r.ok) throw new Error(r.error.message);
    return { ctx: r.value.ctx, position: r.value.final };
  };

  /** Enters every reinforcement: all selected at once, then one highlighted hex after another (10.0). */
  const enterReinforcements = async (waiting: number) => {
    await press("select-all-reinforcements");
    for (let entered = 0; entered < waiting; ) {
      const to = (await page.locator(".reach").first().getAttribute("data-hex")) ?? "";
      await click(`.reach[data-hex="${to}"]`);
      await expect.poll(() => count("entered the map")).toBeGreaterThan(entered);
      entered = await count("entered the map");
      expect(await page.locator(".message.error").count()).toBe(0);
    }
  };

  /**
   * Every unit on the map that can still move, as one formation (its lead
   * the stack nearest the army's middle), sent `columns` hexes east (or
   * west, negative) along its row, or to the blue hex nearest that.
   */
  const advanceFormation = async (columns: number): Promise<number> => {
    const before = await count(" moved ");
    await press("select-all-on-map");
    await expect.poll(() => page.locator(".reach").count()).toBeGreaterThan(0);
    const lead = (await page.locator(".actor").first().getAttribute("data-hex")) ?? "";
    const wanted = [Number(lead.slice(0, 2)) + columns, Number(lead.slice(2))];
    const blue = await page
      .locator(".reach")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-hex") ?? ""));
    const off = (h: string) =>
      Math.abs(Number(h.slice(0, 2)) - (wanted[0] ?? 0)) * 2 +
      Math.abs(Number(h.slice(2)) - (wanted[1] ?? 0));
    const to = [...blue].sort((a, b) => off(a) - off(b))[0] ?? "";
    await click(`.reach[data-hex="${to}"]`);
    await expect.poll(() => count(" moved ")).toBeGreaterThan(before);
    return (await count(" moved ")) - before;
  };

  /**
   * A combat phase by groups: for each target, every stack whose units can
   * fire at it (or attack it) joins, the first picked with one or two clicks
   * (its top two, 7.1A/6.1A), the others shift-clicked; the target clicked
   * to weigh the odds, and again to allocate. Then all are resolved at once,
   * and each retreat (8.2) and advance (8.3) decided by a click.
   */
  const combatByGroups = async (kind: "fire" | "attack"): Promise<number> => {
    const { ctx, position } = await current();
    const groups = allocationGroups(ctx, position, kind);
    for (const g of groups) {
      const [first, ...rest] = g.stacks;
      if (!first) continue;
      await click(`.pieces g[data-hex="${first.hex}"]`);
      if (first.fighters > 1) await click(`.pieces g[data-hex="${first.hex}"]`);
      for (const s of rest) await shiftClick(`.pieces g[data-hex="${s.hex}"]`);
      await click(`.choice[data-hex="${g.target}"]`);
      await page.locator(`.target[data-hex="${g.target}"]`).waitFor();
      await click(`.target[data-hex="${g.target}"]`);
      await page.getByTestId(`attack-${g.target}`).waitFor();
    }
    const declared = await page.locator("[data-testid^=attack-]").count();
    if (declared > 1) await press("resolve-all");
    else if (declared === 1)
      await page
        .locator("[data-testid^=resolve-]")
        .first()
        .click()
        .then(() => clicks++);
    // Each decision the resolutions bring is a click; the run goes on after it.
    for (let i = 0; i < 40; i++) {
      if ((await page.locator("[data-testid^=attack-]").count()) === 0 && !(await decisionShown())) break;
      if (await page.getByTestId("advance").isVisible()) {
        clicks++;
        await page.getByTestId("advance").locator("button").first().click();
      } else if (
        (await page.locator(".decision").count()) > 0 &&
        (await page.locator(".choice").count()) > 0
      ) {
        await click(".choice");
      } else await page.waitForTimeout(100);
    }
    expect(await page.locator("[data-testid^=attack-]").count()).toBe(0);
    return groups.length;
  };
  const decisionShown = async () => (await page.locator(".combat .decision").count()) > 0;

  /** Opens a saved game from the chooser (or from the game screen's Load). */
  const load = async (save: SavedGame, name: string) => {
    const file = join(tmpdir(), `tercio-e2e-${name}.json`);
    writeFileSync(file, JSON.stringify(save));
    await page.getByTestId("file-input").setInputFiles(file);
    await page.getByTestId("board").waitFor();
    clicks = 0;
  };

  /** One side's Player-Turn by groups and formations; the clicks it took. */
  const playerTurn = async (columns: number, next: { phase: string; side: string }) => {
    const from = clicks;
    const fire = await combatByGroups("fire");
    await endPhase("Movement Phase");
    const moved = await advanceFormation(columns);
    await endPhase("Melee Combat Phase");
    const melee = await combatByGroups("attack");
    await endPhase(next.phase);
    expect(await side()).toContain(next.side);
    return { clicks: clicks - from, fire, moved, melee };
  };

  it("[4.2][5.1C][7.2D][6.2C][10.0][16.24] plays Lutzen's first Game-Turn hot-seat, every unit moving, in at most 100 clicks", async () => {
    await load(LUTZEN_OPENING, "lutzen-opening");
    await expect.poll(phase).toBe("Fire Combat Phase");
    const start = await current();
    const waiting = Object.values(start.position.offMap).filter((s) => s === "awaiting-entry").length;
    expect(waiting).toBe(45);
    const swedesOnMap = [...unitHexes(start.position).keys()].filter(
      (u) => start.position.units[u]?.side === "first",
    ).length;

    // The Swedes' Player-Turn: fire (none in range on the first turn), the reinforcements, the army on the map.
    const swedishFire = await combatByGroups("fire");
    await endPhase("Movement Phase");
    await enterReinforcements(waiting);
    const swedesMoved = await advanceFormation(-2);
    await page.screenshot({ path: `${SHOTS}lutzen-formation-swedes.png` });
    await endPhase("Melee Combat Phase");
    const swedishMelee = await combatByGroups("attack");
    await endPhase("Fire Combat Phase");
    expect(await side()).toContain("Imperialists");
    const swedesClicks = clicks;

    // The Imperialists' Player-Turn: fire, the whole army forward as a formation, melee.
    const imperialFire = await combatByGroups("fire");
    await endPhase("Movement Phase");
    const imperialistsMoved = await advanceFormation(2);
    // Every unit reached its place: no refusal left to read.
    expect(await page.getByTestId("message").count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}lutzen-formation-imperialists.png` });
    await endPhase("Melee Combat Phase");
    const imperialMelee = await combatByGroups("attack");
    await endPhase("Fire Combat Phase");
    expect(await page.getByTestId("game-turn").textContent()).toBe("2");

    // Every unit that could move did: all 45 Swedish reinforcements and most of both armies on the map.
    expect(await count("entered the map")).toBe(45);
    expect(swedesMoved).toBeGreaterThanOrEqual(swedesOnMap - 2);
    expect(imperialistsMoved).toBeGreaterThanOrEqual(60);
    expect(clicks).toBeLessThanOrEqual(100);
    process.stdout.write(
      `Lutzen, Game-Turn 1 hot-seat, by formations: ${clicks} clicks (Swedes ${swedesClicks}, Imperialists ${clicks - swedesClicks}); ` +
        `${waiting} entered, ${swedesMoved} Swedes and ${imperialistsMoved} Imperialists moved; ` +
        `attacks by target: fire ${swedishFire}/${imperialFire}, melee ${swedishMelee}/${imperialMelee}\n`,
    );
  });

  it("[4.2][7.2D][6.2C][8.2][8.3][16.24] plays a Game-Turn of Lutzen in full battle, every target its units can reach attacked, in at most 100 clicks", async () => {
    // Two greedy AIs fight to the fourth Game-Turn: every phase has targets for both sides.
    await load(
      savedGameUntil("16.24", 3, (p) => p.gameTurn === 4 && p.phase === "fire" && p.attacks.length === 0),
      "lutzen-battle",
    );
    await expect.poll(phase).toBe("Fire Combat Phase");
    const swedes = await playerTurn(-1, { phase: "Fire Combat Phase", side: "Imperialists" });
    await page.screenshot({ path: `${SHOTS}lutzen-battle-swedes.png` });
    const imperialists = await playerTurn(1, { phase: "Fire Combat Phase", side: "Swedish" });
    expect(await page.getByTestId("game-turn").textContent()).toBe("5");
    // Both sides fought: attacks made by target in each combat phase.
    expect(swedes.fire + swedes.melee).toBeGreaterThan(0);
    expect(imperialists.fire + imperialists.melee).toBeGreaterThan(0);
    expect(clicks).toBeLessThanOrEqual(100);
    process.stdout.write(
      `Lutzen, Game-Turn 4 in battle, hot-seat: ${clicks} clicks (Swedes ${swedes.clicks}: ${swedes.fire} fire and ${swedes.melee} melee targets, ${swedes.moved} moved; ` +
        `Imperialists ${imperialists.clicks}: ${imperialists.fire} fire and ${imperialists.melee} melee targets, ${imperialists.moved} moved)\n`,
    );
  });
});

/**
 * The allocations of a combat phase by target, as a player would make them:
 * targets in order of how many of the Phasing Player's units can hit them
 * alone, each taking every stack with a unit not yet allocated that can.
 */
function allocationGroups(
  ctx: GameContext,
  position: Position,
  kind: "fire" | "attack",
): { target: string; stacks: { hex: string; fighters: number }[] }[] {
  const legal = legalActions(ctx, position).filter(
    (a): a is Extract<Action, { type: "fire" | "attack" }> =>
      a.type === kind && (a.type === "fire" || a.targets.length === 1),
  );
  const target = (a: (typeof legal)[number]) => (a.type === "fire" ? a.target : (a.targets[0] ?? ""));
  const byTarget = new Map<string, Set<string>>();
  for (const a of legal) byTarget.set(target(a), (byTarget.get(target(a)) ?? new Set()).add(a.unit));
  const hexes = unitHexes(position);
  const fighters = (hex: string) =>
    (position.stacks[hex] ?? []).filter((u) => legal.some((a) => a.unit === u)).length;
  const used = new Set<string>();
  const out: { target: string; stacks: { hex: string; fighters: number }[] }[] = [];
  for (const [t, units] of [...byTarget].sort((a, b) => b[1].size - a[1].size)) {
    const free = [...units].filter((u) => !used.has(u));
    if (free.length === 0) continue;
    for (const u of free) used.add(u);
    const stacks = [...new Set(free.map((u) => hexes.get(u) ?? ""))].map((hex) => ({
      hex,
      fighters: fighters(hex),
    }));
    out.push({ target: t, stacks });
  }
  return out;
}
