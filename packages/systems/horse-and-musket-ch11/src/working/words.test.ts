import { inWedge } from "@tercio/geometry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IN, shooting, table, withUnits } from "../test-support/table.js";
import { compassPoint, relativeDirection } from "./compass.js";
import { hundredthsUp, inchesWords } from "./inches.js";
import { shotWorking } from "./shot.js";
import { relativeWords, unitWords } from "./words.js";

const wood = {
  id: "w",
  kind: "woods" as const,
  name: "the Copse",
  polygon: [
    [18, 20],
    [30, 20],
    [30, 28],
    [18, 28],
  ] as [number, number][],
};

describe("words for a screen reader", () => {
  it("compass points from centidegrees: 45º each, centred on the point", () => {
    expect(
      [0, 2249, 2250, 4500, 9000, 13500, 18000, 22500, 27000, 31500, 33749, 33750, 35999].map(compassPoint),
    ).toEqual([
      "north",
      "north",
      "north-east",
      "north-east",
      "east",
      "south-east",
      "south",
      "south-west",
      "west",
      "north-west",
      "north-west",
      "north",
      "north",
    ]);
    expect(compassPoint(-9000)).toBe("west");
    expect(relativeDirection(0)).toBe("ahead");
    expect(relativeDirection(2251)).toBe("ahead and to the right");
    expect(relativeDirection(-9000)).toBe("to the left");
    expect(relativeDirection(13000)).toBe("behind and to the right");
    expect(relativeDirection(18000)).toBe("behind");
  });

  it("inches, hundredths rounded up: never shorter than the length", () => {
    expect(inchesWords(IN(7, 1, 2))).toBe("7.5 inches");
    expect(inchesWords(IN(1))).toBe("1 inch");
    expect(inchesWords(0)).toBe("0 inches");
    expect(inchesWords(IN(12))).toBe("12 inches");
    expect(inchesWords(IN(12) + 1)).toBe("12.01 inches");
    expect(inchesWords(IN(7) + 60)).toBe("7.01 inches");
    expect(inchesWords(IN(7) + 61)).toBe("7.02 inches");
    expect(inchesWords(IN(3, 1, 16))).toBe("3.07 inches");
    expect(inchesWords(IN(3) + 100)).toBe("3.02 inches");
    expect(inchesWords(IN(10, 1, 2))).toBe("10.5 inches");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: IN(200) }), (t) => {
        const h = hundredthsUp(t);
        // h/100 inches >= t ticks > (h − 1)/100 inches, exactly: h·6096 >= 100·t > (h − 1)·6096.
        expect(h * 6096).toBeGreaterThanOrEqual(100 * t);
        if (t > 0) expect((h - 1) * 6096).toBeLessThan(100 * t);
      }),
    );
  });

  it("[004 Unit Types] a unit: type, id, side, hits of 15, facing, formation, and its ground", () => {
    const { ctx, position } = table({
      terrain: [wood],
      units: [
        { id: "S", type: "infantry", x: 24, y: 10, facing: 4500 },
        { id: "E", type: "skirmishers", x: 24, y: 22, facing: 18000, side: "second" },
      ],
    });
    const p = withUnits(position, { S: { hits: 9 } });
    expect(unitWords(ctx, p, "S")).toBe("Infantry S (Red), 9 hits of 15, facing north-east, in line");
    expect(unitWords(ctx, p, "E")).toBe(
      "Skirmishers E (Blue), 0 hits of 15, facing south, in line, in cover in the Copse",
    );
    expect(unitWords(ctx, p, "nobody")).toBeUndefined();
  });

  it("[004 Shooting] one unit from another: the range measure's distance, the bearing, the arc and the range", () => {
    const { ctx, position } = table({
      units: [
        { id: "S", type: "infantry", x: 24, y: 10 },
        { id: "E", type: "infantry", x: 24, y: 24, facing: 18000, side: "second" },
        { id: "C1", type: "cavalry", x: 40, y: 10, facing: 27000, side: "second" },
      ],
    });
    const p = shooting(position);
    expect(relativeWords(ctx, p, "S", "E")).toBe("enemy infantry E 12 inches ahead, in arc, in range");
    const beyond = withUnits(p, { E: { y: IN(24) + 1 } });
    expect(relativeWords(ctx, beyond, "S", "E")).toBe(
      "enemy infantry E 12.01 inches ahead, in arc, out of range",
    );
    // C1 is off to the right: out of the arc; S's front-right corner (26.5", 11") to C1's front edge (x = 39").
    expect(relativeWords(ctx, p, "S", "C1")).toBe(
      "enemy cavalry C1 12.5 inches to the right, out of arc, out of range",
    );
    // The words' distance is the shot working's, the ruler the board draws.
    expect(shotWorking(ctx, p, "S", "E")?.range.text).toBe("12 inches");
  });

  it("[004 Movement: Charge Moves] cavalry in its Movement phase hears whether it can charge", () => {
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 24, y: 10 },
        { id: "T", type: "infantry", x: 24, y: 18, facing: 0, side: "second" },
        { id: "U", type: "infantry", x: 24, y: 40, facing: 0, side: "second" },
      ],
    });
    expect(relativeWords(ctx, position, "C", "T")).toBe(
      "enemy infantry T 6 inches ahead, can charge its rear",
    );
    expect(relativeWords(ctx, position, "C", "U")).toBe("enemy infantry U 28 inches ahead, cannot charge");
  });

  it("property: the bearing words agree with the kernel's exact wedges about the facing", () => {
    const { ctx, position } = table({
      units: [
        { id: "S", type: "cavalry", x: 24, y: 24 },
        { id: "E", type: "infantry", x: 24, y: 40, side: "second" },
      ],
    });
    const wedge = (facing: number, p: { x: number; y: number }, turn: number) =>
      inWedge({ x: IN(24), y: IN(24) }, facing + turn, 2200, p, true);
    let checked = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: IN(4), max: IN(44) }),
        fc.integer({ min: IN(4), max: IN(44) }),
        fc.integer({ min: 0, max: 35999 }),
        (x, y, facing) => {
          if (Math.abs(x - IN(24)) < IN(6) && Math.abs(y - IN(24)) < IN(6)) return;
          const p = withUnits(position, { S: { facing }, E: { x, y } });
          const words = relativeWords(ctx, p, "S", "E") ?? "";
          const at = { x, y };
          if (wedge(facing, at, 0)) expect(words).toMatch(/inch(es)? ahead,/);
          if (wedge(facing, at, 18000)) expect(words).toMatch(/inch(es)? behind,/);
          if (wedge(facing, at, 9000)) expect(words).toMatch(/inch(es)? to the right,/);
          if (wedge(facing, at, -9000)) expect(words).toMatch(/inch(es)? to the left,/);
          checked++;
        },
      ),
      { numRuns: 200 },
    );
    expect(checked).toBeGreaterThan(100);
  });
});
