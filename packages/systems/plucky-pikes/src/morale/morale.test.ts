import { describe, expect, it } from "vitest";
import { takeCasualties } from "../casualties.js";
import { DiceSource } from "../dice-source.js";
import type { GameEvent } from "../events.js";
import type { Position } from "../position.js";
import { foot, INCH, play, shot, table, withUnit } from "../test-support/table.js";
import { finalScores, holder, withdrawing } from "./army.js";
import { unitMorale } from "./unit-morale.js";

function morale(
  position: Position,
  ctx: ReturnType<typeof table>["ctx"],
  dice: number[],
  fought = new Set<string>(),
) {
  const events: GameEvent[] = [];
  const out = unitMorale(ctx, position, new DiceSource(position.prng, dice), events, fought);
  if (!out.ok) throw new Error(out.error.message);
  return { position: out.value, events };
}

describe("[001 Effectiveness] rally rolls at the end of the move a unit drops a level", () => {
  it("d10 + class on the Rally Rolls Table returns lightly wounded figures, and may restore its level", () => {
    const { ctx, position } = table({ first: [foot("R1", 24, 10, 0)], second: [foot("B1", 24, 40, 180)] });
    // 24 figures: 17 left is Shaken (70.8%). A 10 on the row of 24 (the 9-10 column) returns 3: 20, Steady.
    const hurt = withUnit(position, "R1", { strength: 17, level: "shaken" });
    const r = morale(hurt, ctx, [10]);
    expect(r.events).toContainEqual({ type: "rally", unit: "R1", score: 10, back: 3 });
    expect(r.position.units.R1?.strength).toBe(20);
    expect(r.position.units.R1?.level).toBe("steady");
    expect(r.position.units.R1?.y).toBe(hurt.units.R1?.y);
  });

  it('a unit still below the level it began the turn at falls back 6"; a routed one leaves the table', () => {
    const { ctx, position } = table({
      first: [foot("R1", 24, 20, 0), foot("R2", 10, 20, 0)],
      second: [foot("B1", 24, 40, 180)],
    });
    const hurt = withUnit(withUnit(position, "R1", { strength: 17, level: "shaken" }), "R2", {
      strength: 5,
      level: "routed",
    });
    const r = morale(hurt, ctx, [1, 1]);
    expect(r.position.units.R1?.y).toBe(14 * INCH);
    expect(r.position.units.R2?.gone).toBe("routed");
  });

  it("a unit that gave way in a melee this turn does not fall back again", () => {
    const { ctx, position } = table({ first: [foot("R1", 24, 20, 0)], second: [foot("B1", 24, 40, 180)] });
    const hurt = withUnit(position, "R1", { strength: 17, level: "shaken" });
    const r = morale(hurt, ctx, [1], new Set(["R1"]));
    expect(r.position.units.R1?.y).toBe(20 * INCH);
  });

  it("-2 to the rally roll for each leader lost; the best officer touching adds his points", () => {
    const { ctx, position } = table({
      first: [foot("R1", 24, 20, 0)],
      second: [foot("B1", 24, 40, 180)],
      officers: {
        first: [
          { id: "cg", name: "Commander", rank: "commanding-general", with: "R1", x: 24, y: 18 },
          { id: "st", name: "Staff", rank: "staff", with: "R1", x: 24, y: 18 },
        ],
      },
    });
    const hurt = withUnit(position, "R1", { strength: 17, level: "shaken", leadersLost: 2 });
    // 5 + 0 − 4 + 3 = 4.
    expect(morale(hurt, ctx, [5]).events).toContainEqual({ type: "rally", unit: "R1", score: 4, back: 0 });
  });
});

describe("[001 Leadership] leader casualties and a general's death", () => {
  it("a casualty rolls d%: 86 loses a leader, 85 does not", () => {
    const { ctx, position } = table({ first: [foot("R1", 24, 20, 0)], second: [foot("B1", 24, 40, 180)] });
    const hit = (d: number[]) => {
      const events: GameEvent[] = [];
      const out = takeCasualties(ctx, position, "R1", 1, new DiceSource(position.prng, d), events);
      if (!out.ok) throw new Error(out.error.message);
      return out.value;
    };
    expect(hit([8, 6]).units.R1?.leadersLost).toBe(1);
    expect(hit([8, 5]).units.R1?.leadersLost).toBe(0);
    // d% 0-0 is 100.
    expect(hit([10, 10]).units.R1?.leadersLost).toBe(1);
  });

  it("an officer with the unit is the casualty; his units within 18\" lose 3 from this turn's rally rolls, and his own unit for good", () => {
    const { ctx, position } = table({
      first: [
        foot("R1", 24, 20, 0, { general: "gen" }),
        foot("R2", 34, 20, 0, { general: "gen" }),
        foot("R3", 10, 44, 0, { general: "gen" }),
      ],
      second: [foot("B1", 40, 44, 180)],
      officers: { first: [{ id: "gen", name: "General", rank: "general", with: "R1", x: 24, y: 18 }] },
    });
    const events: GameEvent[] = [];
    const out = takeCasualties(ctx, position, "R1", 1, new DiceSource(position.prng, [9, 9]), events);
    if (!out.ok) throw new Error(out.error.message);
    expect(out.value.officers.gen?.lost).toBe(true);
    expect(out.value.fallen).toEqual(["gen"]);
    expect(out.value.units.R1?.rallyLost).toBe(3);
    expect(out.value.units.R1?.leadersLost).toBe(0);
    const hurt = withUnit(withUnit(out.value, "R2", { strength: 17, level: "shaken" }), "R3", {
      strength: 17,
      level: "shaken",
    });
    const r = morale(hurt, ctx, [8, 8]);
    // R2, 10" away: 8 − 3. R3, far off: 8.
    expect(r.events.filter((e) => e.type === "rally")).toEqual([
      { type: "rally", unit: "R2", score: 5, back: 1 },
      { type: "rally", unit: "R3", score: 8, back: 2 },
    ]);
  });
});

