import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { indexOfId } from "../hex/grid.js";
import { legalActions } from "../legal.js";
import { attack, eventsOf, field, playWithDice, resolve } from "../test-support/combat.js";
import { expectRefused, setup } from "../test-support/setup.js";
import type { Side, UnitType } from "../vocabulary.js";
import { retreatOptions } from "./retreat.js";

/*
 * Melee 1-1 (EP 6 against PP 4, or PP against PP): a 4 gives D. 3-1 (EP 6
 * against MP 2): a 6 gives E1, and at 5-1 a 6 gives E2.
 *
 * Around 0606: 0605 is its north neighbour. Within 3 hexes of 0606 the hexes
 * 4 hexes from 0605 are 0308 (village), 0408, 0509, 0609, 0709 (clear), 0808
 * and 0908 (slope and hilltop, beyond 3 MP for infantry).
 */

describe("8.11 melee results", () => {
  it("[8.11] D: the defending units are disrupted and retreated", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-PP1"] });
    const s = playWithDice(ctx, position, [4], attack("B-EP1", "0606"), resolve("0606"));
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ odds: "1-1", result: "D" });
    expect(s.position.units["G-PP1"]?.disrupted).toBe(true);
    expect(s.position.decision).toEqual({ kind: "retreat", side: "first", units: ["G-PP1"], from: "0606" });
  });

  it("[8.11] E1: the top defender is eliminated, the second disrupted and retreated, a third unaffected", () => {
    const { ctx, position } = field(
      { "0605": ["B-EP1", "B-EP2"], "0606": ["G-MP1", "G-MP2", "G-PP1"] },
      { scenario: "16.22" },
    );
    // 12 to 4: 3-1; a 6 is E1.
    const s = playWithDice(
      ctx,
      position,
      [6],
      attack("B-EP1", "0606"),
      attack("B-EP2", "0606"),
      resolve("0606"),
    );
    expect(s.position.offMap["G-MP1"]).toBe("eliminated");
    expect(s.position.units["G-MP2"]?.disrupted).toBe(true);
    expect(s.position.decision).toMatchObject({ kind: "retreat", units: ["G-MP2"] });
    expect(s.position.stacks["0606"]).toContain("G-PP1");
    expect(s.position.units["G-PP1"]?.disrupted).toBe(false);
  });

  it("[8.11] E2: the two defending units are eliminated, a third unaffected (no advance: the hex is not vacant)", () => {
    const { ctx, position } = field(
      { "0605": ["B-EP1", "B-EP2"], "0606": ["G-MP1", "G-MM1", "G-PP1"] },
      { scenario: "16.22" },
    );
    // 12 against MP 2 (the MM adds nothing beside it, 6.6N): 5-1; a 6 is E2.
    const s = playWithDice(
      ctx,
      position,
      [6],
      attack("B-EP1", "0606"),
      attack("B-EP2", "0606"),
      resolve("0606"),
    );
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ odds: "5-1", result: "E2" });
    expect(s.position.stacks["0606"]).toEqual(["G-PP1"]);
    expect(s.position.decision).toBeUndefined();
  });

  it("[8.11] [8.4] a disrupted defender disrupted again is eliminated rather than retreated", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-PP1"] }, { disrupted: ["G-PP1"] });
    // 1-1 with +1: a 3 reads 4, D.
    const s = playWithDice(ctx, position, [3], attack("B-EP1", "0606"), resolve("0606"));
    expect(s.position.offMap["G-PP1"]).toBe("eliminated");
    expect(eventsOf(s.events, "unit-eliminated")[0]).toMatchObject({ unit: "G-PP1", rule: "8.4" });
  });
});

