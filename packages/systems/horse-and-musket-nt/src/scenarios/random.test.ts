import { describe, expect, it } from "vitest";
import { RULE_INDEX } from "../rule-index.js";
import { DEFAULT_RULES_JSON, defaultRules, loadRules } from "../rules-data/load.js";
import { randomScenario } from "./random.js";

/**
 * The army composition chart, which the text names ("if you are rolling up
 * your armies") and never gives: designed, a d6 a unit, 1-3 Infantry (a 3
 * an Infantry regiment given the task of assaulting, so that charging
 * infantry appear exactly as often as Cavalry, as Charging Infantry asks),
 * 4 Skirmishers, 5 Cavalry, 6 Artillery. The random table rolls its armies
 * on it.
 */
type Chart = { faces: number[]; type: string; charges?: boolean }[];

describe("[003 Army composition chart] a d6 a unit: 1-3 Infantry (3 assaulting), 4 Skirmishers, 5 Cavalry, 6 Artillery", () => {
  it("[003 Army composition chart] the rules data's chart, each face once", () => {
    const chart = defaultRules().data.armyComposition;
    const byFace = Object.fromEntries(
      chart.flatMap((row) => row.faces.map((f) => [f, `${row.type}${row.charges ? " (charges)" : ""}`])),
    );
    expect(byFace).toEqual({
      1: "infantry",
      2: "infantry",
      3: "infantry (charges)",
      4: "skirmishers",
      5: "cavalry",
      6: "artillery",
    });
  });

  it("[003 Army composition chart] designed: flagged in the rules data's designed and in the rule index", () => {
    expect(defaultRules().data.designed.map((d) => d.path)).toContain("armyComposition");
    expect(RULE_INDEX.find((e) => e.tag === "Army composition chart")?.designed).toBe(true);
  });

  it("[003 Army composition chart] a chart missing a face, or giving one twice, is refused", () => {
    const json = structuredClone(DEFAULT_RULES_JSON) as { armyComposition: Chart };
    json.armyComposition[0] = { faces: [1], type: "infantry" };
    const missing = loadRules(json);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error.message).toMatch(/each face of the d6 exactly once/);
    json.armyComposition[0] = { faces: [1, 2, 3], type: "infantry" };
    expect(loadRules(json).ok).toBe(false);
  });

  it("[003 Army composition chart] the random table rolls its armies on the chart", () => {
    // A chart of nothing but Cavalry gives nothing but Cavalry.
    const json = structuredClone(DEFAULT_RULES_JSON) as { armyComposition: Chart };
    json.armyComposition = [{ faces: [1, 2, 3, 4, 5, 6], type: "cavalry" }];
    const loaded = loadRules(json);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const s = randomScenario(3, { units: 8 }, loaded.value);
    const all = [...s.forces.first, ...s.forces.second];
    expect(all).toHaveLength(16);
    expect(new Set(all.map((u) => u.type))).toEqual(new Set(["cavalry"]));
  });

  it("[003 Army composition chart] over many tables: each face a sixth, charging infantry as often as Cavalry", () => {
    const counts: Record<string, number> = {};
    let total = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const s = randomScenario(seed, { units: 12 });
      for (const u of [...s.forces.first, ...s.forces.second]) {
        const key = u.charges ? "assaulting" : u.type;
        counts[key] = (counts[key] ?? 0) + 1;
        total++;
        // Only infantry are given the task of assaulting.
        if (u.charges) expect(u.type).toBe("infantry");
      }
    }
    expect(total).toBe(1200);
    // Each face about 200 times in 1200 rolls; Infantry (two faces) about 400.
    for (const key of ["assaulting", "skirmishers", "cavalry", "artillery"]) {
      expect(counts[key]).toBeGreaterThan(150);
      expect(counts[key]).toBeLessThan(250);
    }
    expect(counts.infantry).toBeGreaterThan(330);
    expect(counts.infantry).toBeLessThan(470);
  });
});
