import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { legalActions } from "../legal.js";
import { attack, endPhase, eventsOf, field, fire, playWithDice, resolve } from "../test-support/combat.js";
import { expectRefused } from "../test-support/setup.js";
import { UNIT_TYPES } from "../vocabulary.js";
import { caracollaAllowed, caracollaError } from "./declare.js";

/* Test map, open ground: 0604 is two hexes north of 0606, 0605 between them. */
const caracolla = { optionalRules: ["caracolla" as const] };

describe("11.0 cavalry caracolla (optional)", () => {
  it("[11.0] with the rule, Reiter Cavalry may fire in their Melee Combat Phase; without it, not", () => {
    const on = field({ "0604": ["B-RC1"], "0606": ["G-PP1"] }, caracolla);
    expect(apply(on.ctx, on.position, fire("B-RC1", "0606")).ok).toBe(true);
    expect(legalActions(on.ctx, on.position)).toContainEqual(fire("B-RC1", "0606"));
    const off = field({ "0604": ["B-RC1"], "0606": ["G-PP1"] });
    expectRefused(apply(off.ctx, off.position, fire("B-RC1", "0606")), "7.1B", "fire/wrong-phase");
  });

  it("[11.0] errata: only Reiter Cavalry, not Dragoons or muskets, caracole", () => {
    const { ctx, position } = field({ "0604": ["B-DR1", "B-PM1"], "0606": ["G-PP1"] }, caracolla);
    expectRefused(apply(ctx, position, fire("B-DR1", "0606")), "11.0", "fire/caracolla-reiters-only");
    expectRefused(apply(ctx, position, fire("B-PM1", "0606")), "11.0", "fire/caracolla-reiters-only");
  });

  it("[11.0] a Reiter that fired in the Fire Combat Phase may not caracole in the same Player-Turn", () => {
    const { ctx, position } = field(
      { "0604": ["B-RC1"], "0104": ["B-RC2"], "0606": ["G-PP1"] },
      { ...caracolla, phase: "fire" },
    );
    // RC 3 against 3 at 1-1: a 1 is no effect.
    const s = playWithDice(ctx, position, [1], fire("B-RC1", "0606"), resolve("0606"), endPhase, endPhase);
    expect(s.position).toMatchObject({ phase: "melee", fired: ["B-RC1"] });
    expectRefused(apply(ctx, s.position, fire("B-RC1", "0606")), "11.0", "fire/caracolla-fired");
    // The next Player-Turn forgets it.
    const next = playWithDice(ctx, s.position, [], endPhase);
    expect(next.position.fired).toEqual([]);
  });

  it("[11.0] caracolla fire is resolved before any melee; melee may still be allocated after it", () => {
    const { ctx, position } = field(
      { "0604": ["B-RC1"], "0706": ["B-EP1", "B-PP1"], "0606": ["G-PP1"], "0707": ["G-MP1"] },
      caracolla,
    );
    const allocated = playWithDice(ctx, position, [], fire("B-RC1", "0606"), attack("B-EP1", "0707"));
    const first = expectRefused(
      apply(ctx, allocated.position, resolve("0707")),
      "11.0",
      "melee/caracolla-first",
    );
    expect(first).toMatchObject({
      hex: "0707",
      message: "11.0: resolve the caracolla fire before any melee",
    });
    expect(legalActions(ctx, allocated.position).filter((a) => a.type === "resolve")).toEqual([
      resolve("0606"),
    ]);
    // RC 3 against 3: 1-1, a 1 is no effect. Then the PP may still join a melee attack.
    const fired = playWithDice(ctx, allocated.position, [1], resolve("0606"));
    expectRefused(apply(ctx, fired.position, fire("B-RC1", "0707")), "7.0", "fire/allocation-closed");
    const joined = playWithDice(ctx, fired.position, [], attack("B-PP1", "0606"));
    expect(joined.position.attacks.filter((a) => a.kind === "melee")).toHaveLength(2);
  });

  it("[11.0] caracolla fire and melee on the same hex: resolving the hex resolves the fire first", () => {
    const { ctx, position } = field({ "0604": ["B-RC1"], "0706": ["B-EP1"], "0606": ["G-PP1"] }, caracolla);
    // The melee is declared first, so that the order of declaration does not decide it.
    const s = playWithDice(
      ctx,
      position,
      [1],
      attack("B-EP1", "0606"),
      fire("B-RC1", "0606"),
      resolve("0606"),
    );
    expect(eventsOf(s.events, "combat-resolved").map((e) => e.kind)).toEqual(["fire"]);
    expect(s.position.attacks.map((a) => [a.kind, a.resolved])).toEqual([
      ["melee", false],
      ["fire", true],
    ]);
  });

  it("[11.0B] a unit disrupted by caracolla fire and again by melee in the same phase is eliminated", () => {
    const { ctx, position } = field({ "0604": ["B-RC1"], "0706": ["B-EP1"], "0606": ["G-PP1"] }, caracolla);
    // Fire: RC 3 against 3, 1-1, a 3 is D. Melee: EP 6 against PP 4, 1-1, a 3 (+1 for the disrupted PP) is D.
    const fired = playWithDice(ctx, position, [3], fire("B-RC1", "0606"), resolve("0606"));
    expect(fired.position.units["G-PP1"]?.disrupted).toBe(true);
    const s = playWithDice(ctx, fired.position, [3], attack("B-EP1", "0606"), resolve("0606"));
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ modifier: 1, result: "D" });
    expect(s.position.offMap["G-PP1"]).toBe("eliminated");
  });

  it("[11.0] [6.3G] a melee attack on a hex the caracolla fire emptied lapses, without a die", () => {
    const { ctx, position } = field(
      { "0604": ["B-RC1", "B-RC2"], "0706": ["B-EP1"], "0606": ["G-PP1"] },
      caracolla,
    );
    // Fire: RC 3 + 3 against 3, 2-1; a 6 is E1: the lone PP is eliminated.
    const s = playWithDice(
      ctx,
      position,
      [6],
      fire("B-RC1", "0606"),
      fire("B-RC2", "0606"),
      attack("B-EP1", "0606"),
      resolve("0606"),
      resolve("0606"),
    );
    expect(eventsOf(s.events, "combat-resolved").map((e) => [e.kind, e.result])).toEqual([["fire", "E1"]]);
    expect(eventsOf(s.events, "attack-lapsed")).toEqual([
      { type: "attack-lapsed", kind: "melee", targets: ["0606"] },
    ]);
    expect(s.position.attacks.every((a) => a.resolved)).toBe(true);
    // Nobody advances after a lapsed attack: there was no combat.
    expect(s.position.decision).toBeUndefined();
  });

  it("[11.0A] all rules of fire combat apply to caracolla fire: line of sight, range, protection, halving", () => {
    const fires = (
      stacks: Record<string, string[]>,
      target: string,
      more: Parameters<typeof field>[1] = {},
    ) => {
      const { ctx, position } = field(stacks, { ...caracolla, ...more });
      return { ctx, position, r: apply(ctx, position, fire("B-RC1", target)) };
    };
    // 7.3(G): an occupied hex between, on the firer's level, blocks the line of sight.
    const screened = fires({ "0604": ["B-RC1"], "0605": ["B-PP1"], "0606": ["G-PP1"] }, "0606");
    expectRefused(screened.r, "7.3G", "fire/line-of-sight");
    expect(legalActions(screened.ctx, screened.position)).not.toContainEqual(fire("B-RC1", "0606"));
    // 7.3(G): so do the woods 0402, between 0401 and 0403.
    expectRefused(fires({ "0401": ["B-RC1"], "0403": ["G-PP1"] }, "0403").r, "7.3G", "fire/line-of-sight");
    // 7.1(C), 7.4: three hexes is beyond the Reiters' Range Allowance.
    const far = fires({ "0604": ["B-RC1"], "0607": ["G-PP1"] }, "0607");
    expectRefused(far.r, "7.1C", "fire/out-of-range");
    expect(legalActions(far.ctx, far.position)).not.toContainEqual(fire("B-RC1", "0607"));
    // 9.0: the target's Fire Protection Strength, a village's 6: RC 3 against 6 is 1-2.
    const village = field({ "0206": ["B-RC1"], "0208": ["G-PP1"] }, caracolla);
    const v = playWithDice(village.ctx, village.position, [1], fire("B-RC1", "0208"), resolve("0208"));
    expect(eventsOf(v.events, "combat-resolved")[0]).toMatchObject({ kind: "fire", attack: 3, defence: 6 });
    // 13.0(F): a unit in Road Movement Mode is halved in defence against fire: the road's 2 becomes 1.
    const road = field(
      { "0509": ["B-RC1"], "0507": ["G-PP1"] },
      { optionalRules: ["caracolla", "road-movement"], roadMode: ["G-PP1"] },
    );
    const m = playWithDice(road.ctx, road.position, [1], fire("B-RC1", "0507"), resolve("0507"));
    expect(eventsOf(m.events, "combat-resolved")[0]).toMatchObject({ kind: "fire", attack: 3, defence: 1 });
  });

  it("[11.0] the lister's yes/no (caracollaAllowed) is true exactly when caracollaError finds no error", () => {
    const seen = new Set<boolean>();
    fc.assert(
      fc.property(
        fc.constantFrom(...UNIT_TYPES),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (type, dismounted, fired, present) => {
          const unit = `B-${type}1`;
          const { ctx, position } = field(
            { "0604": [unit], "0606": ["G-PP1"] },
            {
              optionalRules: ["caracolla", "dismounting-cavalry"],
              dismounted: dismounted && type === "DR" ? [unit] : [],
            },
          );
          const asked = present ? unit : "B-RC9";
          const p = { ...position, fired: fired ? [asked] : [] };
          const allowed = caracollaAllowed(ctx, p, asked);
          expect(allowed).toBe(caracollaError(ctx, p, asked) === undefined);
          seen.add(allowed);
        },
      ),
      { numRuns: 200 },
    );
    // Both answers were met: a Reiter that has not fired, and a refusal of either kind.
    expect([...seen].sort()).toEqual([false, true]);
  });
});
