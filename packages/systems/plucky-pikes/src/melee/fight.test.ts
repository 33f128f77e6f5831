import { describe, expect, it } from "vitest";
import { DiceSource } from "../dice-source.js";
import type { GameEvent } from "../events.js";
import type { Melee, Position } from "../position.js";
import { foot, horse, INCH, shot, table, withUnit } from "../test-support/table.js";
import { fightMelees } from "./fight.js";

/** R1 attacks B1 frontally: R1 at y = 10 facing north, B1's front against R1's. */
function melee(
  attacker = foot("R1", 24, 10, 0),
  defender = foot("B1", 24, 13, 180),
  more: Partial<Melee> = {},
  noQuarter = false,
) {
  const { ctx, position } = table({ first: [attacker], second: [defender], noQuarter });
  const m: Melee = {
    id: "m1",
    attackers: ["R1"],
    defenders: ["B1"],
    round: 1,
    struck: "front",
    charges: {},
    joined: [],
    fatigue: {},
    ...more,
  };
  return { ctx, position: { ...position, melees: [m] } as Position };
}

function fight(ctx: ReturnType<typeof melee>["ctx"], position: Position, dice: number[]) {
  const events: GameEvent[] = [];
  const source = new DiceSource(position.prng, dice);
  const out = fightMelees(ctx, position, source, events);
  if (!out.ok) throw new Error(out.error.message);
  return { position: out.value, events, used: source.rolled.length };
}

