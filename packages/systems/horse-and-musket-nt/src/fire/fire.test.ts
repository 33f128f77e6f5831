import { describe, expect, it } from "vitest";
import type { Position } from "../position.js";
import { DEFAULT_RULES_JSON, loadRules } from "../rules-data/load.js";
import { eventsOf, play, refusal, type TestTable, table, withUnits } from "../test-support/table.js";
import type { UnitType } from "../vocabulary.js";

/**
 * 1.1 Fire, the modifier sequence i-vi through apply. The shooter A stands
 * at (36, 10) facing north (an infantry front centre at (36, 11.5)); the
 * target B is placed for each rule. Every shot is at effective range unless
 * the test says point blank.
 */
function shot(
  shooter: UnitType,
  target: { type: UnitType; x?: number; y: number; facing?: number; formation?: "line" | "column" },
  dice: number[],
  extra: Partial<TestTable> = {},
  change?: (p: Position) => Position,
) {
  const { ctx, position } = table({
    ...extra,
    units: [
      { id: "A", type: shooter, x: 36, y: 10 },
      { id: "B", side: "second", x: 36, facing: 18000, ...target },
      ...(extra.units ?? []),
    ],
  });
  const start = change ? change(position) : position;
  const step = play(ctx, start, { type: "fire", unit: "A" }, dice);
  const fired = eventsOf(step.events, "fired")[0];
  if (!fired) throw new Error("no shot");
  return { ...step, fired, rules: fired.steps.map((s) => s.rule) };
}

describe("[003 Fire] a unit fires: Dx hits, rounded up, removed at 15", () => {
  it("[003 Fire] [003 Fire B] roll Dx: the number of hits against the target", () => {
    const s = shot("infantry", { type: "infantry", y: 19 }, [4]);
    expect(s.fired).toMatchObject({ target: "B", roll: 4, hits: 4, band: "effective" });
    expect(s.position.units.B?.hits).toBe(4);
    expect(s.position.units.A?.acted).toBe("fired");
  });

  it("[003 Fire] a unit at 15 hits is removed at once, in the same action", () => {
    const s = shot("infantry", { type: "infantry", y: 19 }, [3], {}, (p) =>
      withUnits(p, { B: { hits: 12 } }),
    );
    expect(eventsOf(s.events, "removed")).toEqual([{ type: "removed", unit: "B", hits: 15 }]);
    expect(s.position.units.B).toBeUndefined();
    expect(s.position.removed).toEqual(["B"]);
  });

  it("[003 Fire] 14 hits is not yet removed", () => {
    const s = shot("infantry", { type: "infantry", y: 19 }, [2], {}, (p) =>
      withUnits(p, { B: { hits: 12 } }),
    );
    expect(eventsOf(s.events, "removed")).toEqual([]);
    expect(s.position.units.B?.hits).toBe(14);
  });

  it("[003 Fire] cavalry do not fire", () => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "cavalry", x: 36, y: 10 },
        { id: "B", side: "second", type: "infantry", x: 36, y: 19, facing: 18000 },
      ],
    });
    expect(refusal(ctx, position, { type: "fire", unit: "A" }, [4]).code).toBe("fire/cannot-fire");
  });
});

describe("[003 Fire i] adding: +2 at a Foot unit's flank or rear, or at Cavalry", () => {
  it("[003 Fire i] at Cavalry, even in front", () => {
    const s = shot("infantry", { type: "cavalry", y: 19 }, [3]);
    expect(s.fired).toMatchObject({ side: "front", hits: 5 });
    expect(s.rules).toEqual(["1.1 B", "1.1 i"]);
  });

  it("[003 Fire i] at a Foot unit's flank: the target facing east shows its right side", () => {
    const s = shot("infantry", { type: "infantry", y: 20, facing: 9000 }, [3]);
    expect(s.fired).toMatchObject({ side: "right", hits: 5, band: "effective" });
  });

  it("[003 Fire i] at a Foot unit's rear", () => {
    const s = shot("infantry", { type: "skirmishers", y: 19, facing: 0 }, [4]);
    // 4 + 2 at the rear, then halved against Skirmishers (iv): 3.
    expect(s.fired).toMatchObject({ side: "rear", hits: 3 });
    expect(s.rules).toEqual(["1.1 B", "1.1 i", "1.1 iv"]);
  });

  it("[003 Fire i] not at a gun's flank: Artillery are not Foot", () => {
    const s = shot("infantry", { type: "artillery", y: 20, facing: 9000 }, [3]);
    expect(s.fired).toMatchObject({ side: "right", hits: 3 });
    expect(s.rules).toEqual(["1.1 B"]);
  });
});

