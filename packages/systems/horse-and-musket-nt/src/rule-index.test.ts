import { describe, expect, it } from "vitest";
import { RULE_INDEX, testTag } from "./rule-index.js";

/**
 * Every rule of 003 tested by name: each entry of the rule index has a test
 * tagged with it in this system's tests, and every `[003 ...]` tag a test
 * uses names an entry (a misspelt tag would otherwise test nothing by
 * name). The sources are read through Vite's glob import, as text.
 */
const SOURCES = import.meta.glob<string>(["./**/*.test.ts", "!./rule-index.test.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/**
 * Entries still without a tagged test, while the work that tests them is under way. Each must have
 * none (so the list cannot go stale): an entry leaves this list with its first test.
 */
const PENDING: ReadonlySet<string> = new Set([
  "Pre-measuring",
  "Move",
  "Move i",
  "Move ii",
  "Move iii",
  "Move: double",
  "Maneuvering",
  "Maneuvering i",
  "Maneuvering ii",
  "Maneuvering iii",
  "Terrain v",
  "Terrain vi",
  "Interpenetration: threat zone",
  "Charging",
  "Charging i",
  "Charging ii",
  "Charging iii",
  "American Civil War modifications 5",
  "Poor Drill",
]);

function tagsIn(text: string): string[] {
  return [...text.matchAll(/\[003 ([^\]\n]+)\]/g)].map((m) => m[1] as string);
}

describe("[003] the rule index", () => {
  const used = new Map<string, string[]>();
  for (const [file, text] of Object.entries(SOURCES))
    for (const tag of tagsIn(text)) used.set(tag, [...(used.get(tag) ?? []), file]);

  it("reads this system's tests", () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(1);
  });

  it("every rule of the text has a test tagged with its heading and item", () => {
    const untested = RULE_INDEX.filter((e) => !PENDING.has(e.tag) && !used.has(e.tag)).map(testTag);
    expect(untested).toEqual([]);
  });

  it("no rule is listed as pending once it has a test", () => {
    expect([...PENDING].filter((tag) => used.has(tag))).toEqual([]);
    expect([...PENDING].filter((tag) => !RULE_INDEX.some((e) => e.tag === tag))).toEqual([]);
  });

  it("every tag a test uses names a rule of the index", () => {
    const known = new Set(RULE_INDEX.map((e) => e.tag));
    const stray = [...used.entries()]
      .filter(([tag]) => !known.has(tag))
      .map(([tag, files]) => `${tag} (${files.join(", ")})`);
    expect(stray).toEqual([]);
  });

  it("tags are unique", () => {
    expect(new Set(RULE_INDEX.map((e) => e.tag)).size).toBe(RULE_INDEX.length);
  });
});
