import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const main = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const readme = fileURLToPath(new URL("../../../README.md", import.meta.url));

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

/** The README's command-line examples for the measured table, in order. */
function examples(): string[][] {
  return readFileSync(readme, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("npx tercio --system horse-and-musket-ch11 "))
    .map((l) => shellWords(l).slice(2));
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

describe.skipIf(!existsSync(main))("the README's Horse and Musket examples run as shown", () => {
  it("runs each in order in a fresh folder (exit 0)", () => {
    const lines = examples();
    expect(lines.length).toBeGreaterThanOrEqual(6);
    const dir = mkdtempSync(join(tmpdir(), "tercio-readme-"));
    try {
      for (const args of lines) {
        const r = spawnSync(process.execPath, [main, ...args], {
          cwd: dir,
          encoding: "utf8",
          timeout: 60_000,
        });
        expect(r.status, `${args.join(" ")}\n${r.stderr}`).toBe(0);
      }
      expect(readFileSync(join(dir, "table.svg"), "utf8")).toContain('data-range="A-ART1"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
