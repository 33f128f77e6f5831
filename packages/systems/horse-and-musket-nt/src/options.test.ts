import { describe, expect, it } from "vitest";
import { hitsByFace, planShot } from "./fire/fire.js";
import { exactJudge } from "./grey-areas.js";
import { legalActions } from "./legal.js";
import { allowanceOf } from "./movement/check-move.js";
import type { Position } from "./position.js";
import {
  eventsOf,
  inch,
  play,
  refusal,
  type TestTable,
  type TestUnit,
  table,
  withUnits,
} from "./test-support/table.js";

/**
 * The optional rules: Variable Quality, Ammunition Supply and the American
 * Civil War modifications 1, 3, 4, 6 and 7 (2 and 5, formations and
 * dismounted cavalry's moves, are tested with movement). The shooter A
 * stands at (36, 10) facing north (an infantry front centre at (36, 11.5));
 * B faces it, 6" away unless the test says otherwise.
 */
const A: TestUnit = { id: "A", type: "infantry", x: 36, y: 10 };
const B: TestUnit = { id: "B", side: "second", type: "infantry", x: 36, y: 19, facing: 18000 };

function fire(
  units: TestUnit[],
  dice: number[],
  extra: Partial<TestTable> = {},
  change?: (p: Position) => Position,
) {
  const { ctx, position } = table({ ...extra, units });
  const start = change ? change(position) : position;
  const step = play(ctx, start, { type: "fire", unit: "A" }, dice);
  return { ...step, ctx, fired: eventsOf(step.events, "fired")[0] };
}

const VQ = { options: { variableQuality: "on" as const } };

