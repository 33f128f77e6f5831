import { describe, expect, it } from "vitest";
import type { Action } from "../actions.js";
import { unitCorners } from "../footprint.js";
import { foot, horse, INCH, play, refusal, shot, table, withUnit } from "../test-support/table.js";

const enemyFar = [foot("B1", 24, 44, 180)];

describe("[001 Movement] rates and URTs as parts of the move", () => {
  it('a veteran pike block advances its 4" and not a tick more', () => {
    const { ctx, position } = table({ first: [foot("R1", 24, 10, 0)], second: enemyFar });
    const after = play(ctx, position, {
      type: "move",
      unit: "R1",
      program: [{ op: "advance", ticks: 4 * INCH }],
    });
    expect(after.position.units.R1?.y).toBe(14 * INCH);
    expect(after.position.units.R1?.used).toBe(1000);
    expect(
      refusal(ctx, position, { type: "move", unit: "R1", program: [{ op: "advance", ticks: 4 * INCH + 1 }] }),
    ).toMatch(/^001 Movement: the move needs/);
  });

  it("1 URT to change formation is ½ move for a line (veteran) unit and ⅓ for an elite one", () => {
    // Veteran: form open order (½), then 3" of open order's 6" (½): the whole move, exactly.
    // Billmen: a deep formation or open order (a pike block forms only the hedgehog).
    const vet = table({ first: [foot("R1", 24, 10, 0, { melee: "bill" })], second: enemyFar });
    const program = [
      { op: "form", formation: "open" },
      { op: "advance", ticks: 3 * INCH },
    ] as const;
    expect(
      play(vet.ctx, vet.position, { type: "move", unit: "R1", program: [...program] }).position.units.R1
        ?.used,
    ).toBe(1000);
    expect(
      refusal(vet.ctx, vet.position, {
        type: "move",
        unit: "R1",
        program: [
          { op: "form", formation: "open" },
          { op: "advance", ticks: 3 * INCH + 1 },
        ],
      }),
    ).toMatch(/001 Movement/);
    // Elite: the formation change is ⅓, leaving ⅔ of open order's 6" = 4".
    const elite = table({
      first: [foot("R1", 24, 10, 0, { class: "elite", melee: "bill" })],
      second: enemyFar,
    });
    const ok = play(elite.ctx, elite.position, {
      type: "move",
      unit: "R1",
      program: [
        { op: "form", formation: "open" },
        { op: "advance", ticks: 4 * INCH },
      ],
    });
    expect(ok.position.units.R1?.formation).toBe("open");
    expect(ok.position.units.R1?.used).toBe(1000);
  });

  it("forming or leaving a hedgehog takes 2 URTs (the URT Table, reconstructed)", () => {
    const { ctx, position } = table({ first: [foot("R1", 24, 10, 0)], second: enemyFar });
    const after = play(ctx, position, {
      type: "move",
      unit: "R1",
      program: [{ op: "form", formation: "hedgehog" }],
    });
    expect(after.position.units.R1?.used).toBe(1000);
    expect(
      refusal(ctx, after.position, { type: "move", unit: "R1", program: [{ op: "advance", ticks: INCH }] }),
    ).toMatch(/moved|had its move/);
  });

  it("a battalion pivots 30⁰ about one end in one URT, the end staying where it was", () => {
    const { ctx, position } = table({ first: [foot("R1", 24, 10, 0)], second: enemyFar });
    const before = unitCorners(ctx, "R1", position.units.R1 as never);
    const after = play(ctx, position, {
      type: "move",
      unit: "R1",
      program: [{ op: "pivot", end: "left", cdeg: 3000 }],
    });
    const u = after.position.units.R1;
    expect(u?.facing).toBe(33000);
    expect(u?.used).toBe(500);
    expect(unitCorners(ctx, "R1", u as never).fl).toEqual(before.fl);
    const right = play(ctx, position, {
      type: "move",
      unit: "R1",
      program: [{ op: "pivot", end: "right", cdeg: 3000 }],
    });
    expect(right.position.units.R1?.facing).toBe(3000);
    expect(unitCorners(ctx, "R1", right.position.units.R1 as never).fr).toEqual(before.fr);
  });

  it("a brigade pivots only 15⁰ per URT: 30⁰ is its whole move as a veteran, 31⁰ too much", () => {
    const { ctx, position } = table({ first: [foot("R1", 24, 10, 0, { brigade: true })], second: enemyFar });
    expect(
      play(ctx, position, { type: "move", unit: "R1", program: [{ op: "pivot", end: "left", cdeg: 3000 }] })
        .position.units.R1?.used,
    ).toBe(1000);
    expect(
      refusal(ctx, position, {
        type: "move",
        unit: "R1",
        program: [{ op: "pivot", end: "left", cdeg: 3100 }],
      }),
    ).toMatch(/001 Movement/);
  });

  it("a pivot costs its share of the URT: 15⁰ is half a URT", () => {
    const { ctx, position } = table({ first: [foot("R1", 24, 10, 0)], second: enemyFar });
    expect(
      play(ctx, position, { type: "move", unit: "R1", program: [{ op: "pivot", end: "right", cdeg: 1500 }] })
        .position.units.R1?.used,
    ).toBe(250);
  });

  it("a hedgehog and skirmishers face about; they do not pivot", () => {
    const { ctx, position } = table({
      first: [foot("R1", 24, 10, 0, { formation: "hedgehog" })],
      second: enemyFar,
    });
    expect(
      refusal(ctx, position, {
        type: "move",
        unit: "R1",
        program: [{ op: "pivot", end: "left", cdeg: 3000 }],
      }),
    ).toMatch(/^001 Movement/);
    expect(
      play(ctx, position, { type: "move", unit: "R1", program: [{ op: "face", to: "about" }] }).position.units
        .R1?.facing,
    ).toBe(18000);
  });

  it("light troops in skirmish order run every 4th move, half as far again; formed troops do not", () => {
    const skirm = shot("R1", 24, 10, 0, { formation: "skirmish" });
    const { ctx, position } = table({ first: [skirm, foot("R2", 10, 10, 0)], second: enemyFar });
    const run = {
      type: "move",
      unit: "R1",
      run: true,
      program: [{ op: "advance", ticks: 12 * INCH }],
    } satisfies Action;
    const after = play(ctx, position, run);
    expect(after.position.units.R1?.chargedOn).toBe(1);
    expect(
      refusal(ctx, withUnit(position, "R1", { chargedOn: 0 }), {
        ...run,
        program: [{ op: "advance", ticks: 12 * INCH + 1 }],
      }),
    ).toMatch(/001 Movement/);
    const later = { ...withUnit(position, "R1", { chargedOn: 1 }), turn: 4 };
    expect(refusal(ctx, later, run)).toMatch(/every 4th move/);
    expect(play(ctx, { ...later, turn: 5 }, run).position.units.R1?.chargedOn).toBe(5);
    expect(
      refusal(ctx, position, {
        type: "move",
        unit: "R2",
        run: true,
        program: [{ op: "advance", ticks: INCH }],
      }),
    ).toMatch(/skirmish formation run/);
  });

  it("a unit may not move through another; an enemy is touched only by engaging it", () => {
    const { ctx, position } = table({
      first: [foot("R1", 24, 10, 0), foot("R2", 24, 13, 0)],
      second: [foot("B1", 10, 14, 180)],
    });
    expect(
      refusal(ctx, position, { type: "move", unit: "R1", program: [{ op: "advance", ticks: 2 * INCH }] }),
    ).toMatch(/^001 Formations: R2 is in the way/);
    const e = table({ first: [foot("R1", 24, 10, 0)], second: [foot("B1", 24, 13, 180)] });
    expect(
      refusal(e.ctx, e.position, { type: "move", unit: "R1", program: [{ op: "advance", ticks: 2 * INCH }] }),
    ).toMatch(/^001 Melee: B1 is in the way/);
  });

  it("each unit moves once a turn, in its own side's move", () => {
    const { ctx, position } = table({ first: [foot("R1", 24, 10, 0)], second: [foot("B1", 24, 40, 180)] });
    const once = play(ctx, position, { type: "move", unit: "R1", program: [{ op: "advance", ticks: INCH }] });
    expect(
      refusal(ctx, once.position, { type: "move", unit: "R1", program: [{ op: "advance", ticks: INCH }] }),
    ).toMatch(/had its move/);
    expect(
      refusal(ctx, position, { type: "move", unit: "B1", program: [{ op: "advance", ticks: INCH }] }),
    ).toMatch(/^001 The Game Turn/);
  });
});

