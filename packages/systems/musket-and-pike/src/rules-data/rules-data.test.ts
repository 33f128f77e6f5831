import { describe, expect, it } from "vitest";
import { DIE_ROLLS, ODDS, TERRAINS, UNIT_TYPES } from "../vocabulary.js";
import { DEFAULT_RULES_JSON, defaultRules, loadRules, parseRulesData } from "./load.js";
import { combatResult, fireStrengthAtRange, halfCostToEnter, PROHIBITED } from "./rules-context.js";

const rules = defaultRules();
const data = rules.data;
const clone = (): Record<string, unknown> => JSON.parse(JSON.stringify(DEFAULT_RULES_JSON));

describe("unit types", () => {
  it("[3.33] keeps the printed values of the eight summarised unit types", () => {
    const printed = {
      MP: [2, false, 3],
      PP: [4, false, 3],
      EP: [6, false, 3],
      MM: [1, true, 3],
      PM: [1, true, 4],
      LC: [2, false, 10],
      HC: [5, false, 6],
      SC: [8, false, 8],
    } as const;
    for (const [type, [melee, paren, move]] of Object.entries(printed)) {
      const u = data.unitTypes[type as keyof typeof printed];
      expect([u.melee, u.meleeParenthesised, u.movement], type).toEqual([melee, paren, move]);
      expect(u.reconstructed, type).toEqual([]);
    }
    expect([data.unitTypes.MM.fire, data.unitTypes.MM.range]).toEqual([4, 4]);
    expect([data.unitTypes.PM.fire, data.unitTypes.PM.range]).toEqual([8, 5]);
  });

  it("[3.32] keeps the sample fire counter MA 18-8-(1)-5", () => {
    const ma = data.unitTypes.MA;
    expect([ma.fire, ma.range, ma.melee, ma.meleeParenthesised, ma.movement]).toEqual([18, 8, 1, true, 5]);
  });

  it("[1.0] has five infantry, five cavalry and four artillery types", () => {
    const count = (c: string) => UNIT_TYPES.filter((t) => data.unitTypes[t].class === c).length;
    expect([count("infantry"), count("cavalry"), count("artillery")]).toEqual([5, 5, 4]);
  });

  it("[5.4] reconstructs one artillery type with no Movement Allowance, and flags every reconstruction", () => {
    expect(UNIT_TYPES.filter((t) => data.unitTypes[t].movement === 0)).toEqual(["EA"]);
    for (const t of ["LA", "HA", "EA"] as const) {
      expect(data.unitTypes[t].reconstructed).toEqual(expect.arrayContaining(["fire", "range", "movement"]));
    }
    for (const t of ["RC", "DR"] as const) {
      expect(data.unitTypes[t].reconstructed).toEqual(expect.arrayContaining(["melee", "movement"]));
    }
  });
});

describe("Range Effects Chart", () => {
  it("[7.4] keeps the printed rows for muskets, reiters and dragoons", () => {
    const at = (t: (typeof UNIT_TYPES)[number]) => [1, 3, 5, 11].map((r) => fireStrengthAtRange(rules, t, r));
    expect(at("MM")).toEqual([4, 2, null, null]);
    expect(at("PM")).toEqual([8, 4, 4, null]);
    expect(at("RC")).toEqual([3, null, null, null]);
    expect(at("DR")).toEqual([2, 1, null, null]);
  });

  it("[7.4] artillery reaches up to 15 hexes and never grows stronger with range", () => {
    expect(fireStrengthAtRange(rules, "EA", 15)).not.toBeNull();
    expect(fireStrengthAtRange(rules, "EA", 16)).toBeNull();
    expect(fireStrengthAtRange(rules, "MA", 8)).not.toBeNull();
    expect(fireStrengthAtRange(rules, "MA", 9)).toBeNull();
    for (const t of UNIT_TYPES) {
      const u = data.unitTypes[t];
      if (u.range === null) {
        expect(fireStrengthAtRange(rules, t, 1)).toBeNull();
        continue;
      }
      let last = Number.POSITIVE_INFINITY;
      for (let r = 1; r <= u.range; r++) {
        const s = fireStrengthAtRange(rules, t, r);
        expect(s, `${t} at ${r}`).not.toBeNull();
        expect(s ?? 0).toBeLessThanOrEqual(last);
        last = s ?? 0;
      }
    }
  });
});