describe("8.2 how to retreat", () => {
  it("[8.2] the retreat ends as far as possible from the enemy, moving as in a Movement Phase (road rate included)", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-PP1"] });
    // Off the road the farthest hexes are 4 from 0605 (0408, 0509, 0609, 0709); down the road (5.3K) 0510 and 0409 are 5.
    expect(retreatOptions(ctx, position, "G-PP1").map((o) => o.to)).toEqual(["0409", "0510"]);
    const s = playWithDice(ctx, position, [4], attack("B-EP1", "0606"), resolve("0606"));
    expect(legalActions(ctx, s.position)).toEqual(
      ["0409", "0510"].map((to) => ({ type: "retreat", unit: "G-PP1", to })),
    );
    const done = playWithDice(ctx, s.position, [], { type: "retreat", unit: "G-PP1", to: "0510" });
    expect(done.position.stacks["0510"]).toEqual(["G-PP1"]);
    const moved = eventsOf(done.events, "unit-retreated")[0];
    expect(moved?.path).toEqual(["0507", "0508", "0509", "0510"]);
  });

  it("[8.2] the retreat goes through clear terrain where it can", () => {
    // From 1102, with the enemy at 1101, 0803, 0904, 1004 and 1204 are as far as a PP can get;
    // only 1204 is reached without crossing ploughed land, so it is the one way out.
    const { ctx, position } = field({ "1101": ["B-EP1"], "1102": ["G-PP1"] });
    expect(retreatOptions(ctx, position, "G-PP1")).toEqual([{ to: "1204", path: ["1202", "1203", "1204"] }]);
    const s = playWithDice(ctx, position, [4], attack("B-EP1", "1102"), resolve("1102"));
    expect(s.position.stacks["1204"]).toEqual(["G-PP1"]);
    expect(s.position.decision).toMatchObject({ kind: "advance", into: "1102" });
  });

  it("[8.2] a retreat that must cross rough ground crosses as little as it can: the bridge, not the woods", () => {
    // From 0304, with the enemy at 0303, the farthest hex within reach is 0506, across the stream.
    // By the road (0404, 0504) and the bridge (0505) it crosses one hex that is not clear;
    // by the woods (0403), two.
    const { ctx, position } = field({ "0303": ["B-EP1"], "0304": ["G-PP1"] });
    expect(retreatOptions(ctx, position, "G-PP1")).toEqual([
      { to: "0506", path: ["0404", "0504", "0505", "0506"] },
    ]);
    const s = playWithDice(ctx, position, [4], attack("B-EP1", "0304"), resolve("0304"));
    expect(eventsOf(s.events, "unit-retreated")[0]).toMatchObject({
      to: "0506",
      path: ["0404", "0504", "0505", "0506"],
    });
  });

  it("[8.2] a retreat through a village when it must, by the fewest village hexes", () => {
    // From 0308 (village), with the enemy at 0407: 0110 and 0210 are the farthest; each is reached
    // through one more village hex at best (0208, or 0309), never through two.
    const { ctx, position } = field({ "0407": ["B-EP1"], "0308": ["G-PP1"] });
    expect(retreatOptions(ctx, position, "G-PP1")).toEqual([
      { to: "0110", path: ["0208", "0109", "0110"] },
      { to: "0210", path: ["0309", "0310", "0210"] },
    ]);
  });

  it("[8.2] the destination must be vacant or hold the fewest units", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-PP1"], "0510": ["G-MP1"] });
    expect(retreatOptions(ctx, position, "G-PP1").map((o) => o.to)).toEqual(["0409"]);
  });

  it("[8.2] the enemy player's choice is limited to what the priorities leave", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-PP1"] });
    const s = playWithDice(ctx, position, [4], attack("B-EP1", "0606"), resolve("0606"));
    expectRefused(
      apply(ctx, s.position, { type: "retreat", unit: "G-PP1", to: "0607" }),
      "8.2",
      "retreat/not-allowed",
    );
    // Nothing else happens until the retreat is decided.
    expectRefused(apply(ctx, s.position, { type: "end-phase" }), "8.2", "decision/pending");
  });

  it("[8.2] a unit with a single way out retreats at once; one with none is eliminated", () => {
    // 0101 is a corner: its only neighbours 0201 and 0102 hold enemy units.
    const { ctx, position } = field({ "0201": ["B-EP1"], "0102": ["B-PP1"], "0101": ["G-PP1"] });
    expect(retreatOptions(ctx, position, "G-PP1")).toEqual([]);
    const s = playWithDice(ctx, position, [4], attack("B-EP1", "0101"), resolve("0101"));
    expect(s.position.offMap["G-PP1"]).toBe("eliminated");
    expect(eventsOf(s.events, "unit-eliminated")[0]).toMatchObject({ rule: "8.2" });
    // Off the map now, it has nowhere to retreat from; nor has a unit the position does not hold.
    expect(retreatOptions(ctx, s.position, "G-PP1")).toEqual([]);
    expect(retreatOptions(ctx, position, "G-PP9")).toEqual([]);
  });

  it("[8.2] [5.3K] each way out is offered once, with its cheapest path, though a cheaper way to it is found later", () => {
    // From 0708, with the enemy at 0707: the road (column 05) reaches 0510 more cheaply than the
    // first way the search finds to it; 0510 is still one option.
    const { ctx, position } = field({ "0707": ["B-EP1"], "0708": ["G-PP1"] });
    expect(retreatOptions(ctx, position, "G-PP1")).toEqual([
      { to: "0409", path: ["0608", "0509", "0409"] },
      { to: "0510", path: ["0608", "0509", "0510"] },
      { to: "0610", path: ["0709", "0710", "0610"] },
      { to: "0810", path: ["0709", "0710", "0810"] },
    ]);
  });

  it("[8.2] a retreat may end in the corner hex 0101, entering it straight away", () => {
    // From 0102, with the enemy at 0202, the map's edges and the stream (row 05, 2 MP) keep the
    // PP within 2 hexes of the enemy: six hexes are that far, 0101 next door among them.
    const { ctx, position } = field({ "0202": ["B-EP1"], "0102": ["G-PP1"] });
    expect(retreatOptions(ctx, position, "G-PP1")).toEqual([
      { to: "0101", path: ["0101"] },
      { to: "0104", path: ["0103", "0104"] },
      { to: "0204", path: ["0103", "0203", "0204"] },
      { to: "0301", path: ["0201", "0301"] },
      { to: "0304", path: ["0103", "0203", "0304"] },
      { to: "0401", path: ["0201", "0301", "0401"] },
    ]);
  });

  it("[8.2] a unit in the corner hex 0101 retreats like any other; with no Movement Points left, nowhere", () => {
    // With only 0201 held by the enemy the way out is south, down the west edge.
    const { ctx, position } = field({ "0201": ["B-EP1"], "0101": ["G-PP1"] });
    expect(retreatOptions(ctx, position, "G-PP1")).toEqual([{ to: "0104", path: ["0102", "0103", "0104"] }]);
    // All 3 MP (6 half MP) already spent: no retreat at all.
    expect(retreatOptions(ctx, position, "G-PP1", 6)).toEqual([]);
  });

  it("[8.2] a retreat never ends in the hex it left, though a way back through rough ground is as good", () => {
    // 0110, a corner, is left by the village 0209 alone: 0109 and 0210 hold enemies. From 0209, whose
    // other neighbours hold enemies too, the PP could only step back into 0110, as near the enemy,
    // through as few hexes that are not clear, and as crowded as 0209 (a friend is there); it must leave.
    const { ctx, position } = field({
      "0109": ["B-EP1"],
      "0210": ["B-PP1"],
      "0208": ["B-PP2"],
      "0309": ["B-PP3"],
      "0310": ["B-PP4"],
      "0209": ["G-MP1"],
      "0110": ["G-PP1"],
    });
    expect(retreatOptions(ctx, position, "G-PP1")).toEqual([{ to: "0209", path: ["0209"] }]);
  });

  it("[8.2] retreats never enter enemy hexes", () => {
    // A PP at 0103 hemmed in by enemies at 0202 (the attacker), 0102, 0203 and 0204: only south.
    const { ctx, position } = field({
      "0202": ["B-EP1"],
      "0102": ["B-MP1"],
      "0203": ["B-MP2"],
      "0204": ["B-MP3"],
      "0103": ["G-PP1"],
    });
    // 0104 and the stream 0105 are both next to 0204; 0104 is clear.
    expect(retreatOptions(ctx, position, "G-PP1")).toEqual([{ to: "0104", path: ["0104"] }]);
  });

  it("[8.2] a hex reached through clear ground keeps that way, though rough ground reaches it later", () => {
    // From 0108, with the enemy at 0207, 0110 and 0210 are the farthest. 0110 is found first by 0109
    // (clear), and again through the village 0209; the clear way is the one that counts.
    const { ctx, position } = field({ "0207": ["B-EP1"], "0108": ["G-PP1"] });
    expect(retreatOptions(ctx, position, "G-PP1")).toEqual([
      { to: "0110", path: ["0109", "0110"] },
      { to: "0210", path: ["0109", "0110", "0210"] },
    ]);
  });

  it("[8.21] unlimbered artillery forced to retreat is destroyed; limbered artillery retreats", () => {
    const limbered = field({ "0605": ["B-PP1"], "0606": ["G-MA1"] }, { limbered: ["G-MA1"] });
    // PP 4 against (1): 4-1; a 2 is D.
    const d = playWithDice(limbered.ctx, limbered.position, [2], attack("B-PP1", "0606"), resolve("0606"));
    expect(eventsOf(d.events, "combat-resolved")[0]?.result).toBe("D");
    expect(d.position.offMap["G-MA1"]).toBeUndefined();
    const unlimbered = field({ "0605": ["B-PP1"], "0606": ["G-MA1"] });
    const u = playWithDice(
      unlimbered.ctx,
      unlimbered.position,
      [2],
      attack("B-PP1", "0606"),
      resolve("0606"),
    );
    expect(u.position.offMap["G-MA1"]).toBe("eliminated");
    expect(eventsOf(u.events, "unit-eliminated")[0]).toMatchObject({ unit: "G-MA1", rule: "8.21" });
  });
});

