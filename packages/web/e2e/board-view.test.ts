import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { checkBrowser, clickHex, HAVE_BROWSER, SHOTS, servedBrowser, watchErrors } from "./harness.js";

checkBrowser();

/**
 * The Musket & Pike board's view on Lützen's 48 x 32 hex sheet: it follows
 * the side to act, the overview map moves it, spent counters are faded, the
 * N, E and M keys, a log line shown on the map, and defect 11 (the sides and
 * the terrain apart without colour, key hexes under the counters).
 */
describe.skipIf(!HAVE_BROWSER)(
  "the Musket & Pike board's view (Chromium, Lützen)",
  { timeout: 60_000 },
  () => {
    const env = servedBrowser();
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
    }, 180_000);

    // One game for the whole file (a browser and a server per file, and Lützen's 150 counters set up
    // once): each test goes on from where the one before left it.

    const phase = () => page.getByTestId("phase").textContent();
    const sideToAct = () => page.locator(".phase-bar .side").textContent();
    /** The part of the sheet the map shows (the camera's view: x, y, width, height in the sheet's pixels). */
    const viewBox = () => page.getByTestId("board").getAttribute("data-view");
    /** The centre of the map's view, in the sheet's pixels. */
    const viewCentre = async () => {
      const [x = 0, y = 0, w = 0, h = 0] = ((await viewBox()) ?? "").split(" ").map(Number);
      return { x: x + w / 2, y: y + h / 2 };
    };
    const boardBox = async () => {
      const b = await page.getByTestId("board").boundingBox();
      if (!b) throw new Error("no board");
      return b;
    };
    /**
     * How many of the elements are out of sight (0: all in view), measured in one go: drawn outside
     * the board's visible rectangle, or under the overview map where it is shown.
     */
    const outside = (selector: string): Promise<number> =>
      // A string, as the other browser tests write page code (the e2e files compile without the DOM's types).
      page.evaluate(`(() => {
        const board = document.querySelector('[data-testid="board"]').getBoundingClientRect();
        const mini = document.querySelector('[data-testid="minimap"]')?.getBoundingClientRect();
        return [...document.querySelectorAll(${JSON.stringify(selector)})].filter((e) => {
          const b = e.getBoundingClientRect();
          const under = mini !== undefined && b.right > mini.left + 1 && b.left < mini.right - 1 && b.bottom > mini.top + 1 && b.top < mini.bottom - 1;
          return under || b.left < board.left - 1 || b.top < board.top - 1 || b.right > board.right + 1 || b.bottom > board.bottom + 1;
        }).length;
      })()`);
    const counters = (side: "first" | "second") => `.board-svg #counters g[data-side="${side}"]`;
    /** Drags the map by hand, well away from where it is. */
    const dragMap = async (dx: number, dy: number) => {
      const b = await boardBox();
      const x = b.x + b.width / 2;
      const y = b.y + b.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      // Two steps: past the board's 5 px threshold for a drag, then the rest of the way.
      await page.mouse.move(x + 10, y + 10);
      await page.mouse.move(x + dx, y + dy);
      await page.mouse.up();
    };
    const pressOnPage = async (key: string) => {
      // The letter keys work with the focus anywhere but in a field: give it to the page's body.
      await page.evaluate("document.activeElement?.blur()");
      await page.keyboard.press(key);
    };

    it("follows the side to act, holds a pan by hand until the side changes, and brings reinforcements' entry hexes into view", async () => {
      // Reduced motion: the view jumps instead of gliding (item 1), so each check reads a settled view.
      const context = await env.browser.newContext({
        viewport: { width: 1400, height: 900 },
        reducedMotion: "reduce",
      });
      page = await context.newPage();
      errors = watchErrors(page);
      await page.goto(env.served.url);
      await page.locator('[data-scenario="lutzen"]').click();
      await page.getByTestId("first-controller").selectOption("human");
      await page.getByTestId("second-controller").selectOption("human");
      await page.getByTestId("seed").fill("7");
      await page.getByTestId("start").click();
      await page.getByTestId("board").waitFor();

      // Deployment: the First Player's (Swedish) zone is framed, then the Second's once the side changes.
      await page.getByTestId("auto-deploy").click();
      await page.getByTestId("end-phase").click();
      await expect.poll(sideToAct).toBe("Imperialists");
      await expect.poll(() => page.locator(".choice").count()).toBe(0);
      await page.getByTestId("auto-deploy").click();
      // E ends the deployment, as the button does.
      await pressOnPage("e");
      await expect.poll(phase).toBe("Fire Combat Phase");
      await expect.poll(sideToAct).toBe("Swedish");
      // The Swedes, cut off in a corner before, are all on screen now.
      await expect.poll(() => outside(counters("first"))).toBe(0);
      await page.screenshot({ path: `${SHOTS}board-view-lutzen-swedes.png` });

      // A pan by hand holds through the same side's next phase...
      await dragMap(500, 350);
      const panned = await viewCentre();
      await pressOnPage("e");
      await expect.poll(phase).toBe("Movement Phase");
      // (The board may be resized a little as the phase bar's words change: compare where it looks, not its size.)
      const held = await viewCentre();
      expect(Math.abs(held.x - panned.x) + Math.abs(held.y - panned.y)).toBeLessThan(20);
      // ...but a reinforcement picked is brought into view with its entry hexes (they lit up off screen).
      await page.locator(".reinforcements button[data-unit]").first().click();
      await page.locator(".reach").first().waitFor({ state: "attached" });
      await expect.poll(() => outside(".reach")).toBe(0);

      // Keys are not stolen from a field: an E typed in the log's filter ends nothing.
      await page.getByLabel("Filter the log").fill("");
      await page.getByLabel("Filter the log").press("e");
      expect(await phase()).toBe("Movement Phase");
      await page.getByLabel("Filter the log").fill("");

      // Pan away, end the Swedes' Player-Turn: the Imperialists' units come into view.
      await dragMap(-600, -400);
      await pressOnPage("e");
      await expect.poll(phase).toBe("Melee Combat Phase");
      await pressOnPage("e");
      await expect.poll(sideToAct).toBe("Imperialists");
      await expect.poll(() => outside(counters("second"))).toBe(0);
      await page.screenshot({ path: `${SHOTS}board-view-lutzen-imperialists.png` });
      expect(errors, "console errors on the page").toEqual([]);
    });

    it("N selects the next unit, a move greys it, M hides the last moves, a log line shows its hexes", async () => {
      // The same game, on: the Imperialists' Fire Combat Phase ends, their Movement Phase begins.
      await page.getByTestId("end-phase").click();
      await expect.poll(phase).toBe("Movement Phase");

      // N: the first Swedish unit that can still move is selected, on screen, and its moves shown.
      await pressOnPage("n");
      await page.getByTestId("selected-unit").waitFor();
      const actor = page.locator(".actor");
      await actor.waitFor({ state: "attached" });
      expect(await outside(".actor")).toBe(0);
      const selected = () => page.getByTestId("selected-unit").textContent();
      const first = await selected();
      await pressOnPage("n");
      await expect.poll(selected).not.toBe(first);
      // Back to a unit with somewhere to go, and move it.
      let moved = "";
      for (let i = 0; i < 12 && moved === ""; i++) {
        if ((await page.locator(".reach").count()) > 0) {
          const fromHex = (await actor.getAttribute("data-hex")) ?? "";
          const to = (await page.locator(".reach").last().getAttribute("data-hex")) ?? "";
          await clickHex(page, `.reach[data-hex="${to}"]`);
          await expect
            .poll(() => page.getByTestId("log").textContent())
            .toContain(`moved ${fromHex} -> ${to}`);
          moved = to;
        } else await pressOnPage("n");
      }
      expect(moved).not.toBe("");
      // Spent: the stack that moved is faded, with the dog-ear; one that has not moved is not.
      const spent = page.locator(`.board-svg #counters g[data-hex="${moved}"]`);
      await expect.poll(() => spent.getAttribute("data-spent")).toBe("true");
      expect(await spent.locator(".spent-mark").count()).toBe(1);
      expect(Number(await spent.getAttribute("opacity"))).toBeLessThan(0.8);
      expect(await page.locator(`${counters("second")}:not([data-spent])`).count()).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}board-view-spent.png` });

      // M hides the last moves' lines and the toggle says so; the toggle brings them back.
      expect(await page.locator(".last-move").count()).toBeGreaterThan(0);
      await pressOnPage("m");
      await expect.poll(() => page.locator(".last-move").count()).toBe(0);
      expect(await page.getByTestId("last-moves-toggle").getAttribute("aria-pressed")).toBe("false");
      await page.getByTestId("last-moves-toggle").click();
      await expect.poll(() => page.locator(".last-move").count()).toBeGreaterThan(0);

      // The keys help lists N, E and M.
      await page.getByTestId("keys-help").locator("summary").click();
      const help = (await page.getByTestId("keys-help").textContent()) ?? "";
      for (const k of ["N", "E", "M"]) expect(help).toContain(k);

      // A log line about the move: pan away, click it, and its hexes are ringed and on screen.
      await dragMap(-700, -450);
      await dragMap(-700, -450);
      const line = page.locator(".log-locate", { hasText: `-> ${moved}` }).last();
      await line.click();
      await expect.poll(() => page.locator(`.located[data-hex="${moved}"]`).count()).toBe(1);
      await expect.poll(() => outside(`.located[data-hex="${moved}"]`)).toBe(0);
      await page.screenshot({ path: `${SHOTS}board-view-located.png` });
      // The next unit, lying under the overview map, is brought out from under it (not only onto the screen).
      await page.keyboard.press("Escape");
      for (let i = 0; i < 2; i++) await page.getByLabel("Zoom in").click();
      await pressOnPage("n");
      await actor.waitFor({ state: "attached" });
      const unitHex = (await actor.getAttribute("data-hex")) ?? "";
      const centreOf = async (selector: string) => {
        const b = await page.locator(selector).first().boundingBox();
        if (!b) throw new Error(`no ${selector}`);
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      };
      // Under the overview map's upper left part: well inside the screen, away from its edges.
      const hexAt = await centreOf(".actor");
      const mini = await page.getByTestId("minimap").boundingBox();
      if (!mini) throw new Error("no overview map");
      await dragMap(mini.x + mini.width * 0.3 - hexAt.x, mini.y + mini.height * 0.3 - hexAt.y);
      await expect.poll(() => outside(".actor"), { message: `${unitHex} under the overview map` }).toBe(1);
      await page.keyboard.press("Escape");
      await pressOnPage("n");
      await expect.poll(() => actor.getAttribute("data-hex")).toBe(unitHex);

      await expect.poll(() => outside(".actor")).toBe(0);
      expect(errors, "console errors on the page").toEqual([]);
    });
    it("moves the view from the overview map (click, drag, keys) and hides it", async () => {
      // The same game, on.
      const minimap = page.getByTestId("minimap");
      await minimap.waitFor();
      // Terrain tinted, and a mark for each stack: a dot for the First Player, a square for the Second.
      expect(await minimap.locator(".minimap-ground use").count()).toBeGreaterThan(100);
      const mm = await minimap.boundingBox();
      if (!mm) throw new Error("no overview");
      const centreOfRect = async () => {
        const r = await page.getByTestId("minimap-viewport").boundingBox();
        if (!r) throw new Error("no viewport rectangle");
        return { x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width };
      };
      // Zoom in so the rectangle can move anywhere, then click the overview's north-west part.
      await page.getByRole("button", { name: "Zoom in" }).click();
      await page.getByRole("button", { name: "Zoom in" }).click();
      const before = await viewBox();
      await page.mouse.click(mm.x + mm.width * 0.25, mm.y + mm.height * 0.3);
      await expect.poll(viewBox).not.toBe(before);
      let c = await centreOfRect();
      expect(Math.abs(c.x - (mm.x + mm.width * 0.25))).toBeLessThan(mm.width * 0.15);
      // Drag it to the south-east.
      await page.mouse.move(mm.x + mm.width * 0.3, mm.y + mm.height * 0.3);
      await page.mouse.down();
      await page.mouse.move(mm.x + mm.width * 0.7, mm.y + mm.height * 0.7, { steps: 5 });
      await page.mouse.up();
      c = await centreOfRect();
      expect(c.x).toBeGreaterThan(mm.x + mm.width * 0.5);
      // By keyboard: Right moves the view east.
      await minimap.focus();
      const x0 = (await centreOfRect()).x;
      await page.keyboard.press("ArrowLeft");
      await expect.poll(async () => (await centreOfRect()).x).toBeLessThan(x0);
      await page.screenshot({ path: `${SHOTS}board-view-minimap.png` });
      // It can be hidden, and shown again.
      await page.getByTestId("overview-toggle").click();
      await expect.poll(() => page.getByTestId("minimap").count()).toBe(0);
      await page.getByTestId("overview-toggle").click();
      await expect.poll(() => page.getByTestId("minimap").count()).toBe(1);

      // Defect 11: key hexes are drawn under the counters, and the Second Player's counters are striped.
      const order = await page.evaluate(
        `document.querySelector(".board-svg #key-hexes").compareDocumentPosition(document.querySelector(".board-svg #counters")) & Node.DOCUMENT_POSITION_FOLLOWING`,
      );
      expect(order).toBeGreaterThan(0);
      expect(
        await page.locator(`${counters("second")} rect[fill="url(#side-second)"]`).count(),
      ).toBeGreaterThan(0);
      expect(await page.locator(`${counters("first")} rect[fill="url(#side-second)"]`).count()).toBe(0);
      // The side to act, named in the phase bar, is marked as its counters are: striped for the Second Player.
      const chip = (side: string) =>
        page.evaluate(`(() => {
          const bar = document.createElement("div");
          bar.className = "phase-bar";
          bar.innerHTML = '<span class="side side-${side}">x</span>';
          document.body.append(bar);
          const image = getComputedStyle(bar.firstElementChild).backgroundImage;
          bar.remove();
          return image;
        })()`);
      expect(await chip("second")).toMatch(/repeating-linear-gradient/);
      expect(await chip("first")).toBe("none");
      // For people to look at: the board in greyscale (the sides and the terrains must still read).
      await page.evaluate(`document.body.style.filter = "grayscale(1)"`);
      await page.screenshot({ path: `${SHOTS}board-view-greyscale.png` });
      await page.evaluate(`document.body.style.filter = ""`);
      expect(errors, "console errors on the page").toEqual([]);
      await page.context().close();
    });
  },
);
