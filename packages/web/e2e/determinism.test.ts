import { fileURLToPath } from "node:url";
import { makeSave, nextUint32, seedPrng } from "@tercio/core";
import { type Action, horseAndMusket } from "@tercio/horse-and-musket-ch11";
import type { Browser } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { geometryFingerprint, replayHash } from "./determinism/entry.js";
import { checkBrowser, HAVE_BROWSER, launch } from "./harness.js";

checkBrowser();

const src = (pkg: string) => fileURLToPath(new URL(`../../${pkg}/src/index.ts`, import.meta.url));

/** The entry bundled for the browser, as one script that sets `globalThis.tercioDeterminism`. */
async function browserBundle(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: "silent",
    resolve: {
      alias: {
        "@tercio/core": src("core"),
        "@tercio/geometry": src("geometry"),
        "@tercio/horse-and-musket-ch11": src("systems/horse-and-musket-ch11"),
      },
    },
    build: {
      write: false,
      minify: false,
      target: "es2022",
      lib: {
        entry: fileURLToPath(new URL("./determinism/entry.ts", import.meta.url)),
        formats: ["iife"],
        name: "tercioDeterminism",
      },
    },
  });
  const outputs = Array.isArray(out) ? out : [out];
  for (const o of outputs)
    if ("output" in o) for (const chunk of o.output) if (chunk.type === "chunk") return chunk.code;
  throw new Error("vite built no chunk");
}

/** A whole chapter-11 game from a seed, its actions picked from the listed ones: a save of it. */
function recordedGame(scenario: string, seed: number): unknown {
  const setup = horseAndMusket.parseSetup({ scenario, options: {} });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = horseAndMusket.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const opened = horseAndMusket.open(ctx.value, setup.value, seedPrng(seed));
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  const actions: Action[] = [];
  let picker = seedPrng(seed + 1);
  while (horseAndMusket.toAct(position) !== null && actions.length < 5000) {
    const offered = horseAndMusket.legalActions(ctx.value, position);
    const roll = nextUint32(picker);
    picker = roll.state;
    const end = offered.find((a) => a.type === "end-phase");
    const action =
      end && roll.value % 3 === 0 ? end : (offered[(roll.value >>> 2) % offered.length] as Action);
    const step = horseAndMusket.apply(ctx.value, position, action);
    if (!step.ok) throw new Error(step.error.message);
    position = step.value.position;
    actions.push(action);
  }
  return JSON.parse(
    JSON.stringify(makeSave(horseAndMusket, { setup: setup.value, seed, actions, final: position })),
  );
}

/**
 * Determinism across engines: the tabletop's rules use no trigonometry and
 * no float that could round differently, so Chromium's V8 and Node's must
 * agree bit for bit on the kernel's directions and base corners, and replay
 * the same chapter-11 games to the same hashes (the canonical hash, and the
 * structural digest online games compare).
 */
describe.skipIf(!HAVE_BROWSER)(
  "the tabletop in Chromium and in Node, bit for bit",
  { timeout: 120_000 },
  () => {
    let browser: Browser;
    let bundle: string;
    beforeAll(async () => {
      [bundle, browser] = await Promise.all([browserBundle(), launch()]);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
    });

    it("[004 Sequence of Play] the geometry kernel's fingerprint and three recorded games' final hashes are the same in both", async () => {
      const page = await browser.newPage();
      await page.setContent("<!doctype html><title>determinism</title>");
      await page.addScriptTag({ content: bundle });
      const saves = [
        recordedGame("pitched-battle", 3),
        recordedGame("river-crossing", 8),
        recordedGame("random", 5),
      ];
      const node = { fingerprint: geometryFingerprint(), hashes: saves.map(replayHash) };
      for (const h of node.hashes) expect(h).toMatch(/^[0-9a-f]{16} [0-9a-f]{16}$/);
      const inBrowser = await page.evaluate((s) => {
        const t = (
          globalThis as unknown as Record<
            string,
            { geometryFingerprint(): string; replayHash(x: unknown): string }
          >
        ).tercioDeterminism;
        if (!t) throw new Error("the bundle did not load");
        return { fingerprint: t.geometryFingerprint(), hashes: s.map((x) => t.replayHash(x)) };
      }, saves);
      expect(inBrowser).toEqual(node);
      await page.close();
    });
  },
);
