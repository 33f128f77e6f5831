import { describe, expect, it } from "vitest";
import { defaultRules } from "../rules-data/load.js";
import { horseAndMusket } from "../system.js";
import { scenarioIssues } from "./check.js";
import { BUILT_IN_SCENARIOS_JSON, builtInScenarios, parseScenarios } from "./load.js";
import { randomScenario } from "./random.js";
import type { ScenarioInput } from "./schema.js";

const rules = defaultRules();
const copy = () => JSON.parse(JSON.stringify(BUILT_IN_SCENARIOS_JSON)) as { scenarios: ScenarioInput[] };

describe("scenarios (designed: the text has none)", () => {
  it("eight built-in scenarios, each consistent with the rules data", () => {
    const ids = builtInScenarios().map((s) => s.id);
    expect(ids).toEqual([
      "pitched-battle",
      "river-crossing",
      "town-to-hold",
      "flank-march",
      "rearguard",
      "meeting-engagement",
      "hill-to-take",
      "squares-against-cavalry",
    ]);
    for (const s of builtInScenarios()) expect(scenarioIssues(rules, s, rules.data.readings)).toEqual([]);
    expect(builtInScenarios().find((s) => s.id === "squares-against-cavalry")?.options.squares).toBe("on");
  });

  it("[004 Square Formation] a scenario forces its options on", () => {
    const setup = horseAndMusket.parseSetup({
      scenario: "squares-against-cavalry",
      options: { squares: "off" },
    });
    expect(setup.ok && setup.value.options.squares).toBe("on");
  });

  it('[004 Unit Types] frontages outside 4-6" (2-3" for artillery) are refused', () => {
    const s = builtInScenarios()[0];
    if (!s) throw new Error("no scenario");
    const wide = {
      ...s,
      forces: {
        ...s.forces,
        first: s.forces.first.map((u, i) => (i === 1 ? { ...u, frontage: 6 * 6096 + 2 } : u)),
      },
    };
    expect(scenarioIssues(rules, wide, rules.data.readings)[0]?.message).toMatch(/004 Unit Types/);
    const gun = s.forces.first.findIndex((u) => u.type === "artillery");
    const bigGun = {
      ...s,
      forces: {
        ...s.forces,
        first: s.forces.first.map((u, i) => (i === gun ? { ...u, frontage: 3.5 * 6096 } : u)),
      },
    };
    expect(scenarioIssues(rules, bigGun, rules.data.readings).map((i) => i.path)).toContain(
      `forces.first[${gun}].frontage`,
    );
  });

  it("a unit placed in woods, out of its zone or on another unit is refused", () => {
    const data = copy();
    const unit = data.scenarios[0]?.forces.first[1];
    if (!unit) throw new Error("no unit");
    Object.assign(unit, { x: 8, y: 24 });
    const parsed = parseScenarios(data);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const issues = scenarioIssues(rules, parsed.value[0] as never, rules.data.readings).map((i) => i.message);
    expect(issues.join("\n")).toMatch(/not inside its deployment zone/);
    expect(issues.join("\n")).toMatch(/004 Movement: Woods/);
  });

  it("a random table is deterministic, validated, and differs with the seed", () => {
    const a = randomScenario(42, { units: 8 });
    expect(randomScenario(42, { units: 8 })).toEqual(a);
    expect(randomScenario(43, { units: 8 })).not.toEqual(a);
    for (let seed = 0; seed < 40; seed++)
      for (const units of [2, 5, 12]) {
        const s = randomScenario(seed, { units });
        expect(s.forces.first).toHaveLength(units);
        expect(scenarioIssues(rules, s, rules.data.readings)).toEqual([]);
      }
  });
});
