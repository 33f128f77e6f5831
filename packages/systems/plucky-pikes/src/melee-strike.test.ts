import { inches } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { fraction } from "./fraction.js";
import { defenceFactor, hits, lethality } from "./lethality.js";
import {
  barrierBonus,
  type Fighters,
  fightingStrength,
  type MeleeSituation,
  meleeStrike,
  type Opponent,
} from "./melee-strike.js";
import { defaultRules } from "./rules-data/load.js";

const rules = defaultRules().data;
const mm = rules.meleeModifiers;
const mx = rules.meleeMatrix.d10;

const pikes: Fighters = {
  order: { arm: "foot", formation: "pike" },
  weapon: "pike",
  unitClass: "veteran",
  ranks: [8, 8, 8],
  disordered: false,
  muddled: false,
  joinedInProgress: false,
  uphill: false,
};
const horse: Fighters = {
  order: { arm: "horse", formation: "close" },
  weapon: "cuirassier",
  unitClass: "veteran",
  ranks: [6, 6],
  disordered: false,
  muddled: false,
  joinedInProgress: false,
  uphill: false,
};
const asOpponent = (f: Fighters): Opponent => ({
  order: f.order,
  disordered: f.disordered,
  muddled: f.muddled,
});
const first: MeleeSituation = { round: 1, against: "front", struckOn: "front", assaultingBuilding: false };

const sum = (f: Fighters, o: Opponent, s: MeleeSituation) =>
  meleeStrike(rules, f, o, s, 5).modifiers.reduce((a, m) => a + m.value, 0);

describe("melee: ranks counted", () => {
  it("[001 Melee] pikes and hedgehogs against cavalry count 2 ranks; all others 1", () => {
    expect(fightingStrength(pikes, asOpponent(horse), first)).toBe(16);
    expect(fightingStrength(pikes, asOpponent(pikes), first)).toBe(8);
    const hedgehog = { ...pikes, order: { arm: "foot", formation: "hedgehog" } } as const;
    expect(fightingStrength(hedgehog, asOpponent(horse), first)).toBe(16);
  });

  it("[001 Melee] flank and rear attacks count 2 ranks, on the first move only, and not for a unit joining", () => {
    expect(fightingStrength(horse, asOpponent(pikes), { ...first, against: "flank" })).toBe(12);
    expect(fightingStrength(horse, asOpponent(pikes), { ...first, against: "rear" })).toBe(12);
    expect(fightingStrength(horse, asOpponent(pikes), { ...first, round: 2, against: "flank" })).toBe(12);
    expect(
      fightingStrength({ ...horse, ranks: [6, 6, 6] }, asOpponent(pikes), { ...first, against: "flank" }),
    ).toBe(12);
    expect(
      fightingStrength({ ...horse, joinedInProgress: true }, asOpponent(pikes), {
        ...first,
        against: "flank",
      }),
    ).toBe(6);
  });

  it("[001 Melee] pikes not in hedgehog lose their 2 ranks attacked in flank or rear; a hedgehog keeps them", () => {
    expect(fightingStrength(pikes, asOpponent(horse), { ...first, struckOn: "flank" })).toBe(8);
    const hedgehog = { ...pikes, order: { arm: "foot", formation: "hedgehog" } } as const;
    expect(fightingStrength(hedgehog, asOpponent(horse), { ...first, struckOn: "rear" })).toBe(16);
  });

  it("[001 Melee] on move 2 all the troops of each side fight; batteries count all their points", () => {
    expect(fightingStrength(pikes, asOpponent(pikes), { ...first, round: 2 })).toBe(24);
    const battery: Fighters = { ...pikes, order: { arm: "guns" }, weapon: "shot", ranks: [], points: 9 };
    expect(fightingStrength(battery, asOpponent(horse), first)).toBe(9);
  });
});