describe("[001 Formations] disorder and muddle", () => {
  const stream = [
    {
      id: "S",
      kind: "stream" as const,
      name: "Brook",
      line: [
        [0, 13],
        [48, 13],
      ] as [number, number][],
    },
  ];

  it("a unit that has just waded a stream is disordered, and its move there is at half rate", () => {
    const { ctx, position } = table({ first: [horse("R1", 24, 10, 0)], second: enemyFar, linears: stream });
    // Close cavalry move 8": crossing at half rate, 4" of wading is the whole move.
    const after = play(ctx, position, {
      type: "move",
      unit: "R1",
      program: [{ op: "advance", ticks: 4 * INCH }],
    });
    expect(after.position.units.R1?.disordered).toBe(true);
    expect(after.position.units.R1?.used).toBe(1000);
    expect(
      refusal(ctx, position, { type: "move", unit: "R1", program: [{ op: "advance", ticks: 4 * INCH + 1 }] }),
    ).toMatch(/001 Movement/);
  });

  it("it needs 1 URT without moving to reorganize", () => {
    const { ctx, position } = table({ first: [foot("R1", 24, 10, 0)], second: enemyFar });
    const d = withUnit(position, "R1", { disordered: true });
    expect(
      play(ctx, d, { type: "move", unit: "R1", program: [{ op: "reorganise" }] }).position.units.R1
        ?.disordered,
    ).toBe(false);
    expect(
      refusal(ctx, d, {
        type: "move",
        unit: "R1",
        program: [{ op: "reorganise" }, { op: "advance", ticks: INCH }],
      }),
    ).toMatch(/^001 Formations: .*without moving/);
    expect(refusal(ctx, position, { type: "move", unit: "R1", program: [{ op: "reorganise" }] })).toMatch(
      /only a disordered/,
    );
  });

  it("a muddled unit untangles over 3 URTs before it does anything else", () => {
    const { ctx, position } = table({ first: [foot("R1", 24, 10, 0)], second: enemyFar });
    const m = withUnit(position, "R1", { muddle: 3 });
    expect(refusal(ctx, m, { type: "move", unit: "R1", program: [{ op: "advance", ticks: INCH }] })).toMatch(
      /must untangle/,
    );
    const once = play(ctx, m, {
      type: "move",
      unit: "R1",
      program: [{ op: "untangle" }, { op: "untangle" }],
    });
    expect(once.position.units.R1?.muddle).toBe(1);
    expect(
      refusal(ctx, m, {
        type: "move",
        unit: "R1",
        program: [{ op: "untangle" }, { op: "untangle" }, { op: "untangle" }],
      }),
    ).toMatch(/001 Movement/);
  });
});

