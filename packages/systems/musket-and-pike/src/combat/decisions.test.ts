import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import type { Position } from "../state/position.js";
import { attack, eventsOf, field, playWithDice, resolve } from "../test-support/combat.js";
import { expectRefused } from "../test-support/setup.js";
import { retreatOptions } from "./retreat.js";

/*
 * The players' decisions after a melee result (decisions.ts): where a
 * retreating unit ends (8.2), who advances (8.3). Melee 3-1 (EP 6 against
 * MP 2, or 12 against 4): a 4 is D, a 6 E1; 5-1: a 6 is E2. Test map: the
 * road runs down column 05.
 */

const roads = { optionalRules: ["road-movement" as const], phase: "melee" as const };

/** Two MP defenders at 0606 disrupted by a D: both retreat, the First Player choosing for each. */
function twoRetreating(): { ctx: ReturnType<typeof field>["ctx"]; position: Position } {
  const { ctx, position } = field({ "0605": ["B-EP1", "B-EP2"], "0606": ["G-MP1", "G-MP2"] });
  const s = playWithDice(
    ctx,
    position,
    [4],
    attack("B-EP1", "0606"),
    attack("B-EP2", "0606"),
    resolve("0606"),
  );
  return { ctx, position: s.position };
}

describe("8.2 the choice of retreat", () => {
  it("[8.2] [8.3] a retreat is not decided while an advance waits, nor an advance while a retreat does", () => {
    const { ctx, position } = twoRetreating();
    expect(
      expectRefused(apply(ctx, position, { type: "advance", units: [] }), "8.3", "decision/no-advance"),
    ).toEqual({
      code: "decision/no-advance",
      rule: "8.3",
      message: "8.3: no advance after combat is waiting to be decided",
    });
    const g = field({ "0605": ["B-EP1"], "0606": ["G-MP1"] });
    // EP 6 against MP 2: 3-1, a 6 is E1, and the lone MP is eliminated: an advance waits.
    const one = playWithDice(g.ctx, g.position, [6], attack("B-EP1", "0606"), resolve("0606"));
    expect(one.position.decision).toMatchObject({ kind: "advance" });
    expect(
      expectRefused(
        apply(g.ctx, one.position, { type: "retreat", unit: "G-MP1", to: "0607" }),
        "8.2",
        "decision/no-retreat",
      ),
    ).toEqual({
      code: "decision/no-retreat",
      rule: "8.2",
      message: "8.2: no retreat is waiting to be decided",
      unit: "G-MP1",
    });
  });

  it("[8.2] units retreat one at a time, in order; each choice leaves the next to decide", () => {
    const { ctx, position } = twoRetreating();
    expect(position.decision).toEqual({
      kind: "retreat",
      side: "first",
      units: ["G-MP1", "G-MP2"],
      from: "0606",
    });
    const early = expectRefused(
      apply(ctx, position, { type: "retreat", unit: "G-MP2", to: "0607" }),
      "8.2",
      "decision/retreat-order",
    );
    expect(early).toMatchObject({ message: "8.2: decide the retreat of G-MP1 first", unit: "G-MP2" });
    const [first] = retreatOptions(ctx, position, "G-MP1");
    if (!first) throw new Error("G-MP1 has a way out");
    const r = apply(ctx, position, { type: "retreat", unit: "G-MP1", to: first.to });
    if (!r.ok) throw new Error(r.error.message);
    // G-MP1 ends where chosen; G-MP2, the next, then has a single way left and takes it at once.
    const moved = eventsOf(r.value.events, "unit-retreated");
    expect(moved[0]).toEqual({
      type: "unit-retreated",
      unit: "G-MP1",
      from: "0606",
      to: first.to,
      path: first.path,
      rule: "8.2",
    });
    expect(moved.map((e) => e.unit)).toEqual(["G-MP1", "G-MP2"]);
    expect(r.value.position.stacks[first.to]).toEqual(["G-MP1"]);
    expect(r.value.position.stacks["0606"]).toBeUndefined();
  });

  it("[8.2] a hex the priorities do not leave is refused, naming those they do", () => {
    const { ctx, position } = twoRetreating();
    const left = retreatOptions(ctx, position, "G-MP1").map((o) => o.to);
    expect(left.length).toBeGreaterThan(1);
    const e = expectRefused(
      apply(ctx, position, { type: "retreat", unit: "G-MP1", to: "0607" }),
      "8.2",
      "retreat/not-allowed",
    );
    expect(e).toMatchObject({
      message: `8.2: G-MP1 may not end its retreat in 0607; the priorities of 8.2 leave ${left.join(", ")}`,
      unit: "G-MP1",
      hex: "0607",
    });
  });

  it("[8.2] a retreat is decided only for a unit that defended", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-MP1"] });
    // A composed position: a retreat waiting with no attack behind it.
    const waiting: Position = {
      ...position,
      decision: { kind: "retreat", side: "first", units: ["G-MP1"], from: "0606" },
    };
    const [way] = retreatOptions(ctx, waiting, "G-MP1");
    if (!way) throw new Error("G-MP1 has a way out");
    expect(
      expectRefused(
        apply(ctx, waiting, { type: "retreat", unit: "G-MP1", to: way.to }),
        "8.2",
        "decision/no-attack",
      ),
    ).toMatchObject({ message: "8.2: G-MP1 did not defend in this phase", unit: "G-MP1" });
  });

  it("[13.0F] [8.2] a unit that left Road Mode on being disrupted retreats with 1 MP less", () => {
    const { ctx, position } = field(
      { "0606": ["B-EP1"], "0506": ["G-PP1"] },
      { ...roads, roadMode: ["G-PP1"] },
    );
    // EP 6 against PP 4 halved to 2: 3-1; a 3 is D.
    const s = playWithDice(ctx, position, [3], attack("B-EP1", "0506"), resolve("0506"));
    expect(s.position.decision).toMatchObject({ kind: "retreat", units: ["G-PP1"], leftRoadMode: ["G-PP1"] });
    // With all 3 MP the unit would reach 0206; with 2 it reaches 0306 at most.
    expect(retreatOptions(ctx, s.position, "G-PP1").map((o) => o.to)).toContain("0206");
    expectRefused(
      apply(ctx, s.position, { type: "retreat", unit: "G-PP1", to: "0206" }),
      "8.2",
      "retreat/not-allowed",
    );
    const done = playWithDice(ctx, s.position, [], { type: "retreat", unit: "G-PP1", to: "0306" });
    expect(done.position.stacks["0306"]).toEqual(["G-PP1"]);
  });
});