const of = <T extends GameEvent["type"]>(events: readonly GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

describe("[001 Melee] a move of melee", () => {
  it("each side strikes with its first rank (6 figures a side), casualties together; the loser rolls for its flag", () => {
    const { ctx, position } = melee();
    // R1 d10 10: 6 + 10 = 16, 1 hit; B1 d10 3: 9, none. B1's leader d% 1-1. B1 lost: flag d10 5, 6 or less: lost.
    const r = fight(ctx, position, [10, 3, 1, 1, 5]);
    expect(of(r.events, "strike").map((s) => [s.unit, s.lf.num, s.hits])).toEqual([
      ["R1", 16, 1],
      ["B1", 9, 0],
    ]);
    expect(r.position.units.B1?.strength).toBe(23);
    expect(r.position.units.B1?.flagLost).toBe(true);
    expect(r.position.tally.first.flagsTaken).toBe(1);
    // Pikes take no fatigue and stand: the melee goes on to its second move.
    expect(r.position.melees[0]?.round).toBe(2);
    expect(r.used).toBe(5);
  });

  it("a flag roll of 7 keeps the flag (d10 + class: 6 or less loses it)", () => {
    const { ctx, position } = melee();
    const r = fight(ctx, position, [10, 3, 1, 1, 7]);
    expect(r.position.units.B1?.flagLost).toBe(false);
    expect(of(r.events, "flag")).toEqual([{ type: "flag", unit: "B1", score: 7, lost: false }]);
  });

  it("on move 2 of a melee all the troops of each side are involved", () => {
    const { ctx, position } = melee(undefined, undefined, { round: 2 });
    // 24 figures + a natural 1, halved: 12½, a hit each (leader d% 1-1 each); level, so no flag.
    const r = fight(ctx, position, [1, 1, 1, 1, 1, 1]);
    expect(of(r.events, "strike").map((s) => s.lf)).toEqual([
      { num: 25, den: 2 },
      { num: 25, den: 2 },
    ]);
  });

  it("pikes count 2 ranks against cavalry, and cavalry against a pike front take −2 (T-12)", () => {
    const { ctx, position } = melee(horse("R1", 24, 9.5, 0), foot("B1", 24, 13, 180));
    const r = fight(ctx, position, [5, 5, 1, 1, 1, 1, 9]);
    const [cav, pike] = of(r.events, "strike");
    // Cuirassiers: 6 in the first rank × 1.5 = 9, −2 + 5 = 12. Pikes: 12 figures in 2 ranks + 5 = 17.
    expect(cav?.lf).toEqual({ num: 12, den: 1 });
    expect(pike?.lf).toEqual({ num: 17, den: 1 });
  });
});

describe("[001 Fatigue & Pursuit] fatigue, falling back and pursuit", () => {
  it('fatigue points each move; a d10 below the total falls back 6" and a pursuit of 20+ follows', () => {
    // Musketeers (veteran, fatigue 3) against a pike block. Strikes: 1s, no hits. R1's fatigue d10 2 < 3: falls back.
    const { ctx, position } = melee(shot("R1", 24, 10.5, 0), foot("B1", 24, 13, 180));
    const y = position.units.R1?.y as number;
    // R1 gave way, so it lost: its flag d10 9 keeps the flag. Pursuit by B1: 24 − 16 + 0 + d10 8 = 16,
    // under 20: it stands, and the melee is over.
    const r = fight(ctx, position, [1, 1, 2, 9, 8]);
    expect(of(r.events, "fatigue")).toEqual([
      { type: "fatigue", unit: "R1", roll: 2, points: 3, fellBack: true },
    ]);
    expect(r.position.units.R1?.y).toBe(y - 6 * INCH);
    expect(of(r.events, "pursuit")).toEqual([{ type: "pursuit", unit: "B1", score: 16, pursues: false }]);
    expect(r.position.melees).toEqual([]);
    // A unit is disordered when it has finished a melee.
    expect(r.position.units.B1?.disordered).toBe(true);
    expect(r.position.units.R1?.disordered).toBe(true);
  });

  it("a pursuit of exactly 20 advances and the melee continues", () => {
    const { ctx, position } = melee(shot("R1", 24, 10.5, 0), foot("B1", 24, 13, 180, { class: "guard" }));
    // 24 − 16 + 2 (guard) + 10 = 20.
    const r = fight(ctx, position, [1, 1, 2, 9, 10]);
    expect(of(r.events, "pursuit")[0]).toEqual({ type: "pursuit", unit: "B1", score: 20, pursues: true });
    expect(r.position.melees).toHaveLength(1);
    expect(r.position.units.B1?.y).toBe((position.units.B1?.y as number) - 6 * INCH);
  });

  it("a general or staff officer with the unit keeps it from moving forward", () => {
    const { ctx, position } = table({
      first: [shot("R1", 24, 10.5, 0)],
      second: [foot("B1", 24, 13, 180, { class: "guard" })],
      officers: { second: [{ id: "gen", name: "General", rank: "general", with: "B1", x: 24, y: 15 }] },
    });
    const p = {
      ...position,
      melees: [
        {
          id: "m1",
          attackers: ["R1"],
          defenders: ["B1"],
          round: 1,
          struck: "front" as const,
          charges: {},
          joined: [],
          fatigue: {},
        },
      ],
    };
    const r = fight(ctx, p, [1, 1, 2, 9]);
    expect(r.position.melees).toEqual([]);
    expect(of(r.events, "pursuit")).toEqual([]);
    expect(r.position.units.B1?.y).toBe(p.units.B1?.y);
  });

  it("in a war without quarter there are no fatigue points: the musketeers stay", () => {
    const { ctx, position } = melee(shot("R1", 24, 10.5, 0), foot("B1", 24, 13, 180), {}, true);
    const r = fight(ctx, position, [1, 1]);
    expect(of(r.events, "fatigue")).toEqual([]);
    expect(r.position.melees).toHaveLength(1);
  });

  it("units making flank attacks are exempt from fatigue that round", () => {
    const { ctx, position } = melee(shot("R1", 24, 10.5, 0), foot("B1", 24, 13, 180), { struck: "flank" });
    const r = fight(ctx, position, [1, 1]);
    expect(of(r.events, "fatigue")).toEqual([]);
  });

  it("a victorious cavalry unit whose enemy routed pursues to the baggage and is not seen again", () => {
    const { ctx, position } = melee(horse("R1", 24, 9.5, 0), shot("B1", 24, 12.5, 180, { strength: 8 }));
    // B1 has 3 of 8 left. R1: 6 × 1.5 + 3 (close horse against open foot) + 10 = 22: 2 hits, and B1 is routed
    // (leader d% 1-1). Fatigue: R1 d10 9 and B1 d10 9 against 3. B1 lost: flag d10 9.
    const weak = withUnit(position, "B1", { strength: 3, level: "broken" });
    const r = fight(ctx, weak, [10, 1, 1, 1, 9, 9, 9]);
    expect(r.position.units.B1?.level).toBe("routed");
    expect(r.position.units.R1?.gone).toBe("pursued");
    expect(of(r.events, "gone")).toContainEqual({ type: "gone", unit: "R1", how: "pursued" });
  });
});

describe("[001 Effectiveness] advancing units that fall below Steady", () => {
  it("can't close, and withdraw 6\" from the point of contact", () => {
    const { ctx, position } = melee();
    const shaken = withUnit(position, "R1", { strength: 17, level: "shaken" });
    const r = fight(ctx, shaken, []);
    expect(r.position.melees).toEqual([]);
    expect(r.position.units.R1?.y).toBe((position.units.R1?.y as number) - 6 * INCH);
  });
});

describe("[001 Fatigue & Pursuit] falling back away from the enemy", () => {
  it("a unit struck in the rear gives way forward, away from its attacker, never through it", () => {
    // B1 faces north with R1 behind it, R1's front against B1's rear.
    const { ctx, position } = table({ first: [shot("R1", 24, 10.5, 0)], second: [shot("B1", 24, 12, 0)] });
    const m: Melee = {
      id: "m1",
      attackers: ["R1"],
      defenders: ["B1"],
      round: 2,
      struck: "rear",
      charges: {},
      joined: [],
      fatigue: {},
    };
    // Strikes 1 and 1 (no hits); fatigue: R1 d10 9, B1 d10 1 (gives way); B1's flag d10 9; pursuit d10 1.
    const r = fight(ctx, { ...position, melees: [m] }, [1, 1, 9, 1, 9, 1]);
    expect(r.position.units.B1?.y).toBe((position.units.B1?.y as number) + 6 * INCH);
    expect(r.position.units.B1?.facing).toBe(0);
  });
});
