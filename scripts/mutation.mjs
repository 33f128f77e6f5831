#!/usr/bin/env node
/**
 * Mutation testing of the Musket & Pike engine's rules modules with StrykerJS
 * and its Vitest runner (docs/mutation.md). Not part of `npm test`: a run is
 * CPU-heavy (minutes per module), so it is run by hand, one module at a time.
 *
 *   npm run mutation -- --list            the modules, their files and tests
 *   npm run mutation -- odds retreat      those modules, one after the other
 *   npm run mutation                      every module
 *   npm run mutation -- odds --engine     against every engine test file
 *   npm run mutation -- odds --fresh      ignore the previous run's results
 *
 * Sandboxes, reports and the incremental files go under out/mutation/
 * (git-ignored): out/mutation/<module>/index.html and mutation.json.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Stryker } from "@stryker-mutator/core";
import { ENGINE_SRC, MODULES } from "./mutation-modules.mjs";

const OUT = "out/mutation";
/** The machine is shared: one Stryker worker unless told otherwise (MUTATION_CONCURRENCY=2). */
const CONCURRENCY = Number(process.env.MUTATION_CONCURRENCY ?? 1);

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith("--")));
const names = args.filter((a) => !a.startsWith("--"));

const known = new Set(["--list", "--engine", "--fresh"]);
for (const f of flags) if (!known.has(f)) fail(`unknown option ${f} (known: ${[...known].join(", ")})`);

if (flags.has("--list")) {
  for (const [name, m] of Object.entries(MODULES)) {
    console.log(`${name.padEnd(18)} ${m.mutate.join(", ")}  <-  ${m.tests.join(", ")}`);
  }
  process.exit(0);
}

for (const n of names) if (!(n in MODULES)) fail(`no module ${n}; \`npm run mutation -- --list\` lists them`);
const chosen = names.length > 0 ? names : Object.keys(MODULES);

/** Every test file of the engine, for checking survivors against the whole suite. */
function engineTests(dir = ENGINE_SRC) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return engineTests(p);
    return e.name.endsWith(".test.ts") ? [p] : [];
  });
}

/** The files a sandbox needs: the engine, @tercio/core (its alias target) and the Vitest configs. */
const SANDBOX_ONLY = [
  "/*",
  "!/package.json",
  "!/vitest.config.ts",
  "!/tsconfig.base.json",
  "!/scripts",
  "/scripts/*",
  "!/scripts/vitest.mutation.config.ts",
  "!/packages",
  "/packages/*",
  "!/packages/core",
  "!/packages/systems",
  "/packages/systems/*",
  "!/packages/systems/musket-and-pike",
];

function options(name) {
  const m = MODULES[name];
  const dir = join(OUT, name);
  const tests = flags.has("--engine") ? engineTests() : m.tests.map((t) => join(ENGINE_SRC, t));
  for (const f of [...m.mutate.map((s) => join(ENGINE_SRC, s)), ...tests]) {
    if (!existsSync(f)) fail(`${name}: ${f} does not exist (scripts/mutation-modules.mjs)`);
  }
  const suffix = flags.has("--engine") ? "-engine" : "";
  return {
    ...runner(m, tests),
    mutate: m.mutate.map((s) => join(ENGINE_SRC, s)),
    concurrency: CONCURRENCY,
    // Vitest transpiles without type checking; the mutants need no @ts-nocheck.
    disableTypeChecks: false,
    ignorePatterns: SANDBOX_ONLY,
    tempDirName: join(OUT, "tmp"),
    cleanTempDir: "always",
    incremental: !flags.has("--fresh"),
    incrementalFile: join(dir, `incremental${suffix}.json`),
    reporters: ["clear-text", "progress", "html", "json"],
    htmlReporter: { fileName: join(dir, `index${suffix}.html`) },
    jsonReporter: { fileName: join(dir, `mutation${suffix}.json`) },
    clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
    thresholds: { high: 90, low: 80, break: null },
    // A busy shared machine: give a slow mutant room before calling it a timeout.
    timeoutMS: 10000,
    logLevel: "info",
    fileLogLevel: "off",
  };
}

const VITEST_CONFIG = "scripts/vitest.mutation.config.ts";

/**
 * The Vitest runner, which runs only the tests that reached a mutant in the
 * first run (its coverage is always per test); or, for a module behind a
 * module-level cache, the command runner: there a test may read what an
 * earlier test computed, so per-test coverage would skip it, and each mutant
 * must be run against the module's whole test files from a fresh start.
 */
function runner(m, tests) {
  if (m.runner === "command") {
    const vitest = "node node_modules/vitest/vitest.mjs run";
    return {
      testRunner: "command",
      commandRunner: {
        command: `${vitest} --config ${VITEST_CONFIG} --maxWorkers=1 --bail=1 ${tests.join(" ")}`,
      },
      coverageAnalysis: "off",
    };
  }
  return {
    testRunner: "vitest",
    plugins: ["@stryker-mutator/vitest-runner"],
    // The files are given explicitly, so Vitest's related-file search is not needed.
    vitest: { configFile: VITEST_CONFIG, related: false },
    testFiles: tests,
    coverageAnalysis: "perTest",
  };
}

/** Stryker's counts: killed includes timeouts; the score is over the covered, valid mutants. */
function summarise(name, results) {
  const count = (...s) => results.filter((r) => s.includes(r.status)).length;
  const killed = count("Killed", "Timeout");
  const survived = count("Survived");
  const noCoverage = count("NoCoverage");
  const errors = count("RuntimeError", "CompileError");
  const ignored = count("Ignored");
  const covered = killed + survived;
  const score = covered === 0 ? 100 : (100 * killed) / covered;
  return { module: name, mutants: results.length, killed, survived, noCoverage, errors, ignored, score };
}

function fail(message) {
  console.error(`mutation: ${message}`);
  process.exit(2);
}

mkdirSync(OUT, { recursive: true });
const rows = [];
for (const name of chosen) {
  console.log(`\n=== ${name} ===`);
  const results = await new Stryker(options(name)).runMutationTest();
  rows.push(summarise(name, results));
}
writeFileSync(join(OUT, "summary.json"), `${JSON.stringify(rows, null, 2)}\n`);
console.log("\nmodule             mutants  killed  survived  no-cov  score(covered)");
for (const r of rows) {
  console.log(
    `${r.module.padEnd(18)} ${String(r.mutants).padStart(7)} ${String(r.killed).padStart(7)} ${String(r.survived).padStart(9)} ${String(r.noCoverage).padStart(7)}  ${r.score.toFixed(1)}%`,
  );
}
