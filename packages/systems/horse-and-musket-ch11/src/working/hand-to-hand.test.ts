import { describe, expect, it } from "vitest";
import { expectedHandToHandHits } from "../hand-to-hand.js";
import type { Position } from "../position.js";
import { IN, play, table, withUnits } from "../test-support/table.js";
import { type HandToHandWorking, handToHandWorking } from "./hand-to-hand.js";
import { retreatWorking } from "./retreat.js";

type T = Parameters<typeof table>[0];

/** C charges T (8" ahead, facing as given); the Shooting phase then ends into the fight. */
function charged(facing: number, type: "infantry" | "cavalry" = "infantry", extra: Partial<T> = {}) {
  const { ctx, position } = table({
    ...extra,
    units: [
      { id: "C", type: "cavalry", x: 24, y: 10 },
      { id: "T", type, x: 24, y: 18, facing, side: "second" },
      ...(extra.units ?? []),
    ],
  });
  const after = play(ctx, position, { type: "charge", unit: "C", target: "T" }).position;
  const shooting = play(ctx, after, { type: "end-phase" }).position;
  return { ctx, position: shooting };
}

function must<V>(v: V | undefined): V {
  if (v === undefined) throw new Error("missing");
  return v;
}

function working(ctx: ReturnType<typeof charged>["ctx"], position: Position): HandToHandWorking {
  const c = must(position.contacts[0]);
  return must(handToHandWorking(ctx, position, c));
}

/** Rolls each face in turn and checks the hits and the retreat against the working. */
function agreesWithPlay(ctx: ReturnType<typeof charged>["ctx"], position: Position, w: HandToHandWorking) {
  for (const d of w.distribution)
    for (const face of d.faces) {
      const step = play(ctx, position, { type: "end-phase" }, [face]);
      const fought = step.events.find((e) => e.type === "fought");
      expect(fought && fought.type === "fought" && fought.hits).toBe(d.hits);
      const back = step.events.find((e) => e.type === "retreated");
      if (w.defenderHits + d.hits >= w.hitsToEliminate) expect(back).toBeUndefined();
      else
        expect(back).toEqual({
          type: "retreated",
          unit: "C",
          travel: w.retreat?.travel,
          x: w.retreat?.to.x,
          y: w.retreat?.to.y,
        });
    }
}

