import { baseCorners } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { chargePath, expectedChargeHits } from "./charge.js";
import { IN, play, refusal, table, withUnits } from "./test-support/table.js";

/** Cavalry C at (24, 10) facing north; an enemy T 8" ahead facing as given. */
const headOn = (facing: number, type: "infantry" | "cavalry" = "infantry") =>
  table({
    units: [
      { id: "C", type: "cavalry", x: 24, y: 10 },
      { id: "T", type, x: 24, y: 18, facing, side: "second" },
    ],
  });

describe("004 Movement: Charge Moves", () => {
  it("[004 Movement: Charge Moves] the attacker moves into contact with its victim; the contact is recorded as state", () => {
    const { ctx, position } = headOn(18000);
    const step = play(ctx, position, { type: "charge", unit: "C", target: "T" });
    const c = step.position.units.C;
    expect(c?.facing).toBe(0);
    // Its front edge stops within 3 ticks of the target's front edge at y = 17".
    expect(IN(16) - (c?.y ?? 0)).toBeGreaterThanOrEqual(0);
    expect(IN(16) - (c?.y ?? 0)).toBeLessThan(3);
    expect(step.position.contacts).toEqual([{ attacker: "C", defender: "T", side: "front" }]);
    expect(step.position.units.C?.acted).toBe("moved");
  });

  it("[004 Hand-to-Hand Combat: Flank or Rear Attacks] the expected hits of a charge, as an exact fraction", () => {
    expect(expectedChargeHits(headOn(18000).ctx, headOn(18000).position, "C", "T")).toEqual({
      num: 11,
      den: 2,
    });
    expect(expectedChargeHits(headOn(0).ctx, headOn(0).position, "C", "T")).toEqual({ num: 11, den: 1 });
    expect(expectedChargeHits(headOn(0, "cavalry").ctx, headOn(0, "cavalry").position, "C", "T")).toEqual({
      num: 11,
      den: 2,
    });
    const far = headOn(18000);
    expect(expectedChargeHits(far.ctx, withUnits(far.position, { T: { y: IN(40) } }), "C", "T")).toBeNull();
  });

  it("[004 Movement: Charge Moves: Turning] the charge's turn may not swing the base off the table", () => {
    // C's rear edge 1/16" from the south edge; turned 45º its corner would cross it.
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 10, y: 1.0625, frontage: 6 },
        { id: "T", type: "infantry", x: 17, y: 8, facing: 22500, side: "second" },
      ],
    });
    const r = chargePath(ctx, position, "C", "T", 4500);
    expect(!r.ok && r.error.code).toBe("charge/off-table");
    expect(!r.ok && r.error.message).toMatch(
      /^004 Movement: Charge Moves: Turning: C would turn off the table/,
    );
    // Two inches further from the edge, the same charge turns on the table.
    const clear = withUnits(position, { C: { y: IN(3) } });
    const turned = chargePath(ctx, clear, "C", "T", 4500);
    expect(turned.ok ? turned.value.pose.facing : turned.error.message).toBe(4500);
  });

  it("[004 Movement: Charge Moves] Cavalry are the only unit type that may enter Hand-to-Hand Combat", () => {
    const { ctx, position } = table({
      units: [
        { id: "I", type: "infantry", x: 24, y: 10 },
        { id: "T", type: "infantry", x: 24, y: 14, facing: 18000, side: "second" },
      ],
    });
    expect(refusal(ctx, position, { type: "charge", unit: "I", target: "T" }).code).toBe(
      "charge/cavalry-only",
    );
  });

  it("[004 Movement: Charge Moves] the side struck: front, flank or rear by the target's corner rays", () => {
    expect(chargePath(headOn(18000).ctx, headOn(18000).position, "C", "T").ok && "front").toBe("front");
    const rear = headOn(0);
    const r = chargePath(rear.ctx, rear.position, "C", "T");
    expect(r.ok && r.value.side).toBe("rear");
    const flank = headOn(9000);
    const f = chargePath(flank.ctx, flank.position, "C", "T");
    expect(f.ok && f.value.side).toBe("right");
    const other = headOn(27000);
    const o = chargePath(other.ctx, other.position, "C", "T");
    expect(o.ok && o.value.side).toBe("left");
  });

  it('[004 Movement: Charge Moves] a charge that cannot reach contact within 12" is no charge (no road bonus)', () => {
    const { ctx, position } = table({
      roads: [
        {
          id: "rd",
          name: "the Road",
          line: [
            [24, 0],
            [24, 48],
          ],
          width: 2,
        },
      ],
      units: [
        { id: "C", type: "cavalry", x: 24, y: 10 },
        { id: "T", type: "infantry", x: 24, y: 25, facing: 18000, side: "second" },
      ],
    });
    // Front edges 13" apart: 12" and no more, even along a road.
    expect(refusal(ctx, position, { type: "charge", unit: "C", target: "T" }).code).toBe("charge/no-contact");
    const near = withUnits(position, { T: { y: IN(24) } });
    expect(chargePath(ctx, near, "C", "T").ok).toBe(true);
  });

  it("[004 Movement: Charge Moves] the first unit met must be the victim", () => {
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 24, y: 10 },
        { id: "X", type: "infantry", x: 24, y: 14, facing: 18000, side: "second" },
        { id: "T", type: "infantry", x: 24, y: 18, facing: 18000, side: "second" },
      ],
    });
    const e = refusal(ctx, position, { type: "charge", unit: "C", target: "T" });
    expect(e.code).toBe("charge/blocked");
    expect(e.other).toBe("X");
  });

  it("[004 Movement: Charge Moves] charges obey the terrain: no charge through woods", () => {
    const { ctx, position } = table({
      terrain: [
        {
          id: "w",
          kind: "woods",
          name: "the Copse",
          polygon: [
            [20, 13],
            [28, 13],
            [28, 15],
            [20, 15],
          ],
        },
      ],
      units: [
        { id: "C", type: "cavalry", x: 24, y: 10 },
        { id: "T", type: "infantry", x: 24, y: 18, facing: 18000, side: "second" },
      ],
    });
    expect(refusal(ctx, position, { type: "charge", unit: "C", target: "T" }).code).toBe("charge/terrain");
  });

  it("[004 Movement: Charge Moves] a charge that first meets corner to corner is a contact", () => {
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 24, y: 10 },
        { id: "T", type: "infantry", x: 30, y: 20, facing: 4500, side: "second" },
      ],
    });
    // Put the target's lowest corner exactly above the charger's front-left corner (21.5", 11").
    const offsets = baseCorners({ x: 0, y: 0, facing: 4500 }, { frontage: IN(5), depth: IN(2) });
    const lowest = [offsets.fl, offsets.fr, offsets.rr, offsets.rl].reduce((a, b) => (b.y < a.y ? b : a));
    const placed = withUnits(position, { T: { x: IN(21, 1, 2) - lowest.x, y: IN(18) - lowest.y } });
    const path = chargePath(ctx, placed, "C", "T");
    expect(path.ok && path.value.touching).toBe("corner-corner");
  });

  it("[004 Movement: Charge Moves] contactOnRay: a charger exactly on the target's corner ray strikes front (front-rear) or flank (flank)", () => {
    const target = { id: "T", type: "infantry" as const, x: 24, y: 18, side: "second" as const };
    // The target faces north, front-left corner (21.5", 19"); the charger comes down the ray from it, facing south-east.
    const charger = { id: "C", type: "cavalry" as const, x: 15.5, y: 25, facing: 13500 };
    for (const [reading, side] of [
      ["front-rear", "front"],
      ["flank", "left"],
    ] as const) {
      const { ctx, position } = table({ units: [charger, target], options: { contactOnRay: reading } });
      const path = chargePath(ctx, position, "C", "T");
      expect(path.ok && path.value.side).toBe(side);
    }
  });

  it("[004 Movement: Charge Moves: Turning] one turn at the start of at most 45º: exactly 45º allowed, 45.01º refused", () => {
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 20, y: 10 },
        { id: "T", type: "infantry", x: 28, y: 18, facing: 22500, side: "second" },
      ],
    });
    const at = chargePath(ctx, position, "C", "T", 4500);
    expect(at.ok).toBe(true);
    expect(at.ok && at.value.pose.facing).toBe(4500);
    expect(refusal(ctx, position, { type: "charge", unit: "C", target: "T", turn: 4501 }).code).toBe(
      "charge/turn-too-large",
    );
    expect(refusal(ctx, position, { type: "charge", unit: "C", target: "T", turn: -4501 }).message).toMatch(
      /^004 Movement: Charge Moves: Turning: /,
    );
    // Without the turn the straight path misses.
    expect(chargePath(ctx, position, "C", "T", 0).ok).toBe(false);
  });

  it("[004 Movement: Charge Moves: Limited Engagement] only one attacking unit may engage any given defender", () => {
    const { ctx, position } = table({
      units: [
        { id: "C1", type: "cavalry", x: 24, y: 10 },
        { id: "C2", type: "cavalry", x: 24, y: 30, facing: 18000 },
        { id: "T", type: "infantry", x: 24, y: 20, side: "second" },
      ],
    });
    const first = play(ctx, position, { type: "charge", unit: "C1", target: "T" }).position;
    expect(refusal(ctx, first, { type: "charge", unit: "C2", target: "T" }).code).toBe(
      "charge/already-engaged",
    );
  });

  it("[004 Movement: Charge Moves: Fighting] combat is resolved in the Hand-to-Hand Combat phase, not by the charge", () => {
    const { ctx, position } = headOn(18000);
    const charged = play(ctx, position, { type: "charge", unit: "C", target: "T" });
    expect(charged.position.units.T?.hits).toBe(0);
    expect(charged.events.some((e) => e.type === "die-rolled")).toBe(false);
    const shooting = play(ctx, charged.position, { type: "end-phase" });
    expect(shooting.position.units.T?.hits).toBe(0);
    const fought = play(ctx, shooting.position, { type: "end-phase" }, [4]);
    expect(fought.events.find((e) => e.type === "fought")).toMatchObject({ roll: 4, hits: 6 });
  });

  it("[004 Square Formation: Protection from Cavalry] enemy cavalry may not charge an infantry unit in Square", () => {
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 24, y: 10 },
        { id: "T", type: "infantry", x: 24, y: 18, facing: 18000, side: "second" },
      ],
      options: { squares: "on" },
    });
    const sq = withUnits(position, { T: { formation: "square" } });
    const e = refusal(ctx, sq, { type: "charge", unit: "C", target: "T" });
    expect(e.code).toBe("charge/square");
    expect(e.message).toMatch(/^004 Square Formation: Protection from Cavalry: /);
  });
});
