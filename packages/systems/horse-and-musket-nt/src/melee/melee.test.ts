import { describe, expect, it } from "vitest";
import type { ContactState, Position } from "../position.js";
import { DEFAULT_RULES_JSON, loadRules } from "../rules-data/load.js";
import {
  eventsOf,
  inch,
  play,
  rolled,
  type TestTable,
  type TestUnit,
  table,
  withUnits,
} from "../test-support/table.js";

/**
 * 2) Melee, resolved as the Actions phase ends. The target B stands at
 * (36, 20) facing south (its front edge along y = 18.5, its left side along
 * x = 39); chargers are placed in contact and the contact recorded, as a
 * charge leaves them (the charge itself is tested under Charging).
 */
const TARGET: TestUnit = { id: "B", side: "second", type: "infantry", x: 36, y: 20, facing: 18000 };
/** Cavalry at B's front: facing north, its front edge on B's. */
const FRONT: TestUnit = { id: "A", type: "cavalry", x: 36, y: 17.5 };
/** Cavalry at B's left (east) side, facing west. */
const LEFT: TestUnit = { id: "A2", type: "cavalry", x: 40, y: 20, facing: 27000 };

function melee(
  units: TestUnit[],
  contacts: ContactState[],
  dice: number[],
  extra: Partial<TestTable> = {},
  change?: (p: Position) => Position,
) {
  const { ctx, position } = table({ ...extra, units });
  const charged: Position = {
    ...withUnits(
      position,
      Object.fromEntries(contacts.map((c) => [c.attacker, { acted: "charged" as const }])),
    ),
    contacts,
  };
  const start = change ? change(charged) : charged;
  const step = play(ctx, start, { type: "end-phase" }, dice);
  return { ...step, ctx, melee: eventsOf(step.events, "melee") };
}

const atFront: ContactState = { attacker: "A", defender: "B", side: "front" };
const atLeft: ContactState = { attacker: "A2", defender: "B", side: "left" };

describe("[003 Melee] only chargers inflict hits: Dx + 2, then the charger stays or falls back", () => {
  it("[003 Melee] roll 1Dx + 2: the hits on the target, none on the charger", () => {
    const m = melee([FRONT, TARGET], [atFront], [3, 4]);
    expect(m.melee).toEqual([
      {
        type: "melee",
        unit: "A",
        target: "B",
        side: "front",
        roll: 3,
        hits: 5,
        steps: [
          { rule: "2", text: "roll 1Dx: 3", num: 3, den: 1 },
          { rule: "2", text: "+2", num: 5, den: 1 },
        ],
      },
    ]);
    expect(m.position.units.B?.hits).toBe(5);
    expect(m.position.units.A?.hits).toBe(0);
    expect(m.position.contacts).toEqual([]);
  });

  it("[003 Melee] the target not removed: the charger falls back a fresh Dx, straight back, facing kept", () => {
    const m = melee([FRONT, TARGET], [atFront], [3, 4]);
    const dice = eventsOf(m.events, "die-rolled").map((d) => [d.purpose, d.value]);
    expect(dice).toEqual([
      ["melee", 3],
      ["fall-back", 4],
    ]);
    expect(eventsOf(m.events, "fell-back")).toEqual([
      { type: "fell-back", unit: "A", x: inch(36), y: inch(13.5), facing: 0, distance: inch(4) },
    ]);
  });

  it("[003 Melee] a target at 15 hits is removed; the charger remains in place, rolling no fall back", () => {
    const m = melee([FRONT, TARGET], [atFront], [3], {}, (p) => withUnits(p, { B: { hits: 10 } }));
    expect(eventsOf(m.events, "removed")).toEqual([{ type: "removed", unit: "B", hits: 15 }]);
    expect(eventsOf(m.events, "stood")).toEqual([{ type: "stood", unit: "A", target: "B" }]);
    expect(eventsOf(m.events, "fell-back")).toEqual([]);
    expect(m.position.units.A).toMatchObject({ x: inch(36), y: inch(17.5) });
    expect(m.position.removed).toEqual(["B"]);
  });

  it("[003 Melee] a charge played, then the Melee as Actions end", () => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "cavalry", x: 36, y: 10 },
        { id: "B", side: "second", type: "infantry", x: 36, y: 18, facing: 18000 },
      ],
    });
    const charged = play(ctx, rolled(position, "A", 1), { type: "charge", unit: "A", target: "B" });
    expect(charged.position.contacts).toEqual([{ attacker: "A", defender: "B", side: "front" }]);
    const { events, position: after } = play(ctx, charged.position, { type: "end-phase" }, [6, 2]);
    expect(eventsOf(events, "melee").map((e) => e.hits)).toEqual([8]);
    expect(after.units.B?.hits).toBe(8);
    expect(eventsOf(events, "fell-back")[0]?.distance).toBe(inch(2));
  });

  it("[003 Melee] several chargers on one target: each rolls and each falls back its own Dx", () => {
    const m = melee([FRONT, LEFT, TARGET], [atFront, atLeft], [1, 2, 3, 5]);
    // A: 1 + 2 = 3 in front; A2: (2 + 2) x 2 on the left side = 8.
    expect(m.melee.map((e) => [e.unit, e.side, e.hits])).toEqual([
      ["A", "front", 3],
      ["A2", "left", 8],
    ]);
    expect(m.position.units.B?.hits).toBe(11);
    expect(eventsOf(m.events, "fell-back").map((e) => [e.unit, e.distance])).toEqual([
      ["A", inch(3)],
      ["A2", inch(5)],
    ]);
    // A2 faced west: straight back is east.
    expect(m.position.units.A2).toMatchObject({ x: inch(45), y: inch(20), facing: 27000 });
  });

  it("[003 Melee] a target removed by an earlier contact leaves its other chargers standing, unrolled", () => {
    const m = melee([FRONT, LEFT, TARGET], [atFront, atLeft], [6], {}, (p) =>
      withUnits(p, { B: { hits: 7 } }),
    );
    expect(m.melee.map((e) => e.unit)).toEqual(["A"]);
    expect(eventsOf(m.events, "stood").map((e) => e.unit)).toEqual(["A", "A2"]);
    expect(eventsOf(m.events, "die-rolled")).toHaveLength(1);
  });

  it("[003 Melee] a fall back stops short of a unit behind the charger", () => {
    const behind: TestUnit = { id: "C", type: "infantry", x: 36, y: 13 };
    const m = melee([FRONT, TARGET, behind], [atFront], [1, 6]);
    // C's front edge is at y = 14.5, A's rear at 16.5: 2" of room.
    const back = eventsOf(m.events, "fell-back")[0];
    expect(back).toMatchObject({ unit: "A", blockedBy: "C" });
    expect(back?.distance).toBeLessThanOrEqual(inch(2));
    expect(back?.distance).toBeGreaterThan(inch(2) - 2);
  });
});

