import type { ProgramOp } from "@tercio/horse-and-musket-ch11";
import { describe, expect, it } from "vitest";
import { draftOf, emptyDraft, normTurn, programOf, programWords, travelOf } from "./program.js";
import { LEG_STEP, PIVOT_STEP, parseDegrees, parseInches, stepLeg, stepPivot } from "./steps.js";

const d = emptyDraft("A-INF1");

describe("a draft becomes the engine's program (004 Movement: Turning)", () => {
  it.each([
    ["nothing", d, []],
    ["an advance", { ...d, leg: 100 }, [{ op: "advance", ticks: 100 }]],
    ["a step back", { ...d, leg: -100 }, [{ op: "back", ticks: 100 }]],
    [
      "pivot, advance, pivot",
      { ...d, startPivot: -4500, leg: 100, endPivot: 1000 },
      [
        { op: "pivot", cdeg: -4500 },
        { op: "advance", ticks: 100 },
        { op: "pivot", cdeg: 1000 },
      ],
    ],
    [
      "two pivots with no leg are one",
      { ...d, startPivot: 4500, endPivot: 4500 },
      [{ op: "pivot", cdeg: 9000 }],
    ],
    ["pivots that cancel are none", { ...d, startPivot: 4500, endPivot: -4500 }, []],
    ["a road leg", { ...d, road: true, leg: 500 }, [{ op: "road", ticks: 500 }]],
    [
      "road legs round the bends (004 Movement: Roads)",
      { ...d, road: true, startPivot: 500, leg: 500, bends: [{ turn: 4500, ticks: 300 }], endPivot: -1000 },
      [
        { op: "pivot", cdeg: 500 },
        { op: "road", ticks: 500 },
        { op: "pivot", cdeg: 4500 },
        { op: "road", ticks: 300 },
        { op: "pivot", cdeg: -1000 },
      ],
    ],
  ])("%s", (_name, draft, program) => {
    expect(programOf(draft)).toEqual(program);
    // Read back, the program is the same draft (what a refused move settles to).
    expect(programOf(draftOf(draft.unit, program as ProgramOp[], draft.road))).toEqual(program);
  });

  it("reads a legal prefix back as a draft, and sums the travel", () => {
    const road = { ...d, road: true, leg: 500, bends: [{ turn: 4500, ticks: 300 }] };
    expect(travelOf(road)).toBe(800);
    expect(
      draftOf(
        d.unit,
        [
          { op: "road", ticks: 500 },
          { op: "pivot", cdeg: 4500 },
        ],
        true,
      ),
    ).toEqual({
      ...d,
      road: true,
      leg: 500,
      endPivot: 4500,
    });
    expect(draftOf(d.unit, [{ op: "back", ticks: 200 }], false)).toEqual({ ...d, leg: -200 });
  });

  it("normalises turns into (−180º, 180º]", () => {
    expect(normTurn(18000)).toBe(18000);
    expect(normTurn(-18000)).toBe(18000);
    expect(normTurn(27000)).toBe(-9000);
  });

  it("says the program in words", () => {
    expect(
      programWords([
        { op: "pivot", cdeg: -4500 },
        { op: "advance", ticks: 19812 },
      ]),
    ).toBe('pivot 45º left, advance 3.25"');
  });
});

describe("keyboard steps", () => {
  it("steps the leg a quarter inch, through zero to back", () => {
    expect(stepLeg(d, 1).leg).toBe(LEG_STEP);
    expect(stepLeg(d, -1).leg).toBe(-LEG_STEP);
    expect(stepLeg({ ...d, road: true }, -1).leg).toBe(0);
  });

  it("steps the start pivot before a leg, the end pivot after", () => {
    expect(stepPivot(d, 1)).toMatchObject({ startPivot: PIVOT_STEP, endPivot: 0 });
    expect(stepPivot({ ...d, leg: 10 }, -1)).toMatchObject({ startPivot: 0, endPivot: -PIVOT_STEP });
  });

  it.each([
    ["3", 3 * 6096],
    ['2.5"', 15240],
    ["-1", -6096],
    ["2 1/4", 13716],
    ["abc", undefined],
    ["", undefined],
  ])("reads inches %s", (text, ticks) => {
    expect(parseInches(text)).toBe(ticks);
  });

  it.each([
    ["45", 4500],
    ["-12.5", -1250],
    ["30 left", -3000],
    ["30º right", 3000],
    ["270", -9000],
    ["north", undefined],
  ])("reads degrees %s", (text, cdeg) => {
    expect(parseDegrees(text)).toBe(cdeg);
  });
});
