import { seedPrng } from "@tercio/core";
import { TICKS_PER_INCH } from "@tercio/geometry";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultRules } from "../rules-data/load.js";
import { pluckyPikesSystem } from "../system.js";
import { type Armies, BUILT_IN_ARMIES_JSON, builtInArmies, parseArmies } from "./armies.js";
import { checkScenario } from "./check.js";
import malformedArmiesJson from "./fixtures/malformed-armies.json" with { type: "json" };
import { randomScenario } from "./random.js";

const rules = defaultRules();
const INCH = TICKS_PER_INCH;

/** A copy of the built-in army lists to change. */
function armiesJson(): { format: string; periods: Record<string, unknown>[] } {
  return structuredClone(BUILT_IN_ARMIES_JSON) as { format: string; periods: Record<string, unknown>[] };
}

function loaded(json: unknown): Armies {
  const r = parseArmies(json);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the random table: deterministic", () => {
  it("[001 Victory Points] the same seed and size give a byte-identical scenario; another seed another", () => {
    const a = JSON.stringify(randomScenario(17, 9, rules));
    const b = JSON.stringify(randomScenario(17, 9, rules));
    expect(a).toBe(b);
    expect(JSON.stringify(randomScenario(18, 9, rules))).not.toBe(a);
  });

  // The clock is the lint's to keep out (biome denies the global Date in this package).
  it("[001 Preliminaries] no Math.random: the generator draws only from its seed", () => {
    const before = JSON.stringify(randomScenario(5, 12, rules));
    vi.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("Math.random used");
    });
    expect(JSON.stringify(randomScenario(5, 12, rules))).toBe(before);
  });

  it("[001 Victory Points] seeds 1-200 at every size from 2 to 16 units a side pass checkScenario, with the units asked for", () => {
    const periods = new Set<string>();
    for (let seed = 1; seed <= 200; seed++)
      for (let units = 2; units <= 16; units++) {
        const s = randomScenario(seed, units, rules);
        expect(checkScenario(s, rules), `seed ${seed}, ${units} units`).toEqual([]);
        expect(s.forces.first.units).toHaveLength(units);
        expect(s.forces.second.units).toHaveLength(units);
        expect(s.table.width).toBeLessThanOrEqual(72 * INCH);
        expect(s.table.height).toBeLessThanOrEqual(48 * INCH);
        periods.add(s.period);
      }
    // Every period of the army lists comes up.
    expect(periods).toEqual(new Set(builtInArmies().periods.map((p) => p.name)));
  }, 120_000);

  it("[001 The Game Turn] a size outside 2-16 units a side is refused", () => {
    expect(() => randomScenario(1, 1, rules)).toThrow(/2-16 units a side/);
    expect(() => randomScenario(1, 17, rules)).toThrow(/2-16 units a side/);
  });
});

