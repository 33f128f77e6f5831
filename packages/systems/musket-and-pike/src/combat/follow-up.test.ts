import { describe, expect, it } from "vitest";
import { positionIssues } from "../state/parse.js";
import type { Position, UnitRecord } from "../state/position.js";
import { attack, eventsOf, field, playWithDice, resolve } from "../test-support/combat.js";
import { retreatOptions } from "./retreat.js";

/**
 * After a melee result (combat/follow-up.ts): the retreats in turn (8.2,
 * 13.0F) and the advance into the hexes left vacant (8.3, 15.0).
 */

/** Four EPs (24) against the top two MPs (4): 5-1; a 5, plus one for a disrupted unit in the hex, is E2. */
function e2On(stack: string[], options: { capture: boolean; disrupted: string[] }) {
  const { ctx, position } = field(
    { "0605": ["B-EP1", "B-EP2"], "0706": ["B-EP3", "B-EP4"], "0606": stack },
    {
      ...(options.capture ? { optionalRules: ["artillery-capture" as const] } : {}),
      disrupted: options.disrupted,
    },
  );
  const attacks = ["B-EP1", "B-EP2", "B-EP3", "B-EP4"].map((id) => attack(id, "0606"));
  const die = options.disrupted.length > 0 ? 5 : 6;
  const s = playWithDice(ctx, position, [die], ...attacks, resolve("0606"));
  expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ odds: "5-1", result: "E2" });
  return s;
}

describe("8.3 what a melee result leaves vacant", () => {
  it("[8.3] a hex still holding a third, unaffected unit is not vacant: no advance", () => {
    const s = e2On(["G-MP1", "G-MP2", "G-PP3"], { capture: false, disrupted: [] });
    expect(s.position.stacks["0606"]).toEqual(["G-PP3"]);
    expect(s.position.decision).toBeUndefined();
  });

  it("[8.3] [15.0] without Artillery Capture, a hex left holding a disrupted gun is not vacant", () => {
    const s = e2On(["G-MP1", "G-MP2", "G-MA1"], { capture: false, disrupted: ["G-MA1"] });
    expect(s.position.stacks["0606"]).toEqual(["G-MA1"]);
    expect(s.position.decision).toBeUndefined();
  });

  it("[15.0] with Artillery Capture, only disrupted enemy guns may be captured by an advance", () => {
    // The gun left undisrupted by E2 (a third unit is unaffected) is not captured.
    const intact = e2On(["G-MP1", "G-MP2", "G-MA1"], { capture: true, disrupted: [] });
    expect(intact.position.stacks["0606"]).toEqual(["G-MA1"]);
    expect(intact.position.decision).toBeUndefined();
    // A disrupted infantry unit left in the hex is no gun.
    const foot = e2On(["G-MP1", "G-MP2", "G-PP3"], { capture: true, disrupted: ["G-PP3"] });
    expect(foot.position.decision).toBeUndefined();
    // A disrupted gun with an infantry unit beside it: the hex is not "empty but for" the gun.
    const mixed = e2On(["G-MP1", "G-MP2", "G-MA1", "G-PP3"], { capture: true, disrupted: ["G-MA1"] });
    expect(mixed.position.stacks["0606"]).toEqual(["G-MA1", "G-PP3"]);
    expect(mixed.position.decision).toBeUndefined();
    // The disrupted gun alone is captured by the advance.
    const gun = e2On(["G-MP1", "G-MP2", "G-MA1"], { capture: true, disrupted: ["G-MA1"] });
    expect(gun.position.decision).toMatchObject({ kind: "advance", into: "0606", capture: ["G-MA1"] });
  });

  it("[8.3] [6.2F] of an attack on two hexes, only the vacated one is offered", () => {
    // 0403 and 0503 are adjacent, and both next to 0402. 12 against the MM of 0403 and the top two
    // of 0503: 2-1, a 6 plus one for the disrupted G-PP1 is E1: the lone MM in 0403 is eliminated;
    // in 0503 the top MM is eliminated, the second retreats, and G-PP1, the third, stays.
    const { ctx, position } = field(
      { "0402": ["B-EP1", "B-EP2"], "0403": ["G-MM1"], "0503": ["G-MM2", "G-MM3", "G-PP1"] },
      { disrupted: ["G-PP1"] },
    );
    const attackers = ["B-EP1", "B-EP2"];
    const s = playWithDice(
      ctx,
      position,
      [6],
      ...attackers.map((id) => attack(id, "0403", "0503")),
      resolve("0403"),
    );
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ odds: "2-1", result: "E1" });
    expect(s.position.stacks["0503"]).toEqual(["G-PP1"]);
    expect(s.position.decision).toEqual({
      kind: "advance",
      side: "first",
      into: "0403",
      candidates: attackers,
      max: 2,
    });
  });

  it("[8.3] [6.2F] a unit that advanced into the first hex does not advance again into the second, next to it", () => {
    // 12 against 4: 3-1; a 6 is E1, eliminating both lone defenders.
    const { ctx, position } = field({ "0402": ["B-EP1", "B-EP2"], "0403": ["G-MP1"], "0503": ["G-MP2"] });
    const s = playWithDice(
      ctx,
      position,
      [6],
      attack("B-EP1", "0403", "0503"),
      attack("B-EP2", "0403", "0503"),
      resolve("0403"),
      { type: "advance", units: ["B-EP1"] },
    );
    expect(s.position.stacks["0403"]).toEqual(["B-EP1"]);
    expect(s.position.decision).toEqual({
      kind: "advance",
      side: "first",
      into: "0503",
      candidates: ["B-EP2"],
      max: 1,
    });
  });
});