describe("[003 Variable Quality] stubborn 18, reluctant 12, elite +1, militia -1", () => {
  it("[003 Variable Quality] a Stubborn unit is removed at 18 hits, not 15", () => {
    const stubborn = { ...B, quality: ["stubborn" as const] };
    const hold = fire([A, stubborn], [3], VQ, (p) => withUnits(p, { B: { hits: 14 } }));
    expect(hold.position.units.B?.hits).toBe(17);
    const gone = fire([A, stubborn], [4], VQ, (p) => withUnits(p, { B: { hits: 14 } }));
    expect(eventsOf(gone.events, "removed")).toEqual([{ type: "removed", unit: "B", hits: 18 }]);
  });

  it("[003 Variable Quality] a Reluctant unit is removed at 12 hits", () => {
    const reluctant = { ...B, quality: ["reluctant" as const] };
    const gone = fire([A, reluctant], [1], VQ, (p) => withUnits(p, { B: { hits: 11 } }));
    expect(eventsOf(gone.events, "removed")).toEqual([{ type: "removed", unit: "B", hits: 12 }]);
  });

  it("[003 Variable Quality] with the option off, qualities are not used", () => {
    const reluctant = { ...B, quality: ["reluctant" as const] };
    const kept = fire([A, reluctant], [1], {}, (p) => withUnits(p, { B: { hits: 11 } }));
    expect(kept.position.units.B?.hits).toBe(12);
    const elite = fire([{ ...A, quality: ["elite"] }, B], [3]);
    expect(elite.fired?.hits).toBe(3);
  });

  it("[003 Variable Quality] Elite: +1 to the fire die, logged with the die", () => {
    const s = fire([{ ...A, quality: ["elite"] }, B], [3], VQ);
    expect(s.fired?.steps[0]).toEqual({ rule: "1.1 B", text: "roll Dx: 3, +1 for quality", num: 4, den: 1 });
    expect(s.fired?.hits).toBe(4);
    expect(eventsOf(s.events, "die-rolled")[0]).toMatchObject({ purpose: "fire", value: 3, modifier: 1 });
  });

  it("[003 Variable Quality] Militia: -1 to the fire die, never below 0", () => {
    expect(fire([{ ...A, quality: ["militia"] }, B], [3], VQ).fired?.hits).toBe(2);
    const one = fire([{ ...A, quality: ["militia"] }, B], [1], VQ);
    expect(one.fired?.steps[0]).toMatchObject({ num: 0 });
    expect(one.fired?.hits).toBe(0);
  });

  it("[003 Variable Quality] Elite and Militia modify the move's Dx", () => {
    for (const [quality, by] of [
      ["elite", 1],
      ["militia", -1],
    ] as const) {
      const { ctx, position } = table({ ...VQ, units: [{ ...A, quality: [quality] }, B] });
      const { events, position: p } = play(ctx, position, { type: "roll-move", unit: "A" }, [3]);
      expect(eventsOf(events, "die-rolled")[0]).toMatchObject({ value: 3, modifier: by });
      const u = p.units.A;
      if (!u) throw new Error("A");
      // 1.2 i: 1Dx + 2" Bonus.
      expect(allowanceOf(ctx, "A", u, true)).toBe(inch(3 + by + 2));
    }
  });

  it("[003 Variable Quality] Elite and Militia modify the melee die and the fall back's", () => {
    const units: TestUnit[] = [
      { id: "A", type: "cavalry", x: 36, y: 17.5, quality: ["elite"] },
      { id: "B", side: "second", type: "infantry", x: 36, y: 20, facing: 18000 },
    ];
    const { ctx, position } = table({ ...VQ, units });
    const charged: Position = {
      ...withUnits(position, { A: { acted: "charged" } }),
      contacts: [{ attacker: "A", defender: "B", side: "front" }],
    };
    const { events } = play(ctx, charged, { type: "end-phase" }, [3, 2]);
    expect(eventsOf(events, "melee")[0]?.hits).toBe(6);
    expect(eventsOf(events, "fell-back")[0]?.distance).toBe(inch(3));
    expect(eventsOf(events, "die-rolled").map((d) => d.modifier)).toEqual([1, 1]);
  });

  it("[003 Variable Quality] Elite and Militia modify the rally die", () => {
    for (const [quality, left] of [
      ["elite", 2],
      ["militia", 3],
    ] as const) {
      const { ctx, position } = table({
        ...VQ,
        units: [
          { ...A, quality: [quality] },
          { ...B, y: 40 },
        ],
      });
      const rallies: Position = { ...withUnits(position, { A: { hits: 4 } }), phase: "rallies" };
      // A 3: Elite 4, half is 2; Militia 2, half is 1.
      const { events } = play(ctx, rallies, { type: "rally", unit: "A" }, [3]);
      expect(eventsOf(events, "rallied")[0]?.hits).toBe(left);
      expect(eventsOf(events, "die-rolled")[0]?.modifier).toBe(quality === "elite" ? 1 : -1);
    }
  });

  it("[003 Variable Quality] the players' roll-offs are not modified: the die is the players', not a unit's", () => {
    // Exactly 4": A (Elite) rolls 3 against 4 and loses; +1 would have tied.
    const s = fire(
      [
        { ...A, quality: ["elite"] },
        { ...B, y: 17 },
      ],
      [3, 4, 3],
      VQ,
    );
    expect(eventsOf(s.events, "roll-off")[0]).toMatchObject({ rounds: [[3, 4]], winner: "second" });
  });
});