describe("the working of a fight", () => {
  it("[004 Hand-to-Hand Combat: Assess Casualties] the die plus 2 on the front: 3 to 8 hits, a mean of 5½, as the fight rolls", () => {
    const { ctx, position } = charged(18000);
    const w = working(ctx, position);
    expect(w.fought).toBe(true);
    expect(w.die).toMatchObject({ add: 2, rule: "Hand-to-Hand Combat: Assess Casualties" });
    expect(w.factors.map((f) => [f.factor, f.applies])).toEqual([
      ["hilltop", false],
      ["cavalry-target", false],
      ["flank-or-rear", false],
    ]);
    expect(w.distribution.map((d) => d.hits)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(w.expected).toEqual({ num: 11, den: 2 });
    expect(w.destroys).toEqual({ num: 0, den: 1 });
    agreesWithPlay(ctx, position, w);
  });

  it("[004 Hand-to-Hand Combat: Flank or Rear Attacks] engaged in the rear: double, and the chance to destroy", () => {
    const { ctx, position } = charged(0);
    const hurt = withUnits(position, { T: { hits: 4 } });
    const w = working(ctx, hurt);
    expect(w.side).toBe("rear");
    expect(w.factors[2]).toMatchObject({
      factor: "flank-or-rear",
      applies: true,
      fraction: { num: 2, den: 1 },
      rule: "Hand-to-Hand Combat: Flank or Rear Attacks",
      text: "engaged in its rear",
    });
    expect(w.distribution.map((d) => d.hits)).toEqual([6, 8, 10, 12, 14, 16]);
    expect(w.expected).toEqual({ num: 11, den: 1 });
    expect(w.expected).toEqual(
      expectedHandToHandHits(
        ctx.rules.data,
        { hilltop: false, cavalryTarget: false, flankOrRear: true },
        "once",
      ),
    );
    // 4 hits already: 12 or more (rolls 4, 5, 6) reach 15.
    expect(w.destroys).toEqual({ num: 1, den: 2 });
    agreesWithPlay(ctx, hurt, w);
  });

  it("[004 Hand-to-Hand Combat: Cavalry Targets] defending cavalry suffers half, rounded up for the attacker", () => {
    const { ctx, position } = charged(18000, "cavalry");
    const w = working(ctx, position);
    expect(w.factors[1]).toMatchObject({
      factor: "cavalry-target",
      applies: true,
      fraction: { num: 1, den: 2 },
    });
    expect(w.distribution.map((d) => [d.hits, d.faces])).toEqual([
      [2, [1, 2]],
      [3, [3, 4]],
      [4, [5, 6]],
    ]);
    expect(w.expected).toEqual({ num: 3, den: 1 });
    agreesWithPlay(ctx, position, w);
  });

  it("[004 Hand-to-Hand Combat: Terrain] a defender on a hilltop: half, rounding each step or once (modifierRounding)", () => {
    const hill = {
      id: "h",
      kind: "hill" as const,
      name: "the Knoll",
      polygon: [
        [14, 14],
        [34, 14],
        [34, 30],
        [14, 30],
      ] as [number, number][],
    };
    for (const [modifierRounding, hits] of [
      ["once", [3, 4, 5, 6, 7, 8]],
      ["each-step", [4, 4, 6, 6, 8, 8]],
    ] as const) {
      // Struck in the rear on the hilltop: (die + 2) × ½ × 2, rounded once (exact), or halved and rounded up first.
      const { ctx, position } = charged(0, "infantry", { terrain: [hill], options: { modifierRounding } });
      const w = working(ctx, position);
      expect(w.factors[0]).toMatchObject({
        factor: "hilltop",
        applies: true,
        area: { id: "h", name: "the Knoll" },
      });
      expect(w.rounding.reading).toBe(modifierRounding);
      expect(w.distribution.flatMap((d) => d.faces.map(() => d.hits))).toEqual(hits);
      agreesWithPlay(ctx, position, w);
    }
  });

  it("[004 Eliminating Units] a defender already at 15 hits is not fought: no odds of a retreat", () => {
    const { ctx, position } = charged(18000);
    const w = working(ctx, withUnits(position, { T: { hits: 15 } }));
    expect(w.fought).toBe(false);
    expect(w.destroys).toEqual({ num: 0, den: 1 });
    expect(w.retreat).toBeUndefined();
  });
});

describe("the working of a retreat", () => {
  it('[004 Hand-to-Hand Combat: Retreat] 6" straight back, facing kept: from, to, the ground covered', () => {
    const { ctx, position } = charged(18000);
    const c = must(position.units.C);
    const r = must(retreatWorking(ctx, position, "C", "T"));
    expect(r.rule).toBe("Hand-to-Hand Combat: Retreat");
    expect(r.from).toEqual({ x: c.x, y: c.y, facing: 0 });
    expect(r.to).toEqual({ x: c.x, y: c.y - IN(6), facing: 0 });
    expect(r.travel).toBe(IN(6));
    expect(r.full).toBe(IN(6));
    expect(r.text).toBe("6 inches");
    expect(r.stop).toBeUndefined();
    expect(r.facing).toEqual({ reading: "kept", turn: 0, made: false });
    // The ground: from the front edge at the contact back to the rear edge 6" lower.
    const ys = r.swept.map((p) => p.y);
    expect(Math.max(...ys)).toBe(c.y + IN(1));
    expect(Math.min(...ys)).toBe(c.y - IN(6) - IN(1));
  });

  it("[004 Hand-to-Hand Combat: Retreat] blocked: it stops short, and says by what", () => {
    const c = charged(18000, "infantry", { units: [{ id: "F", type: "infantry", x: 4, y: 4 }] });
    // A friend brought up behind the charger after its charge.
    const { ctx } = c;
    const position = withUnits(c.position, { F: { x: IN(24), y: IN(12) } });
    const r = must(retreatWorking(ctx, position, "C", "T"));
    expect(r.travel).toBeLessThan(IN(6));
    expect(r.stop).toMatchObject({
      code: "move/interpenetration",
      other: "F",
      rule: "Hand-to-Hand Combat: Retreat",
    });
    // F's front edge is at y = 13"; C's rear edge stops on it.
    expect(r.to.y - IN(1)).toBe(IN(13));
    const step = play(ctx, position, { type: "end-phase" }, [1]);
    expect(step.events.find((e) => e.type === "retreated")).toEqual({
      type: "retreated",
      unit: "C",
      travel: r.travel,
      x: r.to.x,
      y: r.to.y,
    });
  });

  it("[004 Hand-to-Hand Combat: Retreat] retreatFacing target-centre: the pivot to face the target", () => {
    const { ctx, position } = charged(18000, "infantry", { options: { retreatFacing: "target-centre" } });
    const r = must(retreatWorking(ctx, position, "C", "T"));
    // Straight back from a head-on charge: the target's centre is dead ahead, no pivot.
    expect(r.facing).toEqual({ reading: "target-centre", turn: 0, made: false });
    const moved = withUnits(position, { T: { x: IN(30) } });
    const m = must(retreatWorking(ctx, moved, "C", "T"));
    expect(m.facing.turn).toBeGreaterThan(0);
    expect(m.facing.made).toBe(true);
    expect(m.to.facing).toBe(m.facing.turn);
  });
});
