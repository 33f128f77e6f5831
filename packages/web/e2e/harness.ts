import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Download, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";

/**
 * The browser tests drive Debian's Chromium through playwright-core against
 * the server `npm start` runs (built once per run: global-setup.ts). Without
 * a Chromium they are skipped with a plain message; with
 * TERCIO_REQUIRE_BROWSER=1 (set by .ci/run) a missing browser is a failure
 * instead.
 */
export const CHROMIUM = process.env.TERCIO_CHROMIUM ?? "/usr/bin/chromium";
export const HAVE_BROWSER = existsSync(CHROMIUM);
export const REQUIRE_BROWSER = process.env.TERCIO_REQUIRE_BROWSER === "1";

/**
 * Called once at the top of each browser test file: a missing Chromium fails
 * the run when one is required (CI), and is otherwise named once on stderr.
 */
export function checkBrowser(): void {
  if (HAVE_BROWSER) return;
  if (REQUIRE_BROWSER) throw new Error(SKIP_NOTICE.replace("SKIPPED", "REQUIRED but missing"));
  process.stderr.write(`\n${SKIP_NOTICE}\n\n`);
}

export const SKIP_NOTICE = `Browser tests SKIPPED: no Chromium at ${CHROMIUM}. Install it (Debian: apt-get install -y chromium) or point TERCIO_CHROMIUM at one; .ci/run installs it and sets TERCIO_REQUIRE_BROWSER=1, which makes a missing browser a failure.`;

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The built-in rules data, as a player's own file would start from (`tercio rules export`). */
export const RULES_FILE = `${ROOT}packages/systems/musket-and-pike/src/rules-data/musket-and-pike.rules.json`;

/** Screenshots the tests take, for people to look at (not compared). */
export const SHOTS = `${ROOT}out/screenshots/`;

export interface Served {
  readonly url: string;
  /** The games file: a server started again on it (startGame's `at`) has the same games. */
  readonly db: string;
  readonly stop: () => Promise<void>;
}

/**
 * `npm start` split at its last `&&`: the build, then the command that serves
 * the game. The browser tests build once for the whole run (the e2e
 * project's global setup runs `build`) and each file serves the built game
 * with `serve`, exactly as `npm start` would after building; read from
 * package.json, so the tests follow `npm start` wherever it goes.
 */
