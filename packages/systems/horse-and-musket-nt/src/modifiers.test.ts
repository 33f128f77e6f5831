import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Sequence, work } from "./modifiers.js";

/**
 * The modifier sequences of 1.1 (i-vi) and 2 (i-iv), worked by `work`:
 * whole additions and subtractions first, never below 0, then doublings,
 * then halvings whose benefit is capped at a quarter, rounded UP once at
 * the end. The hand computation below is written apart from `work`, in
 * floating point (every value is a small dyadic fraction, so exact).
 */
const HALF = { num: 1, den: 2 };
const CAP = { num: 1, den: 4, rule: "1.1 vi" };

function fireSequence(
  value: number,
  o: { add?: boolean; subtract?: number[]; pointBlank?: boolean; halves?: number },
): Sequence {
  return {
    start: { value, rule: "1.1 B", text: `roll Dx: ${value}` },
    adds: [
      ...(o.add ? [{ rule: "1.1 i", text: "add 2", by: 2 }] : []),
      ...(o.subtract ?? []).map((by) => ({ rule: "1.1 ii", text: `subtract ${by}`, by: -by })),
    ],
    doubles: o.pointBlank ? [{ rule: "1.1 iii", text: "double", by: 2 }] : [],
    halves: Array.from({ length: o.halves ?? 0 }, (_, i) => ({ rule: `halve ${i}`, text: "halve" })),
    halve: HALF,
    cap: CAP,
  };
}

/** The printed order by hand: i add, ii subtract (never below 0), iii double, iv-v halve, vi cap, round up. */
function byHand(
  value: number,
  o: { add?: boolean; subtract?: number[]; pointBlank?: boolean; halves?: number },
): { hits: number; unhalved: number } {
  let n = value;
  if (o.add) n += 2;
  for (const s of o.subtract ?? []) n = Math.max(0, n - s);
  if (o.pointBlank) n *= 2;
  const factor = Math.max(0.25, 0.5 ** (o.halves ?? 0));
  return { hits: Math.ceil(n * factor), unhalved: n };
}

const shape = fc.record({
  add: fc.boolean(),
  subtract: fc.array(fc.constantFrom(2), { maxLength: 2 }),
  pointBlank: fc.boolean(),
  halves: fc.integer({ min: 0, max: 4 }),
});

describe("[003 Fire] the modifier sequence, worked exactly", () => {
  it("[003 Fire i] [003 Fire ii] adding comes before subtracting: 1 + 2 - 2 = 1, not 0 + 2", () => {
    // Artillery (ii) firing at Cavalry (i) rolls a 1: "Add 2 ... Skirmishers and Artillery subtract 2".
    const w = work(fireSequence(1, { add: true, subtract: [2] }));
    expect(w.hits).toBe(1);
    expect(w.steps.map((s) => [s.rule, s.num, s.den])).toEqual([
      ["1.1 B", 1, 1],
      ["1.1 i", 3, 1],
      ["1.1 ii", 1, 1],
    ]);
  });

  it("[003 Fire ii] subtracting never goes below 0, and a 0 doubled stays 0", () => {
    const w = work(fireSequence(1, { subtract: [2], pointBlank: true }));
    expect(w.steps.map((s) => s.num)).toEqual([1, 0, 0]);
    expect(w.hits).toBe(0);
  });

  it("[003 Fire iii] [003 Fire iv] doubling before halving: 3 at point blank at Skirmishers is 3", () => {
    const w = work(fireSequence(3, { pointBlank: true, halves: 1 }));
    expect(w.steps.map((s) => `${s.num}/${s.den}`)).toEqual(["3/1", "6/1", "3/1"]);
    expect(w.hits).toBe(3);
  });

  it("[003 Fire] a result exactly on a half rounds up: 3 halved is 2", () => {
    const w = work(fireSequence(3, { halves: 1 }));
    expect(w.steps.at(-1)).toMatchObject({ num: 3, den: 2 });
    expect(w.hits).toBe(2);
  });

  it("[003 Fire vi] three halvings are capped at a quarter: 6 is 1 1/2, rounded up 2 (not 6/8, 1)", () => {
    const w = work(fireSequence(6, { halves: 3 }));
    expect(w.steps.map((s) => [s.rule, `${s.num}/${s.den}`])).toEqual([
      ["1.1 B", "6/1"],
      ["halve 0", "3/1"],
      ["halve 1", "3/2"],
      ["halve 2", "3/4"],
      ["1.1 vi", "3/2"],
    ]);
    expect(w.hits).toBe(2);
  });

  it("[003 Fire vi] two halvings reach the quarter without the cap's step", () => {
    const w = work(fireSequence(5, { halves: 2 }));
    expect(w.steps.map((s) => s.rule)).not.toContain("1.1 vi");
    expect(w.hits).toBe(2);
  });

  it("[003 Melee iv] the melee's cap, with a harsher halving from the rules data, holds at a quarter", () => {
    const seq: Sequence = {
      start: { value: 4, rule: "2", text: "roll 1Dx: 4" },
      adds: [{ rule: "2", text: "+2", by: 2 }],
      doubles: [],
      halves: [
        { rule: "2 i", text: "uphill" },
        { rule: "2 ii", text: "cavalry" },
      ],
      halve: { num: 1, den: 3 },
      cap: { num: 1, den: 4, rule: "2 iv" },
    };
    const w = work(seq);
    // 6 x 1/9 would be 2/3; the cap makes it 6/4, rounded up 2.
    expect(w.steps.at(-1)).toMatchObject({ rule: "2 iv", num: 3, den: 2 });
    expect(w.hits).toBe(2);
  });

  it("[003 Fire] [003 Fire vi] property: the printed order by hand; never negative; never below a capped quarter", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 }), shape, (value, o) => {
        const w = work(fireSequence(value, o));
        const hand = byHand(value, o);
        expect(w.hits).toBe(hand.hits);
        expect(w.hits).toBeGreaterThanOrEqual(0);
        expect(w.hits).toBeLessThanOrEqual(hand.unhalved);
        if (o.halves > 0) expect(w.hits).toBeGreaterThanOrEqual(Math.ceil(hand.unhalved / 4));
        // The last step's running total, rounded up, is the result.
        const last = w.steps.at(-1);
        expect(last && Math.ceil(last.num / last.den)).toBe(w.hits);
      }),
      { numRuns: 500 },
    );
  });

  it("[003 Fire] property: the hits are monotone in the die face", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), shape, (a, b, o) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(work(fireSequence(lo, o)).hits).toBeLessThanOrEqual(work(fireSequence(hi, o)).hits);
      }),
      { numRuns: 500 },
    );
  });
});
