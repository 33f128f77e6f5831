import { D6 } from "@tercio/core";
import { describe, expect, it } from "vitest";
import { DiceSource } from "./dice-source.js";
import { PreviewJudge, RollOffJudge, squaredNear, travelNear, withinQuestion } from "./grey-areas.js";
import { legalActions } from "./legal.js";
import { eventsOf, inch, play, refusal, table, withUnits } from "./test-support/table.js";

/**
 * Grey Areas: "a measurement that is 'too close to call', should be
 * defined in 'either/or' terms and resolved with a friendly roll off in the
 * winner's favor." Too close to call is within the rules data's band
 * (1/16", 381 ticks) of a limit.
 */
const BAND = inch(0, 1, 16);

/** Infantry A at (36, 10) facing north (front centre (36, 11.5)); enemy B's front `d` ticks straight ahead. */
function range(d: number, greyAreas: "roll-off" | "exact" = "roll-off") {
  const { ctx, position } = table({
    units: [
      { id: "A", type: "infantry", x: 36, y: 10 },
      { id: "B", side: "second", type: "infantry", x: 36, y: 20, facing: 18000 },
    ],
    options: { greyAreas },
  });
  return { ctx, position: withUnits(position, { B: { y: inch(11.5) + d + inch(1.5) } }) };
}