describe("Terrain Effects Chart", () => {
  it("[9.0] keeps the printed rows", () => {
    const row = (t: (typeof TERRAINS)[number]) => {
      const d = data.terrain[t];
      return [
        d.movement.infantry,
        d.movement.cavalry,
        d.movement.artillery,
        d.fireProtection,
        d.meleeDefenceDoubled,
      ];
    };
    expect(row("clear")).toEqual([1, 1, 1, 3, false]);
    expect(row("village")).toEqual([1, 1, 1, 6, true]);
    expect(row("ploughed")).toEqual([1, 4, 4, 4, false]);
    expect(data.terrain.ploughed.cavalryAttackHalved).toBe(true);
    expect(row("woods")).toEqual([1, 3, "prohibited", 6, true]);
    expect(row("stream")).toEqual([2, 2, 2, 4, false]);
    expect([data.road.movement, data.road.fireProtection]).toEqual([0.5, 2]);
  });

  it("[13.0D] a bridge costs 3 MP when not entered by road; [16.13] the sea defends as clear", () => {
    expect(data.terrain.bridge.movement).toEqual({ infantry: 3, cavalry: 3, artillery: 3 });
    expect(data.terrain.sea.fireProtection).toBe(data.terrain.clear.fireProtection);
    expect(halfCostToEnter(rules, "sea", "infantry")).toBe(PROHIBITED);
  });

  it("[7.3G] woods, villages and hilltops block; slopes and hilltops stand above the ground", () => {
    const blocking = TERRAINS.filter((t) => data.terrain[t].blocksLineOfSight);
    expect(blocking.sort()).toEqual(["hilltop", "village", "woods"]);
    expect(data.terrain.slope.elevation).toBe("slope");
    expect(data.terrain.hilltop.elevation).toBe("hilltop");
    expect(data.terrain.slope.reconstructed.length).toBeGreaterThan(0);
    expect(data.terrain.hilltop.reconstructed.length).toBeGreaterThan(0);
  });

  it("[9.0] costs compile to half Movement Points", () => {
    expect(halfCostToEnter(rules, "clear", "infantry")).toBe(2);
    expect(halfCostToEnter(rules, "ploughed", "cavalry")).toBe(8);
    expect(halfCostToEnter(rules, "woods", "artillery")).toBe(PROHIBITED);
    expect(rules.roadHalfCost).toBe(1);
  });
});

describe("Combat Results Tables", () => {
  it("[8.0] keeps every printed cell (rows 1 and 2; the 0 row is dropped by the errata)", () => {
    expect(data.crt.melee.rows["1"]).toEqual(["-", "-", "-", "-", "-", "-", "-", "-"]);
    expect(data.crt.melee.rows["2"].slice(0, 4)).toEqual(["-", "-", "-", "-"]);
    expect(data.crt.fire.rows["1"]).toEqual(["-", "-", "-", "-", "-", "D", "D", "D"]);
    expect(data.crt.fire.rows["2"].slice(0, 4)).toEqual(["-", "-", "-", "-"]);
    for (const t of ["melee", "fire"] as const) {
      expect(data.crt[t].printed["1"]).toEqual(Array(8).fill(true));
      expect(data.crt[t].printed["2"]).toEqual([true, true, true, true, false, false, false, false]);
      for (const d of [3, 4, 5, 6, 7] as const)
        expect(data.crt[t].printed[`${d}`]).toEqual(Array(8).fill(false));
    }
  });

  it("[8.0] results never weaken as the odds or the die roll rise, and reach E1 and E2", () => {
    const rank = { "-": 0, D: 1, E1: 2, E2: 3 } as const;
    for (const t of ["melee", "fire"] as const) {
      for (const d of DIE_ROLLS) {
        ODDS.forEach((o, i) => {
          const here = rank[combatResult(rules, t, o, d)];
          const right = ODDS[i + 1];
          if (right) expect(rank[combatResult(rules, t, right, d)]).toBeGreaterThanOrEqual(here);
          if (d < 7)
            expect(rank[combatResult(rules, t, o, (d + 1) as typeof d)]).toBeGreaterThanOrEqual(here);
        });
      }
      expect(combatResult(rules, t, "5-1", 7)).toBe("E2");
      expect(combatResult(rules, t, "1-4", 1)).toBe("-");
    }
  });
});

describe("loading a user's rules-data file", () => {
  it("accepts the built-in data and reports its version and hash", () => {
    const r = loadRules(clone());
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.hash).toBe(rules.hash);
  });

  it("a changed value changes the hash", () => {
    const c = clone() as { unitTypes: { RC: { movement: number } } };
    c.unitTypes.RC.movement = 8;
    const r = loadRules(c);
    expect(r.ok && r.value.hash !== rules.hash).toBe(true);
  });

  it("names the field of a malformed value", () => {
    const c = clone() as { unitTypes: { RC: { movement: unknown } } };
    c.unitTypes.RC.movement = "six";
    const r = parseRulesData(c);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.issues.map((i) => i.path)).toContain("unitTypes.RC.movement");
      expect(r.error.message).toMatch(/unitTypes\.RC\.movement/);
    }
  });

  it("names a missing unit type, a bad CRT cell and an unknown field", () => {
    const c = clone() as {
      unitTypes: Record<string, unknown>;
      crt: { fire: { rows: Record<string, string[]> } };
      extra?: number;
    };
    delete c.unitTypes.HA;
    (c.crt.fire.rows["3"] as string[])[2] = "X";
    c.extra = 1;
    const r = parseRulesData(c);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const paths = r.error.issues.map((i) => i.path);
      expect(paths).toContain("unitTypes.HA");
      expect(paths).toContain("crt.fire.rows.3[2]");
      expect(r.error.message).toMatch(/extra/);
    }
  });

  it("[7.4] rejects a chart row that contradicts the Range Allowance", () => {
    const c = clone() as { rangeChart: { rows: { MM: { strengths: (number | null)[] } } } };
    c.rangeChart.rows.MM.strengths = [4, 2, 1, null];
    const r = parseRulesData(c);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.issues[0]?.path).toBe("rangeChart.rows.MM.strengths[2]");
  });
});
