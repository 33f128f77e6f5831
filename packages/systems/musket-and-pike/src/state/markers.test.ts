import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { legalActions, legalMoves } from "../legal.js";
import { overStacked } from "../stacking.js";
import { catalog, expectRefused, play, setup } from "../test-support/setup.js";
import { parsePosition } from "./parse.js";
import { actor, POSITION_FORMAT } from "./position.js";
import { unitStats } from "./unit-stats.js";

const move = (unit: string, ...steps: string[]) => ({ type: "move" as const, unit, steps });
const issuesOf = (json: object) => {
  const r = parsePosition(catalog, { format: POSITION_FORMAT, ...json });
  return r.ok ? [] : r.error.issues.map((i) => `${i.path}: ${i.message}`);
};

/** Grantham (16.32): Parliamentarians (stacking 2) with PP, PM, SC, MA; squares allowed. */
const square = (squares: string[] = ["4406"]) =>
  setup({
    scenario: "16.32",
    phasing: "first",
    phase: "movement",
    options: { optionalRules: ["infantry-squares"] },
    units: {
      "B-PP01": { side: "first", type: "PP", force: "main" },
      "B-PP02": { side: "first", type: "PP", force: "main" },
      "B-PM01": { side: "first", type: "PM", force: "main" },
      "B-MA01": { side: "first", type: "MA", force: "main" },
      "B-PP03": { side: "first", type: "PP", force: "main" },
    },
    stacks: { "4406": ["B-PP01", "B-PP02", "B-PM01", "B-MA01"], "4405": ["B-PP03"] },
    squares,
  });

describe("squares in a position (12.0)", () => {
  it("[12.1A] a square may hold four units whatever the stacking limit", () => {
    const { ctx, position } = square();
    expect(overStacked(ctx, position, "first")).toEqual([]);
    expect(play(ctx, position, { type: "end-phase" }).position.phase).toBe("melee");
    const five = { ...position, stacks: { "4406": ["B-PP01", "B-PP02", "B-PM01", "B-MA01", "B-PP03"] } };
    expect(issuesOf(five)).toContainEqual(
      "squares[0]: 12.1(A): a square holds at most four units, 4406 has 5",
    );
  });

  it("[12.2B] units may not leave a square, move within it, or pass through it", () => {
    const { ctx, position } = square();
    expectRefused(apply(ctx, position, move("B-PP01", "4405")), "12.2B", "move/in-square");
    expectRefused(apply(ctx, position, move("B-PP03", "4406", "4407")), "12.2B", "move/square");
    expectRefused(
      apply(ctx, position, { type: "reorder", hex: "4406", order: ["B-PP02", "B-PP01", "B-PM01", "B-MA01"] }),
      "12.2B",
    );
    const r = legalMoves(ctx, position, "B-PP03");
    expect(r.ok && r.value.destinations.some((d) => d.steps.includes("4406"))).toBe(false);
    expect(legalActions(ctx, position).some((a) => a.type === "move" && a.unit === "B-PP01")).toBe(false);
  });

  it("[12.3E] only infantry and artillery may be in a square; squares need the optional rule", () => {
    const cav = {
      scenario: "16.32",
      phasing: "first",
      phase: "movement",
      options: { optionalRules: ["infantry-squares"] },
      units: { "B-SC01": { side: "first", type: "SC", force: "main" } },
      stacks: { "4406": ["B-SC01"] },
      squares: ["4406"],
    };
    expect(issuesOf(cav)).toContainEqual(
      "squares[0]: 12.3(E): only infantry and artillery may be in a square, not B-SC01",
    );
    expect(issuesOf({ ...cav, options: { optionalRules: [] } })).toContainEqual(
      "squares[0]: 12.0: squares need the optional rule infantry-squares",
    );
  });
});

