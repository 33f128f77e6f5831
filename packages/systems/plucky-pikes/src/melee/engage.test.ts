import { describe, expect, it } from "vitest";
import { applyAction } from "../apply.js";
import { legalActions } from "../legal.js";
import { foot, horse, INCH, play, refusal, shot, table, withUnit } from "../test-support/table.js";

/**
 * A veteran pike block (24 figures, 6 files of 4 ranks: 3" by 2") facing
 * north at y = 10 has its front at y = 11; an enemy block facing south at
 * y = 11 + gap + 1 has its front `gap` inches away.
 */
function facing(gap: number, attacker = foot("R1", 24, 10, 0), defender?: ReturnType<typeof foot>) {
  return table({ first: [attacker], second: [defender ?? foot("B1", 24, 11 + gap + 1, 180)] });
}

describe("[001 Melee] engaging", () => {
  it("melee occurs when a stand of an advancing unit touches an enemy stand: straight ahead, to contact", () => {
    const { ctx, position } = facing(3);
    const after = play(ctx, position, { type: "engage", unit: "R1", target: "B1", charge: false }, [10]);
    expect(after.position.melees).toEqual([
      expect.objectContaining({ attackers: ["R1"], defenders: ["B1"], round: 1, struck: "front" }),
    ]);
    const r1 = after.position.units.R1;
    // It stops within 3 ticks of touching: its front at y = 14.
    expect(14 * INCH - ((r1?.y ?? 0) + INCH)).toBeLessThanOrEqual(3);
    expect(r1?.travelled).toBe(3 * INCH);
  });

  it("only a Steady unit can initiate melee", () => {
    const { ctx, position } = facing(3);
    expect(
      refusal(ctx, withUnit(position, "R1", { strength: 17, level: "shaken" }), {
        type: "engage",
        unit: "R1",
        target: "B1",
        charge: false,
      }),
    ).toMatch(/^001 Melee: only a Steady unit can initiate melee/);
  });

  it('only a Steady or Shaken unit can accept melee: a Broken target gives way 6"', () => {
    const { ctx, position } = facing(3);
    const broken = withUnit(position, "B1", { strength: 10, level: "broken" });
    const after = play(ctx, broken, { type: "engage", unit: "R1", target: "B1", charge: false });
    expect(after.position.melees).toEqual([]);
    expect(after.position.units.B1?.y).toBe((broken.units.B1?.y as number) + 6 * INCH);
  });

  it("the target must be straight ahead within the move; nothing may stand between", () => {
    const { ctx, position } = facing(5);
    expect(refusal(ctx, position, { type: "engage", unit: "R1", target: "B1", charge: false })).toMatch(
      /^001 Melee: B1 is not straight ahead/,
    );
    const blocked = table({
      first: [foot("R1", 24, 10, 0)],
      second: [
        foot("B1", 24, 16, 180),
        foot("B2", 24, 12.5, 180, { strength: 8, formation: "open", melee: "shot" }),
      ],
    });
    expect(
      refusal(blocked.ctx, blocked.position, { type: "engage", unit: "R1", target: "B1", charge: false }),
    ).toMatch(/^001 Melee: B2 is in the way/);
  });
});

