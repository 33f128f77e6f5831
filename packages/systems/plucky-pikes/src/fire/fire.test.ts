import { describe, expect, it } from "vitest";
import type { GameEvent } from "../events.js";
import type { Position } from "../position.js";
import { foot, guns, play, refusal, shot, table, withUnit } from "../test-support/table.js";

const strikes = (events: readonly GameEvent[]) =>
  events.filter((e): e is Extract<GameEvent, { type: "strike" }> => e.type === "strike");

/** Red musketeers (16 in 2 ranks: 8 files, 4" by 1") at y = 10 facing north; Blue's pike block's front 8½" away. */
function duel(more: { red?: ReturnType<typeof shot>[]; blue?: ReturnType<typeof foot>[] } = {}) {
  return table({
    first: [shot("R1", 24, 10, 0), ...(more.red ?? [])],
    second: [foot("B1", 24, 20, 180), ...(more.blue ?? [])],
  });
}

describe("[001 The Game Turn] fire after each move, both sides, once a turn", () => {
  it("after player 1 moves, its units and the enemy's may fire: player 1 declares, then player 2, then the fire resolves", () => {
    const { ctx, position } = duel({ blue: [shot("B2", 16, 20, 180)] });
    const fire1 = play(ctx, position, { type: "end-phase" }).position;
    expect(fire1.part).toBe("fire-1");
    expect(fire1.toMove).toBe("first");
    const declared = play(ctx, fire1, { type: "fire", unit: "R1", target: "B1" }).position;
    expect(declared.fire).toEqual([{ unit: "R1", target: "B1", hailshot: false }]);
    const blue = play(ctx, declared, { type: "end-phase" }).position;
    expect(blue.toMove).toBe("second");
    expect(blue.part).toBe("fire-1");
    const b = play(ctx, blue, { type: "fire", unit: "B2", target: "R1" }).position;
    const resolved = play(ctx, b, { type: "end-phase" });
    expect(strikes(resolved.events).map((s) => s.unit)).toEqual(["B2", "R1"].sort());
    expect(resolved.position.part).toBe("move-2");
    expect(resolved.position.toMove).toBe("second");
    expect(resolved.position.units.R1?.fired).toBe(true);
  });

  it("guns and units can fire only once per turn", () => {
    const { ctx, position } = duel();
    const p = { ...withUnit(position, "R1", { fired: true }), part: "fire-2" as const };
    expect(refusal(ctx, p, { type: "fire", unit: "R1", target: "B1" })).toMatch(
      /^001 The Game Turn: guns and units can fire only once per turn/,
    );
  });

  it("stationary musketeers fire 1.5(AV+2) with the first rank: 8 figures and a 5 make 22½, two hits on DF 10", () => {
    const { ctx, position } = duel();
    const p = play(ctx, { ...position, part: "fire-1" }, { type: "fire", unit: "R1", target: "B1" }).position;
    // Blue has nothing to fire: its turn to declare passes at once and the fire resolves.
    const r = play(ctx, p, { type: "end-phase" }, [5, 1, 1]);
    expect(strikes(r.events)).toEqual([
      {
        type: "strike",
        unit: "R1",
        target: "B1",
        kind: "fire",
        d10: 5,
        lf: { num: 45, den: 2 },
        df: 10,
        hits: 2,
      },
    ]);
    expect(r.position.units.B1?.strength).toBe(22);
  });

  it("moving musketeers subtract 2 and lose the stationary multiple: 8 + 5 − 2 = 11", () => {
    const { ctx, position } = duel();
    const moved = withUnit(position, "R1", { stirred: true });
    const p = play(ctx, { ...moved, part: "fire-1" }, { type: "fire", unit: "R1", target: "B1" }).position;
    const r = play(ctx, p, { type: "end-phase" }, [5, 1, 1]);
    expect(strikes(r.events)[0]?.lf).toEqual({ num: 11, den: 1 });
  });
});

