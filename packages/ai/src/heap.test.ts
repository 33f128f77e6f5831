import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Heap } from "./heap.js";

interface Ranked {
  readonly id: string;
  readonly gain: number;
}

/** The strong movement plan's order (move-plan.ts): the largest gain first, ties by id. */
const byGain = (x: Ranked, y: Ranked) => x.gain > y.gain || (x.gain === y.gain && x.id < y.id);

/** The sort the plan made at every step before the heap, comparator as it was. */
function sorted(items: readonly Ranked[]): Ranked[] {
  return [...items].sort((x, y) => {
    const d = y.gain - x.gain;
    return d !== 0 ? d : x.id < y.id ? -1 : 1;
  });
}

const ranked = fc.uniqueArray(
  fc.record({
    id: fc.string({ minLength: 1, maxLength: 3 }),
    // Few distinct gains, so that ties (broken by id) are common; zero and its negative among them.
    gain: fc.constantFrom(0, -0, 1, 2.5, -3, 1e-9, 7),
  }),
  { selector: (r) => r.id, maxLength: 40 },
);

describe("Heap", () => {
  it("is empty at first: size 0, nothing to peek at or pop", () => {
    const heap = new Heap<number>((a, b) => a < b);
    expect(heap.size).toBe(0);
    expect(heap.peek()).toBeUndefined();
    expect(heap.pop()).toBeUndefined();
  });

  it("pops its items in the order a sort by the same comparator gives, ties broken the same", () => {
    fc.assert(
      fc.property(ranked, (items) => {
        const heap = new Heap(byGain);
        for (const item of items) heap.push(item);
        const popped: Ranked[] = [];
        while (heap.size > 0) popped.push(heap.pop() as Ranked);
        expect(popped).toEqual(sorted(items));
      }),
    );
  });

  it("keeps that order through pushes and pops mixed, as the plan's lazy greedy mixes them", () => {
    // Each op: push the next item, or pop (checking peek first) against a list sorted afresh each time.
    fc.assert(
      fc.property(ranked, fc.array(fc.boolean(), { maxLength: 80 }), (items, pops) => {
        const heap = new Heap(byGain);
        let model: Ranked[] = [];
        let next = 0;
        for (const pop of pops) {
          if (pop || next >= items.length) {
            const expected = sorted(model)[0];
            expect(heap.peek()).toBe(expected);
            expect(heap.pop()).toBe(expected);
            model = model.filter((m) => m !== expected);
          } else {
            const item = items[next++] as Ranked;
            heap.push(item);
            model.push(item);
          }
          expect(heap.size).toBe(model.length);
        }
      }),
    );
  });
});