describe("[001 Movement] charges every 4th move", () => {
  it("a charge goes half as far again as the move (T-3), and falls short disordered", () => {
    // Pike move 4": a charge reaches 6".
    const { ctx, position } = facing(6);
    const after = play(ctx, position, { type: "engage", unit: "R1", target: "B1", charge: true }, [1]);
    expect(after.position.melees).toHaveLength(1);
    const short = facing(6.25);
    const fell = play(short.ctx, short.position, { type: "engage", unit: "R1", target: "B1", charge: true });
    expect(fell.events).toContainEqual({ type: "charge-short", unit: "R1", target: "B1" });
    expect(fell.position.units.R1?.disordered).toBe(true);
    expect(fell.position.units.R1?.y).toBe(16 * INCH);
  });

  it("a unit that charged charges again only 4 moves later, and never the move after it engaged", () => {
    const { ctx, position } = facing(3);
    const charge = { type: "engage", unit: "R1", target: "B1", charge: true } as const;
    const recent = { ...withUnit(position, "R1", { chargedOn: 2 }), turn: 5 };
    expect(refusal(ctx, recent, charge)).toMatch(/every 4th move/);
    expect(play(ctx, { ...recent, turn: 6 }, charge, [1]).position.melees).toHaveLength(1);
    const engaged = { ...withUnit(position, "R1", { engagedOn: 5 }), turn: 6 };
    expect(refusal(ctx, engaged, charge)).toMatch(
      /^001 Fatigue & Pursuit: units may not charge the move after/,
    );
  });

  it("skirmishers do not charge, and disordered cavalry can't", () => {
    const s = facing(3, shot("R1", 24, 10.5, 0, { formation: "skirmish" }));
    expect(refusal(s.ctx, s.position, { type: "engage", unit: "R1", target: "B1", charge: true })).toMatch(
      /skirmishers run/,
    );
    const h = facing(3, horse("R1", 24, 9.5, 0));
    expect(
      refusal(h.ctx, withUnit(h.position, "R1", { disordered: true }), {
        type: "engage",
        unit: "R1",
        target: "B1",
        charge: true,
      }),
    ).toMatch(/^001 Formations: disordered cavalry can't charge/);
  });
});

describe("[001 Melee] counter rolls", () => {
  it("a target that hasn't moved, attacked from less than 1 of its URTs, must accept as it stands (exactly 1 URT too)", () => {
    // B1's URT: ½ of a pike block's 4" = 2". From exactly 2" there is no roll.
    const { ctx, position } = facing(2);
    const after = play(ctx, position, { type: "engage", unit: "R1", target: "B1", charge: false }, []);
    expect(after.position.reaction).toBeUndefined();
    expect(after.events.some((e) => e.type === "counter-roll")).toBe(false);
  });

  it("from more than a URT it rolls d10 + class on the Counter Rolls Table, and its owner answers", () => {
    const { ctx, position } = facing(3);
    const after = play(ctx, position, { type: "engage", unit: "R1", target: "B1", charge: false }, [8]);
    expect(after.position.reaction).toEqual({
      melee: "m1",
      unit: "B1",
      score: 8,
      options: ["face", "changeFormation"],
      mover: "first",
    });
    expect(after.position.toMove).toBe("second");
    expect(refusal(ctx, after.position, { type: "end-phase" })).toMatch(/counter roll waits/);
    const hedgehog = play(ctx, after.position, {
      type: "react",
      choice: "change-formation",
      formation: "hedgehog",
    });
    expect(hedgehog.position.units.B1?.formation).toBe("hedgehog");
    expect(hedgehog.position.toMove).toBe("first");
    expect(hedgehog.position.reaction).toBeUndefined();
  });

  it("a roll below every score leaves no option, and a low roll allows less", () => {
    const { ctx, position } = facing(3);
    const none = play(ctx, position, { type: "engage", unit: "R1", target: "B1", charge: false }, [2]);
    expect(none.position.reaction).toBeUndefined();
    const low = play(ctx, position, { type: "engage", unit: "R1", target: "B1", charge: false }, [5]);
    expect(low.position.reaction?.options).toEqual(["face"]);
    expect(
      refusal(ctx, low.position, { type: "react", choice: "change-formation", formation: "hedgehog" }),
    ).toMatch(/^001 Melee: the counter roll of 5 does not allow/);
  });

  it("units on a side that has already moved have no options", () => {
    const { ctx, position } = facing(3);
    const second = { ...position, part: "move-2" as const };
    const after = play(ctx, second, { type: "engage", unit: "R1", target: "B1", charge: false }, []);
    expect(after.position.reaction).toBeUndefined();
  });

  it("skirmishers may withdraw; formed cavalry may counter-charge", () => {
    // Their URTs are 4" (skirmish order's 8", close order's 8"): a pike block's 5" charge is more than one.
    const skirm = facing(5, foot("R1", 24, 10, 0), shot("B1", 24, 16.25, 180, { formation: "skirmish" }));
    const rolled = play(
      skirm.ctx,
      skirm.position,
      { type: "engage", unit: "R1", target: "B1", charge: true },
      [10],
    );
    expect(rolled.position.reaction?.options).toContain("withdraw");
    const gone = play(skirm.ctx, rolled.position, { type: "react", choice: "withdraw" });
    expect(gone.position.melees).toEqual([]);
    expect(gone.position.units.B1?.y).toBe(22.25 * INCH);
    const cav = facing(5, foot("R1", 24, 10, 0), horse("B1", 24, 17.5, 180));
    const c = play(cav.ctx, cav.position, { type: "engage", unit: "R1", target: "B1", charge: true }, [10]);
    expect(c.position.reaction?.options).toContain("counterCharge");
    const met = play(cav.ctx, c.position, { type: "react", choice: "counter-charge" });
    expect(met.position.melees[0]?.charges.B1).toEqual({
      length2: 16 * INCH * INCH,
      straight: true,
      firedPistols: false,
    });
  });
});

describe('[001 Melee] golden: charges of exactly 1" (foot) and 4" (horse)', () => {
  it('a charge from exactly 1" records its whole inch, and one a tick shorter does not make it', () => {
    const { ctx, position } = facing(1);
    const m = play(ctx, position, { type: "engage", unit: "R1", target: "B1", charge: true }).position
      .melees[0];
    expect(m?.charges.R1?.length2).toBe(INCH * INCH);
    const closer = withUnit(position, "B1", { y: (position.units.B1?.y as number) - 1 });
    const n = play(ctx, closer, { type: "engage", unit: "R1", target: "B1", charge: true }).position
      .melees[0];
    expect(n?.charges.R1?.length2).toBeLessThan(INCH * INCH);
  });

  it('horse charging from exactly 4" records 4"', () => {
    // Close horse: 3" deep, its front at y = 11 from a centre at 9.5.
    const { ctx, position } = facing(4, horse("R1", 24, 9.5, 0));
    const m = play(ctx, position, { type: "engage", unit: "R1", target: "B1", charge: true }, [1]).position
      .melees[0];
    expect(m?.charges.R1?.length2).toBe(16 * INCH * INCH);
  });
});

describe("[001 Formations] forced into a melee while wading", () => {
  it("a target standing in a stream when it is attacked is muddled", () => {
    const stream = [
      {
        id: "S",
        kind: "stream" as const,
        name: "Brook",
        line: [
          [0, 15],
          [48, 15],
        ] as [number, number][],
      },
    ];
    const { ctx, position } = table({
      first: [foot("R1", 24, 10, 0)],
      second: [foot("B1", 24, 15, 180)],
      linears: stream,
    });
    const after = play(ctx, position, { type: "engage", unit: "R1", target: "B1", charge: false }, [1]);
    expect(after.position.units.B1?.muddle).toBe(3);
  });
});

describe("[001 Melee] charges straight ahead, at an enemy stand or position", () => {
  it("a charge at an enemy that is not straight ahead is refused, not a charge that falls short", () => {
    const { ctx, position } = table({ first: [foot("R1", 24, 10, 0)], second: [foot("B1", 40, 30, 180)] });
    expect(refusal(ctx, position, { type: "engage", unit: "R1", target: "B1", charge: true })).toMatch(
      /^001 Melee: B1 is not straight ahead: charges are not made in the oblique/,
    );
  });

  it("a garrison is attacked at its building's walls", () => {
    const barn = [
      {
        id: "K",
        kind: "building" as const,
        name: "Barn",
        polygon: [
          [20, 14],
          [28, 14],
          [28, 18],
          [20, 18],
        ] as [number, number][],
        building: "wooden-barn",
        cover: "wooden-building" as const,
      },
    ];
    const { ctx, position } = table({
      first: [foot("R1", 24, 10, 0)],
      second: [shot("B1", 24, 16, 180)],
      areas: barn,
    });
    const after = play(ctx, position, { type: "engage", unit: "R1", target: "B1", charge: false }, [1]);
    // R1's front stops at the wall, y = 14, not at B1's footprint.
    expect(14 * INCH - ((after.position.units.R1?.y ?? 0) + INCH)).toBeLessThanOrEqual(3);
    expect(after.position.melees[0]?.defenders).toEqual(["B1"]);
  });
});

describe("[001 Melee] a position no move makes", () => {
  it("footprints already overlapping (a hand-made position) are refused or left out, never a throw", () => {
    const { ctx, position } = table({
      first: [foot("R1", 24, 10, 0), foot("R2", 25, 10.5, 0)],
      second: [foot("B1", 24, 20, 180), foot("B2", 24.5, 19.5, 180)],
    });
    expect(() => legalActions(ctx, position)).not.toThrow();
    expect(() => legalActions(ctx, { ...position, toMove: "second", part: "move-2" })).not.toThrow();
    const engaged = applyAction(ctx, position, { type: "engage", unit: "R1", target: "B1", charge: false });
    expect(engaged.ok || engaged.error.message.startsWith("001 ")).toBe(true);
  });
});