describe("[001 Victory Points] and Part 4, Army morale (designed)", () => {
  it("an army with 40% or less of its units and guns remaining withdraws", () => {
    const { ctx, position } = table({
      first: [
        foot("R1", 4, 10, 0),
        foot("R2", 10, 10, 0),
        foot("R3", 16, 10, 0),
        foot("R4", 22, 10, 0),
        foot("R5", 28, 10, 0),
      ],
      second: [foot("B1", 24, 40, 180)],
    });
    const three = ["R1", "R2", "R3"].reduce((p, id) => withUnit(p, id, { gone: "routed" }), position);
    expect(withdrawing(ctx, three)).toEqual(["first"]);
    const two = ["R1", "R2"].reduce((p, id) => withUnit(p, id, { gone: "destroyed" }), position);
    expect(withdrawing(ctx, two)).toEqual([]);
    const pursued = ["R1", "R2", "R3"].reduce((p, id) => withUnit(p, id, { gone: "pursued" }), position);
    expect(withdrawing(ctx, pursued)).toEqual([]);
  });

  it('an objective is held by the side with a unit within 3" of it and no enemy', () => {
    const { ctx, position } = table({
      first: [shot("R1", 24, 10, 0)],
      second: [shot("B1", 24, 20, 180)],
      objectives: [{ id: "O", name: "Mill", x: 24, y: 13, points: 3 }],
    });
    expect(holder(ctx, position, 24 * INCH, 13 * INCH)).toBe("first");
    expect(holder(ctx, position, 24 * INCH, 15 * INCH)).toBeUndefined();
  });

  it("the score: Army Effectiveness, the modifiers, and a d10 on the Rally Rolls table's points; the high score wins", () => {
    const { ctx, position } = table({
      first: [shot("R1", 24, 10, 0)],
      second: [shot("B1", 24, 30, 180), shot("B2", 10, 30, 180)],
      objectives: [{ id: "O", name: "Mill", x: 24, y: 13, points: 3 }],
    });
    const p = withUnit(
      { ...position, tally: { ...position.tally, first: { flagsTaken: 1, gunsCaptured: 0 } } },
      "B2",
      {
        gone: "routed",
        flagLost: true,
      },
    );
    const events: GameEvent[] = [];
    const r = finalScores(ctx, p, new DiceSource(p.prng, [10, 1]), events, "the last turn is over");
    if (!r.ok) throw new Error(r.error.message);
    // Reds: 100% (10) + objective 3 + a flag taken 1 + d10 10 (4) = 18. Blues: 50% (4) − a flag lost 1 + d10 1 (0) = 3.
    expect(r.value.scores).toEqual({ first: 18, second: 3 });
    expect(r.value.winner).toBe("first");
    // A margin of 15: in a campaign, the course of action of 6 or more (T-21).
    expect(r.value.reason).toContain("in a campaign: rout: the winner pursues");
  });
});

describe("[001 The Game Turn] initiative, the parts and the end", () => {
  it("each side rolls d%, the high scorer moves first; a tie is rolled again", () => {
    const { ctx, position } = table({ first: [foot("R1", 24, 10, 0)], second: [foot("B1", 24, 40, 180)] });
    const start = { ...position, part: "initiative" as const };
    // 4-5 (45) against 4-5 (45): again; 1-2 (12) against 3-4 (34): the second side moves first.
    const r = play(ctx, start, { type: "initiative" }, [4, 5, 4, 5, 1, 2, 3, 4]);
    expect(r.position.first).toBe("second");
    expect(r.position.toMove).toBe("second");
    expect(r.position.part).toBe("move-1");
  });

  it("after the second fire step come melee, morale and army morale, then the next turn's initiative", () => {
    const { ctx, position } = table({
      first: [foot("R1", 24, 10, 0)],
      second: [foot("B1", 24, 40, 180)],
      turns: 2,
    });
    let p = play(ctx, position, { type: "end-phase" }).position;
    expect(p.part).toBe("move-2");
    p = play(ctx, p, { type: "end-phase" }, [1, 2, 3, 4]).position;
    expect(p.turn).toBe(2);
    expect(p.part).toBe("move-1");
    expect(p.first).toBe("second");
    p = play(ctx, p, { type: "end-phase" }).position;
    const end = play(ctx, p, { type: "end-phase" }, [5, 5]);
    expect(end.position.part).toBe("over");
    expect(end.position.result?.winner).toBe("draw");
  });
});
