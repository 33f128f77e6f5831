import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import type { Step } from "../sequence.js";
import { attack, field, fire, playWithDice, resolve } from "../test-support/combat.js";
import { expectRefused } from "../test-support/setup.js";

/*
 * The allocation of attacks (declare.ts). Test map, open ground around
 * 0707: N 0706, NE 0806, SE 0807, S 0708, SW 0607, NW 0606; from 0706 the
 * hexes 0707 (S) and 0806 (SE), from 0606 the hexes 0707 (SE) and 0607 (S).
 * Row 6 is open ground: 0604 is two hexes north of 0606.
 */

const caracolla = { optionalRules: ["caracolla" as const] };

function done(r: ReturnType<typeof apply>): Step {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("allocation by phase (7.1B, 6.0, 11.0)", () => {
  it("[7.1B] a refusal to fire outside the Fire Combat Phase names the phase and the unit", () => {
    const { ctx, position } = field({ "0106": ["B-PM1"], "0306": ["G-PP1"] }, { phase: "movement" });
    expect(expectRefused(apply(ctx, position, fire("B-PM1", "0306")), "7.1B", "fire/wrong-phase")).toEqual({
      code: "fire/wrong-phase",
      rule: "7.1B",
      message: "7.1(B): units fire only in the Fire Combat Phase, not the movement phase",
      unit: "B-PM1",
    });
  });

  it("[7.1B] [11.0] with the caracolla rule, Reiters still may not fire in the Movement Phase", () => {
    const { ctx, position } = field(
      { "0604": ["B-RC1"], "0606": ["G-PP1"] },
      { ...caracolla, phase: "movement" },
    );
    expectRefused(apply(ctx, position, fire("B-RC1", "0606")), "7.1B", "fire/wrong-phase");
  });

  it("[7.1B] [11.0] with the caracolla rule, every fire unit still fires in the Fire Combat Phase", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1"], "0306": ["G-PP1"] },
      { ...caracolla, phase: "fire" },
    );
    expect(apply(ctx, position, fire("B-PM1", "0306")).ok).toBe(true);
  });

  it("[11.0] a caracolla by a unit not in the game is refused, not a crash", () => {
    const { ctx, position } = field({ "0604": ["B-RC1"], "0606": ["G-PP1"] }, caracolla);
    expect(apply(ctx, position, fire("B-RC9", "0606")).ok).toBe(false);
  });

  it("[11.0] the caracolla refusals name the unit", () => {
    const { ctx, position } = field({ "0604": ["B-DR1"], "0606": ["G-PP1"] }, caracolla);
    expect(
      expectRefused(apply(ctx, position, fire("B-DR1", "0606")), "11.0", "fire/caracolla-reiters-only"),
    ).toMatchObject({
      message: "11.0: only Reiter Cavalry fire in the Melee Combat Phase (errata), not B-DR1",
      unit: "B-DR1",
    });
    const rc = field({ "0604": ["B-RC1"], "0606": ["G-PP1"] }, caracolla);
    expect(
      expectRefused(
        apply(rc.ctx, { ...rc.position, fired: ["B-RC1"] }, fire("B-RC1", "0606")),
        "11.0",
        "fire/caracolla-fired",
      ),
    ).toMatchObject({
      message: "11.0: B-RC1 fired in the Fire Combat Phase and may not fire again this Player-Turn",
      unit: "B-RC1",
    });
  });

  it("[6.0] a refusal to melee outside the Melee Combat Phase names the phase and the unit", () => {
    const { ctx, position } = field({ "0706": ["B-PP1"], "0707": ["G-PP1"] }, { phase: "fire" });
    expect(expectRefused(apply(ctx, position, attack("B-PP1", "0707")), "6.0", "melee/wrong-phase")).toEqual({
      code: "melee/wrong-phase",
      rule: "6.0",
      message: "6.0: melee attacks are made in the Melee Combat Phase, not the fire phase",
      unit: "B-PP1",
    });
  });
});

