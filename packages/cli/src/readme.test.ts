import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const main = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const root = fileURLToPath(new URL("../../../", import.meta.url));
const readme = join(root, "README.md");

/** A shell line's words: single and double quotes, no expansion; a `#` outside quotes starts a comment. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const c of line) {
    if (quote) {
      if (c === quote) quote = undefined;
      else word = (word ?? "") + c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (c === "#" && word === undefined) break;
    else if (c === " " || c === "\t") {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? "") + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/**
 * The README's examples this test does not run, and why: each replays a
 * game the skipped play example saves, plays whole games (the commands' own
 * tests play them), or serves until stopped (the server's tests start it).
 */
const NOT_RUN: readonly { readonly command: RegExp; readonly why: string }[] = [
  {
    command: /^npx tercio replay game\.json/,
    why: "replays the save of the play example before it, which this test does not play",
  },
  { command: /^npx tercio (play|arena|balance) /, why: "plays whole games" },
  { command: /^npx tercio serve /, why: "serves until stopped" },
];

/** The README's command-line examples, in order, as written. */
function examples(): string[] {
  return readFileSync(readme, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("npx tercio "));
}

describe("shell words", () => {
  it("splits quoted JSON and drops comments", () => {
    expect(shellWords(`npx tercio x '[{"op":"a"}]' --y   # a comment`)).toEqual([
      "npx",
      "tercio",
      "x",
      '[{"op":"a"}]',
      "--y",
    ]);
  });
});

// The README says: after `npm ci && npm run build`, the command is `npx tercio`.
// The examples run in order, through the shell, in a fresh folder inside the
// repository (as a user's shell would be, so that npx finds the project).
// A few go through npx exactly as written; npx costs a second of CPU a call
// (it reads the whole installed tree), so the rest run as npx runs them once
// it has resolved the name: `tercio` from node_modules/.bin, the link that
// `npm ci` made from packages/cli/bin/tercio.js.
const THROUGH_NPX: readonly RegExp[] = [
  /^npx tercio scenario list /,
  /^npx tercio rules export > /,
  /^npx tercio --system horse-and-musket-ch11 check-move /,
];

describe.skipIf(!existsSync(main))("the README's command-line examples run as written", () => {
  it("runs each in order in a fresh folder in the repository, some through npx (exit 0)", () => {
    const lines = examples();
    const run = lines.filter((l) => !NOT_RUN.some((n) => n.command.test(l)));
    expect(lines.length).toBeGreaterThanOrEqual(30);
    expect(run.length).toBeGreaterThanOrEqual(20);
    for (const n of THROUGH_NPX) expect(run.filter((l) => n.test(l))).toHaveLength(1);
    const bin = join(root, "node_modules", ".bin");
    expect(existsSync(join(bin, "tercio")), "node_modules/.bin/tercio: npm ci links it").toBe(true);
    mkdirSync(join(root, "out"), { recursive: true });
    const dir = mkdtempSync(join(root, "out", "readme-npx-"));
    try {
      for (const line of run) {
        const npx = THROUGH_NPX.some((n) => n.test(line));
        const r = spawnSync("sh", ["-c", npx ? line : line.slice("npx ".length)], {
          cwd: dir,
          encoding: "utf8",
          timeout: 60_000,
          env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}` },
        });
        expect(r.status, `${line}\n${r.stderr}`).toBe(0);
      }
      expect(readFileSync(join(dir, "next.svg"), "utf8")).toContain("<svg");
      expect(JSON.parse(readFileSync(join(dir, "my-rules.json"), "utf8"))).toBeTypeOf("object");
      expect(readFileSync(join(dir, "table.svg"), "utf8")).toContain('data-range="A-ART1"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 400_000);
});
