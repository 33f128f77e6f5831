import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { assessAttack } from "../combat/assess.js";
import { legalActions } from "../legal.js";
import { unitStats } from "../state/unit-stats.js";
import { endPhase, field, playWithDice } from "../test-support/combat.js";
import { expectRefused } from "../test-support/setup.js";

const dismounting = { optionalRules: ["dismounting-cavalry" as const], phase: "movement" as const };
const dismount = (unit: string) => ({ type: "dismount" as const, unit });
const remount = (unit: string) => ({ type: "remount" as const, unit });

describe("14.0 dismounting cavalry (optional)", () => {
  it("[14.0] a Dragoon dismounts in its Movement Phase and may not move in that phase", () => {
    const { ctx, position } = field({ "0606": ["B-DR1"], "1110": ["G-PP1"] }, dismounting);
    expect(legalActions(ctx, position)).toContainEqual(dismount("B-DR1"));
    const s = playWithDice(ctx, position, [], dismount("B-DR1"));
    expect(s.position.units["B-DR1"]?.dismounted).toBe(true);
    expectRefused(
      apply(ctx, s.position, { type: "move", unit: "B-DR1", steps: ["0607"] }),
      "5.2G",
      "move/already-moved",
    );
  });

  it("[14.0] only Dragoons dismount, only with the rule in play, and not after moving", () => {
    const { ctx, position } = field({ "0606": ["B-DR1"], "0608": ["B-HC1"], "1110": ["G-PP1"] }, dismounting);
    expectRefused(apply(ctx, position, dismount("B-HC1")), "14.0", "dismount/not-dragoon");
    const moved = playWithDice(ctx, position, [], { type: "move", unit: "B-DR1", steps: ["0607"] });
    expectRefused(apply(ctx, moved.position, dismount("B-DR1")), "14.0", "dismount/moved");
    const off = field({ "0606": ["B-DR1"], "1110": ["G-PP1"] }, { phase: "movement" });
    expectRefused(apply(off.ctx, off.position, dismount("B-DR1")), "14.0", "dismount/not-in-play");
  });

  it("[14.0A] the dismounted pair is one infantry unit with the Militia Musket's values", () => {
    const { ctx, position } = field({ "0106": ["B-DR1"], "0406": ["G-PP1"] }, dismounting);
    const s = playWithDice(
      ctx,
      position,
      [],
      dismount("B-DR1"),
      endPhase,
      endPhase,
      endPhase,
      endPhase,
      endPhase,
    );
    const record = s.position.units["B-DR1"];
    if (!record) throw new Error("no DR");
    expect(unitStats(ctx.rules, ctx.scenario, record)).toMatchObject({
      type: "MM",
      class: "infantry",
      fire: 4,
      range: 4,
    });
    // It fires as a Militia Musket: 2 at 3 hexes (a mounted Dragoon has 1 at 3-4).
    const shot = assessAttack(
      ctx,
      { ...s.position, phase: "fire", phasing: "first" },
      {
        kind: "fire",
        attackers: ["B-DR1"],
        targets: ["0406"],
      },
    );
    expect(shot.ok && shot.value.attack).toBe(2);
  });

  it("[14.0B] it remounts after a whole Movement Phase without moving", () => {
    const { ctx, position } = field(
      { "0606": ["B-DR1"], "1110": ["G-PP1"] },
      { ...dismounting, dismounted: ["B-DR1"] },
    );
    const s = playWithDice(ctx, position, [], remount("B-DR1"));
    expect(s.position.units["B-DR1"]?.dismounted).toBe(false);
    // It spends the phase where it is.
    expectRefused(
      apply(ctx, s.position, { type: "move", unit: "B-DR1", steps: ["0607"] }),
      "5.2G",
      "move/already-moved",
    );
    const moved = playWithDice(ctx, position, [], { type: "move", unit: "B-DR1", steps: ["0607"] });
    expectRefused(apply(ctx, moved.position, remount("B-DR1")), "14.0B", "dismount/moved");
    const mounted = field({ "0606": ["B-DR1"], "1110": ["G-PP1"] }, dismounting);
    expectRefused(apply(mounted.ctx, mounted.position, remount("B-DR1")), "14.0B", "remount/mounted");
  });
});