describe("8.3 the hexes of an attack still to be offered, as a position file may list them", () => {
  /**
   * A composed position that parse accepts: B-EP1 and B-EP2 in 0402 have attacked 0403 and 0503
   * together (6.2F), with the `attackers` given; the advance into 0403 waits, and 0503 is listed to
   * be offered next. Nothing but a position file lists a hex that is not vacant, or an attacker off
   * the map or not next to the hex.
   */
  function waiting(
    stacks: Record<string, string[]>,
    attackers: string[],
    options: Parameters<typeof field>[1] = {},
  ): { ctx: ReturnType<typeof field>["ctx"]; position: Position } {
    const { ctx, position } = field({ "0402": ["B-EP1", "B-EP2"], ...stacks }, options);
    // An attacker named but on no stack is an eliminated EP, like B-EP1.
    const gone = attackers.filter((id) => position.units[id] === undefined);
    const ep = position.units["B-EP1"] as UnitRecord;
    const composed: Position = {
      ...position,
      units: { ...position.units, ...Object.fromEntries(gone.map((id) => [id, ep])) },
      offMap: { ...position.offMap, ...Object.fromEntries(gone.map((id) => [id, "eliminated"])) },
      attacks: [{ kind: "melee", attackers, targets: ["0403", "0503"], resolved: true, defenders: [] }],
      decision: {
        kind: "advance",
        side: "first",
        into: "0403",
        candidates: ["B-EP1", "B-EP2"],
        max: 2,
        next: ["0503"],
      },
    };
    expect(positionIssues(ctx, composed)).toEqual([]);
    return { ctx, position: composed };
  }

  it("[8.3] a listed hex that holds an enemy unit is not offered", () => {
    const { ctx, position } = waiting({ "0503": ["G-PP1"] }, ["B-EP1", "B-EP2"]);
    const s = playWithDice(ctx, position, [], { type: "advance", units: ["B-EP1"] });
    expect(s.position.stacks["0403"]).toEqual(["B-EP1"]);
    expect(s.position.decision).toBeUndefined();
  });

  it("[15.0] [8.3] a listed hex that holds the attacker's own disrupted gun is not vacant: only enemy guns are captured", () => {
    const { ctx, position } = waiting({ "0503": ["B-MA1"] }, ["B-EP1", "B-EP2"], {
      optionalRules: ["artillery-capture"],
      disrupted: ["B-MA1"],
    });
    const s = playWithDice(ctx, position, [], { type: "advance", units: ["B-EP1"] });
    expect(s.position.decision).toBeUndefined();
  });

  it("[8.3] only the attackers on the map next to a listed hex may advance into it", () => {
    // B-EP3 in 0201 is not next to 0503; B-EP4 has been eliminated.
    const { ctx, position } = waiting({ "0201": ["B-EP3"] }, ["B-EP1", "B-EP2", "B-EP3", "B-EP4"]);
    const s = playWithDice(ctx, position, [], { type: "advance", units: ["B-EP1"] });
    expect(s.position.decision).toEqual({
      kind: "advance",
      side: "first",
      into: "0503",
      candidates: ["B-EP2"],
      max: 1,
    });
  });
});