describe("the random table: what it draws", () => {
  const sample = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((seed) =>
    [3, 8, 16].map((units) => randomScenario(seed, units, rules)),
  );

  it("[001 Introduction] a period of 1450-1660 and a year within its range, its armies named by the lists", () => {
    const lists = builtInArmies().periods;
    for (const s of sample) {
      const period = lists.find((p) => p.name === s.period);
      expect(period, s.period).toBeDefined();
      if (!period) continue;
      expect(s.year).toBeGreaterThanOrEqual(period.years[0]);
      expect(s.year).toBeLessThanOrEqual(period.years[1]);
      expect(s.forces.first.name).toBe(period.first.name);
      expect(s.forces.second.name).toBe(period.second.name);
      expect(s.noQuarter).toBe(period.noQuarter);
      const names = (list: typeof period.first) => list.units.map((t) => t.name);
      for (const u of s.forces.first.units)
        expect(names(period.first)).toContain(u.name.replace(/ \(\d+\)$/, ""));
      for (const u of s.forces.second.units)
        expect(names(period.second)).toContain(u.name.replace(/ \(\d+\)$/, ""));
      expect(s.designed).toBe(true);
      expect(s.turns).toBeGreaterThanOrEqual(6);
      expect(s.turns).toBeLessThanOrEqual(12);
    }
  });

  it("[001 Fatigue & Pursuit] the religious wars' tables are fought without quarter", () => {
    const noQuarter = builtInArmies().periods.filter((p) => p.noQuarter);
    expect(noQuarter.map((p) => p.id)).toEqual(expect.arrayContaining(["dutch-revolt", "wars-of-religion"]));
  });

  it("[001 Movement] each side in its own band along its edge facing the enemy, the units clear of each other", () => {
    for (const s of sample) {
      const southMost = Math.max(...s.forces.first.units.map((u) => u.y));
      const northLeast = Math.min(...s.forces.second.units.map((u) => u.y));
      expect(southMost).toBeLessThan(northLeast - 12 * INCH);
      for (const u of s.forces.first.units) expect(u.facing).toBe(0);
      for (const u of s.forces.second.units) expect(u.facing).toBe(18000);
    }
  });

  it("[001 Victory Points] two or three objectives of 1-4 points, in the middle between the armies", () => {
    for (const s of sample) {
      expect(s.objectives.length).toBeGreaterThanOrEqual(2);
      expect(s.objectives.length).toBeLessThanOrEqual(3);
      const southMost = Math.max(...s.forces.first.units.map((u) => u.y));
      const northLeast = Math.min(...s.forces.second.units.map((u) => u.y));
      for (const o of s.objectives) {
        expect(o.points).toBeGreaterThanOrEqual(1);
        expect(o.points).toBeLessThanOrEqual(4);
        expect(o.y).toBeGreaterThan(southMost);
        expect(o.y).toBeLessThan(northLeast);
      }
    }
  });

  it("[001 Leadership] a commanding general a side and a general for every 5-8 units, each unit naming his", () => {
    for (const s of sample)
      for (const side of ["first", "second"] as const) {
        const { units, officers } = s.forces[side];
        expect(officers.filter((o) => o.rank === "commanding-general")).toHaveLength(1);
        const generals = officers.filter((o) => o.rank === "general");
        expect(generals).toHaveLength(Math.max(1, Math.ceil(units.length / 8)));
        for (const g of generals)
          expect(units.filter((u) => u.general === g.id).length).toBeLessThanOrEqual(8);
        for (const u of units) expect(generals.map((g) => g.id)).toContain(u.general);
        // A corps of 5 or more has its staff officer (Leadership: "a general and a staff officer").
        if (units.length >= 5) expect(officers.some((o) => o.rank === "staff")).toBe(true);
      }
  });

  it("[001 Cover and Armor] the terrain lies between the armies: buildings of the Buildings Chart, hills with contours", () => {
    const kinds = new Set<string>();
    for (const s of sample) {
      for (const a of s.areas) {
        kinds.add(a.kind);
        if (a.kind === "building") expect(Object.keys(rules.data.buildings)).toContain(a.building);
        if (a.kind === "hill") expect(a.level).toBeGreaterThanOrEqual(1);
      }
      for (const l of s.linears) kinds.add(l.kind);
    }
    expect(kinds).toEqual(
      new Set(["hill", "light-woods", "heavy-woods", "building", "hedge", "wall", "stream"]),
    );
  });

  it("[001 The Game Turn] a random table is a scenario the system plays: setup, context and a game to its result", () => {
    const setup = pluckyPikesSystem.parseSetup({ scenario: "random", options: { units: 4, tableSeed: 11 } });
    if (!setup.ok) throw new Error(setup.error.message);
    const ctx = pluckyPikesSystem.context(setup.value);
    if (!ctx.ok) throw new Error(ctx.error.message);
    expect(JSON.stringify(ctx.value.scenario)).toBe(JSON.stringify(randomScenario(11, 4, rules)));
    const opened = pluckyPikesSystem.open(ctx.value, setup.value, seedPrng(11));
    if (!opened.ok) throw new Error(opened.error.message);
    let p = opened.value.position;
    let s = 11;
    const rnd = (n: number) => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return s % n;
    };
    for (let steps = 0; !pluckyPikesSystem.result(p) && steps < 3000; steps++) {
      const acts = pluckyPikesSystem.legalActions(ctx.value, p);
      const others = acts.filter((a) => a.type !== "end-phase");
      const a = others.length > 0 && rnd(4) !== 0 ? others[rnd(others.length)] : acts[rnd(acts.length)];
      if (!a) break;
      const r = pluckyPikesSystem.apply(ctx.value, p, a);
      if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.error.message}`);
      p = r.value.position;
    }
    expect(pluckyPikesSystem.result(p)).not.toBeNull();
  }, 60_000);
});

describe("the army lists (plucky-pikes.armies.json, tercio/ppss-armies@1)", () => {
  it("[001 Introduction] the built-in lists validate: periods of 1450-1660, two armies each", () => {
    const r = parseArmies(BUILT_IN_ARMIES_JSON);
    expect(r.ok).toBe(true);
    const a = builtInArmies();
    expect(a.periods.length).toBeGreaterThanOrEqual(6);
    for (const p of a.periods) {
      expect(p.years[0]).toBeGreaterThanOrEqual(1450);
      expect(p.years[1]).toBeLessThanOrEqual(1660);
    }
    const names = a.periods.map((p) => p.name);
    for (const war of [
      "Italian Wars",
      "Dutch Revolt (Eighty Years' War)",
      "Thirty Years' War",
      "English Civil War",
    ])
      expect(names).toContain(war);
  });

  it("[001 Artillery] a battery's strength in the lists is its points on the Attack Values: falcon 6 to cannon 15", () => {
    for (const p of builtInArmies().periods)
      for (const t of [...p.first.units, ...p.second.units])
        if (t.arm === "guns")
          expect(t.strength, `${p.id} ${t.name}`).toBe(rules.data.attackValues.guns[t.gun ?? "falcon"]);
  });

  it("[001 Firearms] the Swedes of the Thirty Years' War fire their salvoes and stand in brigades", () => {
    const tyw = builtInArmies().periods.find((p) => p.id === "thirty-years-war");
    expect(tyw?.first.units.some((t) => t.swedish)).toBe(true);
    expect(tyw?.first.units.some((t) => t.brigade)).toBe(true);
  });

  it("[001 Preliminaries] a malformed file is refused, each fault named by its path", () => {
    const r = parseArmies(malformedArmiesJson);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toMatch(/^invalid army lists:/);
    const text = r.error.issues.map((i) => `${i.path}: ${i.message}`).join("\n");
    expect(text).toMatch(/periods\[0\]\.years: the first year comes before the last/);
    expect(text).toMatch(/periods\[0\]\.first\.units\[1\]\.formation: horse do not stand in pike order/);
    expect(text).toMatch(/periods\[0\]\.first\.units\[2\]\.gun: guns name their type/);
    expect(text).toMatch(/periods\[0\]\.first\.units\[2\]\.strength: a battery's points divide by 3/);
    expect(text).toMatch(/periods\[0\]\.second\.units\[0\]\.weight/);
  });

  it("[001 Preliminaries] the wrong format, a period named twice, a list that cannot give 16 units: refused", () => {
    const wrongFormat = armiesJson();
    wrongFormat.format = "tercio/ppss-armies@2";
    expect(parseArmies(wrongFormat).ok).toBe(false);

    const twice = armiesJson();
    twice.periods.push(structuredClone(twice.periods[0] as Record<string, unknown>));
    const r = parseArmies(twice);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/is used twice/);

    const capped = armiesJson();
    const period = capped.periods[0] as { first: { units: { max?: number }[] } };
    for (const t of period.first.units) t.max = 1;
    const c = parseArmies(capped);
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.error.message).toMatch(/must give 16 units/);
  });

  it("[001 Preliminaries] units are drawn by weight, and a type stops at its max", () => {
    const json = armiesJson();
    const p = json.periods[0] as Record<string, unknown>;
    p.first = {
      name: "Weighted",
      units: [
        {
          name: "Common pikes",
          weight: 3,
          arm: "foot",
          class: "recruit",
          strength: 24,
          formation: "pike",
          melee: "pike",
        },
        {
          name: "Rare shot",
          weight: 1,
          arm: "foot",
          class: "veteran",
          strength: 12,
          formation: "open",
          melee: "shot",
          missile: "arquebus",
        },
        {
          name: "One gun",
          weight: 50,
          max: 1,
          arm: "guns",
          class: "veteran",
          strength: 9,
          formation: "unlimbered",
          gun: "saker",
        },
      ],
    };
    json.periods = [p];
    const armies = loaded(json);
    const counts: Record<string, number> = {};
    for (let seed = 1; seed <= 60; seed++) {
      const s = randomScenario(seed, 10, rules, armies);
      const guns = s.forces.first.units.filter((u) => u.arm === "guns");
      // Weight 50 of 54: the gun is nearly always drawn, and never twice.
      expect(guns.length).toBeLessThanOrEqual(1);
      for (const u of s.forces.first.units) {
        const name = u.name.replace(/ \(\d+\)$/, "");
        counts[name] = (counts[name] ?? 0) + 1;
      }
    }
    expect(counts["One gun"]).toBeGreaterThan(50);
    // The rest 3 to 1: about 405 and 135 of some 540.
    expect(counts["Common pikes"]).toBeGreaterThan(350);
    expect(counts["Rare shot"]).toBeGreaterThan(90);
    expect(counts["Rare shot"]).toBeLessThan(190);
  });

  it("[001 Formations] every unit type of the lists deploys: sixteen of it a side fit the table", () => {
    for (const p of builtInArmies().periods)
      for (const t of [...p.first.units, ...p.second.units]) {
        const { max: _max, ...open } = t;
        const army = { name: "One type", units: [open] };
        const one = loaded({
          format: "tercio/ppss-armies@1",
          periods: [{ ...p, first: army, second: army }],
        });
        const s = randomScenario(1, 16, rules, one);
        expect(checkScenario(s, rules), `${p.id} ${t.name}`).toEqual([]);
      }
  });
});