describe("13.0F a unit in Road Mode disrupted: out of Road Mode, then the retreat", () => {
  it("[13.0F] [8.2] leaving Road Mode costs 1 MP of the retreat: a PP retreats 2 MP, not 3", () => {
    const { ctx, position } = field(
      { "0606": ["B-EP1"], "0506": ["G-PP1"] },
      { optionalRules: ["road-movement"], roadMode: ["G-PP1"] },
    );
    // EP 6 against PP 4 halved to 2 (13.0F): 3-1; a 3 is D.
    const s = playWithDice(ctx, position, [3], attack("B-EP1", "0506"), resolve("0506"));
    expect(s.position.decision).toMatchObject({ kind: "retreat", units: ["G-PP1"], leftRoadMode: ["G-PP1"] });
    // 2 MP of clear ground (no road rate out of Road Mode) end 3 hexes from 0606 at best.
    expect(legalActions(ctx, s.position)).toEqual(
      ["0306", "0307"].map((to) => ({ type: "retreat", unit: "G-PP1", to })),
    );
    // With the full 3 MP the same unit would get a hex farther.
    expect(retreatOptions(ctx, s.position, "G-PP1").map((o) => o.to)).toEqual(["0206", "0207"]);
    const done = playWithDice(ctx, s.position, [], { type: "retreat", unit: "G-PP1", to: "0307" });
    expect(eventsOf(done.events, "unit-retreated")[0]).toMatchObject({ to: "0307", path: ["0406", "0307"] });
  });
});