describe("combined attacks (6.2C, 7.2D)", () => {
  it("[6.2C] units allocated against the same hex make one attack; another hex makes another", () => {
    const { ctx, position } = field({
      "0706": ["B-PP1"],
      "0606": ["B-PP2"],
      "0808": ["B-PP3"],
      "0707": ["G-PP1"],
      "0807": ["G-PP2"],
    });
    const one = done(apply(ctx, position, attack("B-PP1", "0707")));
    expect(one.events).toEqual([
      { type: "attack-declared", kind: "melee", unit: "B-PP1", targets: ["0707"] },
    ]);
    const two = done(apply(ctx, one.position, attack("B-PP2", "0707")));
    expect(two.position.attacks).toEqual([
      { kind: "melee", attackers: ["B-PP1", "B-PP2"], targets: ["0707"], resolved: false, defenders: [] },
    ]);
    expect(two.events).toEqual([
      { type: "attack-declared", kind: "melee", unit: "B-PP2", targets: ["0707"] },
    ]);
    const three = done(apply(ctx, two.position, attack("B-PP3", "0807")));
    expect(three.position.attacks).toEqual([
      { kind: "melee", attackers: ["B-PP1", "B-PP2"], targets: ["0707"], resolved: false, defenders: [] },
      { kind: "melee", attackers: ["B-PP3"], targets: ["0807"], resolved: false, defenders: [] },
    ]);
  });

  it("[7.2D] fire units allocated to the same hex make one fire attack", () => {
    const { ctx, position } = field(
      { "0106": ["B-MM1"], "0506": ["B-PM1"], "0406": ["G-PP1"] },
      { phase: "fire" },
    );
    const s = playWithDice(ctx, position, [], fire("B-MM1", "0406"), fire("B-PM1", "0406"));
    expect(s.position.attacks).toEqual([
      { kind: "fire", attackers: ["B-MM1", "B-PM1"], targets: ["0406"], resolved: false, defenders: [] },
    ]);
    expect(s.events.at(-1)).toEqual({
      type: "attack-declared",
      kind: "fire",
      unit: "B-PM1",
      targets: ["0406"],
    });
  });

  it("[6.1B] an attack on one hex may not be joined by an attack on it and another hex", () => {
    const { ctx, position } = field({
      "0706": ["B-PP1"],
      "0606": ["B-PP2"],
      "0707": ["G-PP1"],
      "0607": ["G-PP2"],
    });
    const one = done(apply(ctx, position, attack("B-PP1", "0707")));
    const e = expectRefused(
      apply(ctx, one.position, attack("B-PP2", "0707", "0607")),
      "6.1B",
      "combat/hex-already-attacked",
    );
    expect(e).toMatchObject({
      message:
        "6.1(B): hex 0707 is already attacked (with 0707); no unit may be the object of more than one attack",
      hex: "0707",
    });
  });

  it("[6.1B] two-hex attacks sharing one hex are two attacks on it, refused", () => {
    const { ctx, position } = field({
      "0706": ["B-PP1", "B-PP3"],
      "0606": ["B-PP2"],
      "0707": ["G-PP1"],
      "0806": ["G-PP2"],
      "0607": ["G-PP3"],
    });
    const one = done(apply(ctx, position, attack("B-PP1", "0707", "0806")));
    const e = expectRefused(
      apply(ctx, one.position, attack("B-PP2", "0707", "0607")),
      "6.1B",
      "combat/hex-already-attacked",
    );
    expect(e).toMatchObject({
      message:
        "6.1(B): hex 0707 is already attacked (with 0707, 0806); no unit may be the object of more than one attack",
      hex: "0707",
    });
    // The same two hexes named in the other order are the same attack (6.2C).
    const joined = done(apply(ctx, one.position, attack("B-PP3", "0806", "0707")));
    expect(joined.position.attacks).toHaveLength(1);
  });

  it("[6.1B] [7.3F] the refusals of a second allocation name the unit", () => {
    const { ctx, position } = field({ "0706": ["B-PP1"], "0707": ["G-PP1"], "0807": ["G-PP2"] });
    const one = done(apply(ctx, position, attack("B-PP1", "0707")));
    expect(
      expectRefused(apply(ctx, one.position, attack("B-PP1", "0806")), "6.1B", "melee/already-allocated"),
    ).toMatchObject({ message: "6.1(B): B-PP1 already takes part in an attack this phase", unit: "B-PP1" });
    const f = field({ "0106": ["B-PM1"], "0306": ["G-PP1"], "0107": ["G-PP2"] }, { phase: "fire" });
    const fired = done(apply(f.ctx, f.position, fire("B-PM1", "0306")));
    expect(
      expectRefused(apply(f.ctx, fired.position, fire("B-PM1", "0107")), "7.3F", "fire/already-allocated"),
    ).toMatchObject({ message: "7.3(F): B-PM1 already fires at another hex this phase", unit: "B-PM1" });
  });

  it("[6.1B] [11.0] a caracolla fire on a hex does not join, nor forbid, a melee attack on it", () => {
    const { ctx, position } = field({ "0604": ["B-RC1"], "0706": ["B-EP1"], "0606": ["G-PP1"] }, caracolla);
    const s = playWithDice(ctx, position, [], fire("B-RC1", "0606"), attack("B-EP1", "0606"));
    expect(s.position.attacks.map((a) => [a.kind, a.attackers])).toEqual([
      ["fire", ["B-RC1"]],
      ["melee", ["B-EP1"]],
    ]);
  });
});

