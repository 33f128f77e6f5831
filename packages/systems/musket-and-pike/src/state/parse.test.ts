import { chachaPrng, seedPrng } from "@tercio/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalog, deployed } from "../test-support/setup.js";
import { makePosition, parsePosition, positionHash, serialisePosition } from "./parse.js";
import { POSITION_FORMAT } from "./position.js";

const base = {
  format: POSITION_FORMAT,
  scenario: "16.31",
  phasing: "first",
  phase: "movement",
  units: {
    "B-MP01": { side: "first", type: "MP", force: "main" },
    "G-LC01": { side: "second", type: "LC", force: "main" },
  },
  stacks: { "4406": ["B-MP01"], "4602": ["G-LC01"] },
} as const;

function issuesOf(json: unknown): string[] {
  const r = parsePosition(catalog, json);
  return r.ok ? [] : r.error.issues.map((i) => `${i.path}: ${i.message}`);
}

describe("the position format", () => {
  it("[16.0] a compact hand-written position is completed with the obvious defaults", () => {
    const r = parsePosition(catalog, base);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const p = r.value.position;
    expect(p.gameTurn).toBe(1);
    expect(p.units["B-MP01"]).toEqual({
      side: "first",
      type: "MP",
      force: "main",
      disrupted: false,
      limbered: false,
      roadMode: false,
      dismounted: false,
    });
    expect(p.rules).toEqual({ version: catalog.rules.version, hash: catalog.rules.hash });
    expect([p.moved, p.control, p.offMap, p.squares, p.decision]).toEqual([[], {}, {}, [], undefined]);
  });

  it("round-trips through its serialised form with the same hash, for every scenario's opening", () => {
    for (const s of catalog.scenarios.scenarios) {
      const { position } = deployed(s.id, 2);
      const text = serialisePosition(position);
      const back = parsePosition(catalog, JSON.parse(text));
      expect(back.ok, s.id).toBe(true);
      if (!back.ok) continue;
      expect(serialisePosition(back.value.position)).toBe(text);
      expect(positionHash(back.value.position)).toBe(makePosition(position).hash);
    }
  });

  it("holds either generator's PRNG state, round-tripping with the same hash; a malformed one is refused", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.nat({ max: 0xfffffffff }),
        (key, word) => {
          const prng = `${chachaPrng(key).slice(0, -1)}${word.toString(16)}`;
          const r = parsePosition(catalog, { ...base, prng });
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(r.value.position.prng).toBe(prng);
          const text = serialisePosition(r.value.position);
          const back = parsePosition(catalog, JSON.parse(text));
          expect(back.ok && serialisePosition(back.value.position)).toBe(text);
        },
      ),
      { numRuns: 50 },
    );
    expect(issuesOf({ ...base, prng: seedPrng(3) })).toEqual([]);
    for (const prng of [
      "0".repeat(32),
      `${chachaPrng(new Uint8Array(32))}0`,
      "chacha20:ab:0",
      "ABCDEF".padEnd(32, "0"),
    ])
      expect(
        issuesOf({ ...base, prng }).map((i) => i.split(":")[0]),
        prng,
      ).toEqual(["prng"]);
  });

  it("detects a position edited after it was saved", () => {
    const { position } = deployed("16.31");
    const saved = JSON.parse(serialisePosition(position));
    saved.gameTurn = 2;
    expect(issuesOf(saved)).toEqual([expect.stringMatching(/^hash: the position does not match its hash/)]);
    delete saved.hash;
    expect(issuesOf(saved)).toEqual([]);
  });

  it("names the field of every shape error", () => {
    expect(issuesOf({ ...base, phase: "lunch" })[0]).toMatch(/^phase:/);
    expect(issuesOf({ ...base, stacks: { "44x6": ["B-MP01"] } })[0]).toMatch(/^stacks\.44x6:/);
    expect(
      issuesOf({
        ...base,
        units: { ...base.units, "B-MP01": { side: "first", type: "XX", force: "main" } },
      })[0],
    ).toMatch(/^units\.B-MP01\.type:/);
    expect(issuesOf({ ...base, extra: 1 })[0]).toMatch(/extra/);
  });

  it("[5.2F] rejects units of both sides in one hex", () => {
    expect(issuesOf({ ...base, stacks: { "4406": ["B-MP01", "G-LC01"] } })).toContainEqual(
      "stacks.4406: 5.2(F): units of both sides share hex 4406",
    );
  });

  it("rejects a unit lost or placed twice", () => {
    expect(issuesOf({ ...base, stacks: { "4406": ["B-MP01"] } })).toContainEqual(
      "units.G-LC01: unit G-LC01 is neither on the map nor off it",
    );
    expect(issuesOf({ ...base, offMap: { "B-MP01": "eliminated" } })).toContainEqual(
      "offMap.B-MP01: unit B-MP01 is also in stacks.4406",
    );
    expect(issuesOf({ ...base, stacks: { ...base.stacks, "4407": ["G-XX01"] } })).toContainEqual(
      "units: unit G-XX01 is placed but not listed in units",
    );
  });

  it("[9.0] rejects a unit on ground it may not hold, and [5.4L] a limbered gun that cannot move", () => {
    const guns = {
      ...base,
      scenario: "16.21",
      phasing: "second",
      units: { "G-EA01": { side: "second", type: "EA", force: "main", limbered: true } },
      stacks: { "1907": ["G-EA01"] },
    };
    const issues = issuesOf(guns);
    expect(issues).toContainEqual("stacks.1907: 9.0: artillery may not be in woods");
    expect(issues).toContainEqual(
      "units.G-EA01.limbered: 5.4(L): only artillery that can move is ever limbered",
    );
  });

  it("rejects what the scenario rules out: an unknown scenario, a missing force, a missing compulsory optional rule", () => {
    expect(issuesOf({ ...base, scenario: "16.99" })[0]).toMatch(/^scenario: no scenario "16\.99"/);
    expect(
      issuesOf({ ...base, units: { ...base.units, "B-MP01": { side: "first", type: "MP", force: "b" } } }),
    ).toContainEqual('units.B-MP01.force: Parliamentarians has no force "b" in 16.31');
    const lutzen = { ...base, scenario: "16.24", units: {}, stacks: {}, options: { optionalRules: [] } };
    expect(issuesOf(lutzen)).toContainEqual('options.optionalRules: 16.24 requires "caracolla"');
  });

  it("rejects positions made with other rules data", () => {
    const issues = issuesOf({ ...base, rules: { version: "printed-copy", hash: "0123456789abcdef" } });
    expect(issues[0]).toMatch(/^rules: made with rules data "printed-copy" \(0123456789abcdef\)/);
  });

  it("[10.0] rejects a Melee Combat Phase in which the Phasing Player is over his stacking limit", () => {
    const over = {
      ...base,
      phase: "melee",
      units: {
        "B-MP01": { side: "first", type: "MP", force: "main" },
        "B-MP02": { side: "first", type: "MP", force: "main" },
        "B-MP03": { side: "first", type: "MP", force: "main" },
      },
      stacks: { "4406": ["B-MP01", "B-MP02", "B-MP03"] },
    };
    expect(issuesOf(over)).toContainEqual(
      "stacks.4406: 10.0: 3 units in 4406 after the Movement Phase (limit 2)",
    );
  });

  it("[5.2G] marks as moved only the Phasing Player's units, in a Movement Phase", () => {
    expect(issuesOf({ ...base, moved: ["G-LC01"] })).toContainEqual(
      "moved[0]: 5.2(D): G-LC01 is not the Phasing Player's",
    );
    expect(issuesOf({ ...base, phase: "fire", moved: ["B-MP01"] })[0]).toMatch(/^moved\[0\]:/);
  });

  it("never throws, whatever the input", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        expect(() => parsePosition(catalog, json)).not.toThrow();
        expect(() =>
          parsePosition(catalog, { ...base, ...(typeof json === "object" && json ? json : {}) }),
        ).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
