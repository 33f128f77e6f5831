import { inches } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { fraction } from "../fraction.js";
import { defaultRules, loadRules } from "./load.js";
import defaultRulesJson from "./plucky-pikes.rules.json" with { type: "json" };

const rules = defaultRules().data;

/** A copy of the built-in document with the value at `path` replaced, or taken out (undefined). */
function edited(...changes: [path: readonly string[], value: unknown][]): unknown {
  const doc = structuredClone(defaultRulesJson) as Record<string, unknown>;
  for (const [path, value] of changes) {
    let at = doc;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
    const last = path.at(-1) as string;
    if (value === undefined) delete at[last];
    else at[last] = value;
  }
  return doc;
}

function refusal(doc: unknown): string {
  const r = loadRules(doc);
  if (r.ok) throw new Error("the document was accepted");
  return r.error.message;
}

describe("001 rules data", () => {
  it("[001 Preliminaries] lengths are inches in the file and the kernel's ticks once loaded; a length no tick measures is refused", () => {
    expect(rules.movement.foot.pike).toBe(inches(4));
    expect(rules.artillery.bands.cannon[2]).toBe(inches(40));
    expect(refusal(edited([["smallArms", "musket"], 0.1]))).toMatch(
      /smallArms\.musket: not a whole number of ticks/,
    );
  });

  it("[001 Preliminaries] loads, with its label and a content hash", () => {
    const r = defaultRules();
    expect(r.version).toMatch(/^001 as printed/);
    expect(r.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(Object.keys(rules.classes)).toEqual(["guard", "elite", "veteran", "recruit"]);
  });

  it("[001 Movement] the printed URTs: elite 1/3 move, line 1/2; a battalion pivots 30°, a brigade 15°; charges every 4th move", () => {
    expect(rules.classes.elite.urt).toEqual(fraction(1, 3));
    expect(rules.classes.veteran.urt).toEqual(fraction(1, 2));
    expect(rules.urt.changeFormation).toBe(1);
    expect(rules.pivot).toEqual({ battalion: 30, brigade: 15 });
    expect(rules.movement.chargeEvery).toBe(4);
  });

  it("[001 Formations] 1 URT to reorganise, 3 to untangle a muddle, −2 disordered, ×2 against the disordered", () => {
    expect(rules.urt.reorganise).toBe(1);
    expect(rules.urt.untangle).toBe(3);
    expect(rules.meleeModifiers.disordered).toBe(-2);
    expect(rules.meleeModifiers.vsDisordered).toBe(2);
  });

  it("[001 Defense Values] DV 10 for all, a natural 1 halves the LF", () => {
    expect(rules.defence.dv).toBe(10);
    expect(rules.fire.naturalOne).toEqual(fraction(1, 2));
  });

  it('[001 Artillery] hailshot +2, counter-battery −5, guns hit on 86+ and lose a third, teams within 6"', () => {
    expect(rules.artillery.hailshot.d10).toBe(2);
    expect(rules.artillery.counterBattery).toEqual({ d10: -5, gunsHitFrom: 86, avLost: fraction(1, 3) });
    expect(rules.artillery.teamsWithin).toBe(inches(6));
  });

  it("[001 Firearms] moving −2, handguns moving −3, stationary 1.5(AV+2), Swedes 2(AV+2), three pistols", () => {
    expect(rules.fire.moving).toBe(-2);
    expect(rules.fire.handgunMoving).toBe(-3);
    expect(rules.fire.stationaryMusketeers).toEqual({ multiplier: fraction(3, 2), d10: 2 });
    expect(rules.fire.swedes).toEqual({ multiplier: fraction(2), d10: 2 });
    expect(rules.fire.pistols).toBe(3);
  });

  it("[001 Bows & Crossbows] stationary heavy crossbows ×1.5, two URTs to load", () => {
    expect(rules.fire.heavyCrossbowStationary).toEqual(fraction(3, 2));
    expect(rules.urt.reloadCrossbow).toBe(2);
  });

  it('[001 Firepower modifiers] enfilade 2(AV+3); guns on a hill +1, uphill −1; woods: 2" deep, seen 20" and 10"', () => {
    expect(rules.fire.enfilade).toEqual({ multiplier: fraction(2), d10: 3 });
    expect(rules.artillery.hill).toEqual({ down: 1, up: -1 });
    expect(rules.woods).toEqual({
      protectionDepth: inches(2),
      visibility: { light: inches(20), heavy: inches(10) },
    });
  });

  it('[001 Firing First] fire at enemies attacking a friend within 4"', () => {
    expect(rules.fire.reactiveWithin).toBe(inches(4));
  });

  it("[001 Cover and Armor] a wooden building is +3 (the text's 10+3=13)", () => {
    expect(rules.defence.dv + rules.cover["wooden-building"]).toBe(13);
  });

  it('[001 Melee] charges of 1" (foot) and 4" (horse); the flag lost on 6 or less; pikes and hedgehogs against horse count 2 ranks', () => {
    expect(rules.meleeModifiers.chargeMinimum).toEqual({ foot: inches(1), horse: inches(4) });
    expect(rules.melee.flagLostAtOrBelow).toBe(6);
    expect(rules.meleeMatrix.ranks).toEqual({ pikeOrHedgehogVsCavalry: 2, flankOrRear: 2, otherwise: 1 });
  });

  it('[001 Fatigue & Pursuit] pursuit on 20+, falling back 6", no fatigue for pikes and hedgehogs', () => {
    expect(rules.melee.pursuitFrom).toBe(20);
    expect(rules.melee.fallBack).toBe(inches(6));
    expect(rules.effectiveness.fallBack).toBe(inches(6));
    expect(rules.fatigue.pikeOrHedgehog).toBe(0);
  });

  it("[001 Leadership] 3 leaders (6 for a brigade), a leader falls on 86+, −2 a leader lost, a general's reach 18\"", () => {
    expect(rules.leadership).toEqual({
      leaders: 3,
      brigadeLeaders: 6,
      casualtyFrom: 86,
      generalReach: inches(18),
    });
    expect(rules.rallyModifiers.leaderLost).toBe(-2);
  });

  it("[001 Victory Points] objectives of 1 to 4 points", () => {
    expect(rules.armyModifiers.objective).toEqual({ min: 1, max: 4 });
  });

  it("[001 Preliminaries] every value says whether it is printed, reconstructed or designed; the 22 missing tables are named", () => {
    const tables = new Set(
      Object.values(rules.provenance).flatMap((p) =>
        "table" in p ? (p.table.match(/T-\d+|P-\d+/g) ?? []) : [],
      ),
    );
    // T-5 (the Values Table) holds only the printed DV 10: it is kept as a table a player may replace.
    const missing = Array.from({ length: 22 }, (_, i) => `T-${i + 1}`).filter(
      (t) => t !== "T-5" && !tables.has(t),
    );
    expect(missing).toEqual([]);
    expect(tables.has("P-1")).toBe(true);
    expect(rules.provenance.armyMorale).toEqual({ source: "designed", table: "P-1 Army Morale (Part 4)" });
  });

  it("refuses a value that does not say where it comes from, and a provenance entry that names nothing", () => {
    expect(refusal(edited([["provenance", "smallArms"], undefined]))).toMatch(
      /smallArms\.musket: say whether it is printed, reconstructed or designed/,
    );
    expect(
      refusal(edited([["provenance", "artillery.rockets"], { source: "printed", rule: "Artillery" }])),
    ).toMatch(/provenance\.artillery\.rockets: names no value/);
  });

  it("refuses tables whose parts disagree, naming the place", () => {
    const cases: [readonly string[], unknown, RegExp][] = [
      [["artillery", "bands", "saker"], [10, 30, 20], /artillery\.bands\.saker/],
      [["counterRolls", "needed", "face"], [5, 4], /counterRolls\.needed\.face: one score per column: 3/],
      [["rally", "rows", "24"], [0, 0, 2, 1, 3, 4], /rally\.rows\.24: a better roll never returns fewer/],
      [["rally", "rows", "8"], [0, 0, 0, 0, 1, 9], /rally\.rows\.8: more figures back/],
      [["effectiveness", "shakenAbove"], 80, /effectiveness: Steady, Shaken and Broken/],
      [["armyEffectiveness"], [{ from: 50, points: 5 }], /armyEffectiveness: rows from the highest/],
      [["classes", "recruit", "urt"], "3/2", /classes\.recruit\.urt: a URT is more than none/],
      [["armyModifiers", "objective"], { min: 4, max: 1 }, /armyModifiers\.objective/],
      [["rally", "rows"], {}, /rally\.rows: at least one original size/],
    ];
    for (const [path, value, message] of cases) expect(refusal(edited([path, value]))).toMatch(message);
  });

  it('reads fractions exactly: a whole number, "a/b" or a decimal; refuses anything else', () => {
    const withChargeOrRun = (v: unknown) => edited([["movement", "chargeOrRun"], v]);
    const read = (v: unknown) => {
      const r = loadRules(withChargeOrRun(v));
      if (!r.ok) throw new Error(r.error.message);
      return r.value.data.movement.chargeOrRun;
    };
    expect(read("1.5")).toEqual(fraction(3, 2));
    expect(read("6/4")).toEqual(fraction(3, 2));
    expect(read(2)).toEqual(fraction(2));
    for (const bad of ["1/0", "one and a half", 1.5, "1.23456"])
      expect(refusal(withChargeOrRun(bad))).toMatch(/movement\.chargeOrRun/);
  });

  it("[001 Preliminaries] a player's own Combat Cards replace the reconstruction: another valid file, another hash", () => {
    const own = edited(
      [["version"], "001 with my printed cards"],
      [["classes", "guard", "d10"], 3],
      [["provenance", "classes.guard.d10"], { source: "printed", rule: "Class Mod Table (Combat Card A)" }],
    );
    const r = loadRules(own);
    expect(r.ok && r.value.data.classes.guard.d10).toBe(3);
    expect(r.ok && r.value.hash).not.toBe(defaultRules().hash);
  });
});