describe("[001 Cover and Armor] buildings", () => {
  const barn = [
    {
      id: "K",
      kind: "building" as const,
      name: "Barn",
      polygon: [
        [20, 13],
        [28, 13],
        [28, 17],
        [20, 17],
      ] as [number, number][],
      building: "wooden-barn",
      cover: "wooden-building" as const,
    },
  ];

  it("a unit stands wholly inside a building or clear of it, and going in takes a URT", () => {
    const { ctx, position } = table({ first: [shot("R1", 24, 10, 0)], second: enemyFar, areas: barn });
    // Open order: 6" a move. 4½" in (¾ of the move) and a URT (½) is too much; 3", half in, is refused outright.
    expect(
      refusal(ctx, position, { type: "move", unit: "R1", program: [{ op: "advance", ticks: 4.5 * INCH }] }),
    ).toMatch(/001 Movement: the move needs 5\/4/);
    expect(
      refusal(ctx, position, { type: "move", unit: "R1", program: [{ op: "advance", ticks: 3 * INCH }] }),
    ).toMatch(/^001 Cover and Armor: a unit stands wholly inside Barn or clear of it/);
    // Elite musketeers inside leave it: 3½" (7/12 of the move) and a URT (1/3) is 11/12 of the move.
    const elite = table({
      first: [shot("R1", 24, 14, 0, { class: "elite" })],
      second: enemyFar,
      areas: barn,
    });
    const out = play(elite.ctx, elite.position, {
      type: "move",
      unit: "R1",
      program: [{ op: "advance", ticks: 3.5 * INCH }],
    });
    expect(out.position.units.R1?.used).toBe(917);
  });
});

describe("[001 Formations] the formations a unit may take", () => {
  it("pikes form the pike block and the hedgehog; shot open order and skirmish; not each other's", () => {
    const { ctx, position } = table({
      first: [foot("R1", 24, 10, 0), shot("R2", 10, 10, 0)],
      second: enemyFar,
    });
    expect(
      refusal(ctx, position, { type: "move", unit: "R1", program: [{ op: "form", formation: "open" }] }),
    ).toMatch(/^001 Formations: R1 does not form open order/);
    expect(
      refusal(ctx, position, { type: "move", unit: "R2", program: [{ op: "form", formation: "hedgehog" }] }),
    ).toMatch(/^001 Formations: R2 does not form hedgehog order/);
    expect(
      play(ctx, position, { type: "move", unit: "R2", program: [{ op: "form", formation: "skirmish" }] })
        .position.units.R2?.formation,
    ).toBe("skirmish");
  });
});