describe("[003 Fire ii] subtracting: Skirmishers and Artillery subtract 2", () => {
  it("[003 Fire ii] skirmishers subtract 2", () => {
    expect(shot("skirmishers", { type: "infantry", y: 19 }, [5]).fired.hits).toBe(3);
  });

  it("[003 Fire ii] artillery subtract 2", () => {
    const s = shot("artillery", { type: "infantry", y: 30 }, [5]);
    expect(s.fired).toMatchObject({ hits: 3, band: "effective" });
  });

  it("[003 Fire ii] never below 0: a gun rolling 1 does nothing", () => {
    const s = shot("artillery", { type: "infantry", y: 30 }, [1]);
    expect(s.fired.steps.map((x) => x.num)).toEqual([1, 0]);
    expect(s.position.units.B?.hits).toBe(0);
  });

  it("[003 Fire i] [003 Fire ii] in order: a gun's 1 at Cavalry is 1 + 2 - 2 = 1", () => {
    const s = shot("artillery", { type: "cavalry", y: 30 }, [1]);
    expect(s.fired.steps.map((x) => [x.rule, x.num])).toEqual([
      ["1.1 B", 1],
      ["1.1 i", 3],
      ["1.1 ii", 1],
    ]);
    expect(s.fired.hits).toBe(1);
  });
});

describe("[003 Fire iii] doubling at point blank", () => {
  it("[003 Fire iii] infantry at 3 inches double", () => {
    const s = shot("infantry", { type: "infantry", y: 16 }, [3]);
    expect(s.fired).toMatchObject({ band: "point-blank", hits: 6 });
  });

  it("[003 Fire iii] [003 Fire ii] guns at point blank subtract, then double: (5 - 2) x 2", () => {
    const s = shot("artillery", { type: "infantry", y: 16 }, [5]);
    expect(s.fired.steps.map((x) => [x.rule, x.num])).toEqual([
      ["1.1 B", 5],
      ["1.1 ii", 3],
      ["1.1 iii", 6],
    ]);
  });
});

describe("[003 Fire iv] halving against Skirmishers, at every range", () => {
  it("[003 Fire iv] [003 Fire] at effective range: 3 is 1 1/2, rounded up 2", () => {
    const s = shot("infantry", { type: "skirmishers", y: 19 }, [3]);
    expect(s.fired.steps.at(-1)).toMatchObject({ rule: "1.1 iv", num: 3, den: 2 });
    expect(s.fired.hits).toBe(2);
  });

  it("[003 Fire iv] at point blank: 5 doubled and halved is 5", () => {
    const s = shot("infantry", { type: "skirmishers", y: 16 }, [5]);
    expect(s.fired).toMatchObject({ band: "point-blank", hits: 5 });
    expect(s.rules).toEqual(["1.1 B", "1.1 iii", "1.1 iv"]);
  });
});