describe("[003 Ammunition Supply] a natural top face: no fire until a rally", () => {
  const AMMO = { options: { ammunition: "on" as const } };

  it("[003 Ammunition Supply] on the d6 a natural 6 empties the cartridge boxes (after the shot's hits)", () => {
    const s = fire([A, B], [6], AMMO);
    expect(s.fired?.hits).toBe(6);
    expect(eventsOf(s.events, "out-of-ammunition")).toEqual([{ type: "out-of-ammunition", unit: "A" }]);
    expect(s.position.units.A?.outOfAmmunition).toBe(true);
    expect(fire([A, B], [5], AMMO).position.units.A?.outOfAmmunition).toBe(false);
  });

  it("[003 Ammunition Supply] on the average die a natural 5", () => {
    const avg = { options: { ammunition: "on" as const, dice: "average" as const } };
    expect(fire([A, B], [5], avg).position.units.A?.outOfAmmunition).toBe(true);
    expect(fire([A, B], [4], avg).position.units.A?.outOfAmmunition).toBe(false);
  });

  it("[003 Ammunition Supply] natural: an Elite 5 is 6 hits, not the last volley; an Elite 6 is", () => {
    const both = { options: { ammunition: "on" as const, variableQuality: "on" as const } };
    const elite = { ...A, quality: ["elite" as const] };
    const five = fire([elite, B], [5], both);
    expect(five.fired?.hits).toBe(6);
    expect(five.position.units.A?.outOfAmmunition).toBe(false);
    expect(fire([elite, B], [6], both).position.units.A?.outOfAmmunition).toBe(true);
  });

  it("[003 Ammunition Supply] without the option, a 6 is only a 6", () => {
    const s = fire([A, B], [6]);
    expect(eventsOf(s.events, "out-of-ammunition")).toEqual([]);
    expect(s.position.units.A?.outOfAmmunition).toBe(false);
  });

  it("[003 Ammunition Supply] [003 Routs and Rallies] it may not fire until it performs a Rally, which replenishes it", () => {
    const { ctx, position } = table({ ...AMMO, units: [A, B] });
    const empty = withUnits(position, { A: { outOfAmmunition: true } });
    expect(refusal(ctx, empty, { type: "fire", unit: "A" }, [3])).toMatchObject({
      code: "fire/no-ammunition",
      rule: "Ammunition Supply",
    });
    expect(legalActions(ctx, empty)).not.toContainEqual({ type: "fire", unit: "A" });
    // It may still move.
    expect(legalActions(ctx, empty)).toContainEqual({ type: "roll-move", unit: "A" });
    // Its own Routs and Rallies: a unit with no hits rallies for its ammunition alone.
    const rallies: Position = { ...withUnits(empty, { B: { y: inch(40) } }), phase: "rallies" };
    const { events, position: after } = play(ctx, rallies, { type: "rally", unit: "A" }, [2]);
    expect(eventsOf(events, "rallied")[0]).toMatchObject({ hits: 0, replenished: true });
    expect(after.units.A?.outOfAmmunition).toBe(false);
  });
});

