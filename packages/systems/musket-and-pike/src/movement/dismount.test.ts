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
