import { scaledDirection } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { expectedHandToHandHits, handToHandHits } from "./hand-to-hand.js";
import { defaultRules } from "./rules-data/load.js";
import { IN, play, table, withUnits } from "./test-support/table.js";

const data = defaultRules().data;
const none = { hilltop: false, cavalryTarget: false, flankOrRear: false };

/** C charges T (8" ahead, facing as given), then both phases end: the fight rolls `roll`. */
function fight(
  facing: number,
  roll: number,
  extra: Parameters<typeof table>[0]["units"] = [],
  opts: Partial<Parameters<typeof table>[0]> = {},
) {
  const { ctx, position } = table({
    ...opts,
    units: [
      { id: "C", type: "cavalry", x: 24, y: 10 },
      { id: "T", type: "infantry", x: 24, y: 18, facing, side: "second" },
      ...extra,
    ],
  });
  const charged = play(ctx, position, { type: "charge", unit: "C", target: "T" }).position;
  const shot = play(ctx, charged, { type: "end-phase" }).position;
  return { ctx, charged, step: play(ctx, shot, { type: "end-phase" }, [roll]) };
}

describe("004 Hand-to-Hand Combat", () => {
  it("[004 Hand-to-Hand Combat: Assess Casualties] the attacking cavalry rolls a die and adds 2", () => {
    expect([1, 2, 3, 4, 5, 6].map((r) => handToHandHits(data, r, none, "once"))).toEqual([3, 4, 5, 6, 7, 8]);
    expect(expectedHandToHandHits(data, none, "once")).toEqual({ num: 11, den: 2 });
    const { step } = fight(18000, 3);
    expect(step.position.units.T?.hits).toBe(5);
  });

  it("[004 Hand-to-Hand Combat: One Sided Combat] only the attacking unit inflicts casualties", () => {
    const { step } = fight(18000, 6);
    expect(step.position.units.C?.hits).toBe(0);
    expect(step.events.filter((e) => e.type === "die-rolled")).toHaveLength(1);
  });

  it("[004 Hand-to-Hand Combat: Terrain] a defender on a hilltop suffers half, rounded in favour of the attacker", () => {
    const f = { ...none, hilltop: true };
    expect([1, 2, 3, 4, 5, 6].map((r) => handToHandHits(data, r, f, "once"))).toEqual([2, 2, 3, 3, 4, 4]);
    const hill = {
      terrain: [
        {
          id: "h",
          kind: "hill" as const,
          name: "the Knoll",
          polygon: [
            [14, 14],
            [34, 14],
            [34, 30],
            [14, 30],
          ] as [number, number][],
          hilltop: [
            [18, 16],
            [30, 16],
            [30, 22],
            [18, 22],
          ] as [number, number][],
        },
      ],
    };
    expect(fight(18000, 3, [], hill).step.position.units.T?.hits).toBe(3);
    // On the hill but off its top: no halving.
    const slope = {
      terrain: [
        {
          ...hill.terrain[0],
          hilltop: [
            [18, 24],
            [30, 24],
            [30, 28],
            [18, 28],
          ] as [number, number][],
        },
      ],
    };
    expect(fight(18000, 3, [], slope as typeof hill).step.position.units.T?.hits).toBe(5);
  });

  it("[004 Hand-to-Hand Combat: Cavalry Targets] defending cavalry acquire half, rounded in favour of the attacker", () => {
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 24, y: 10 },
        { id: "T", type: "cavalry", x: 24, y: 18, facing: 18000, side: "second" },
      ],
    });
    const charged = play(ctx, position, { type: "charge", unit: "C", target: "T" }).position;
    const shot = play(ctx, charged, { type: "end-phase" }).position;
    expect(play(ctx, shot, { type: "end-phase" }, [4]).position.units.T?.hits).toBe(3);
  });

  it("[004 Hand-to-Hand Combat: Flank or Rear Attacks] units engaged in their flank or rear suffer double", () => {
    expect(fight(0, 2).step.position.units.T?.hits).toBe(8);
    expect(fight(9000, 2).step.position.units.T?.hits).toBe(8);
    expect(fight(27000, 2).step.position.units.T?.hits).toBe(8);
    expect(fight(18000, 2).step.position.units.T?.hits).toBe(4);
  });

  it("[004 Hand-to-Hand Combat: Assess Casualties] modifierRounding: exact product rounded once, or rounded at each halving", () => {
    const all = { hilltop: true, cavalryTarget: true, flankOrRear: true };
    // 5 × ½ × ½ × 2 = 2.5 → 3 once; ⌈5/2⌉ = 3, ⌈3/2⌉ = 2, × 2 = 4 step by step.
    expect(handToHandHits(data, 3, all, "once")).toBe(3);
    expect(handToHandHits(data, 3, all, "each-step")).toBe(4);
    const two = { hilltop: true, cavalryTarget: true, flankOrRear: false };
    expect(handToHandHits(data, 5, two, "once")).toBe(2);
    expect(handToHandHits(data, 5, two, "each-step")).toBe(2);
    expect(expectedHandToHandHits(data, all, "once")).toEqual({ num: 3, den: 1 });
  });

  it('[004 Hand-to-Hand Combat: Retreat] failing to destroy the enemy, the cavalry retreats 6" and ends facing its target', () => {
    const { charged, step } = fight(18000, 1);
    const before = charged.units.C;
    const after = step.position.units.C;
    expect(after?.facing).toBe(before?.facing);
    expect((before?.y ?? 0) - (after?.y ?? 0)).toBe(IN(6));
    expect(after?.x).toBe(before?.x);
    expect(step.position.contacts).toEqual([]);
    expect(step.events.find((e) => e.type === "retreated")).toMatchObject({ unit: "C", travel: IN(6) });
  });

  it("[004 Hand-to-Hand Combat: Retreat] retreatFacing: keeps the charge's facing (kept), or pivots to face the target's centre", () => {
    const after = (retreatFacing: "kept" | "target-centre") => {
      const { ctx, position } = table({
        units: [
          { id: "C", type: "cavalry", x: 20, y: 10 },
          { id: "T", type: "infantry", x: 29.5, y: 18, facing: 22500, side: "second" },
        ],
        options: { retreatFacing },
      });
      const charged = play(ctx, position, { type: "charge", unit: "C", target: "T", turn: 4500 }).position;
      const shot = play(ctx, charged, { type: "end-phase" }).position;
      const end = play(ctx, shot, { type: "end-phase" }, [1]).position;
      return { c: end.units.C, t: end.units.T };
    };
    expect(after("kept").c?.facing).toBe(4500);
    const { c, t } = after("target-centre");
    if (!c || !t) throw new Error("units");
    expect(c.facing).not.toBe(4500);
    const d = scaledDirection(c.facing, 1 << 20);
    const [dx, dy] = [t.x - c.x, t.y - c.y];
    expect(d.x * dx + d.y * dy).toBeGreaterThan(0);
    // Within a hundredth of a degree of the target's centre.
    expect(Math.abs(d.x * dy - d.y * dx) / Math.sqrt(dx * dx + dy * dy) / (1 << 20)).toBeLessThan(2e-4);
  });

  it("[004 Hand-to-Hand Combat: Retreat] a blocked retreat stops short of what blocks it", () => {
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 24, y: 10 },
        { id: "T", type: "infantry", x: 24, y: 18, facing: 18000, side: "second" },
        { id: "F", type: "infantry", x: 40, y: 40 },
      ],
    });
    const charged = play(ctx, position, { type: "charge", unit: "C", target: "T" }).position;
    // A friend comes up behind the charger: its front edge at 13", the charger's rear edge at 15".
    const shot = withUnits(play(ctx, charged, { type: "end-phase" }).position, {
      F: { x: IN(24), y: IN(12) },
    });
    const step = play(ctx, shot, { type: "end-phase" }, [1]);
    const back = (charged.units.C?.y ?? 0) - (step.position.units.C?.y ?? 0);
    expect(back).toBeLessThanOrEqual(IN(2));
    expect(back).toBeGreaterThan(IN(2) - 3);
  });

  it("[004 Hand-to-Hand Combat: Retreat] an enemy destroyed is not retreated from", () => {
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 24, y: 10 },
        { id: "T", type: "infantry", x: 24, y: 18, facing: 18000, side: "second" },
      ],
    });
    const hurt = withUnits(position, { T: { hits: 10 } });
    const charged = play(ctx, hurt, { type: "charge", unit: "C", target: "T" }).position;
    const shot = play(ctx, charged, { type: "end-phase" }).position;
    const step = play(ctx, shot, { type: "end-phase" }, [3]);
    expect(step.position.units.C?.y).toBe(charged.units.C?.y);
    expect(step.position.units.T).toBeUndefined();
    expect(step.events.map((e) => e.type)).toContain("stood");
  });
});

describe("004 Eliminating Units", () => {
  it("[004 Eliminating Units] units are eliminated upon the acquisition of 15 hits, at the end of the player turn", () => {
    const { ctx, position } = table({
      units: [
        { id: "S", type: "infantry", x: 24, y: 10 },
        { id: "E", type: "infantry", x: 24, y: 18, facing: 18000, side: "second" },
        { id: "E2", type: "infantry", x: 34, y: 18, facing: 18000, side: "second" },
      ],
    });
    const shootPhase = play(ctx, withUnits(position, { E: { hits: 12 }, E2: { hits: 14 } }), {
      type: "end-phase",
    }).position;
    const shot = play(ctx, shootPhase, { type: "shoot", unit: "S", target: "E" }, [3]).position;
    // 15 hits: still on the table until the Eliminating Units step.
    expect(shot.units.E?.hits).toBe(15);
    const ended = play(ctx, shot, { type: "end-phase" });
    expect(ended.position.units.E).toBeUndefined();
    expect(ended.position.units.E2?.hits).toBe(14);
    expect(ended.position.eliminated).toEqual(["E"]);
    expect(ended.events).toContainEqual({ type: "eliminated", unit: "E", hits: 15 });
  });
});