describe("8.3 the choice of advance", () => {
  /** EP 6 + EP 6 + PP 4 against MP 2: 5-1, a 6 is E2, and 0606 is vacant; B-PP2 beside it took no part. */
  function vacated() {
    const { ctx, position } = field({
      "0605": ["B-EP1", "B-EP2"],
      "0706": ["B-PP1"],
      "0506": ["B-PP2"],
      "0606": ["G-MP1"],
    });
    const s = playWithDice(
      ctx,
      position,
      [6],
      attack("B-EP1", "0606"),
      attack("B-EP2", "0606"),
      attack("B-PP1", "0606"),
      resolve("0606"),
    );
    return { ctx, position: s.position };
  }

  it("[8.3] an advance is decided only when one is waiting", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-MP1"] });
    expect(
      expectRefused(apply(ctx, position, { type: "advance", units: [] }), "8.3", "decision/no-advance"),
    ).toEqual({
      code: "decision/no-advance",
      rule: "8.3",
      message: "8.3: no advance after combat is waiting to be decided",
    });
  });

  it("[8.3] the refusals of an advance: a unit twice, too many, a unit not involved", () => {
    const { ctx, position } = vacated();
    expect(
      expectRefused(
        apply(ctx, position, { type: "advance", units: ["B-EP1", "B-EP1"] }),
        "8.3",
        "advance/repeated",
      ),
    ).toMatchObject({ message: "8.3: a unit is listed twice" });
    expect(
      expectRefused(
        apply(ctx, position, { type: "advance", units: ["B-EP1", "B-EP2", "B-PP1"] }),
        "8.3",
        "advance/too-many",
      ),
    ).toMatchObject({ message: "8.3: at most 2 unit(s) may advance into 0606" });
    // B-PP2 at 0506, beside 0606, took no part in the attack.
    expect(
      expectRefused(
        apply(ctx, position, { type: "advance", units: ["B-PP2"] }),
        "8.3",
        "advance/not-involved",
      ),
    ).toMatchObject({
      message: "8.3: B-PP2 may not advance into 0606; only B-EP1, B-EP2, B-PP1 may",
      unit: "B-PP2",
    });
  });

  it("[8.3] the advancing units enter the hex in the order given, each reported", () => {
    const { ctx, position } = vacated();
    const r = apply(ctx, position, { type: "advance", units: ["B-PP1", "B-EP1"] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.position.stacks["0606"]).toEqual(["B-PP1", "B-EP1"]);
    expect(eventsOf(r.value.events, "unit-advanced")).toEqual([
      { type: "unit-advanced", unit: "B-EP1", from: "0605", to: "0606" },
      { type: "unit-advanced", unit: "B-PP1", from: "0706", to: "0606" },
    ]);
    expect(r.value.position.decision).toBeUndefined();
  });

  it("[8.3] an advance waiting with no attack behind it (a composed position) is settled and cleared", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "1110": ["G-MP1"] });
    const waiting: Position = {
      ...position,
      decision: { kind: "advance", side: "first", into: "0606", candidates: ["B-EP1"], max: 1 },
    };
    const r = apply(ctx, waiting, { type: "advance", units: ["B-EP1"] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.position.stacks["0606"]).toEqual(["B-EP1"]);
    expect(r.value.position.decision).toBeUndefined();
  });
});