describe("[003 Melee i] terrain: a defender uphill, or defending woods, river bank, gully or wall, halves", () => {
  const hill = {
    id: "hill",
    kind: "hill" as const,
    name: "Hill 1",
    polygon: [
      [30, 19],
      [42, 19],
      [42, 27],
      [30, 27],
    ] as [number, number][],
  };

  it("[003 Melee i] the defender uphill of the charger: halve, 5 is 2 1/2, rounded up 3", () => {
    const m = melee([FRONT, TARGET], [atFront], [3, 1], { areas: [hill] });
    expect(m.melee[0]?.steps.map((s) => s.rule)).toEqual(["2", "2", "2 i"]);
    expect(m.melee[0]?.hits).toBe(3);
  });

  it("[003 Melee i] a charger on the same hill: no halving", () => {
    const higher = {
      ...hill,
      polygon: [
        [30, 15],
        [42, 15],
        [42, 23],
        [30, 23],
      ] as [number, number][],
    };
    const m = melee([FRONT, TARGET], [atFront], [3, 1], { areas: [higher] });
    expect(m.melee[0]?.hits).toBe(5);
  });

  it("[003 Melee i] a charger on another hill is as high: no halving (hills have one level)", () => {
    const other = {
      ...hill,
      id: "hill-2",
      name: "Hill 2",
      polygon: [
        [30, 8],
        [42, 8],
        [42, 18],
        [30, 18],
      ] as [number, number][],
    };
    const m = melee([FRONT, TARGET], [atFront], [3, 1], { areas: [hill, other] });
    expect(m.melee[0]?.hits).toBe(5);
  });

  it("[003 Melee i] skirmishers defending woods (entirely inside): halve", () => {
    const woods = {
      ...hill,
      kind: "woods" as const,
      name: "Wood",
      polygon: [
        [30, 18],
        [42, 18],
        [42, 26],
        [30, 26],
      ] as [number, number][],
    };
    const m = melee([FRONT, { ...TARGET, type: "skirmishers" }], [atFront], [4, 1], { areas: [woods] });
    expect(m.melee[0]?.steps.at(-1)).toMatchObject({ rule: "2 i", text: "defending Wood: halve Hits" });
    expect(m.melee[0]?.hits).toBe(3);
  });

  it("[003 Melee i] as printed, brush does not halve melee hits (it halves fire)", () => {
    const brush = {
      ...hill,
      kind: "brush" as const,
      name: "Scrub",
      polygon: [
        [30, 18],
        [42, 18],
        [42, 26],
        [30, 26],
      ] as [number, number][],
    };
    const m = melee([FRONT, { ...TARGET, type: "skirmishers" }], [atFront], [4, 1], { areas: [brush] });
    expect(m.melee[0]?.hits).toBe(6);
  });

  it("[003 Melee i] behind a wall, charged in front: halve; charged in the flank: no halving", () => {
    const wall = {
      id: "wall",
      kind: "wall" as const,
      name: "Wall",
      line: [
        [30, 18.5],
        [42, 18.5],
      ] as [number, number][],
      width: 1,
    };
    const front = melee([{ ...FRONT, y: 17 }, TARGET], [atFront], [4, 1], { linears: [wall] });
    expect(front.melee[0]?.steps.map((s) => s.rule)).toEqual(["2", "2", "2 i"]);
    expect(front.melee[0]?.hits).toBe(3);
    const flank = melee([LEFT, TARGET], [atLeft], [4, 1], { linears: [wall] });
    expect(flank.melee[0]?.steps.map((s) => s.rule)).toEqual(["2", "2", "2 iii"]);
    expect(flank.melee[0]?.hits).toBe(12);
  });

  it("[003 Melee i] a gully and a river bank halve as a wall does", () => {
    for (const kind of ["gully", "riverbank"] as const) {
      const piece = {
        id: "edge",
        kind,
        name: "Edge",
        line: [
          [30, 18.5],
          [42, 18.5],
        ] as [number, number][],
        width: 1,
      };
      const m = melee([{ ...FRONT, y: 17 }, TARGET], [atFront], [4, 1], { linears: [piece] });
      expect(m.melee[0]?.hits).toBe(3);
    }
  });
});