describe("[001 Artillery] guns fire first, unlimbered, and at guns with −5", () => {
  it("artillery always fires first: a unit hit by the guns fires with the figures it has left", () => {
    // R1 in a single rank of 8; Blue's saker 8" from its front: short range +2.
    const { ctx, position } = table({
      first: [shot("R1", 24, 10, 0, { strength: 8, ranks: 1 })],
      second: [guns("B9", 24, 19.75, 180)],
    });
    let p: Position = { ...position, part: "fire-1" };
    p = play(ctx, p, { type: "fire", unit: "R1", target: "B9" }).position;
    p = play(ctx, p, { type: "end-phase" }).position;
    p = play(ctx, p, { type: "fire", unit: "B9", target: "R1" }).position;
    // Saker d10 10: 9 + 2 + 10 = 21, 2 hits; leader d% 1-1. R1 then fires with 6: 1.5(6 + 2 + 4) = 18 against the guns.
    const r = play(ctx, p, { type: "end-phase" }, [10, 1, 1, 4, 1, 1]);
    expect(strikes(r.events).map((s) => [s.unit, s.hits])).toEqual([
      ["B9", 2],
      ["R1", 1],
    ]);
    expect(strikes(r.events)[1]?.lf).toEqual({ num: 18, den: 1 });
    // A single rank must reload: 1 URT without moving.
    expect(r.position.units.R1?.reload).toBe(1);
  });

  it("to fire a gun must be unlimbered", () => {
    const { ctx, position } = table({
      first: [guns("R9", 24, 10, 0, { formation: "limbered" })],
      second: [foot("B1", 24, 20, 180)],
    });
    expect(refusal(ctx, { ...position, part: "fire-1" }, { type: "fire", unit: "R9", target: "B1" })).toMatch(
      /^001 Artillery: to fire a gun must be unlimbered/,
    );
  });

  it("counter-battery: −5, and a hit rolls d%: 86 hits the guns, which lose 1/3 of their AV; 85 does not", () => {
    const { ctx, position } = table({ first: [guns("R9", 24, 10, 0)], second: [guns("B9", 24, 19, 180)] });
    let p = play(
      ctx,
      { ...position, part: "fire-1" as const },
      { type: "fire", unit: "R9", target: "B9" },
    ).position;
    p = play(ctx, p, { type: "end-phase" }).position;
    // 9 + 2 (short) − 5 + 10 = 16: one hit; leader d% 1-1; counter-battery d% 8-6.
    const hit = play(ctx, p, { type: "end-phase" }, [10, 1, 1, 8, 6]);
    expect(hit.events).toContainEqual({ type: "guns-hit", unit: "B9", roll: 86, lost: 2 });
    expect(hit.position.units.B9?.strength).toBe(6);
    const miss = play(ctx, p, { type: "end-phase" }, [10, 1, 1, 8, 5]);
    expect(miss.events.some((e) => e.type === "guns-hit")).toBe(false);
    expect(miss.position.units.B9?.strength).toBe(8);
  });
});