describe("melee: modifiers", () => {
  /** A straight charge of `ticks`, its length squared as the kernel gives it. */
  const charge = (ticks: number, more: Partial<NonNullable<Fighters["charged"]>> = {}) => ({
    length2: ticks * ticks,
    straight: true,
    firedPistols: false,
    ...more,
  });

  it('[001 Melee] the charge bonus needs 1" for foot and 4" for horse, in a straight line', () => {
    const foot = { ...pikes, order: { arm: "foot", formation: "open" } } as const;
    expect(sum({ ...foot, charged: charge(inches(1)) }, asOpponent(pikes), first)).toBe(mm.charge.foot);
    expect(sum({ ...foot, charged: charge(inches(1) - 1) }, asOpponent(pikes), first)).toBe(0);
    const vsShot = asOpponent({ ...pikes, order: { arm: "foot", formation: "pike" } });
    expect(sum({ ...horse, charged: charge(inches(4)) }, vsShot, first)).toBe(
      mm.charge.horse + mx.cavalryVsPikeFront,
    );
    expect(sum({ ...horse, charged: charge(inches(3, 1, 2)) }, vsShot, first)).toBe(mx.cavalryVsPikeFront);
    expect(sum({ ...horse, charged: charge(inches(6), { straight: false }) }, vsShot, first)).toBe(
      mx.cavalryVsPikeFront,
    );
  });

  it("[001 Firearms] pistols fired before or during a charge lose the charge bonus; lancers charge for more", () => {
    const vsHorse = asOpponent(horse);
    expect(sum({ ...horse, charged: charge(inches(5), { firedPistols: true }) }, vsHorse, first)).toBe(0);
    expect(sum({ ...horse, weapon: "lance", charged: charge(inches(5)) }, vsHorse, first)).toBe(
      mm.charge.lance,
    );
  });

  it("[001 Melee] flank +3 and rear +4 on the first move only", () => {
    const vsPikes = asOpponent({ ...pikes, order: { arm: "foot", formation: "open" } });
    expect(sum(pikes, vsPikes, { ...first, against: "flank" })).toBe(mm.flank + mx.pikeVsShot);
    expect(sum(pikes, vsPikes, { ...first, against: "rear" })).toBe(mm.rear + mx.pikeVsShot);
    expect(sum(pikes, vsPikes, { ...first, round: 2, against: "rear" })).toBe(mx.pikeVsShot);
  });

  it("[001 Formations] a muddled unit attacked in melee fights as if taken in the rear", () => {
    const muddled = { ...asOpponent(pikes), muddled: true };
    expect(sum(horse, muddled, first)).toBe(mm.rear + mx.cavalryVsPikeFront);
    expect(fightingStrength(horse, muddled, first)).toBe(12);
  });

  it("[001 Formations] a disordered unit: −2, no advantage but the hedgehog's; attacking a disordered enemy doubles the LF", () => {
    const disordered = { ...horse, disordered: true, charged: charge(inches(6)) };
    // Charging a pike block's flank: no charge bonus, no flank bonus, only the -2 (and not the pike-front penalty).
    expect(sum(disordered, asOpponent(pikes), { ...first, against: "flank" })).toBe(mm.disordered);
    expect(sum(disordered, asOpponent(pikes), first)).toBe(mm.disordered + mx.cavalryVsPikeFront);
    const s = meleeStrike(rules, pikes, { ...asOpponent(horse), disordered: true }, first, 5);
    expect(s.multiplier).toEqual(fraction(mm.vsDisordered));
    expect(lethality(rules, s)).toEqual(fraction(2 * (16 + 5)));
  });

  it("[001 Melee] the Melee Matrix: close horse against open foot, horse against a hedgehog, skirmishers, gun crews", () => {
    const openFoot = asOpponent({ ...pikes, order: { arm: "foot", formation: "open" } });
    expect(sum(horse, openFoot, first)).toBe(mx.closeCavalryVsOpenFoot);
    const hedgehog = asOpponent({ ...pikes, order: { arm: "foot", formation: "hedgehog" } });
    expect(sum(horse, hedgehog, first)).toBe(mx.cavalryVsHedgehog);
    const skirmishers = { ...pikes, order: { arm: "foot", formation: "skirmish" } } as const;
    expect(sum(skirmishers, asOpponent(pikes), first)).toBe(mx.skirmishOrder);
    const battery: Fighters = { ...pikes, order: { arm: "guns" }, weapon: "shot", ranks: [], points: 9 };
    expect(sum(battery, asOpponent(horse), first)).toBe(mx.gunCrew);
    const openHorse = { ...horse, order: { arm: "horse", formation: "open" } } as const;
    expect(sum(openHorse, asOpponent(horse), first)).toBe(mx.openVsCloseCavalry);
  });

  it("[001 Melee] uphill; assaulting a building; a barrier and a house raise the defender's DF", () => {
    expect(sum({ ...pikes, uphill: true }, asOpponent(pikes), first)).toBe(mm.uphill);
    expect(sum(pikes, asOpponent(pikes), { ...first, assaultingBuilding: true })).toBe(mm.assaultingBuilding);
    expect(defenceFactor(rules, {}, "melee") + barrierBonus(rules, "wall")).toBe(10 + mm.barrier.wall);
    expect(defenceFactor(rules, { cover: "wooden-building" }, "melee")).toBe(13);
  });

  it("[001 Melee] a charge of pikes into horse: 16 figures, the class inside, a golden count of hits", () => {
    const s = meleeStrike(rules, pikes, asOpponent(horse), first, 4);
    // 16 pikemen x 1 + veteran 0 + d10 4 = 20: exactly two hits on DV 10.
    expect(lethality(rules, s)).toEqual(fraction(20));
    expect(hits(lethality(rules, s), defenceFactor(rules, { armour: "unarmoured" }, "melee"))).toBe(2);
  });
});