describe("[003 Melee ii] type: Cavalry targets halve, Gun targets double", () => {
  it("[003 Melee ii] a Cavalry target halves: 3 + 2 is 2 1/2, rounded up 3", () => {
    const m = melee([FRONT, { ...TARGET, type: "cavalry", y: 19.5 }], [atFront], [3, 1]);
    expect(m.melee[0]?.steps.at(-1)).toMatchObject({ rule: "2 ii", num: 5, den: 2 });
    expect(m.melee[0]?.hits).toBe(3);
  });

  it("[003 Melee ii] a Gun target doubles: (3 + 2) x 2 = 10", () => {
    const m = melee([FRONT, { ...TARGET, type: "artillery", y: 19.5 }], [atFront], [3, 1]);
    expect(m.melee[0]?.hits).toBe(10);
  });
});

describe("[003 Melee iii] side: Cavalry double on the left, right or rear side", () => {
  it("[003 Melee iii] on the left side: (3 + 2) x 2", () => {
    const m = melee([LEFT, TARGET], [atLeft], [3, 1]);
    expect(m.melee[0]?.steps.at(-1)).toMatchObject({
      rule: "2 iii",
      text: "charging the left Side: double Hits",
    });
    expect(m.melee[0]?.hits).toBe(10);
  });

  it("[003 Melee iii] at the rear: (1 + 2) x 2", () => {
    const rear: TestUnit = { id: "A3", type: "cavalry", x: 36, y: 22.5, facing: 18000 };
    const m = melee([rear, TARGET], [{ attacker: "A3", defender: "B", side: "rear" }], [1, 1]);
    expect(m.melee[0]?.hits).toBe(6);
  });

  it("[003 Melee iii] [003 Melee ii] a gun's flank: doubled for the gun and for the side, x 4", () => {
    const gun: TestUnit = { ...TARGET, type: "artillery", y: 20 };
    const flank: TestUnit = { ...LEFT, x: 39 };
    const m = melee([flank, gun], [{ attacker: "A2", defender: "B", side: "left" }], [2, 1]);
    expect(m.melee[0]?.hits).toBe(16);
  });
});

describe("[003 Melee iv] the benefit is capped at a quarter", () => {
  const hill = {
    id: "hill",
    kind: "hill" as const,
    name: "Hill 1",
    polygon: [
      [30, 19],
      [42, 19],
      [42, 27],
      [30, 27],
    ] as [number, number][],
  };

  it("[003 Melee iv] [003 Melee i] [003 Melee ii] Cavalry uphill: a quarter, 6 + 2 is 2", () => {
    const m = melee([FRONT, { ...TARGET, type: "cavalry", y: 19.5 }], [atFront], [6, 1], { areas: [hill] });
    expect(m.melee[0]?.steps.map((s) => s.rule)).toEqual(["2", "2", "2 i", "2 ii"]);
    expect(m.melee[0]?.hits).toBe(2);
  });

  it("[003 Melee iv] with rules data halving to a third, two halvings are held at a quarter", () => {
    const json = structuredClone(DEFAULT_RULES_JSON) as { melee: { halve: { num: number; den: number } } };
    json.melee.halve = { num: 1, den: 3 };
    const loaded = loadRules(json);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const m = melee([FRONT, { ...TARGET, type: "cavalry", y: 19.5 }], [atFront], [6, 1], {
      areas: [hill],
      rules: loaded.value,
    });
    expect(m.melee[0]?.steps.at(-1)).toMatchObject({ rule: "2 iv", num: 2, den: 1 });
    expect(m.melee[0]?.hits).toBe(2);
  });
});
