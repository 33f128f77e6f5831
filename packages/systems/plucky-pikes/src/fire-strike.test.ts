import { inches } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { type Battery, type Firers, gunStrike, missileStrike, rangeBand } from "./fire-strike.js";
import { type Fraction, fraction } from "./fraction.js";
import { hits, lethality, type Strike } from "./lethality.js";
import { defaultRules } from "./rules-data/load.js";

const rules = defaultRules().data;

const musketeers: Firers = {
  weapon: "musket",
  unitClass: "veteran",
  figures: 12,
  order: "formed",
  moving: false,
  disordered: false,
};
/** The squared distance of a length in ticks. */
const sq = (ticks: number) => ticks * ticks;
const near = { enfiladed: false, d2: sq(inches(6)) };

function strike(r: ReturnType<typeof missileStrike>): Strike {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function lf(r: ReturnType<typeof missileStrike>): Fraction {
  return lethality(rules, strike(r));
}

describe("fire: a unit's strike", () => {
  it("[001 Firearms] stationary formed musketeers fire 1.5(AV+2); Swedes 2(AV+2)", () => {
    expect(lf(missileStrike(rules, musketeers, near, 5))).toEqual(fraction(3 * (12 + 2 + 5), 2));
    expect(lf(missileStrike(rules, { ...musketeers, swedish: true }, near, 5))).toEqual(
      fraction(2 * (12 + 2 + 5)),
    );
  });

  it("[001 Firearms] moving musketeers subtract 2 and lose the stationary multiplier", () => {
    expect(lf(missileStrike(rules, { ...musketeers, moving: true }, near, 5))).toEqual(fraction(12 - 2 + 5));
  });

  it("[001 Firearms] skirmishers fire their full LF stationary, −2 moving, with none of the formed advantages", () => {
    const skirmish = { ...musketeers, order: "skirmish" as const, figures: 6 };
    expect(lf(missileStrike(rules, skirmish, near, 5))).toEqual(fraction(6 + 5));
    expect(lf(missileStrike(rules, { ...skirmish, moving: true }, near, 5))).toEqual(fraction(6 - 2 + 5));
    expect(lf(missileStrike(rules, skirmish, { ...near, enfiladed: true }, 5))).toEqual(fraction(6 + 5));
  });

  it("[001 Firearms] handguns without serpentines: −3 moving, no bonuses", () => {
    const handguns = { ...musketeers, weapon: "handgun" as const, figures: 10 };
    const av = 10 * (rules.attackValues.missile.handgun.num / rules.attackValues.missile.handgun.den);
    expect(lf(missileStrike(rules, handguns, near, 5))).toEqual(fraction(av + 5));
    expect(lf(missileStrike(rules, { ...handguns, moving: true }, near, 5))).toEqual(fraction(av - 3 + 5));
    expect(lf(missileStrike(rules, handguns, { ...near, enfiladed: true }, 5))).toEqual(fraction(av + 5));
  });

  it("[001 Firearms] pistoliers fire their first rank at full LF stationary, −2 moving; horse do not enfilade", () => {
    const pistols = { ...musketeers, weapon: "pistol" as const, figures: 8 };
    const close = { enfiladed: true, d2: sq(inches(3)) };
    expect(lf(missileStrike(rules, pistols, close, 4))).toEqual(fraction(8 + 4));
    expect(lf(missileStrike(rules, { ...pistols, moving: true }, close, 4))).toEqual(fraction(8 - 2 + 4));
  });

  it("[001 Bows & Crossbows] moving bowmen −2; stationary heavy crossbows ×1.5; horse archers full LF moving", () => {
    const bows = { ...musketeers, weapon: "longbow" as const, figures: 10 };
    expect(lf(missileStrike(rules, { ...bows, moving: true }, near, 5))).toEqual(fraction(10 - 2 + 5));
    expect(lf(missileStrike(rules, bows, near, 5))).toEqual(fraction(10 + 5));
    const heavy = { ...musketeers, weapon: "heavy-crossbow" as const, figures: 10 };
    expect(lf(missileStrike(rules, heavy, near, 5))).toEqual(fraction(3 * 15, 2));
    expect(lf(missileStrike(rules, { ...heavy, moving: true }, near, 5))).toEqual(fraction(10 - 2 + 5));
    const horseArchers = { ...musketeers, weapon: "horse-bow" as const, figures: 8, moving: true };
    expect(lf(missileStrike(rules, horseArchers, near, 4))).toEqual(fraction(6 + 4));
  });

  it("[001 Firepower modifiers] enfilade: 2(AV+3), in place of the stationary 1.5(AV+2); moving still −2", () => {
    const flank = { ...near, enfiladed: true };
    expect(lf(missileStrike(rules, musketeers, flank, 5))).toEqual(fraction(2 * (12 + 3 + 5)));
    expect(lf(missileStrike(rules, { ...musketeers, moving: true }, flank, 5))).toEqual(
      fraction(2 * (12 - 2 + 3 + 5)),
    );
  });

  it("[001 Formations] disordered: −2, and no tactical advantage for firing (no multiplier, no enfilade)", () => {
    const disordered = { ...musketeers, disordered: true };
    expect(lf(missileStrike(rules, disordered, { ...near, enfiladed: true }, 5))).toEqual(
      fraction(12 - 2 + 5),
    );
  });

  it("[001 Formations] [001 Firearms] a muddled unit may not fire, nor one still reloading, nor beyond its range", () => {
    const refused = (r: ReturnType<typeof missileStrike>) => (r.ok ? "fired" : r.error.message);
    expect(refused(missileStrike(rules, { ...musketeers, muddled: true }, near, 5, "M1"))).toBe(
      "001 Formations: a muddled unit may not fire",
    );
    expect(refused(missileStrike(rules, { ...musketeers, reloading: true }, near, 5))).toMatch(
      /^001 Firearms: it must take its URT/,
    );
    const reach = rules.smallArms.musket;
    expect(missileStrike(rules, musketeers, { ...near, d2: sq(reach) }, 5).ok).toBe(true);
    expect(refused(missileStrike(rules, musketeers, { ...near, d2: sq(reach) + 1 }, 5))).toMatch(
      /^001 Firearms: a musket reaches/,
    );
  });

  it("[001 Preliminaries] the class modifier enters the strike inside the multiplier", () => {
    const guard = strike(missileStrike(rules, { ...musketeers, unitClass: "guard" }, near, 5));
    expect(guard.classModifier).toBe(rules.classes.guard.d10);
    expect(lethality(rules, guard)).toEqual(fraction(3 * (12 + 2 + 2 + 5), 2));
  });
});

describe("fire: a gun's strike", () => {
  const saker: Battery = {
    gun: "saker",
    unitClass: "veteran",
    points: rules.attackValues.guns.saker,
    limbered: false,
    hailshot: false,
    overFriends: false,
    slope: "level",
    atArtillery: false,
  };
  const gunLf = (b: Battery, ticks: number, d10 = 6, enfiladed = false) => {
    const r = gunStrike(rules, b, { enfiladed, d2: sq(ticks) }, d10);
    if (!r.ok) throw new Error(r.error.message);
    return lethality(rules, r.value);
  };
  const [short, medium, long] = rules.artillery.bands.saker;
  const m = rules.artillery.bandModifiers;

  it("[001 Artillery] range bands from the axle, each bound inclusive, with their modifiers", () => {
    expect(rangeBand(rules, "saker", sq(short))).toBe("short");
    expect(rangeBand(rules, "saker", sq(short) + 1)).toBe("medium");
    expect(rangeBand(rules, "saker", sq(medium))).toBe("medium");
    expect(rangeBand(rules, "saker", sq(long))).toBe("long");
    expect(rangeBand(rules, "saker", sq(long) + 1)).toBeUndefined();
    expect(gunLf(saker, short)).toEqual(fraction(9 + m.short + 6));
    expect(gunLf(saker, long)).toEqual(fraction(9 + m.long + 6));
  });

  it("[001 Artillery] a gun fires only unlimbered, and not beyond long range", () => {
    const r = gunStrike(rules, { ...saker, limbered: true }, near, 6, "G1");
    expect(r.ok || r.error).toEqual({
      code: "fire/limbered",
      rule: "001 Artillery",
      message: "001 Artillery: to fire a gun must be unlimbered",
      unit: "G1",
    });
    expect(gunStrike(rules, saker, { enfiladed: false, d2: sq(long + 1) }, 6).ok).toBe(false);
  });

  it("[001 Artillery] hailshot: +2, its own range, the AV ×1.5; never over friends", () => {
    const hail = { ...saker, hailshot: true };
    const range = rules.artillery.hailshot.range;
    // AV 9 x 3/2 = 27/2, then the short band, the hailshot's +2 and the d10.
    expect(gunLf(hail, range)).toEqual(fraction(27 + 2 * (m.short + 2 + 6), 2));
    expect(gunStrike(rules, hail, { enfiladed: false, d2: sq(range) + 1 }, 6).ok).toBe(false);
    const over = gunStrike(rules, { ...hail, overFriends: true }, near, 6);
    expect(over.ok || over.error.message).toBe(
      "001 Firepower modifiers: no hailshot over the heads of friends",
    );
  });

  it("[001 Firepower modifiers] from a hill +1, uphill −1; [001 Artillery] counter-battery −5", () => {
    expect(gunLf({ ...saker, slope: "down" }, short)).toEqual(fraction(9 + m.short + 1 + 6));
    expect(gunLf({ ...saker, slope: "up" }, short)).toEqual(fraction(9 + m.short - 1 + 6));
    expect(gunLf({ ...saker, atArtillery: true }, short)).toEqual(fraction(9 + m.short - 5 + 6));
  });

  it("[001 Firepower modifiers] artillery enfilading: 2(AV+3)", () => {
    expect(gunLf(saker, short, 6, true)).toEqual(fraction(2 * (9 + m.short + 3 + 6)));
  });

  it("[001 Artillery] a gun that has lost points fires with what it has left", () => {
    expect(gunLf({ ...saker, points: 6 }, short)).toEqual(fraction(6 + m.short + 6));
    expect(hits(gunLf({ ...saker, points: 6 }, short), 10)).toBe(1);
  });
});