describe("15.0 the capture on advancing (optional)", () => {
  /* EP 6 against a gun's (1): 5-1; a 2 is D, and the gun, which may not retreat, is disrupted instead. */
  const capture = { optionalRules: ["artillery-capture" as const] };

  it("[15.0] the captured gun joins the first advancing unit's force, keeping its limbering", () => {
    const { ctx, position } = field(
      { "0605": ["B-EP1"], "0606": ["G-MA1"] },
      { ...capture, scenario: "16.33", forces: { "B-EP1": "b" }, limbered: ["G-MA1"] },
    );
    const s = playWithDice(ctx, position, [2], attack("B-EP1", "0606"), resolve("0606"));
    const r = apply(ctx, s.position, { type: "advance", units: ["B-EP1"] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.position.units["G-MA1"]).toMatchObject({
      side: "first",
      force: "b",
      disrupted: true,
      limbered: true,
    });
    expect(eventsOf(r.value.events, "unit-captured")).toEqual([
      { type: "unit-captured", unit: "G-MA1", hex: "0606", side: "first", rule: "15.0" },
    ]);
  });

  it("[15.0] [12.0] declining the advance leaves a square's guns and their Square marker", () => {
    const { ctx, position } = field(
      { "0605": ["B-EP1"], "0606": ["G-MA1"] },
      { optionalRules: ["artillery-capture", "infantry-squares"] },
    );
    const square = { ...position, squares: ["0606"] };
    const s = playWithDice(ctx, square, [2], attack("B-EP1", "0606"), resolve("0606"), {
      type: "advance",
      units: [],
    });
    expect(s.position.units["G-MA1"]?.side).toBe("second");
    expect(s.position.squares).toEqual(["0606"]);
  });

  it("[15.0] [12.0] guns captured in a square lose that Square marker, and only that one", () => {
    const { ctx, position } = field(
      { "0605": ["B-EP1"], "0606": ["G-MA1"], "1110": ["G-PP1"] },
      { optionalRules: ["artillery-capture", "infantry-squares"] },
    );
    const squares = { ...position, squares: ["0606", "1110"] };
    const s = playWithDice(ctx, squares, [2], attack("B-EP1", "0606"), resolve("0606"), {
      type: "advance",
      units: ["B-EP1"],
    });
    expect(s.position.units["G-MA1"]?.side).toBe("first");
    expect(s.position.squares).toEqual(["1110"]);
  });
});