describe("8.2 the retreats after melee", () => {
  it("[8.2] a unit with no hex to retreat into is eliminated, and the event says why", () => {
    // 0101 is a corner: its only neighbours 0201 and 0102 hold enemy units.
    const { ctx, position } = field({ "0201": ["B-EP1"], "0102": ["B-PP1"], "0101": ["G-PP1"] });
    const s = playWithDice(ctx, position, [4], attack("B-EP1", "0101"), resolve("0101"));
    expect(eventsOf(s.events, "unit-eliminated")).toEqual([
      { type: "unit-eliminated", unit: "G-PP1", hex: "0101", rule: "8.2", reason: "no hex to retreat into" },
    ]);
  });

  /*
   * 13.0(F): a unit in Road Movement Mode that is disrupted "must first convert out of Road
   * Movement Mode, expending one Movement Point in doing so, and then retreat". G-PP2 on the road
   * at 0503, attacked from 0402 with 0403: its full retreat could end in 0801-0804, one MP short
   * only in 0604.
   */
  const road = { optionalRules: ["road-movement" as const], roadMode: ["G-PP2"] };
  const marching = () => field({ "0402": ["B-EP1", "B-EP2"], "0403": ["G-PP1"], "0503": ["G-PP2"] }, road);

  it("[13.0F] a unit disrupted in Road Movement Mode retreats one Movement Point short", () => {
    const { ctx, position } = marching();
    // 12 against 4 + 2 (halved in Road Mode): 2-1; a 4 is D.
    const s = playWithDice(
      ctx,
      position,
      [4],
      attack("B-EP1", "0503", "0403"),
      attack("B-EP2", "0503", "0403"),
      resolve("0503"),
    );
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ result: "D" });
    expect(eventsOf(s.events, "unit-retreated")[0]).toMatchObject({
      unit: "G-PP2",
      from: "0503",
      to: "0604",
    });
    expect(s.position.decision).toMatchObject({ kind: "retreat", units: ["G-PP1"] });
    expect(s.position.decision).not.toHaveProperty("leftRoadMode");
  });

  it("[13.0F] the shortened retreat is remembered while an earlier retreat is decided", () => {
    const { ctx, position } = marching();
    const s = playWithDice(
      ctx,
      position,
      [4],
      attack("B-EP1", "0403", "0503"),
      attack("B-EP2", "0403", "0503"),
      resolve("0403"),
    );
    expect(s.position.decision).toEqual({
      kind: "retreat",
      side: "first",
      units: ["G-PP1", "G-PP2"],
      from: "0403",
      leftRoadMode: ["G-PP2"],
    });
    const to = retreatOptions(ctx, s.position, "G-PP1")[0]?.to ?? "";
    const next = playWithDice(ctx, s.position as Position, [], { type: "retreat", unit: "G-PP1", to });
    expect(eventsOf(next.events, "unit-retreated")[1]).toMatchObject({
      unit: "G-PP2",
      from: "0503",
      to: "0604",
    });
  });
});
