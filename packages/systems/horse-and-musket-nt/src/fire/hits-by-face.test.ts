import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exactJudge } from "../grey-areas.js";
import { table } from "../test-support/table.js";
import type { UnitType } from "../vocabulary.js";
import { hitsByFace, planShot } from "./fire.js";

/**
 * Properties of real shots (planShot, hitsByFace): for any shooter, target,
 * facing, distance and options, the steps come in the printed order (i-vi,
 * with ACW 6 among the subtractions and ACW 3 among the halvings), the hits
 * are never negative, never more than the un-halved total, never below a
 * quarter of it, and grow with the die face.
 */
const ORDER = ["1.1 B", "1.1 i", "1.1 ii", "ACW 6", "1.1 iii", "ACW 3", "1.1 iv", "1.1 v", "1.1 vi"];

const shots = fc.record({
  shooter: fc.constantFrom<UnitType>("infantry", "skirmishers", "artillery"),
  column: fc.boolean(),
  minie: fc.boolean(),
  target: fc.constantFrom<UnitType>("infantry", "skirmishers", "cavalry", "artillery"),
  facing: fc.constantFrom(0, 9000, 18000, 27000),
  /** The target's centre ahead of the shooter's, in quarter inches, and across. */
  ahead: fc.integer({ min: 16, max: 160 }),
  across: fc.integer({ min: -12, max: 12 }),
  woods: fc.boolean(),
  acw: fc.constantFrom<"on" | "off">("on", "off"),
  dice: fc.constantFrom<"d6" | "average">("d6", "average"),
});

describe("[003 Fire] properties of every shot", () => {
  it("[003 Fire] [003 Fire vi] steps in the printed order; hits within [a quarter, the whole], monotone in the face", () => {
    let planned = 0;
    fc.assert(
      fc.property(shots, (s) => {
        const y = 10 + s.ahead / 4;
        const x = 36 + s.across / 4;
        const { ctx, position } = table({
          units: [
            {
              id: "A",
              type: s.shooter,
              x: 36,
              y: 10,
              minie: s.minie && s.shooter === "infantry",
              formation: s.column && s.shooter === "infantry" ? "column" : "line",
            },
            { id: "B", side: "second", type: s.target, x, y, facing: s.facing },
          ],
          areas: s.woods
            ? [
                {
                  id: "w",
                  kind: "woods",
                  name: "Wood",
                  polygon: [
                    [x - 6, y - 5],
                    [x + 6, y - 5],
                    [x + 6, y + 5],
                    [x - 6, y + 5],
                  ],
                },
              ]
            : [],
          options: { acw: s.acw, dice: s.dice },
        });
        const plan = planShot(ctx, position, "A", undefined, exactJudge);
        if (!plan.ok || !plan.value) return;
        planned++;
        const faces = hitsByFace(ctx, plan.value);
        let previous = 0;
        for (const f of faces) {
          const rules = f.steps.map((st) => st.rule);
          const at = rules.map((r) => ORDER.indexOf(r));
          expect(at.every((i) => i >= 0)).toBe(true);
          expect(at).toEqual([...at].sort((a, b) => a - b));
          // The total before any halving: the last whole step before the halvings.
          const whole = f.steps.filter((st) => ORDER.indexOf(st.rule) <= ORDER.indexOf("1.1 iii")).at(-1);
          const unhalved = whole ? whole.num : 0;
          expect(f.hits).toBeGreaterThanOrEqual(0);
          expect(f.hits).toBeLessThanOrEqual(unhalved);
          expect(f.hits).toBeGreaterThanOrEqual(Math.ceil(unhalved / 4));
          expect(f.hits).toBeGreaterThanOrEqual(previous);
          previous = f.hits;
        }
      }),
      { numRuns: 300 },
    );
    // The generator reaches shots, not only refusals.
    expect(planned).toBeGreaterThan(100);
  });
});