describe("withdrawing an allocation (6.0, 7.0)", () => {
  it("[6.0] a unit withdrawn leaves the others' attack; the last withdrawn ends it; other attacks stay", () => {
    const { ctx, position } = field({
      "0706": ["B-PP1"],
      "0606": ["B-PP2"],
      "0808": ["B-PP3"],
      "0707": ["G-PP1"],
      "0807": ["G-PP2"],
    });
    const s = playWithDice(
      ctx,
      position,
      [],
      attack("B-PP3", "0807"),
      attack("B-PP1", "0707"),
      attack("B-PP2", "0707"),
    );
    const other = { kind: "melee", attackers: ["B-PP3"], targets: ["0807"], resolved: false, defenders: [] };
    const one = done(apply(ctx, s.position, { type: "withdraw", unit: "B-PP1" }));
    expect(one.position.attacks).toEqual([
      other,
      { kind: "melee", attackers: ["B-PP2"], targets: ["0707"], resolved: false, defenders: [] },
    ]);
    expect(one.events).toEqual([{ type: "attack-withdrawn", unit: "B-PP1" }]);
    const two = done(apply(ctx, one.position, { type: "withdraw", unit: "B-PP2" }));
    expect(two.position.attacks).toEqual([other]);
  });

  it("[6.0] only an allocated unit is withdrawn", () => {
    const { ctx, position } = field({ "0706": ["B-PP1"], "0606": ["B-PP2"], "0707": ["G-PP1"] });
    const s = done(apply(ctx, position, attack("B-PP1", "0707")));
    expect(
      expectRefused(
        apply(ctx, s.position, { type: "withdraw", unit: "B-PP2" }),
        "6.0",
        "combat/not-allocated",
      ),
    ).toEqual({
      code: "combat/not-allocated",
      rule: "6.0",
      message: "6.0: B-PP2 is not allocated to any attack",
      unit: "B-PP2",
    });
  });
});

describe("allocation closes at the first resolution (6.0, 7.0, 11.0)", () => {
  it("[7.0] once a fire attack is resolved, no fire is allocated or withdrawn", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1"], "0306": ["G-PP1"], "0107": ["B-PM2"], "0307": ["G-PP2"], "0108": ["B-PM3"] },
      { phase: "fire" },
    );
    // PM 4 at 2 hexes against 3: a 1 is no effect.
    const s = playWithDice(ctx, position, [1], fire("B-PM1", "0306"), fire("B-PM2", "0307"), resolve("0306"));
    const closed = {
      code: "fire/allocation-closed",
      rule: "7.0",
      message: "7.0: every fire attack is allocated before the first is resolved",
    };
    expect(expectRefused(apply(ctx, s.position, fire("B-PM3", "0307")), "7.0")).toEqual(closed);
    expect(expectRefused(apply(ctx, s.position, { type: "withdraw", unit: "B-PM2" }), "7.0")).toEqual(closed);
  });

  it("[6.0] once a melee attack is resolved, no melee is allocated", () => {
    const { ctx, position } = field({
      "0706": ["B-EP1"],
      "0708": ["B-EP2"],
      "0808": ["B-PP1"],
      "0606": ["G-MP1"],
      "0807": ["G-MP2"],
    });
    const s = playWithDice(
      ctx,
      position,
      [1],
      attack("B-EP1", "0606"),
      attack("B-EP2", "0807"),
      resolve("0807"),
    );
    expect(expectRefused(apply(ctx, s.position, attack("B-PP1", "0807")), "6.0")).toEqual({
      code: "melee/allocation-closed",
      rule: "6.0",
      message: "6.0: every melee attack is allocated before the first is resolved",
    });
  });

  it("[11.0] [7.0] once a melee attack is resolved, no caracolla fire is allocated", () => {
    const { ctx, position } = field(
      { "0604": ["B-RC1"], "0706": ["B-EP1"], "0606": ["G-PP1"], "0707": ["G-MP1"] },
      caracolla,
    );
    const s = playWithDice(ctx, position, [1], attack("B-EP1", "0707"), resolve("0707"));
    expectRefused(apply(ctx, s.position, fire("B-RC1", "0606")), "7.0", "fire/allocation-closed");
  });
});