describe("[003 Grey Areas] too close to call: a roll-off, the winner's way", () => {
  it("[003 Grey Areas] the band is 1/16 inch either side of the limit, inclusive", () => {
    const { ctx } = range(0);
    const limit = inch(4);
    expect(BAND).toBe(381);
    expect(squaredNear(ctx, (limit - BAND) ** 2, limit)).toBe(true);
    expect(squaredNear(ctx, (limit + BAND) ** 2, limit)).toBe(true);
    expect(squaredNear(ctx, (limit - BAND - 1) ** 2, limit)).toBe(false);
    expect(squaredNear(ctx, (limit + BAND + 1) ** 2, limit)).toBe(false);
  });

  it("[003 Grey Areas] a length the player chose is close only past its limit (a move of the whole allowance is exact)", () => {
    const { ctx } = range(0);
    expect(travelNear(ctx, inch(6), inch(6))).toBe(false);
    expect(travelNear(ctx, inch(6) - 1, inch(6))).toBe(false);
    expect(travelNear(ctx, inch(6) + 1, inch(6))).toBe(true);
    expect(travelNear(ctx, inch(6) + BAND, inch(6))).toBe(true);
    expect(travelNear(ctx, inch(6) + BAND + 1, inch(6))).toBe(false);
  });

  it("[003 Grey Areas] both dice of every round are logged; ties are rolled again", () => {
    const { ctx, position } = range(inch(4));
    const { events, position: after } = play(
      ctx,
      position,
      { type: "fire", unit: "A" },
      [3, 3, 4, 4, 2, 6, 5],
    );
    expect(eventsOf(events, "roll-off")).toEqual([
      {
        type: "roll-off",
        question: "is B within A's point blank range?",
        key: "range:A:B:point-blank",
        acting: "first",
        rounds: [
          [3, 3],
          [4, 4],
          [2, 6],
        ],
        winner: "second",
        answer: false,
      },
    ]);
    const dice = eventsOf(events, "die-rolled");
    expect(dice.map((d) => [d.purpose, d.value])).toEqual([
      ["roll-off", 3],
      ["roll-off", 3],
      ["roll-off", 4],
      ["roll-off", 4],
      ["roll-off", 2],
      ["roll-off", 6],
      ["fire", 5],
    ]);
    // The winner (the target's side) wanted it out of point blank range: 5 hits, not 10.
    expect(eventsOf(events, "fired")[0]).toMatchObject({ band: "effective", hits: 5 });
    expect(after.settled).toEqual({ "range:A:B:point-blank": false });
  });

  it("[003 Grey Areas] the answer is kept in settled for the phase: asked again, it is not rolled again", () => {
    const { ctx, position } = range(inch(4));
    const settled = { ...position, settled: { "range:A:B:point-blank": true } };
    const { events } = play(ctx, settled, { type: "fire", unit: "A" }, [3]);
    expect(eventsOf(events, "roll-off")).toEqual([]);
    expect(eventsOf(events, "fired")[0]).toMatchObject({ band: "point-blank", hits: 6 });
  });

  it("[003 Grey Areas] a lost roll-off spends only the roll-off: refused-after-roll-off, the unit may act again", () => {
    // Exactly 8": the target at effective range or out of it. The shooter loses, 1 to 6.
    const { ctx, position } = range(inch(8));
    const lost = play(ctx, position, { type: "fire", unit: "A" }, [1, 6]);
    expect(eventsOf(lost.events, "roll-off")[0]).toMatchObject({ winner: "second", answer: false });
    expect(eventsOf(lost.events, "refused-after-roll-off")).toEqual([
      {
        type: "refused-after-roll-off",
        unit: "A",
        rule: "1.1 A",
        message: "003 1.1 A: A has no enemy Unit in line of sight and range to fire at",
      },
    ]);
    expect(eventsOf(lost.events, "fired")).toEqual([]);
    expect(lost.position.units.A?.acted).toBe("none");
    expect(lost.position.settled).toEqual({ "range:A:B:effective": false });
    // Asking again gets the same answer, with no dice: the shot is refused outright.
    const again = refusal(ctx, lost.position, { type: "fire", unit: "A" }, []);
    expect(again.code).toBe("fire/no-target");
    // The unit may still move instead.
    expect(play(ctx, lost.position, { type: "roll-move", unit: "A" }, [3]).position.units.A?.acted).toBe(
      "rolled",
    );
  });

  it("[003 Grey Areas] a shot refused after a roll-off keeps it too, so it cannot be rolled again", () => {
    // B exactly 4" away (is it at point blank?), C further: naming C asks B's question first, then is refused.
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        { id: "B", side: "second", type: "infantry", x: 36, y: 17, facing: 18000 },
        { id: "C", side: "second", type: "infantry", x: 44, y: 18, facing: 18000 },
      ],
    });
    const named = play(ctx, position, { type: "fire", unit: "A", target: "C" }, [6, 1]);
    expect(eventsOf(named.events, "roll-off")[0]).toMatchObject({ winner: "first", answer: true });
    expect(eventsOf(named.events, "refused-after-roll-off")[0]).toMatchObject({ unit: "A", rule: "1.1 A" });
    expect(named.position.settled).toEqual({ "range:A:B:point-blank": true });
    // The shot at B then needs no roll-off: one die, the fire's, and point blank as settled.
    const { events } = play(ctx, named.position, { type: "fire", unit: "A" }, [3]);
    expect(eventsOf(events, "roll-off")).toEqual([]);
    expect(eventsOf(events, "fired")[0]).toMatchObject({ target: "B", band: "point-blank", hits: 6 });
  });

  it("[003 Grey Areas] with greyAreas exact, a limit is inclusive and never rolled off", () => {
    const at = range(inch(4), "exact");
    const { events } = play(at.ctx, at.position, { type: "fire", unit: "A" }, [3]);
    expect(eventsOf(events, "roll-off")).toEqual([]);
    expect(eventsOf(events, "fired")[0]).toMatchObject({ band: "point-blank", hits: 6 });
    const past = range(inch(4) + 1, "exact");
    expect(
      eventsOf(play(past.ctx, past.position, { type: "fire", unit: "A" }, [3]).events, "fired")[0],
    ).toMatchObject({
      band: "effective",
      hits: 3,
    });
  });

  it("[003 Grey Areas] a measurement clear of the band is exact: no roll-off either side of it", () => {
    const inside = range(inch(4) - BAND - 1);
    const a = play(inside.ctx, inside.position, { type: "fire", unit: "A" }, [3]).events;
    expect(eventsOf(a, "roll-off")).toEqual([]);
    expect(eventsOf(a, "fired")[0]).toMatchObject({ band: "point-blank" });
    const outside = range(inch(4) + BAND + 1);
    const b = play(outside.ctx, outside.position, { type: "fire", unit: "A" }, [3]).events;
    expect(eventsOf(b, "roll-off")).toEqual([]);
    expect(eventsOf(b, "fired")[0]).toMatchObject({ band: "effective" });
    const edge = range(inch(4) + BAND);
    expect(
      eventsOf(play(edge.ctx, edge.position, { type: "fire", unit: "A" }, [1, 2, 3]).events, "roll-off"),
    ).toHaveLength(1);
  });

  it("[003 Grey Areas] an action a roll-off may allow is offered, its question pending", () => {
    const { ctx, position } = range(inch(8));
    expect(legalActions(ctx, position)).toContainEqual({ type: "fire", unit: "A" });
    const judge = new PreviewJudge(position.settled);
    const q = withinQuestion(ctx, "range:A:B:effective", "in range?", inch(8) ** 2, inch(8), true);
    expect(judge.answer(q)).toBe(true);
    expect(judge.pending.map((p) => p.key)).toEqual(["range:A:B:effective"]);
    // Once settled against the player, it is no longer offered.
    const settled = { ...position, settled: { "range:A:B:effective": false } };
    expect(legalActions(ctx, settled)).not.toContainEqual({ type: "fire", unit: "A" });
  });

  it("[003 Grey Areas] twenty ties in a row end the roll-off in the acting side's favour", () => {
    const { ctx, position } = range(0);
    const dice = new DiceSource(position.prng, Array(40).fill(4), D6);
    const judge = new RollOffJudge({}, dice, "second");
    const q = withinQuestion(ctx, "k", "close?", inch(4) ** 2, inch(4), false);
    expect(judge.answer(q)).toBe(false);
    expect(eventsOf(judge.events, "roll-off")[0]).toMatchObject({ winner: "second", answer: false });
    expect(eventsOf(judge.events, "roll-off")[0]?.rounds).toHaveLength(20);
  });

  it("[003 Grey Areas] [003 Dice] a roll-off short of dice refuses the action and changes nothing", () => {
    const { ctx, position } = range(inch(4));
    const e = refusal(ctx, position, { type: "fire", unit: "A" }, [3]);
    expect(e.code).toBe("dice/exhausted");
    expect(e.rule).toBe("Dice");
  });
});
