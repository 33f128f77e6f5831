import { basePolygon, convexWithin, TICKS_PER_INCH } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { defaultRules } from "../rules-data/load.js";
import { checkScenario, convexityProblem, type ScenarioCheckOptions } from "./check.js";
import {
  BUILT_IN_SCENARIOS_JSON,
  builtInScenarios,
  parseScenario,
  parseScenarios,
  RANDOM_SCENARIO,
} from "./load.js";
import type { Scenario, ScenarioInput, UnitSetup } from "./schema.js";

const rules = defaultRules().data;
const INCH = TICKS_PER_INCH;

type Doc = { format: string; scenarios: ScenarioInput[] };
type UnitInput = ScenarioInput["forces"]["first"][number];

/** The options a scenario is played with: its forced ones over the rules data's defaults. */
function forced(s: Scenario, over: Partial<ScenarioCheckOptions> = {}): ScenarioCheckOptions {
  return {
    variableQuality: over.variableQuality ?? s.options.variableQuality ?? rules.options.variableQuality,
    acw: over.acw ?? s.options.acw ?? rules.options.acw,
    chargingInfantry: over.chargingInfantry ?? s.options.chargingInfantry ?? rules.options.chargingInfantry,
  };
}

function doc(): Doc {
  return structuredClone(BUILT_IN_SCENARIOS_JSON) as Doc;
}

/** A copy of a built-in scenario's input (inches), to break. */
function input(id: string): ScenarioInput {
  const s = doc().scenarios.find((x) => x.id === id);
  if (!s) throw new Error(`no scenario ${id}`);
  return s;
}