export function startScript(): { readonly build: string; readonly serve: readonly string[] } {
  const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { scripts?: { start?: string } };
  const start = pkg.scripts?.start ?? "";
  const at = start.lastIndexOf(" && ");
  const serve = start
    .slice(at + 4)
    .trim()
    .split(/\s+/);
  if (at < 0 || serve[0] !== "node" || /["'$`\\]/.test(start))
    throw new Error(`npm start is not "<build> && node <script> <args>" any more: ${start}`);
  return { build: start.slice(0, at), serve: serve.slice(1) };
}

/**
 * Serves the game as `npm start` does (the build is done once, by the global
 * setup) on a free port, or again `at` the port and games file of a server
 * that was stopped.
 */
export function startGame(at?: { readonly port: number; readonly db: string }): Promise<Served> {
  return new Promise((resolve, reject) => {
    // A fresh games file: the tests' online games stay out of the player's own (tercio-data/).
    const db = at?.db ?? join(mkdtempSync(join(tmpdir(), "tercio-e2e-")), "games.sqlite");
    const port = String(at?.port ?? 0);
    const child: ChildProcess = spawn(
      process.execPath,
      [...startScript().serve, "--port", port, "--db", db],
      {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      },
    );
    let out = "";
    const timer = setTimeout(
      () => reject(new Error(`the server did not print its address in 120 s:\n${out}`)),
      120_000,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Tercio is running at (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        const url = m[1];
        resolve({
          url,
          db,
          stop: () =>
            new Promise<void>((done) => {
              child.once("exit", () => done());
              if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
            }),
        });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${out}`));
    });
  });
}

/** Chromium's flags here: headless, no sandbox (root), and nothing that reaches for the network. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
] as const;

/**
 * A Chromium for a test file: a connection to the run's shared one (its
 * global setup launched it), whose `close` lets it go; or one of its own
 * where there is none (a file run outside the e2e project).
 */
export function launch(): Promise<Browser> {
  const endpoint = sharedEndpoint();
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
}

function sharedEndpoint(): string | undefined {
  try {
    return inject("chromiumEndpoint") || undefined;
  } catch {
    return undefined;
  }
}

/** A served game and a Chromium, for a test file's tests. */
export interface InBrowser {
  readonly served: Served;
  readonly browser: Browser;
}

/**
 * Starts the game (as `npm start` serves it) and a Chromium together before
 * the enclosing block's tests, and stops them after; read `served` and
 * `browser` inside the tests.
 */
export function servedBrowser(): InBrowser {
  let served: Served | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [served, browser] = await Promise.all([startGame(), launch()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });
  return {
    get served() {
      if (!served) throw new Error("the game is not served yet: use it inside a test");
      return served;
    },
    get browser() {
      if (!browser) throw new Error("no browser yet: use it inside a test");
      return browser;
    },
  };
}

/**
 * A download's file on this machine: the shared Chromium is reached over a
 * connection, so the file is copied here (`path()` is only for a browser of
 * one's own).
 */
export async function downloadedFile(download: Download): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), "tercio-e2e-download-")), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** Collects the page's console errors and uncaught exceptions: a test fails on any. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return errors;
}

/** Clicks the centre of the element drawn for a hex (a counter or a highlight) on the map. */
export async function clickHex(page: Page, selector: string): Promise<void> {
  const box = await stableBox(page, selector);
  if (!box) throw new Error(`nothing drawn for ${selector}`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Where a hex's element is drawn once the map stands still: the board glides
 * to the side to act at a new phase (a few animation frames, marked by
 * `data-gliding`), and a click taken mid-glide would land on another hex. As
 * playwright waits for an element to be stable before clicking it, this
 * waits for the glide to end and for two boxes read 60 ms apart to agree.
 */
async function stableBox(page: Page, selector: string) {
  // The Musket & Pike board marks its glides; other boards never glide.
  await page
    .locator('[data-testid="board"][data-gliding="true"]')
    .waitFor({ state: "detached", timeout: 3000 })
    .catch(() => undefined);
  const at = page.locator(selector).first();
  let box = await at.boundingBox();
  for (let i = 0; i < 50 && box; i++) {
    await page.waitForTimeout(60);
    const next = await at.boundingBox();
    if (next && next.x === box.x && next.y === box.y && next.width === box.width) return next;
    box = next;
  }
  return box;
}

/** Presses arrow keys to take the board's cursor from where it is to `hex` (the board must have the focus). */
export async function cursorTo(page: Page, hex: string): Promise<void> {
  const board = page.getByTestId("board");
  if ((await board.getAttribute("data-cursor")) === hex) {
    // Already there: step off and back, so that the hex is announced as on arriving.
    await page.keyboard.press("ArrowDown");
    const moved = (await board.getAttribute("data-cursor")) !== hex;
    await page.keyboard.press("ArrowUp");
    if (!moved) await page.keyboard.press("ArrowDown");
  }
  const from = (await board.getAttribute("data-cursor")) ?? "";
  const dc = Number(hex.slice(0, 2)) - Number(from.slice(0, 2));
  const dr = Number(hex.slice(2)) - Number(from.slice(2));
  for (let i = 0; i < Math.abs(dc); i++) await page.keyboard.press(dc > 0 ? "ArrowRight" : "ArrowLeft");
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? "ArrowDown" : "ArrowUp");
  const at = await board.getAttribute("data-cursor");
  if (at !== hex) throw new Error(`the cursor reached ${at}, not ${hex}`);
}

/** The position hash the game screen shows (data-position-hash), "" before it has one. */
export async function positionHashOf(page: Page): Promise<string> {
  return (await page.getByTestId("game-screen").getAttribute("data-position-hash")) ?? "";
}

/**
 * Waits until two pages show the same position, their hashes read together:
 * the page that acted may take its own action's answer after the other page
 * has shown it, so neither page's hash read once is the one to wait for.
 */
export async function inStep(a: Page, b: Page, timeout = 10_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const [x, y] = await Promise.all([positionHashOf(a), positionHashOf(b)]);
        return x !== "" && x === y;
      },
      { timeout },
    )
    .toBe(true);
}