describe("13.0F [16.22] a unit that marched on in Road Mode, without the optional rule", () => {
  it("[13.0F] [16.22] [5.3K] out of Road Mode it retreats the 2 MP left at the road rate, through three hexes that are not clear", () => {
    // The Protestants may enter in Road Mode (16.22) without the advanced road rules: out of
    // Road Mode the unit still has the road rate of 5.3K. From 0501, with the enemy at 0601,
    // its 4 half MP take it down the road through the woods (0502, 0503) and over the bridge
    // (0505): three hexes that are not clear, as many as the budget allows.
    const { ctx, position } = field(
      { "0601": ["B-EP1"], "0501": ["G-PP1"] },
      { scenario: "16.22", roadMode: ["G-PP1"] },
    );
    // EP 6 against PP 4 halved to 2 (13.0F): 3-1; a 3 is D, and the one way out is taken at once.
    const s = playWithDice(ctx, position, [3], attack("B-EP1", "0501"), resolve("0501"));
    expect(eventsOf(s.events, "unit-retreated")).toMatchObject([
      { unit: "G-PP1", to: "0505", path: ["0502", "0503", "0504", "0505"] },
    ]);
    expect(s.position.units["G-PP1"]).toMatchObject({ roadMode: false, disrupted: true });
  });
});

