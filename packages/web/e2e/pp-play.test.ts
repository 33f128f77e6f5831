import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Save } from "@tercio/core";
import { type Action, legalActions, pluckyPikesSystem as pp } from "@tercio/plucky-pikes";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.js";
import { checkBrowser, HAVE_BROWSER, SHOTS, servedBrowser, watchErrors } from "./harness.js";
import {
  counterRollEngage,
  duelAfter,
  duelAfterFirstMove,
  ppFind,
  ppFindIn,
  routNext,
} from "./pp-fixtures.js";
import { drawFormationChange } from "./pp-page.js";

checkBrowser();

/**
 * Plucky Pikes and Stalwart Shot (001)'s table in Chromium against `npm
 * start`, hot-seat: a change of formation, a pivot about an end (dragged
 * and typed, its URT cost shown), the interleaved fire after player 1's move
 * with the firing-first roll, a melee whose target's owner answers its
 * counter roll, a rout. Positions come from the engine, played by a seeded
 * driver (pp-fixtures.ts) and loaded as saved games.
 */
describe.skipIf(!HAVE_BROWSER)(
  "Plucky Pikes (001): the table (Chromium against npm start)",
  { timeout: 120_000 },
  () => {
    const env = servedBrowser();
    let page: Page;
    let errors: string[];
    const dir = mkdtempSync(join(tmpdir(), "tercio-pp-"));
    let chooserShot = false;

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
      page = await context.newPage();
      errors = watchErrors(page);
    }, 180_000);

    const unit = (id: string) => page.getByTestId(`unit-${id}`);
    const num = async (l: Locator, attr: string) => Number(await l.getAttribute(attr));
    const centre = async (l: Locator) => {
      const b = await l.boundingBox();
      if (!b) throw new Error("not drawn");
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const click = async (l: Locator) => {
      const c = await centre(l);
      await page.mouse.click(c.x, c.y);
    };
    const part = () => page.getByTestId("pp-status").getAttribute("data-part");
    const toMove = async () => (await page.getByTestId("pp-status").getAttribute("data-to-move")) ?? "";
    const start = async (scenario: string) => {
      await page.goto(env.served.url);
      await page.getByTestId("system-plucky-pikes").click();
      await page.locator(`[data-scenario="${scenario}"]`).click();
      await page.getByTestId("scenario-picture").locator("svg").first().waitFor();
      if (!chooserShot) {
        chooserShot = true;
        await page.screenshot({ path: `${SHOTS}pp-chooser.png` });
      }
      await page.getByTestId("second-controller").selectOption("human");
      // A fixed seed: the same game every run.
      await page.getByTestId("seed").fill("7");
      await page.getByTestId("start").click();
      await page.getByTestId("table").waitFor();
    };
    const load = async (save: Save, name: string) => {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify(save));
      await page.goto(env.served.url);
      await page.getByTestId("file-input").setInputFiles(file);
      await page.getByTestId("table").waitFor();
    };
    const select = async (id: string) => {
      await click(unit(id));
      await expect.poll(() => unit(id).getAttribute("aria-pressed")).toBe("true");
    };
    /** The mover's units on the table in a formation, by id. */
    const moversIn = async (formations: readonly string[]) => {
      const side = await toMove();
      const ids: string[] = [];
      for (const g of await page.locator(`g[data-unit-focus][data-side="${side}"]`).all()) {
        const f = (await g.getAttribute("data-formation")) ?? "";
        if (formations.includes(f) && (await g.getAttribute("data-moved")) === "false")
          ids.push((await g.getAttribute("data-unit-focus")) ?? "");
      }
      return ids;
    };

    it("[001 The Game Turn] [001 Formations] rolls the initiative, then changes a unit's formation (a pike block's, where it may): the new ranks, and the URT clock", async () => {
      await start("cerignola-trenches");
      expect(await part()).toBe("initiative");
      await page.getByTestId("end-phase").click();
      await expect.poll(part).toBe("move-1");
      expect(await page.getByTestId("pp-initiative").textContent()).toMatch(
        /^Initiative \(d%\): \S.* \d+, \S.* \d+$/,
      );
      expect(await page.locator('[data-testid="pp-parts"] [aria-current="step"]').textContent()).toMatch(
        /^Move: /,
      );
      await page.screenshot({ path: `${SHOTS}pp-opening.png` });
      // A pike block first (Formations: pikes form hedgehog), else any unit with a change the engine allows.
      const { id, formation, refusals } = await drawFormationChange(
        page,
        await toMove(),
        await moversIn(["pike"]),
      );
      if (!id) throw new Error(`no change of formation allowed: ${refusals.join("; ")}`);
      const before = (await page.getByTestId("unit-ranks").textContent()) ?? "";
      expect(await page.getByTestId("move-program").textContent()).toMatch(
        new RegExp(`^form ${formation} — [\\d/ ]+ of its move$`),
      );
      const ghost = page.getByTestId("ghost");
      await expect.poll(() => ghost.getAttribute("data-legal")).toBe("true");
      expect(await ghost.getAttribute("data-formation")).toBe(formation);
      expect(await page.getByTestId("move-readout").textContent()).toMatch(
        new RegExp(`^form ${formation} \\([\\d/ ]+\\); the engine: [\\d.]+ of its move$`),
      );
      await page.getByTestId("commit-move").click();
      await expect.poll(() => unit(id).getAttribute("data-formation")).toBe(formation);
      const used = await num(unit(id), "data-used");
      expect(used).toBeGreaterThan(0);
      expect(await num(page.getByTestId(`urt-clock-${id}`), "data-used")).toBe(used);
      // The figures re-formed: the ranks read differently, every figure in place.
      const after = (await page.getByTestId("unit-ranks").textContent()) ?? "";
      expect(after).not.toBe(before);
      expect(after).toMatch(/^\d+( \+ \d+)* \(\d+ of \d+ places filled\)$/);
      expect(await page.getByTestId("unit-clock").textContent()).toMatch(/of its move used/);
      expect(await num(page.getByTestId(`figures-${id}`), "data-empty")).toBe(0);
      expect(await page.getByTestId("last-action").textContent()).toMatch(/form \([\d.]+ of its move\)/);
      expect(errors).toEqual([]);
    });

    it("[001 Movement] pivots about a chosen end: a front corner dragged (the other end the hinge), and a pivot typed with its URT cost", async () => {
      await start("cerignola-trenches");
      await page.getByTestId("end-phase").click();
      await expect.poll(part).toBe("move-1");
      const ids = await moversIn(["pike", "open", "close"]);
      const [a, b] = ids;
      if (!a || !b) throw new Error("two units to pivot are needed");
      await select(a);
      // Drag the front right corner forward: the unit pivots about its left end, which stays put.
      const fr = await centre(page.getByTestId("grip-fr"));
      const fl = await centre(page.getByTestId("grip-fl"));
      const facing = await num(unit(a), "data-facing");
      const rad = (facing / 100) * (Math.PI / 180);
      const forward = { x: Math.sin(rad), y: -Math.cos(rad) };
      const span = Math.hypot(fr.x - fl.x, fr.y - fl.y);
      await page.mouse.move(fr.x, fr.y);
      await page.mouse.down();
      await page.mouse.move(fr.x + forward.x * span * 0.3, fr.y + forward.y * span * 0.3, { steps: 8 });
      await page.getByTestId("pivot-hinge").waitFor();
      const hinge = await centre(page.getByTestId("pivot-hinge"));
      expect(Math.hypot(hinge.x - fl.x, hinge.y - fl.y)).toBeLessThan(3);
      await page.screenshot({ path: `${SHOTS}pp-pivot-drag.png` });
      await page.mouse.up();
      const ghost = page.getByTestId("ghost");
      await expect
        .poll(() => page.getByTestId("move-readout").textContent())
        .toMatch(/^pivot \d+° forward about the left end \([\d/ ]+\); /);
      const legal = (await ghost.getAttribute("data-legal")) === "true";
      if (!legal) {
        // Too far for its URTs: the engine's refusal is shown; take a smaller pivot typed instead.
        expect(await page.getByTestId("move-refusal").textContent()).toMatch(/^001 /);
        await page.getByTestId("cancel-move").click();
        await page.getByTestId("pivot-degrees").fill("10");
        await page.getByTestId("add-pivot").click();
      }
      await expect.poll(() => ghost.getAttribute("data-legal")).toBe("true");
      const turned = await num(ghost, "data-facing");
      // The left end stays: the unit turns anticlockwise.
      expect((facing - turned + 36000) % 36000).toBeGreaterThan(0);
      expect((facing - turned + 36000) % 36000).toBeLessThan(18000);
      await page.getByTestId("commit-move").click();
      await expect.poll(() => num(unit(a), "data-facing")).toBe(turned);
      expect(await num(unit(a), "data-used")).toBeGreaterThan(0);

      // Typed: 15° about the right end, its cost in URTs and of the move before it is taken.
      await select(b);
      await page.getByTestId("pivot-end").selectOption("right");
      await page.getByTestId("pivot-degrees").fill("15");
      expect(await page.getByTestId("pivot-cost").textContent()).toMatch(
        /^15° about the right end, the left end swinging forward: [\d/ ]+ URT, [\d/ ]+ of its move$/,
      );
      const facingB = await num(unit(b), "data-facing");
      await page.getByTestId("add-pivot").click();
      await expect.poll(() => ghost.getAttribute("data-legal")).toBe("true");
      await page.getByTestId("commit-move").click();
      await expect.poll(() => num(unit(b), "data-facing")).toBe((facingB + 1500) % 36000);
      expect(errors).toEqual([]);
    });

    it("[001 The Game Turn] [001 Firing First] fires after player 1's move: both sides declare, then the firing-first roll decides who fires first", async () => {
      // Shot facing shot: the wars of the musket first.
      const { save, game } = ppFindIn(
        ["edgehill-radway", "nieuwpoort-dunes", "cerignola-trenches"],
        duelAfterFirstMove,
      );
      const duel = duelAfter(game.ctx, game.position, legalActions(game.ctx, game.position));
      if (!duel) throw new Error("no duel");
      await load(save, "pp-duel");
      expect(await part()).toBe("move-1");
      await page.getByTestId("end-phase").click();
      await expect.poll(part).toBe("fire-1");
      expect(
        await page.locator('[data-testid="pp-parts"] [aria-current="step"]').getAttribute("data-part"),
      ).toBe("fire-1");
      await page.getByTestId(`fire-${duel.first.unit}-${duel.first.target}`).click();
      await page.getByTestId(`fire-declared-${duel.first.unit}`).waitFor();
      expect(await page.getByTestId("fire-declared").textContent()).toMatch(/will fire at/);
      await page.getByTestId("end-phase").click();
      // The other side declares in the same fire step: its target fires back.
      await page.getByTestId(`fire-${duel.second.unit}-${duel.second.target}`).click();
      await page.getByTestId(`fire-declared-${duel.second.unit}`).waitFor();
      await page.screenshot({ path: `${SHOTS}pp-fire-declared.png` });
      await page.getByTestId("end-phase").click();
      await expect.poll(part).toBe("move-2");
      const last = (await page.getByTestId("last-action").textContent()) ?? "";
      expect(last).toMatch(/Firing first: .* \d+, .* \d+/);
      expect(last).toMatch(/fires at .*: d10 \d+, LF [\d.]+ against DF \d+: \d+ hits?/);
      expect(await page.getByTestId("log").textContent()).toMatch(/Firing first: /);
      expect(errors).toEqual([]);
    });

    it("[001 Melee] engages a target that makes its counter roll; its owner answers; the melee is drawn", async () => {
      const { save, game } = ppFind(
        "cerignola-trenches",
        (ctx, p, legal) => counterRollEngage(ctx, p, legal) !== undefined,
      );
      const engage = counterRollEngage(game.ctx, game.position, legalActions(game.ctx, game.position));
      if (engage?.type !== "engage") throw new Error("no engagement");
      // The answer the engine takes: a change of position or formation if it allows one, else to accept.
      const reacted = pp.apply(game.ctx, game.position, engage);
      if (!reacted.ok) throw new Error(reacted.error.message);
      const answers = legalActions(game.ctx, reacted.value.position).filter(
        (a): a is Extract<Action, { type: "react" }> => a.type === "react",
      );
      const answer =
        answers.find((a) => a.choice !== "accept" && pp.apply(game.ctx, reacted.value.position, a).ok) ??
        answers[0];
      if (!answer) throw new Error("no answer");
      await load(save, "pp-counter-roll");
      await select(engage.unit);
      await page.getByTestId(`engage-show-${engage.target}`).click();
      await page.getByTestId(`engage-path-${engage.target}`).waitFor();
      await page
        .getByTestId(engage.charge ? `engage-charge-${engage.target}` : `engage-${engage.target}`)
        .click();
      const roll = page.getByTestId("counter-roll");
      await roll.waitFor();
      expect(await page.getByTestId("counter-roll-words").textContent()).toMatch(
        /Its counter roll \(d10 \+ class\): -?\d+\. The roll allows it to .*; or it accepts the melee as it stands\.$/,
      );
      await page.getByTestId(`reacting-${engage.target}`).waitFor();
      expect(await page.getByTestId("end-phase").isDisabled()).toBe(true);
      await page.screenshot({ path: `${SHOTS}pp-counter-roll.png` });
      // Closer, about the attacker: the wheel zooms about the pointer.
      const at = await centre(unit(engage.unit));
      await page.mouse.move(at.x, at.y);
      for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -100);
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${SHOTS}pp-table.png` });
      const button =
        answer.choice === "change-formation" ? `react-form-${answer.formation}` : `react-${answer.choice}`;
      await page.getByTestId(button).click();
      await roll.waitFor({ state: "detached" });
      await page.locator('[data-testid^="melee-m"]').first().waitFor();
      expect(await page.getByTestId("melee-list").textContent()).toMatch(
        new RegExp(`${engage.unit} .* against ${engage.target} `),
      );
      expect(await page.getByTestId("log").textContent()).toMatch(/counter roll -?\d+/);
      expect(errors).toEqual([]);
    });

    it("[001 Effectiveness] a unit routs at the end of the turn: it leaves the table, listed off it; morale shown on the table", async () => {
      const { save, game } = ppFind("cerignola-trenches", routNext);
      const step = pp.apply(game.ctx, game.position, { type: "end-phase" });
      if (!step.ok) throw new Error(step.error.message);
      const routed = step.value.events.find((e) => e.type === "gone" && e.how === "routed");
      if (routed?.type !== "gone") throw new Error("no rout");
      await load(save, "pp-rout");
      await unit(routed.unit).waitFor();
      await page.screenshot({ path: `${SHOTS}pp-before-rout.png` });
      await page.getByTestId("end-phase").click();
      await page.getByTestId(`gone-${routed.unit}`).waitFor();
      expect(await page.getByTestId(`gone-${routed.unit}`).getAttribute("data-how")).toBe("routed");
      expect(await unit(routed.unit).count()).toBe(0);
      expect(await page.getByTestId("log").textContent()).toMatch(/routs from the table/);
      // Every unit below Steady says so on the table, in words.
      for (const g of await page.locator("g[data-unit-focus]").all()) {
        const level = (await g.getAttribute("data-level")) ?? "";
        const id = (await g.getAttribute("data-unit-focus")) ?? "";
        if (level !== "steady") expect(await page.getByTestId(`morale-${id}`).textContent()).toContain(level);
      }
      await page.screenshot({ path: `${SHOTS}pp-after-rout.png` });
      expect(errors).toEqual([]);
    });

    it("[001 Victory Points] a finished game: the end screen's tally is the engine's army scores, the panel's too", async () => {
      const { save, game } = ppFind("cerignola-trenches", (_ctx, p) => p.result !== undefined);
      const result = game.position.result;
      if (!result) throw new Error("no result");
      await load(save, "pp-ended");
      const end = page.getByTestId("end-screen");
      await end.waitFor();
      expect(await end.getByTestId("vp-first").textContent()).toBe(String(result.scores.first));
      expect(await end.getByTestId("vp-second").textContent()).toBe(String(result.scores.second));
      expect(await end.getByTestId("pp-tally").textContent()).toMatch(
        /Army Effectiveness\d+\d+Army modifiers-?\d+-?\d+/,
      );
      await end.getByTestId("pp-losses").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}pp-ended.png` });
      await page.keyboard.press("Escape");
      expect(await page.getByTestId("vp-tally").getByTestId("vp-first").textContent()).toBe(
        String(result.scores.first),
      );
      expect(errors).toEqual([]);
    });

    /** A table point (ticks) on the screen: the table group's own transform (the flip, the view box). */
    const screenOf = (x: number, y: number): Promise<{ x: number; y: number }> =>
      page.evaluate(`(() => {
        const m = document.querySelector('[data-testid="units"]').getScreenCTM();
        const p = new DOMPoint(${x}, ${y}).matrixTransform(m);
        return { x: p.x, y: p.y };
      })()`);
    /** Zooms the view about a screen point. */
    const zoomAbout = async (at: { x: number; y: number }, clicks: number) => {
      await page.mouse.move(at.x, at.y);
      for (let i = 0; i < clicks; i++) await page.mouse.wheel(0, -100);
      await page.waitForTimeout(200);
    };

    it("[001 Bows & Crossbows] horse archers dismount (a URT): on foot in open order, drawn and named as foot", async () => {
      const { save } = ppFind(
        "white-mountain-star-park",
        (_ctx, p) =>
          p.turn === 1 && p.part === "move-1" && p.toMove === p.units.L8?.side && !p.units.L8?.moved,
      );
      await load(save, "pp-dismount");
      expect(await unit("L8").getAttribute("data-arm")).toBe("horse");
      await select("L8");
      expect(await page.getByTestId("unit-details").textContent()).toContain(
        "missile: horse-bow (may dismount)",
      );
      await page.getByTestId("add-dismount").click();
      const ghost = page.getByTestId("ghost");
      await expect.poll(() => ghost.getAttribute("data-legal")).toBe("true");
      expect(await ghost.getAttribute("data-formation")).toBe("open");
      expect(await page.getByTestId("move-program").textContent()).toMatch(
        /^dismount — [\d/ ]+ of its move$/,
      );
      // On foot: the next activity offered is to mount again.
      await page.getByTestId("add-mount").waitFor();
      await page.getByTestId("commit-move").click();
      await expect.poll(() => unit("L8").getAttribute("data-dismounted")).toBe("true");
      expect(await unit("L8").getAttribute("data-arm")).toBe("foot");
      expect(await unit("L8").getAttribute("data-formation")).toBe("open");
      expect(await num(unit("L8"), "data-used")).toBeGreaterThan(0);
      expect(await page.getByTestId("unit-formation").textContent()).toBe(
        "open, dismounted (on foot as bowmen)",
      );
      expect(await unit("L8").getAttribute("aria-label")).toMatch(/horse archers on foot in open: /);
      expect(await page.getByTestId("last-action").textContent()).toMatch(/dismount/);
      expect(errors).toEqual([]);
    });

    it('[001 Artillery] horse teams: drawn by their guns, placed within 6" (refused beyond), and fired at', async () => {
      // Lützen: the Swedish twelve-pounders W7 stand unlimbered, the windmill battery M6 across the field.
      const { save, game } = ppFind(
        "lutzen-windmills",
        (_ctx, p) =>
          p.turn === 1 && p.part === "move-1" && p.toMove === p.units.W7?.side && !p.units.W7?.moved,
      );
      const w7 = game.position.units.W7;
      if (!w7?.team?.at) throw new Error("W7's team is not out");
      await load(save, "pp-teams");
      const team = (id: string) => page.getByTestId(`team-${id}`);
      await team("W7").waitFor();
      await team("M6").waitFor();
      expect(await num(team("W7"), "data-points")).toBe(w7.team.points);
      expect(await team("M6").getAttribute("aria-label")).toMatch(/^Horse team of M6 .*: \d of \d points, /);
      expect(await page.getByTestId("team-label-W7").textContent()).toBe(`team ${w7.team.points}`);
      await select("W7");
      expect(await page.getByTestId("unit-team").textContent()).toMatch(
        new RegExp(`^${w7.team.points} of ${w7.team.points} points, on the table `),
      );
      // Typed: 7" behind the gun is beyond the 6" (the engine's words), drawn red.
      await page.getByTestId("team-across").fill("0");
      await page.getByTestId("team-ahead").fill("-7");
      await page.getByTestId("add-team").click();
      await expect
        .poll(() => page.getByTestId("move-refusal").textContent())
        .toBe('001 Artillery: horse/ox models are placed within 6" of the gun');
      expect(await page.getByTestId("ghost-team").getAttribute("data-legal")).toBe("false");
      await page.getByTestId("cancel-move").click();
      // Clicked: "Place team", then a point 3" right of the gun and 2" behind it (W7 faces up the table).
      await page.getByTestId("place-team").click();
      await page.getByTestId("team-reach").waitFor();
      const to = { x: w7.x + 3 * 6096, y: w7.y - 2 * 6096 };
      const there = await screenOf(to.x, to.y);
      await page.mouse.click(there.x, there.y);
      const ghost = page.getByTestId("ghost-team");
      await expect.poll(() => ghost.getAttribute("data-legal")).toBe("true");
      expect(Math.abs((await num(ghost, "data-x")) - to.x)).toBeLessThan(6096 / 4);
      expect(Math.abs((await num(ghost, "data-y")) - to.y)).toBeLessThan(6096 / 4);
      expect(await page.getByTestId("move-readout").textContent()).toMatch(
        /^place the horse team at [\d.]+", [\d.]+" \(0\); the engine: 0\.00 of its move$/,
      );
      const placedX = await num(ghost, "data-x");
      await page.getByTestId("commit-move").click();
      await expect.poll(() => num(team("W7"), "data-x")).toBe(placedX);
      expect(Math.abs((await num(team("W7"), "data-x")) - to.x)).toBeLessThan(6096 / 4);
      expect(await page.getByTestId("unit-team").textContent()).toMatch(
        /behind the gun, [\d.]+" to its right/,
      );
      // The fire step: W7 selected, a click on the enemy team's model declares fire at the team.
      await page.getByTestId("end-phase").click();
      await expect.poll(part).toBe("fire-1");
      await page.getByTestId("fire-team-W7-M6").waitFor();
      await page.getByTestId("fire-target-team-M6").waitFor();
      const m6 = game.position.units.M6?.team?.at;
      if (!m6) throw new Error("M6's team is not out");
      const at = await screenOf(m6.x, m6.y);
      await page.mouse.click(at.x, at.y);
      const declared = page.getByTestId("declared-W7");
      await declared.waitFor();
      expect(await declared.getAttribute("data-team")).toBe("true");
      expect(await declared.textContent()).toMatch(/^W7 .* will fire at M6 .*'s horse team$/);
      await page.getByTestId("fire-declared-W7").waitFor();
      await zoomAbout(await screenOf((w7.x + m6.x) / 2, (w7.y + m6.y) / 2), 3);
      await page.screenshot({ path: `${SHOTS}pp-teams.png` });
      // Closer, about the Swedish guns: the teams' bases, horses, points and tethers (panned up into view).
      await zoomAbout(await screenOf(w7.x, w7.y), 6);
      await page.getByTestId("table").focus();
      for (let i = 0; i < 2; i++) await page.keyboard.press("ArrowDown");
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${SHOTS}pp-teams-close.png` });
      expect(errors).toEqual([]);
    });

    it("has no serious accessibility violation on the table, and its units are reached by Tab and named", async () => {
      await start("cerignola-trenches");
      await page.getByTestId("end-phase").click();
      await expect.poll(part).toBe("move-1");
      const first = page.locator("g[data-unit-focus]").first();
      await first.focus();
      expect(await first.getAttribute("aria-label")).toMatch(/places filled\); steady; URT clock: /);
      await page.keyboard.press("Enter");
      await page.getByTestId("unit-panel").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  },
);