describe("003 American Civil War modifications 1, 3, 4, 6, 7: fire", () => {
  const ACW = { options: { acw: "on" as const } };

  it("[003 American Civil War modifications 1] close-order infantry act as Infantry: every face hits as without", () => {
    // (Cavalry are not among the targets: under ACW 5 they are Skirmishers.)
    for (const target of [B, { ...B, facing: 9000, y: 20 }, { ...B, type: "artillery" as const, y: 18.5 }]) {
      const hits = (extra: Partial<TestTable>) => {
        const { ctx, position } = table({ ...extra, units: [A, target] });
        const plan = planShot(ctx, position, "A", undefined, exactJudge);
        if (!plan.ok || !plan.value) throw new Error("no shot");
        return hitsByFace(ctx, plan.value).map((f) => f.hits);
      };
      expect(hits(ACW)).toEqual(hits({}));
    }
  });

  it("[003 American Civil War modifications 3] a Minié rifle reaches 16 inches at half hits", () => {
    const far = { ...B, y: 10 + 1.5 + 12 + 1.5 };
    const s = fire([{ ...A, minie: true }, far], [5], ACW);
    expect(s.fired).toMatchObject({ band: "long", hits: 3 });
    expect(s.fired?.steps.map((x) => x.rule)).toEqual(["1.1 B", "ACW 3"]);
    // A musket does not reach 12"; nor a Minié without the ACW modifications.
    const { ctx, position } = table({ ...ACW, units: [A, far] });
    expect(refusal(ctx, position, { type: "fire", unit: "A" }, [5]).code).toBe("fire/no-target");
    const off = table({ units: [{ ...A, minie: true }, far] });
    expect(refusal(off.ctx, off.position, { type: "fire", unit: "A" }, [5]).code).toBe("fire/no-target");
  });

  it("[003 American Civil War modifications 3] exactly 16 inches is long range; a tick more is out", () => {
    const exact = { options: { acw: "on" as const, greyAreas: "exact" as const } };
    const at16 = { ...B, y: 10 + 1.5 + 16 + 1.5 };
    expect(fire([{ ...A, minie: true }, at16], [4], exact).fired).toMatchObject({ band: "long", hits: 2 });
    const { ctx, position } = table({ ...exact, units: [{ ...A, minie: true }, at16] });
    const past = withUnits(position, { B: { y: inch(29) + 1 } });
    expect(refusal(ctx, past, { type: "fire", unit: "A" }, [4]).code).toBe("fire/no-target");
  });

  it("[003 American Civil War modifications 3] within 8 inches the Minié fires at effective range, unhalved", () => {
    expect(fire([{ ...A, minie: true }, B], [5], ACW).fired).toMatchObject({ band: "effective", hits: 5 });
  });

  it("[003 American Civil War modifications 4] guns reach 48 inches", () => {
    // The gun faces east from (5, 24) (front centre (6, 24)); the target's front is 40" or 48" away.
    const gun: TestUnit = { id: "A", type: "artillery", x: 5, y: 24, facing: 9000 };
    const target = (d: number): TestUnit => ({
      id: "B",
      side: "second",
      type: "infantry",
      x: 6 + d + 1.5,
      y: 24,
      facing: 27000,
    });
    expect(fire([gun, target(40)], [5], ACW).fired).toMatchObject({ band: "effective", hits: 3 });
    const exact = { options: { acw: "on" as const, greyAreas: "exact" as const } };
    expect(fire([gun, target(48)], [5], exact).fired).toMatchObject({ band: "effective", hits: 3 });
    const off = table({ units: [gun, target(40)] });
    expect(refusal(off.ctx, off.position, { type: "fire", unit: "A" }, [5]).code).toBe("fire/no-target");
    const beyond = table({ ...exact, units: [gun, target(48.5)] });
    expect(refusal(beyond.ctx, beyond.position, { type: "fire", unit: "A" }, [5]).code).toBe(
      "fire/no-target",
    );
  });

  it("[003 American Civil War modifications 6] infantry may shoot in column at -2", () => {
    // A column is 3" wide and 6" deep: its front centre is 3" ahead of its centre.
    const column: TestUnit = { ...A, formation: "column", y: 8.5 };
    const s = fire([column, B], [5], ACW);
    expect(s.fired?.steps.map((x) => [x.rule, x.num])).toEqual([
      ["1.1 B", 5],
      ["ACW 6", 3],
    ]);
    expect(s.fired?.hits).toBe(3);
  });

  it("[003 American Civil War modifications 6] without the modifications a column does not fire; nor a gun's, with them", () => {
    const { ctx, position } = table({ units: [{ ...A, formation: "column", y: 8.5 }, B] });
    expect(refusal(ctx, position, { type: "fire", unit: "A" }, [5])).toMatchObject({
      code: "fire/cannot-fire",
      rule: "Maneuvering iv",
    });
    const guns = table({
      ...ACW,
      units: [{ id: "A", type: "artillery", x: 36, y: 9, formation: "column" }, B],
    });
    expect(refusal(guns.ctx, guns.position, { type: "fire", unit: "A" }, [5]).code).toBe("fire/cannot-fire");
  });

  it("[003 American Civil War modifications 7] infantry in skirmish order shoot as Skirmishers: subtract 2", () => {
    const s = fire([{ ...A, formation: "skirmish" }, B], [5], ACW);
    expect(s.fired?.steps.map((x) => [x.rule, x.num])).toEqual([
      ["1.1 B", 5],
      ["1.1 ii", 3],
    ]);
  });

  it("[003 American Civil War modifications 7] infantry in skirmish order are fired at as Skirmishers: halved", () => {
    const s = fire([A, { ...B, formation: "skirmish" }], [5], ACW);
    expect(s.fired?.steps.map((x) => x.rule)).toEqual(["1.1 B", "1.1 iv"]);
    expect(s.fired?.hits).toBe(3);
  });

  it("[003 American Civil War modifications 7] [003 Fire i] skirmish-order infantry are still Foot: +2 at their flank", () => {
    const s = fire([A, { ...B, formation: "skirmish", facing: 9000, y: 20.25 }], [4], ACW);
    expect(s.fired).toMatchObject({ side: "right" });
    expect(s.fired?.steps.map((x) => [x.rule, x.num, x.den])).toEqual([
      ["1.1 B", 4, 1],
      ["1.1 i", 6, 1],
      ["1.1 iv", 3, 1],
    ]);
  });
});