describe("14.0 dismounting and remounting: each refusal whole, and what is logged", () => {
  const refused = (r: ReturnType<typeof apply>) => (r.ok ? "accepted" : r.error);

  it("[14.0] the dismounted Dragoon is marked as moved and the change is logged with its rule", () => {
    const { ctx, position } = field({ "0606": ["B-DR1"], "1110": ["G-PP1"] }, dismounting);
    const s = playWithDice(ctx, position, [], dismount("B-DR1"));
    expect(s.events).toEqual([{ type: "unit-dismounted", unit: "B-DR1", rule: "14.0" }]);
    expect(s.position.moved).toEqual(["B-DR1"]);
    const back = field({ "0606": ["B-DR1"], "1110": ["G-PP1"] }, { ...dismounting, dismounted: ["B-DR1"] });
    const r = playWithDice(back.ctx, back.position, [], remount("B-DR1"));
    expect(r.events).toEqual([{ type: "unit-remounted", unit: "B-DR1", rule: "14.0B" }]);
    expect(r.position.moved).toEqual(["B-DR1"]);
  });

  it("[14.0] a Dragoon dismounts once, and not while disrupted (8.4)", () => {
    const down = field({ "0606": ["B-DR1"], "1110": ["G-PP1"] }, { ...dismounting, dismounted: ["B-DR1"] });
    expect(refused(apply(down.ctx, down.position, dismount("B-DR1")))).toEqual({
      code: "dismount/already",
      rule: "14.0",
      message: "14.0: B-DR1 is already dismounted",
      unit: "B-DR1",
    });
    const shaken = field({ "0606": ["B-DR1"], "1110": ["G-PP1"] }, { ...dismounting, disrupted: ["B-DR1"] });
    expect(refused(apply(shaken.ctx, shaken.position, dismount("B-DR1")))).toEqual({
      code: "dismount/disrupted",
      rule: "8.4",
      message: "8.4: B-DR1 is disrupted and may not dismount",
      unit: "B-DR1",
    });
    expect(refused(apply(down.ctx, down.position, remount("B-DR2")))).toEqual({
      code: "action/unknown-unit",
      rule: "3.3",
      message: "3.3: there is no unit B-DR2",
      unit: "B-DR2",
    });
  });

  it("[14.0] only in the owner's own Movement Phase, only Dragoons, only with the rule, only on the map", () => {
    const stacks = { "0606": ["B-DR1", "B-HC1"], "1110": ["G-DR1"] };
    const melee = field(stacks, { ...dismounting, phase: "melee" });
    const wrongPhase = {
      code: "dismount/wrong-phase",
      rule: "14.0",
      message: "14.0: B-DR1 dismounts or remounts only in its own Movement Phase",
      unit: "B-DR1",
    };
    expect(refused(apply(melee.ctx, melee.position, dismount("B-DR1")))).toEqual(wrongPhase);
    const { ctx, position } = field(stacks, dismounting);
    expect(refused(apply(ctx, position, dismount("G-DR1")))).toMatchObject({ code: "dismount/wrong-phase" });
    expect(refused(apply(ctx, position, dismount("B-HC1")))).toEqual({
      code: "dismount/not-dragoon",
      rule: "14.0",
      message: "14.0: only Dragoons dismount, not B-HC1 (HC)",
      unit: "B-HC1",
    });
    const off = field(stacks, { phase: "movement" });
    expect(refused(apply(off.ctx, off.position, remount("B-DR1")))).toEqual({
      code: "dismount/not-in-play",
      rule: "14.0",
      message: "14.0: the optional rule Dismounting Cavalry is not in play",
      unit: "B-DR1",
    });
    const awaiting = {
      ...position,
      offMap: { "B-DR1": "eliminated" as const },
      stacks: { "0606": ["B-HC1"], "1110": ["G-DR1"] },
    };
    expect(refused(apply(ctx, awaiting, dismount("B-DR1")))).toEqual({
      code: "dismount/off-map",
      rule: "14.0",
      message: "14.0: B-DR1 is not on the map",
      unit: "B-DR1",
    });
  });

  it("[14.0] [14.0B] after moving, neither: the refusal cites the rule of what was asked", () => {
    const { ctx, position } = field({ "0606": ["B-DR1"], "1110": ["G-PP1"] }, dismounting);
    const moved = { ...position, moved: ["B-DR1"] };
    expect(refused(apply(ctx, moved, dismount("B-DR1")))).toEqual({
      code: "dismount/moved",
      rule: "14.0",
      message: "14.0: B-DR1 has already moved or changed this Movement Phase",
      unit: "B-DR1",
    });
    const down = field({ "0606": ["B-DR1"], "1110": ["G-PP1"] }, { ...dismounting, dismounted: ["B-DR1"] });
    expect(refused(apply(down.ctx, { ...down.position, moved: ["B-DR1"] }, remount("B-DR1")))).toEqual({
      code: "dismount/moved",
      rule: "14.0B",
      message: "14.0(B): B-DR1 has moved this Movement Phase; it remounts after a whole phase without moving",
      unit: "B-DR1",
    });
    expect(refused(apply(ctx, position, remount("B-DR1")))).toEqual({
      code: "remount/mounted",
      rule: "14.0B",
      message: "14.0(B): B-DR1 is not dismounted",
      unit: "B-DR1",
    });
  });
});