describe("[003 Fire v] terrain: within woods, brush or towns, or behind walls, halve", () => {
  const woods = {
    id: "wood",
    kind: "woods" as const,
    name: "Copse",
    polygon: [
      [30, 16],
      [42, 16],
      [42, 24],
      [30, 24],
    ] as [number, number][],
  };

  it("[003 Fire v] [003 Fire iv] skirmishers entirely within woods: halved twice, 6 is 1 1/2, rounded up 2", () => {
    const s = shot("infantry", { type: "skirmishers", y: 18 }, [6], { areas: [woods] });
    expect(s.rules).toEqual(["1.1 B", "1.1 iv", "1.1 v"]);
    expect(s.fired.hits).toBe(2);
  });

  it("[003 Fire v] skirmishers only partly within the wood are not halved by it", () => {
    const s = shot("infantry", { type: "skirmishers", y: 17.25 }, [6], { areas: [woods] });
    expect(s.rules).toEqual(["1.1 B", "1.1 iv"]);
    expect(s.fired.hits).toBe(3);
  });

  it("[003 Fire v] brush halves as woods do", () => {
    const brush = { ...woods, kind: "brush" as const, name: "Scrub" };
    const s = shot("infantry", { type: "skirmishers", y: 18 }, [4], { areas: [brush] });
    expect(s.rules).toEqual(["1.1 B", "1.1 iv", "1.1 v"]);
    expect(s.fired.hits).toBe(1);
  });

  it("[003 Fire v] infantry behind a wall in full edge contact, shot in front: halved", () => {
    // The wall along y = 17.5, 1" wide: B's front edge (y = 17.5) lies along it.
    const wall = {
      id: "wall",
      kind: "wall" as const,
      name: "Stone Wall",
      line: [
        [30, 17.5],
        [42, 17.5],
      ] as [number, number][],
      width: 1,
    };
    const s = shot("infantry", { type: "infantry", y: 19 }, [5], { linears: [wall] });
    expect(s.rules).toEqual(["1.1 B", "1.1 v"]);
    expect(s.fired.hits).toBe(3);
  });

  it("[003 Fire v] the unit holding a town is halved; it holds it from the start, deployed within", () => {
    const town = {
      id: "town",
      kind: "town" as const,
      name: "Hougoumont",
      polygon: [
        [33, 17],
        [39, 17],
        [39, 23],
        [33, 23],
      ] as [number, number][],
    };
    // The infantry's 6" x 3" base fits the 6" square town.
    const s = shot("infantry", { type: "infantry", y: 20 }, [5], { areas: [town] });
    expect(s.position.units.B?.holds).toBe("town");
    expect(s.rules).toEqual(["1.1 B", "1.1 v"]);
    expect(s.fired.hits).toBe(3);
  });
});

describe("[003 Fire v] marsh: impassable (Terrain iv), yet listed as cover", () => {
  it("[003 Fire v] a unit within marsh, where a rules-data file lets it stand, is halved by it", () => {
    const json = structuredClone(DEFAULT_RULES_JSON) as { unitTypes: { skirmishers: { enters: string[] } } };
    json.unitTypes.skirmishers.enters.push("marsh");
    const loaded = loadRules(json);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const marsh = {
      id: "fen",
      kind: "marsh" as const,
      name: "Fen",
      polygon: [
        [30, 16],
        [42, 16],
        [42, 24],
        [30, 24],
      ] as [number, number][],
    };
    const s = shot("infantry", { type: "skirmishers", y: 18 }, [6], { areas: [marsh], rules: loaded.value });
    expect(s.rules).toEqual(["1.1 B", "1.1 iv", "1.1 v"]);
    expect(s.fired.hits).toBe(2);
  });
});

describe("[003 Fire vi] the benefit is capped at a quarter", () => {
  it("[003 Fire vi] [003 Fire iv] [003 Fire v] [003 American Civil War modifications 3] three halvings give a quarter: 6 is 2", () => {
    // A Minié rifle at long range (12"), at skirmishers within a wood: halved three times, capped at 1/4.
    const woods = {
      id: "wood",
      kind: "woods" as const,
      name: "West Woods",
      polygon: [
        [30, 23],
        [42, 23],
        [42, 31],
        [30, 31],
      ] as [number, number][],
    };
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10, minie: true },
        { id: "B", side: "second", type: "skirmishers", x: 36, y: 25, facing: 18000 },
      ],
      areas: [woods],
      options: { acw: "on" },
    });
    const fired = eventsOf(play(ctx, position, { type: "fire", unit: "A" }, [6]).events, "fired")[0];
    expect(fired?.band).toBe("long");
    expect(fired?.steps.map((s) => [s.rule, `${s.num}/${s.den}`])).toEqual([
      ["1.1 B", "6/1"],
      ["ACW 3", "3/1"],
      ["1.1 iv", "3/2"],
      ["1.1 v", "3/4"],
      ["1.1 vi", "3/2"],
    ]);
    expect(fired?.hits).toBe(2);
  });
});