describe("[001 Firing First] formed units firing at each other", () => {
  it("each rolls d10 + class + situation; the higher fires first, the other with what it has left", () => {
    const { ctx, position } = table({
      first: [shot("R1", 24, 10, 0, { strength: 8, ranks: 1 })],
      second: [shot("B1", 24, 18, 180, { strength: 8, ranks: 1 })],
    });
    let p = play(
      ctx,
      { ...position, part: "fire-1" as const },
      { type: "fire", unit: "R1", target: "B1" },
    ).position;
    p = play(ctx, p, { type: "end-phase" }).position;
    p = play(ctx, p, { type: "fire", unit: "B1", target: "R1" }).position;
    // Firing first (B1's roll, then R1's): 9 + 3 against 2 + 3 (stationary +2, loaded +1 each).
    // B1: 1.5(8 + 2 + 10) = 30, 3 hits; leader d% 1-1. R1 then fires with 5 figures: 1.5(5 + 2 + 10) = 25½.
    const r = play(ctx, p, { type: "end-phase" }, [9, 2, 10, 1, 1, 10, 1, 1]);
    expect(r.events.find((e) => e.type === "firing-first")).toEqual({
      type: "firing-first",
      a: "B1",
      b: "R1",
      scoreA: 9 + 3,
      scoreB: 2 + 3,
    });
    expect(strikes(r.events).map((s) => [s.unit, s.lf, s.hits])).toEqual([
      ["B1", { num: 30, den: 1 }, 3],
      ["R1", { num: 51, den: 2 }, 2],
    ]);
  });

  it("ties fire simultaneously, each with all its figures", () => {
    const { ctx, position } = table({
      first: [shot("R1", 24, 10, 0, { strength: 8, ranks: 1 })],
      second: [shot("B1", 24, 18, 180, { strength: 8, ranks: 1 })],
    });
    let p = play(
      ctx,
      { ...position, part: "fire-1" as const },
      { type: "fire", unit: "R1", target: "B1" },
    ).position;
    p = play(ctx, p, { type: "end-phase" }).position;
    p = play(ctx, p, { type: "fire", unit: "B1", target: "R1" }).position;
    const r = play(ctx, p, { type: "end-phase" }, [4, 4, 10, 10, 1, 1, 1, 1]);
    expect(strikes(r.events).map((s) => s.lf)).toEqual([
      { num: 30, den: 1 },
      { num: 30, den: 1 },
    ]);
  });
});

describe("[001 Attack Values] roundshot and buildings", () => {
  const cottage = [
    {
      id: "K",
      kind: "building" as const,
      name: "Cottage",
      polygon: [
        [20, 14],
        [28, 14],
        [28, 18],
        [20, 18],
      ] as [number, number][],
      building: "wooden-cottage",
      cover: "wooden-building" as const,
    },
  ];

  it("only roundshot damages buildings: a hit on the garrison strikes the building's points", () => {
    const { ctx, position } = table({
      first: [guns("R9", 24, 6, 0)],
      second: [shot("B1", 24, 16, 180)],
      areas: cottage,
    });
    expect(position.buildings).toEqual({ K: 6 });
    let p: Position = play(
      ctx,
      { ...position, part: "fire-1" },
      { type: "fire", unit: "R9", target: "B1" },
    ).position;
    // Blue's garrison could fire back, and passes. Saker 9 + 2 (short) + 10 = 21 against DF 13 (the wooden
    // building's +3): one hit, on the building.
    p = play(ctx, p, { type: "end-phase" }).position;
    p = play(ctx, p, { type: "end-phase" }, [10]).position;
    expect(p.buildings).toEqual({ K: 5 });
    expect(p.units.B1?.strength).toBe(16);
  });

  it("with 0 points the building collapses, its points an AV against the troops inside", () => {
    const { ctx, position } = table({
      first: [guns("R9", 24, 6, 0)],
      second: [shot("B1", 24, 16, 180)],
      areas: cottage,
    });
    let p: Position = { ...position, part: "fire-1", buildings: { K: 1 } };
    p = play(ctx, p, { type: "fire", unit: "R9", target: "B1" }).position;
    // The last point goes; the cottage's 6 + d10 5 = 11 against DV 10: one figure (leader d% 1-1).
    p = play(ctx, p, { type: "end-phase" }).position;
    const r = play(ctx, p, { type: "end-phase" }, [10, 5, 1, 1]);
    expect(r.position.buildings).toEqual({ K: 0 });
    expect(strikes(r.events).map((s) => [s.unit, s.kind, s.lf.num, s.hits])).toEqual([
      ["R9", "fire", 21, 1],
      ["K", "collapse", 11, 1],
    ]);
    expect(r.position.units.B1?.strength).toBe(15);
  });
});