describe("8.2 retreats at Nieuport (16.13): the sea and the stream", () => {
  /* Nieuport's map: 0715 is on the shore, beside the stream hexes 0614 and 0615; 0716 beside 0615, 0616, 0717. */
  const nieuport = (
    units: Record<string, { side: Side; type: UnitType; role?: "fleet" }>,
    stacks: Record<string, string[]>,
  ) =>
    setup({
      scenario: "16.13",
      phasing: "first",
      phase: "melee",
      units: Object.fromEntries(
        Object.entries(units).map(([id, u]) => [id, { ...u, force: u.role === "fleet" ? "fleet" : "main" }]),
      ),
      stacks,
    });

  it("[8.2] [16.13] a unit whose only ways out are the stream and the sea is eliminated", () => {
    const { ctx, position } = nieuport(
      {
        "B-EP01": { side: "first", type: "EP" },
        "B-PP01": { side: "first", type: "PP" },
        "B-PP02": { side: "first", type: "PP" },
        "B-PP03": { side: "first", type: "PP" },
        "G-PP01": { side: "second", type: "PP" },
      },
      { "0714": ["B-EP01"], "0814": ["B-PP01"], "0815": ["B-PP02"], "0716": ["B-PP03"], "0715": ["G-PP01"] },
    );
    expect(retreatOptions(ctx, position, "G-PP01")).toEqual([]);
    // EP 6 against PP 4: 1-1; a 4 is D, and the PP cannot retreat.
    const s = playWithDice(ctx, position, [4], attack("B-EP01", "0715"), resolve("0715"));
    expect(s.position.offMap["G-PP01"]).toBe("eliminated");
    expect(eventsOf(s.events, "unit-eliminated")[0]).toMatchObject({ unit: "G-PP01", rule: "8.2" });
  });

  it("[8.2] [16.13] the fleet, were it forced to retreat, would keep to the stream and the sea", () => {
    const { ctx, position } = nieuport(
      { "G-HA01": { side: "second", type: "HA", role: "fleet" }, "B-PP01": { side: "first", type: "PP" } },
      { "0615": ["G-HA01"], "0716": ["B-PP01"] },
    );
    const options = retreatOptions(ctx, position, "G-HA01");
    expect(options.map((o) => o.to)).toEqual(["0314", "0315", "0316", "0317", "0413", "0513"]);
    const water = ctx.fleetWater;
    for (const o of options) {
      for (const hex of o.path) expect(water?.[indexOfId(ctx.map.grid, hex)], hex).toBe(1);
    }
  });
});