describe("Road Movement Mode and dismounted dragoons in a position", () => {
  const roads = (stack: string[], hex = "3005", rules: string[] = ["road-movement"]) => ({
    scenario: "16.22",
    phasing: "second",
    phase: "movement",
    options: { optionalRules: rules },
    units: {
      "G-HC01": { side: "second", type: "HC", force: "main", roadMode: true },
      "G-PP01": { side: "second", type: "PP", force: "main" },
    },
    stacks: { [hex]: stack },
  });

  it("[13.0E] a unit in Road Movement Mode is always the topmost of its stack, and on the road", () => {
    expect(issuesOf(roads(["G-HC01", "G-PP01"]))).toEqual([]);
    expect(issuesOf(roads(["G-PP01", "G-HC01"]))).toContainEqual(
      "stacks.3005: 13.0(E): G-HC01 is in Road Movement Mode but not on top",
    );
    expect(issuesOf(roads(["G-HC01", "G-PP01"], "3105"))).toContainEqual(
      "stacks.3105: 13.0(A): G-HC01 is in Road Movement Mode off the road",
    );
    // 16.22: the Protestants may march in Road Mode without the optional rule; the Spanish may not.
    expect(issuesOf(roads(["G-HC01", "G-PP01"], "3005", []))).toEqual([]);
    const spanish = {
      ...roads([], "3005", []),
      phasing: "first",
      units: { "B-HC01": { side: "first", type: "HC", force: "main", roadMode: true } },
      stacks: { "3005": ["B-HC01"] },
    };
    expect(issuesOf(spanish)).toContainEqual(
      "units.B-HC01.roadMode: 13.0: Road Movement Mode needs the optional rule road-movement",
    );
  });

  it("[14.0A] a dismounted Dragoon is a Militia Musket, infantry for all purposes", () => {
    const { ctx, position } = setup({
      scenario: "16.31",
      phasing: "second",
      phase: "movement",
      options: { optionalRules: ["dismounting-cavalry"] },
      units: { "G-DR01": { side: "second", type: "DR", force: "main", dismounted: true } },
      stacks: { "4406": ["G-DR01"] },
    });
    const unit = position.units["G-DR01"];
    expect(unit && unitStats(ctx.rules, ctx.scenario, unit)).toMatchObject({
      type: "MM",
      class: "infantry",
      movement: 3,
      fire: 4,
    });
    expect(
      issuesOf({
        scenario: "16.31",
        phasing: "second",
        phase: "movement",
        options: { optionalRules: ["dismounting-cavalry"] },
        units: { "G-LC01": { side: "second", type: "LC", force: "main", dismounted: true } },
        stacks: { "4406": ["G-LC01"] },
      }),
    ).toContainEqual(
      "units.G-LC01.dismounted: 14.0: only Dragoons dismount, under the optional rule dismounting-cavalry",
    );
  });
});

describe("a pending decision in a position", () => {
  const melee = {
    scenario: "16.31",
    phasing: "first",
    phase: "melee",
    units: {
      "B-MP01": { side: "first", type: "MP", force: "main" },
      "G-LC01": { side: "second", type: "LC", force: "main", disrupted: true },
    },
    stacks: { "4406": ["B-MP01"], "4405": ["G-LC01"] },
  };

  it("[8.2] a retreat is chosen by the enemy of the retreating units; nothing else happens first", () => {
    const json = { ...melee, decision: { kind: "retreat", side: "first", units: ["G-LC01"], from: "4405" } };
    const { ctx, position } = setup(json as never);
    expect(actor(position)).toBe("first");
    const e = expectRefused(apply(ctx, position, { type: "end-phase" }), "8.2", "decision/pending");
    expect(e.message).toBe("8.2: the first player must first choose the retreat of G-LC01 from 4405");
    expect(issuesOf({ ...json, decision: { ...json.decision, side: "second" } })).toContainEqual(
      "decision.side: 8.2: the enemy of the retreating units chooses their retreat, not the second player",
    );
  });

  it("[8.3] an advance belongs to the attacker, into a vacant hex, by adjacent attackers", () => {
    const json = {
      ...melee,
      stacks: { "4406": ["B-MP01"] },
      offMap: { "G-LC01": "eliminated" },
      decision: { kind: "advance", side: "first", into: "4405", candidates: ["B-MP01"], max: 2 },
    };
    const { ctx, position } = setup(json as never);
    expectRefused(apply(ctx, position, { type: "end-phase" }), "8.3", "decision/pending");
    expect(issuesOf({ ...json, decision: { ...json.decision, into: "4403" } })).toContainEqual(
      "decision.candidates: 8.3: B-MP01 is not an attacker adjacent to 4403",
    );
    expect(issuesOf({ ...json, phase: "fire" })).toContainEqual(
      "decision: 8.2, 8.3: retreats and advances are decided in a Melee Combat Phase",
    );
  });
});