function unit(s: ScenarioInput, id: string): UnitInput {
  const u = [...s.forces.first, ...s.forces.second].find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

function parsed(s: ScenarioInput): Scenario {
  const r = parseScenario(s);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The issues of a (broken) scenario input under its own forced options (and any given). */
function issuesOf(s: ScenarioInput, over: Partial<ScenarioCheckOptions> = {}) {
  const p = parsed(s);
  return checkScenario(p, rules, forced(p, over));
}

function messages(s: ScenarioInput, over: Partial<ScenarioCheckOptions> = {}): string {
  return issuesOf(s, over)
    .map((i) => `${i.path}: ${i.message}`)
    .join("\n");
}

function footprint(u: UnitSetup) {
  const t = rules.unitTypes[u.type];
  return basePolygon({ x: u.x, y: u.y, facing: u.facing }, u.formation === "column" ? t.column : t.base);
}

describe("built-in scenarios (designed: the text has none)", () => {
  const all = builtInScenarios();

  it("ten scenarios load, cached", () => {
    expect(all.map((s) => s.id)).toEqual([
      "fontenoy-redoubt",
      "leuthen-churchyard",
      "minden-heath",
      "brandywine-ford",
      "guilford-fences",
      "arcole-bridge",
      "la-haye-sainte",
      "buena-vista-plateau",
      "antietam-bridge",
      "mcpherson-ridge",
    ]);
    expect(builtInScenarios()).toBe(all);
  });

  it.each(all.map((s) => [s.id, s] as const))(
    "%s is consistent with the rules data under its own options",
    (_, s) => {
      expect(checkScenario(s, rules, forced(s))).toEqual([]);
      const usesQuality = [...s.forces.first, ...s.forces.second].some((u) => u.quality.length > 0);
      if (usesQuality) {
        expect(s.options.variableQuality).toBe("on");
        expect(checkScenario(s, rules, forced(s, { variableQuality: "on" }))).toEqual([]);
      }
    },
  );

  it.each(all.map((s) => [s.id, s] as const))("%s keeps the design brief", (_, s) => {
    expect(s.designed).toBe(true);
    expect(s.name).toMatch(/\(designed\)$/);
    expect(s.period.length).toBeGreaterThan(0);
    expect(s.table.width).toBeGreaterThanOrEqual(48 * INCH);
    expect(s.table.width).toBeLessThanOrEqual(72 * INCH);
    expect(s.table.height).toBeGreaterThanOrEqual(36 * INCH);
    expect(s.table.height).toBeLessThanOrEqual(48 * INCH);
    expect(s.turns).toBeGreaterThanOrEqual(8);
    expect(s.turns).toBeLessThanOrEqual(15);
    for (const side of ["first", "second"] as const) {
      expect(s.forces[side].length).toBeGreaterThanOrEqual(4);
      expect(s.forces[side].length).toBeLessThanOrEqual(10);
    }
    // Each side along its own edge, facing the enemy: south facing north, or west facing east.
    const firstFacing = s.forces.first[0]?.facing;
    expect([0, 9000]).toContain(firstFacing);
    for (const u of s.forces.first) expect(u.facing).toBe(firstFacing);
    for (const u of s.forces.second) expect(u.facing).toBe((firstFacing ?? 0) + 18000);
    // At least 12" between the two sides' closest bases.
    for (const a of s.forces.first)
      for (const b of s.forces.second)
        expect(convexWithin(footprint(a), footprint(b), 12 * INCH - 1), `${a.id} and ${b.id}`).toBe(false);
    // Terrain and objectives.
    expect(s.areas.length).toBeGreaterThan(0);
    expect(s.areas.length + s.linears.length + s.rivers.length + s.roads.length).toBeGreaterThanOrEqual(4);
    expect(s.victory.atEnd.length).toBeGreaterThan(0);
    expect(s.victory.suddenDeath.length).toBeGreaterThan(0);
  });

  it.each(all.map((s) => [s.id, s] as const))(
    "%s: every bridge and ford is wider than any base (Terrain iv; the kernel's crossing spans are whole segments)",
    (_, s) => {
      // A base exactly as wide as a crossing would have to pass it to the tick, square and
      // centred; the designed crossings leave an inch either side of a 6" line.
      let widest = 0;
      for (const t of Object.values(rules.unitTypes))
        for (const size of [t.base, t.column, "skirmish" in t ? t.skirmish : undefined])
          if (size) widest = Math.max(widest, size.frontage);
      for (const r of s.rivers)
        for (const c of r.crossings) {
          const a = r.line[c.segment];
          const b = r.line[c.segment + 1];
          if (!a || !b) throw new Error(`${r.id}: no segment ${c.segment}`);
          const len = Math.sqrt((b.x - a.x) ** 2 + (b.y - a.y) ** 2);
          expect(len, `${r.id} ${c.name}`).toBeGreaterThan(widest);
        }
    },
  );

  it("cover 1740-1865, with the optional rules each at work somewhere", () => {
    const periods = all.map((s) => s.period).join("\n");
    for (const war of [
      /Austrian Succession/,
      /Seven Years' War/,
      /American War of Independence/,
      /French Revolutionary|Napoleonic/,
      /Mexican-American War/,
      /American Civil War/,
    ])
      expect(periods).toMatch(war);
    expect(all.filter((s) => /Napoleonic|French Revolutionary/.test(s.period)).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(all.filter((s) => s.areas.some((a) => a.kind === "hill")).length).toBeGreaterThanOrEqual(8);
    expect(all.filter((s) => s.areas.some((a) => a.kind === "town")).length).toBeGreaterThanOrEqual(6);
    expect(all.some((s) => s.rivers.some((r) => r.crossings.length > 0))).toBe(true);
    expect(all.some((s) => s.roads.length > 0)).toBe(true);
    expect(all.some((s) => s.linears.some((l) => l.kind === "wall"))).toBe(true);
    expect(all.some((s) => s.linears.some((l) => l.kind === "gully"))).toBe(true);

    const acw = all.filter((s) => /American Civil War/.test(s.period));
    expect(acw.length).toBeGreaterThanOrEqual(2);
    for (const s of acw) {
      expect(s.options.acw).toBe("on");
      const infantry = [...s.forces.first, ...s.forces.second].filter((u) => u.type === "infantry");
      expect(infantry.every((u) => u.minie)).toBe(true);
    }
    expect(acw.some((s) => [...s.forces.first, ...s.forces.second].some((u) => u.type === "cavalry"))).toBe(
      true,
    );

    const awi = all.filter((s) => /American War of Independence/.test(s.period));
    expect(
      awi.some((s) => s.options.chargingInfantry === "on" && s.forces.first.some((u) => u.charges)),
    ).toBe(true);
    for (const s of all)
      if ([...s.forces.first, ...s.forces.second].some((u) => u.charges))
        expect(s.options.chargingInfantry).toBe("on");

    expect(all.some((s) => s.options.variableQuality === "on")).toBe(true);
    for (const s of all)
      if ([...s.forces.first, ...s.forces.second].some((u) => u.minie || u.formation === "skirmish"))
        expect(s.options.acw).toBe("on");
  });
});

describe("loading", () => {
  it("the reserved id and duplicate ids are refused", () => {
    const reserved = doc();
    const first = reserved.scenarios[0];
    if (!first) throw new Error("no scenario");
    first.id = RANDOM_SCENARIO;
    const r = parseScenarios(reserved);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error.issues[0]).toEqual({
        path: "scenarios[0].id",
        message: expect.stringMatching(/reserved/),
      });

    const dup = doc();
    const [a, b] = dup.scenarios;
    if (!a || !b) throw new Error("no scenarios");
    b.id = a.id;
    const d = parseScenarios(dup);
    expect(d.ok).toBe(false);
    if (!d.ok) expect(d.error.message).toMatch(/duplicate scenario id fontenoy-redoubt/);
  });

  it("a malformed scenario is an error, never a throw", () => {
    const r = parseScenario({ id: "x" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("data/invalid");
    const s = input("fontenoy-redoubt");
    Object.assign(unit(s, "A-1"), { x: 0.1 });
    const t = parseScenario(s);
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.error.issues[0]?.path).toBe("forces.first[3].x");
    expect(parseScenarios({ format: "tercio/hmnt-scenarios@1", scenarios: [] }).ok).toBe(false);
  });
});

describe("checkScenario: a broken copy of a scenario is refused", () => {
  it("[003 Figures & Basing] a base off the table is refused", () => {
    const s = input("fontenoy-redoubt");
    Object.assign(unit(s, "A-Cav"), { x: 1 });
    expect(issuesOf(s)).toEqual([
      {
        path: "forces.first[0]",
        message: expect.stringMatching(/003 Figures & Basing: A-Cav's base is not on the table/),
      },
    ]);
    Object.assign(unit(s, "A-Cav"), { x: -4 });
    expect(messages(s)).toMatch(/A-Cav's base is not on the table/);
  });

  it("[003 Maneuvering iv] a column stands on its column footprint, a line on its base", () => {
    // F-Gr is a column 3" wide on the dyke road between two other columns; in line (6" wide) it overlaps F-Lan.
    const s = input("arcole-bridge");
    expect(issuesOf(s)).toEqual([]);
    Object.assign(unit(s, "F-Gr"), { formation: "line" });
    expect(messages(s)).toMatch(/003 Interpenetration: no unit may stop upon another; F-Gr overlaps F-Lan/);
  });

  it("[003 Interpenetration] two bases whose interiors overlap are refused, skirmishers too; touching is allowed", () => {
    const s = input("leuthen-churchyard");
    Object.assign(unit(s, "P-2"), { x: 35 });
    expect(messages(s)).toMatch(/P-2 overlaps P-1/);
    const t = input("leuthen-churchyard");
    Object.assign(unit(t, "P-2"), { x: 37 }); // P-1 spans 28-34, P-2 now 34-40: edge to edge
    expect(issuesOf(t)).toEqual([]);
    const k = input("la-haye-sainte");
    Object.assign(unit(k, "A-95"), { x: 38 }); // skirmishers move through units but may not stop upon one
    expect(messages(k)).toMatch(/A-95 overlaps A-KGL/);
  });

  it("[003 Terrain ii] a cavalry base in woods is refused", () => {
    const s = input("fontenoy-redoubt");
    Object.assign(unit(s, "A-Cav"), { x: 14, y: 26 });
    expect(issuesOf(s)).toEqual([
      {
        path: "forces.first[0]",
        message: "003 Terrain ii: Cavalry may not enter Bois de Barry (woods); A-Cav stands in it",
      },
    ]);
  });

  it("[003 Terrain ii] infantry and guns may not enter woods or brush; skirmishers may", () => {
    const s = input("buena-vista-plateau");
    Object.assign(unit(s, "M-Lt"), { type: "infantry" });
    expect(messages(s)).toMatch(/003 Terrain ii: Infantry may not enter Chaparral \(brush\)/);
    Object.assign(unit(s, "M-Lt"), { type: "artillery" });
    expect(messages(s)).toMatch(/003 Terrain ii: Artillery may not enter Chaparral/);
    Object.assign(unit(s, "M-Lt"), { type: "skirmishers" });
    expect(issuesOf(s)).toEqual([]);
  });

  it("[003 Terrain iii] a town admits only Skirmishers and Infantry", () => {
    const s = input("fontenoy-redoubt");
    Object.assign(unit(s, "F-Vil"), { type: "artillery" });
    expect(messages(s)).toMatch(
      /003 Terrain iii: Artillery may not enter Fontenoy \(town\); F-Vil stands in it/,
    );
    Object.assign(unit(s, "F-Vil"), { type: "cavalry" });
    expect(messages(s)).toMatch(/003 Terrain iii: Cavalry may not enter Fontenoy/);
    Object.assign(unit(s, "F-Vil"), { type: "skirmishers" });
    expect(issuesOf(s)).toEqual([]);
  });

  it("[003 Terrain i] hills are open to every type", () => {
    const s = input("leuthen-churchyard");
    Object.assign(unit(s, "P-Art"), { type: "cavalry" });
    expect(issuesOf(s)).toEqual([]);
  });

  it("[003 Terrain iv] lake and marsh are impassable to every type, skirmishers too", () => {
    const s = input("arcole-bridge");
    Object.assign(unit(s, "F-Lt"), { x: 24, y: 32 });
    expect(messages(s)).toMatch(/003 Terrain iv: Northern Marsh is impassable; F-Lt may not stand in it/);
    const t = input("arcole-bridge");
    t.areas.push({
      id: "mere",
      kind: "lake",
      name: "Mere",
      polygon: [
        [14, 32],
        [20, 32],
        [20, 38],
        [14, 38],
      ],
    });
    Object.assign(unit(t, "F-Lt"), { x: 16, y: 35 });
    expect(messages(t)).toMatch(/003 Terrain iv: Mere is impassable/);
  });

  it("[003 Terrain iv] a base across a river is refused except at a bridge or ford", () => {
    const s = input("brandywine-ford");
    // Chadds Ford is segment 1, x 16-24 at y 23: an infantry line centred on it stands on the ford.
    Object.assign(unit(s, "B-5"), { x: 20, y: 23 });
    expect(messages(s)).not.toMatch(/Brandywine Creek/);
    Object.assign(unit(s, "B-5"), { x: 31, y: 23.5 });
    expect(issuesOf(s)).toEqual([
      {
        path: "forces.first[3]",
        message:
          "003 Terrain iv: Brandywine Creek is impassable except at a bridge or ford; B-5 stands across it",
      },
    ]);
    // A line wider than the ford overhangs the next segment.
    Object.assign(unit(s, "B-5"), { x: 18, y: 23 });
    expect(messages(s)).toMatch(/B-5 stands across it/);
    // On the bank, its front edge on the river line, is not across; a tick further is.
    const t = input("arcole-bridge");
    Object.assign(unit(t, "F-Lt"), { x: 32.5, y: 36 }); // facing east: x 31-34, the Alpone at x 34
    expect(issuesOf(t)).toEqual([]);
    Object.assign(unit(t, "F-Lt"), { x: { in: 32, num: 3049, den: 6096 } });
    expect(messages(t)).toMatch(
      /003 Terrain iv: Alpone is impassable except at a bridge or ford; F-Lt stands across it/,
    );
  });

  it("[003 Terrain iv] a crossing names one of its river's segments, at most one a segment", () => {
    const s = input("antietam-bridge");
    const river = s.rivers[0];
    if (!river?.crossings[1]) throw new Error("no crossing");
    river.crossings[1].segment = 5;
    expect(messages(s)).toMatch(
      /rivers\[0\]\.crossings\[1\]\.segment: 003 Terrain iv: Rohrbach Bridge must be one of Antietam Creek's 5 segments/,
    );
    river.crossings[1].segment = 1;
    expect(messages(s)).toMatch(/segment 1 already holds a crossing/);
  });

  it("[003 Terrain iv] a bridge or ford no wider than the widest base is refused (a user's scenario as the designed ones)", () => {
    const s = input("arcole-bridge");
    const river = s.rivers[0];
    if (!river) throw new Error("no river");
    // The bridge is segment 1, (34,16)-(34,24): 6.5" (the ACW skirmish line's frontage) is refused...
    river.line[2] = [34, 22.5];
    expect(messages(s)).toMatch(
      /rivers\[0\]\.crossings\[0\]\.segment: 003 Terrain iv: Arcole Bridge must be wider than the widest base \(6\.5"\)/,
    );
    // ...a tick more is not.
    river.line[2] = [34, { in: 22, num: 3049, den: 6096 }];
    expect(issuesOf(s)).toEqual([]);
  });

  it("[003 Terrain] area pieces are convex polygons of at least 3 distinct points", () => {
    const s = input("fontenoy-redoubt");
    const wood = s.areas[1];
    if (!wood) throw new Error("no wood");
    wood.polygon = [
      [9, 25],
      [19, 25],
      [14, 29],
      [19, 35],
      [9, 35],
    ]; // a notch: concave
    expect(messages(s)).toMatch(/areas\[1\]\.polygon: Bois de Barry must be a convex polygon/);
    wood.polygon = [
      [9, 25],
      [19, 25],
      [19, 25],
      [9, 25],
    ];
    expect(messages(s)).toMatch(/Bois de Barry needs at least 3 distinct points/);
    wood.polygon = [
      [9, 25],
      [14, 25],
      [19, 25],
    ];
    expect(messages(s)).toMatch(/Bois de Barry has no area/);
    // A pentagram turns one way throughout but winds twice.
    expect(
      convexityProblem([
        { x: 0, y: 10 },
        { x: 6, y: -8 },
        { x: -10, y: 3 },
        { x: 10, y: 3 },
        { x: -6, y: -8 },
      ]),
    ).toMatch(/crosses itself/);
    // Straight-on vertices and either orientation are fine.
    expect(
      convexityProblem([
        { x: 0, y: 0 },
        { x: 0, y: 5 },
        { x: 0, y: 10 },
        { x: 10, y: 10 },
        { x: 10, y: 0 },
      ]),
    ).toBeUndefined();
  });

  it('[003 Terrain] area pieces are 6-12" per side or diameter', () => {
    const s = input("leuthen-churchyard");
    const hill = s.areas[1];
    if (!hill) throw new Error("no hill");
    hill.polygon = [
      [52, 7],
      [66, 7],
      [66, 15],
      [52, 15],
    ]; // 14" x 8"
    expect(messages(s)).toMatch(
      /areas\[1\]\.polygon: 003 Terrain: Area pieces are 6-12" per side or diameter \(Butterberg is 14" x 8"\)/,
    );
    hill.polygon = [
      [55, 7],
      [60, 7],
      [60, 15],
      [55, 15],
    ]; // 5" x 8"
    expect(messages(s)).toMatch(/Butterberg is 5" x 8"/);
    hill.polygon = [
      [54, 7],
      [66, 7],
      [66, 13],
      [54, 13],
    ]; // 12" x 6": the limits are inclusive
    expect(issuesOf(s)).toEqual([]);
  });

  it('[003 Terrain iii] a town is a 6x6" area (square, or turned within 12")', () => {
    const s = input("leuthen-churchyard");
    const town = s.areas[0];
    if (!town) throw new Error("no town");
    town.polygon = [
      [34, 35],
      [38, 35],
      [38, 39],
      [34, 39],
    ];
    expect(messages(s)).toMatch(/003 Terrain iii: a Town is a 6x6" Area \(its extent is 4" x 4"/);
    town.polygon = [
      [36, 32.75],
      [40.25, 37],
      [36, 41.25],
      [31.75, 37],
    ]; // a 6" square turned 45 degrees
    expect(messages(s)).not.toMatch(/Terrain iii: a Town/);
  });

  it('[003 Terrain] linear pieces are 1-3" wide and 6-12" long; roads and rivers any length', () => {
    const s = input("la-haye-sainte");
    const lane = s.linears[0];
    if (!lane) throw new Error("no lane");
    lane.width = 4;
    expect(messages(s)).toMatch(
      /linears\[0\]\.width: 003 Terrain: Linear pieces are 1-3" wide \(Ohain Sunken Lane is 4"\)/,
    );
    lane.width = 0.5;
    expect(messages(s)).toMatch(/Ohain Sunken Lane is 0.5"/);
    lane.width = 3;
    lane.line = [
      [44, 36],
      [50, 36],
      [50, 44],
    ]; // 14" with its bend
    expect(messages(s)).toMatch(
      /linears\[0\]\.line: 003 Terrain: Linear pieces are 6-12" long \(Ohain Sunken Lane is 14"\)/,
    );
    lane.line = [
      [44, 36],
      [47, 40],
    ]; // 5"
    expect(messages(s)).toMatch(/Ohain Sunken Lane is 5"/);
    lane.line = [
      [44, 36],
      [50, 36],
      [50, 42],
    ]; // 12"
    lane.width = 1;
    expect(issuesOf(s)).toEqual([]);
    // The Brussels road runs the whole 48" of the table.
    expect(s.roads[0]?.line).toEqual([
      [36, 0],
      [36, 48],
    ]);
  });

  it("terrain lies on the table and its pieces' ids are unique", () => {
    const s = input("minden-heath");
    const road = s.roads[0];
    const hill = s.areas[2];
    if (!road || !hill) throw new Error("no road");
    road.line = [
      [0, 20],
      [80, 28],
    ];
    hill.id = "bastau";
    const m = messages(s);
    expect(m).toMatch(/roads\[0\]\.line: must lie on the table/);
    expect(m).toMatch(/areas\[2\]\.id: duplicate terrain piece id bastau/);
  });

  it("a hold objective names an existing area piece or gives a zone, exactly one of the two", () => {
    const s = input("leuthen-churchyard");
    const h = s.victory.atEnd[0];
    if (!h) throw new Error("no objective");
    h.piece = "lutyn";
    expect(messages(s)).toMatch(/victory\.atEnd\[0\]\.piece: Leuthen: no area piece lutyn/);
    h.piece = "churchyard"; // a linear piece, not an area
    expect(messages(s)).toMatch(/no area piece churchyard/);
    h.piece = "leuthen";
    h.zone = [
      [30, 30],
      [42, 30],
      [42, 42],
    ];
    expect(messages(s)).toMatch(
      /victory\.atEnd\[0\]: Leuthen: name an area piece or give a zone \(exactly one of the two\)/,
    );
    delete h.piece;
    expect(issuesOf(s)).toEqual([]);
    delete h.zone;
    expect(messages(s)).toMatch(/exactly one of the two/);
  });

  it("sudden death: a reach zone is a convex zone on the table, its count within the side's units", () => {
    const s = input("minden-heath");
    const reach = s.victory.suddenDeath[2];
    if (reach?.kind !== "reach") throw new Error("no reach");
    reach.count = 9;
    reach.zone = [
      [16, 42],
      [56, 42],
      [56, 50],
      [16, 50],
    ];
    const m = messages(s);
    expect(m).toMatch(/victory\.suddenDeath\[2\]\.count: The French camp: the first side has only 8 units/);
    expect(m).toMatch(/victory\.suddenDeath\[2\]\.zone: must lie on the table/);
    const destroy = s.victory.suddenDeath[0];
    if (destroy?.kind !== "destroy") throw new Error("no destroy");
    destroy.fraction = { num: 3, den: 2 };
    expect(messages(s)).toMatch(/a fraction of the enemy's units is at most 1/);
  });

  it("unit ids are unique across both sides", () => {
    const s = input("brandywine-ford");
    Object.assign(unit(s, "A-Mil"), { id: "B-4" });
    expect(issuesOf(s)).toEqual([
      { path: "forces.second[0].id", message: "duplicate unit id B-4 (ids are unique across both sides)" },
    ]);
  });

  it("[003 American Civil War modifications 2] skirmish order is for infantry only, in a scenario forcing acw on", () => {
    const s = input("antietam-bridge");
    Object.assign(unit(s, "C-Art"), { formation: "skirmish" });
    expect(messages(s)).toMatch(
      /forces\.second\[3\]\.formation: 003 American Civil War modifications 2: only Infantry may switch to skirmish order \(C-Art is artillery\)/,
    );
    const t = input("fontenoy-redoubt");
    Object.assign(unit(t, "A-Gds"), { formation: "skirmish" });
    expect(messages(t)).toMatch(/skirmish order needs a scenario that forces acw "on" \(A-Gds\)/);
    // An acw game of a scenario that does not force it is still refused: the scenario must say so.
    expect(messages(t, { acw: "on" })).toMatch(/forces acw "on"/);
  });

  it("[003 American Civil War modifications 3] only infantry carry the Minié rifle", () => {
    const s = input("mcpherson-ridge");
    Object.assign(unit(s, "U-Gam"), { minie: true });
    Object.assign(unit(s, "C-Sk"), { minie: true });
    const m = messages(s);
    expect(m).toMatch(
      /forces\.second\[3\]\.minie: 003 American Civil War modifications 3: only Infantry are armed with the Minié rifle \(U-Gam is cavalry\)/,
    );
    expect(m).toMatch(/C-Sk is skirmishers/);
  });

  it("[003 Charging Infantry] only infantry regiments are named to charge", () => {
    const s = input("brandywine-ford");
    Object.assign(unit(s, "B-16"), { charges: true });
    Object.assign(unit(s, "B-Fer"), { charges: true });
    const m = messages(s);
    expect(m).toMatch(
      /forces\.first\[7\]\.charges: 003 Charging Infantry: only infantry regiments are named to charge \(B-16 is cavalry\)/,
    );
    expect(m).toMatch(/B-Fer is skirmishers/);
  });

  it("[003 Variable Quality] each side takes one advantage per disadvantage", () => {
    const s = input("guilford-fences");
    Object.assign(unit(s, "NC-2"), { quality: [] });
    expect(issuesOf(s)).toEqual([
      {
        path: "forces.second",
        message: expect.stringMatching(
          /^003 Variable Quality: "allow one advantage per disadvantage taken"; the second side has 2 advantages \(stubborn, elite\) and 1 disadvantages/,
        ),
      },
    ]);
    // With the option off the qualities are not used, so not judged.
    expect(issuesOf(s, { variableQuality: "off" })).toEqual([]);
  });

  it("[003 Variable Quality] one or two each per force: one of each per six units, rounded up", () => {
    const s = input("guilford-fences");
    // 8 British units: at most 2 of each. Three elite and three militia are too many.
    Object.assign(unit(s, "H-Bos"), { quality: ["militia"] });
    Object.assign(unit(s, "B-33"), { quality: ["elite"] });
    Object.assign(unit(s, "B-Jag"), { quality: ["militia", "stubborn"] });
    expect(messages(s)).toMatch(
      /forces\.first: 003 Variable Quality: "for each army of six Units" at most 1 of each; the first side's 8 units allow 2, it has 3 advantages and 3 disadvantages/,
    );
    Object.assign(unit(s, "B-Jag"), { quality: [] });
    Object.assign(unit(s, "H-Bos"), { quality: [] });
    Object.assign(unit(s, "B-23"), { quality: ["reluctant", "militia"] });
    expect(issuesOf(s)).toEqual([]);
  });

  it("[003 Variable Quality] a unit is not both stubborn and reluctant, nor elite and militia", () => {
    const s = input("guilford-fences");
    Object.assign(unit(s, "B-Gds"), { quality: ["stubborn", "reluctant"] });
    Object.assign(unit(s, "B-23"), { quality: ["elite", "militia"] });
    const m = messages(s, { variableQuality: "off" });
    expect(m).toMatch(
      /forces\.first\[1\]\.quality: 003 Variable Quality: B-Gds may not be both Stubborn \(18\+\) and Reluctant \(12\+\)/,
    );
    expect(m).toMatch(
      /forces\.first\[3\]\.quality: 003 Variable Quality: B-23 may not be both Elite \(\+1\) and Militia \(-1\)/,
    );
  });
});