describe("8.3 advance after combat", () => {
  it("[8.3] when the attacked hex is vacated the attacker may advance up to two involved attackers", () => {
    const { ctx, position } = field({ "0605": ["B-EP1", "B-EP2"], "0706": ["B-PP1"], "0606": ["G-MP1"] });
    // 16 to 2: 5-1; a 6 is E2 and empties the hex.
    const s = playWithDice(
      ctx,
      position,
      [6],
      attack("B-EP1", "0606"),
      attack("B-EP2", "0606"),
      attack("B-PP1", "0606"),
      resolve("0606"),
    );
    expect(s.position.decision).toEqual({
      kind: "advance",
      side: "first",
      into: "0606",
      candidates: ["B-EP1", "B-EP2", "B-PP1"],
      max: 2,
    });
    expectRefused(
      apply(ctx, s.position, { type: "advance", units: ["B-EP1", "B-EP2", "B-PP1"] }),
      "8.3",
      "advance/too-many",
    );
    expect(legalActions(ctx, s.position)).toHaveLength(1 + 3 + 3);
    const done = playWithDice(ctx, s.position, [], { type: "advance", units: ["B-EP2", "B-PP1"] });
    expect(done.position.stacks["0606"]).toEqual(["B-EP2", "B-PP1"]);
    expect(done.position.stacks["0605"]).toEqual(["B-EP1"]);
    expect(done.position.decision).toBeUndefined();
  });

  it("[8.3] only involved attackers advance, and the attacker may decline", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0706": ["B-PP1"], "0606": ["G-MP1"] });
    // EP 6 against MP 2: 3-1, a 4 is D: the MP retreats (one way is chosen for it).
    const s = playWithDice(ctx, position, [4], attack("B-EP1", "0606"), resolve("0606"));
    const retreated =
      s.position.decision?.kind === "retreat"
        ? playWithDice(ctx, s.position, [], {
            type: "retreat",
            unit: "G-MP1",
            to: retreatOptions(ctx, s.position, "G-MP1")[0]?.to ?? "",
          })
        : s;
    expect(retreated.position.decision).toMatchObject({
      kind: "advance",
      into: "0606",
      candidates: ["B-EP1"],
      max: 1,
    });
    expectRefused(
      apply(ctx, retreated.position, { type: "advance", units: ["B-PP1"] }),
      "8.3",
      "advance/not-involved",
    );
    const none = playWithDice(ctx, retreated.position, [], { type: "advance", units: [] });
    expect(none.position.decision).toBeUndefined();
    expect(none.position.stacks["0606"]).toBeUndefined();
  });

  it("[8.3] [6.2F] an attack on two hexes that empties both offers each in turn; a unit advances once", () => {
    const { ctx, position } = field({ "0707": ["B-EP1", "B-EP2"], "0706": ["G-MP1"], "0708": ["G-MP2"] });
    // 12 to 4: 3-1; a 6 is E1 in each hex, eliminating both lone defenders.
    const s = playWithDice(
      ctx,
      position,
      [6],
      attack("B-EP1", "0706", "0708"),
      attack("B-EP2", "0706", "0708"),
      resolve("0706"),
    );
    expect(s.position.decision).toEqual({
      kind: "advance",
      side: "first",
      into: "0706",
      candidates: ["B-EP1", "B-EP2"],
      max: 2,
      next: ["0708"],
    });
    const first = playWithDice(ctx, s.position, [], { type: "advance", units: ["B-EP1"] });
    expect(first.position.decision).toEqual({
      kind: "advance",
      side: "first",
      into: "0708",
      candidates: ["B-EP2"],
      max: 1,
    });
    const second = playWithDice(ctx, first.position, [], { type: "advance", units: ["B-EP2"] });
    expect(second.position.stacks).toMatchObject({ "0706": ["B-EP1"], "0708": ["B-EP2"] });
    expect(second.position.stacks["0707"]).toBeUndefined();
  });
});
