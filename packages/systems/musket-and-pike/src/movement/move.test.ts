import { describe, expect, it } from "vitest";
import type { Action } from "../actions.js";
import { apply } from "../apply.js";
import { legalActions } from "../legal.js";
import { field, playWithDice } from "../test-support/combat.js";
import { setup } from "../test-support/setup.js";

/*
 * applyMove (move.ts) step by step: each refusal whole (code, rule, message,
 * unit and hex), since the board shows them as they are; and what a legal
 * move leaves behind. Test map: the road runs down column 05 (0501-0510),
 * through woods at 0502-0503 and over the bridge at 0505.
 */
const move = (unit: string, ...steps: string[]): Action => ({ type: "move", unit, steps });
const roads = { optionalRules: ["road-movement" as const], phase: "movement" as const };

function refusal(stacks: Record<string, string[]>, options: Parameters<typeof field>[1], action: Action) {
  const { ctx, position } = field(stacks, options);
  const r = apply(ctx, position, action);
  if (r.ok) throw new Error(`${JSON.stringify(action)} should have been refused`);
  return r.error;
}

/** Fleurus (16.22): the Protestants leave the map by the north edge and enter from the south in Road Mode. */
const fleurus = (stacks: Record<string, string[]>, extra: { moved?: string[]; awaiting?: string[] } = {}) => {
  const units: Record<string, { side: "first" | "second"; type: "HC" | "PP"; force: string }> = {};
  for (const id of [...Object.values(stacks).flat(), ...(extra.awaiting ?? [])]) {
    units[id] = {
      side: id.startsWith("G") ? "second" : "first",
      type: id.includes("HC") ? "HC" : "PP",
      force: "main",
    };
  }
  return setup({
    scenario: "16.22",
    gameTurn: 9,
    phasing: "second",
    phase: "movement",
    units,
    stacks,
    offMap: Object.fromEntries((extra.awaiting ?? []).map((id) => [id, "awaiting-entry" as const])),
    moved: extra.moved ?? [],
  });
};

/** Lützen (16.24): Swedish force (b) enters on the east edge (errata) near hex 14, at 4816; its gun limbered or not. */
const lutzen = (optionalRules: ("road-movement" | "caracolla")[] = ["caracolla"], limbered = true) =>
  setup({
    scenario: "16.24",
    gameTurn: 1,
    phasing: "first",
    phase: "movement",
    options: { optionalRules },
    units: {
      "B-PP05": { side: "first", type: "PP", force: "b" },
      "B-LA01": { side: "first", type: "LA", force: "b", limbered },
    },
    offMap: { "B-PP05": "awaiting-entry", "B-LA01": "awaiting-entry" },
  });

describe("5.1-5.4 a move's steps, each refusal whole", () => {
  it("[5.1C] units move hex by hex, on the map", () => {
    const stacks = { "0606": ["B-PP1"], "1110": ["G-PP1"] };
    const options = { phase: "movement" as const };
    expect(refusal(stacks, options, move("B-PP1", "0608"))).toEqual({
      code: "move/not-adjacent",
      rule: "5.1C",
      message: "5.1(C): 0608 is not adjacent to 0606: units move hex by hex",
      unit: "B-PP1",
      hex: "0608",
    });
    expect(refusal(stacks, options, move("B-PP1", "0607", "9999"))).toEqual({
      code: "move/off-map",
      rule: "5.1C",
      message: "5.1(C): hex 9999 is not on the map",
      unit: "B-PP1",
      hex: "9999",
    });
  });

  it("[5.2H] each step is paid as it is taken, and the refusal says what it cost and what was left", () => {
    // A Medium Artillery (5 MP) moves 3 clear hexes: unlimbering (3 MP) does not fit in the 2 left.
    const guns = { "0606": ["B-MA1"], "0101": ["B-LA1"], "1201": ["B-HA1"], "1110": ["G-PP1"] };
    const options = { phase: "movement" as const, limbered: ["B-MA1"] };
    expect(refusal(guns, options, move("B-MA1", "0607", "0608", "0609", "unlimber"))).toEqual({
      code: "move/insufficient-mp",
      rule: "5.2H",
      message: "5.2(H): unlimbering costs 3 MP and B-MA1 has 2 of its 5 left",
      unit: "B-MA1",
    });
    // A Light Artillery (6 MP) limbers and unlimbers: limbering again does not fit.
    expect(refusal(guns, options, move("B-LA1", "limber", "unlimber", "limber"))).toMatchObject({
      code: "move/insufficient-mp",
      message: "5.2(H): limbering costs 3 MP and B-LA1 has 0 of its 6 left",
    });
    // A Heavy Artillery (3 MP) limbers and has nothing left to move with.
    expect(refusal(guns, options, move("B-HA1", "limber", "1202"))).toMatchObject({
      code: "move/insufficient-mp",
      message: "5.2(H): entering 1202 costs 1 MP and B-HA1 has 0 of its 3 left",
    });
  });

  it("[5.4L] only artillery limbers and unlimbers, and only from the other formation", () => {
    const stacks = { "0606": ["B-PP1"], "0608": ["B-MA1"], "0610": ["B-MA2"], "1110": ["G-PP1"] };
    const options = { phase: "movement" as const, limbered: ["B-MA2"] };
    expect(refusal(stacks, options, move("B-PP1", "limber"))).toEqual({
      code: "move/not-artillery",
      rule: "5.4L",
      message: "5.4(L): only artillery limbers and unlimbers, not B-PP1",
      unit: "B-PP1",
    });
    expect(refusal(stacks, options, move("B-PP1", "unlimber"))).toMatchObject({ code: "move/not-artillery" });
    expect(refusal(stacks, options, move("B-MA1", "unlimber"))).toEqual({
      code: "move/formation",
      rule: "5.4L",
      message: "5.4(L): B-MA1 is already unlimbered",
      unit: "B-MA1",
    });
    expect(refusal(stacks, options, move("B-MA2", "limber"))).toMatchObject({
      code: "move/formation",
      message: "5.4(L): B-MA2 is already limbered",
    });
    expect(refusal(stacks, options, move("B-MA1", "0607"))).toEqual({
      code: "move/unlimbered",
      rule: "5.4L",
      message: "5.4(L): B-MA1 must limber before it moves",
      unit: "B-MA1",
      hex: "0607",
    });
  });

  it("[5.0] the move is logged with its steps, its cost and where it ended", () => {
    const { ctx, position } = field({ "0606": ["B-MA1"], "1110": ["G-PP1"] }, { phase: "movement" });
    const s = playWithDice(ctx, position, [], move("B-MA1", "limber", "0607"));
    expect(s.events).toEqual([
      { type: "unit-moved", unit: "B-MA1", from: "0606", steps: ["limber", "0607"], to: "0607", cost: 4 },
    ]);
  });

  it("[12.2B] [12.1A] artillery in a square of three limbers or unlimbers where it stands, but does not leave it", () => {
    const { ctx, position } = field(
      { "0606": ["B-PP1", "B-MA1", "B-MA2"], "1110": ["G-PP1"] },
      { optionalRules: ["infantry-squares"], phase: "movement", limbered: ["B-MA2"] },
    );
    // Grantham: the First Player stacks two, a square four (12.1A).
    const square = { ...position, squares: ["0606"] };
    expect(legalActions(ctx, square)).toContainEqual(move("B-MA2", "unlimber"));
    const limbered = playWithDice(ctx, square, [], move("B-MA1", "limber"));
    expect(limbered.position.units["B-MA1"]?.limbered).toBe(true);
    const unlimbered = playWithDice(ctx, square, [], move("B-MA2", "unlimber"));
    expect(unlimbered.position.units["B-MA2"]?.limbered).toBe(false);
    const r = apply(ctx, square, move("B-MA1", "limber", "0607"));
    expect(r.ok || [r.error.code, r.error.rule]).toEqual(["move/in-square", "12.2B"]);
  });
});

describe("entering and leaving the map (16.22, 16.24)", () => {
  it("[16.24] [5.4L] a reinforcement's first step is onto the map: a limbered gun may not unlimber before", () => {
    const { ctx, position } = lutzen();
    const r = apply(ctx, position, move("B-LA01", "unlimber", "limber", "4816"));
    expect(r.ok || r.error).toEqual({
      code: "move/entry-hex",
      rule: "16.24",
      message: "16.24: B-LA01 may not enter the map at 4816",
      unit: "B-LA01",
      hex: "4816",
    });
    expect(apply(ctx, position, move("B-LA01", "4816")).ok).toBe(true);
  });

  it("[5.4L] [16.24] an unlimbered gun waiting to enter limbers first: entering is a move", () => {
    // New games bring guns on limbered; a position file may hold one unlimbered.
    const { ctx, position } = lutzen(["caracolla"], false);
    expect(apply(ctx, position, move("B-LA01", "4816"))).toMatchObject({
      ok: false,
      error: { code: "move/unlimbered", rule: "5.4L", message: "5.4(L): B-LA01 must limber before it moves" },
    });
    const s = playWithDice(ctx, position, [], move("B-LA01", "limber", "4816"));
    expect(s.position.stacks["4816"]).toEqual(["B-LA01"]);
    expect(s.position.units["B-LA01"]?.limbered).toBe(true);
    expect(s.events[0]).toMatchObject({ type: "unit-moved", from: "off-map", cost: 4 });
  });

  it("[5.4L] [16.22] an unlimbered gun of a force that may enter in Road Mode limbers, converts, then enters", () => {
    // Fleurus: the road runs off the south edge at 3032.
    const { ctx, position } = setup({
      scenario: "16.22",
      phasing: "second",
      phase: "movement",
      units: {
        "G-MA01": { side: "second", type: "MA", force: "main" },
        "B-PP01": { side: "first", type: "PP", force: "main" },
      },
      stacks: { "2220": ["B-PP01"] },
      offMap: { "G-MA01": "awaiting-entry" },
    });
    const s = playWithDice(ctx, position, [], move("G-MA01", "limber", "road-mode", "3032"));
    expect(s.position.units["G-MA01"]).toMatchObject({ limbered: true, roadMode: true });
    expect(s.position.stacks["3032"]).toEqual(["G-MA01"]);
  });

  it("[5.1C] a unit waiting to enter that takes no step onto the map has not moved", () => {
    const { ctx, position } = lutzen();
    const r = apply(ctx, position, move("B-PP05"));
    expect(r.ok || r.error).toEqual({
      code: "move/no-entry",
      rule: "5.1C",
      message: "5.1(C): B-PP05 has not entered the map",
      unit: "B-PP05",
    });
  });

  it("[16.22] nothing follows leaving the map, and leaving costs Movement Points like any step", () => {
    const { ctx, position } = fleurus({ "3002": ["G-HC01"], "3204": ["G-PP01"], "2220": ["B-PP01"] });
    expect(apply(ctx, position, move("G-HC01", "3001", "exit", "3001"))).toMatchObject({
      ok: false,
      error: {
        code: "move/after-exit",
        rule: "5.1C",
        message: '5.1(C): G-HC01 has left the map; nothing may follow "exit"',
        unit: "G-HC01",
      },
    });
    expect(apply(ctx, position, move("G-PP01", "3203", "3202", "3201", "exit"))).toMatchObject({
      ok: false,
      error: {
        code: "move/insufficient-mp",
        message: "5.2(H): leaving the map costs 1 MP and G-PP01 has 0 of its 3 left",
      },
    });
  });

  it("[16.22] only from the exit zone, and not before entering", () => {
    const { ctx, position } = fleurus({ "3802": ["G-HC02"], "2220": ["B-PP01"] }, { awaiting: ["G-PP02"] });
    expect(apply(ctx, position, move("G-HC02", "3801", "exit"))).toMatchObject({
      ok: false,
      error: {
        code: "move/no-exit",
        rule: "16.22",
        message: "16.22: G-HC02 may not leave the map from 3801",
        unit: "G-HC02",
      },
    });
    expect(apply(ctx, position, move("G-PP02", "exit"))).toMatchObject({
      ok: false,
      error: { code: "move/no-exit", message: "16.22: G-PP02 may not leave the map from off the map" },
    });
  });

  it("[5.2J] [16.22] a unit leaving the map passes through a full hex of friends that have moved", () => {
    // Fleurus: the Protestants stack three. 3001 is full and its units have moved, but G-HC01 does not stay there.
    const { ctx, position } = fleurus(
      { "3002": ["G-HC01"], "3001": ["G-PP01", "G-PP02", "G-PP03"], "2220": ["B-PP01"] },
      { moved: ["G-PP01", "G-PP02", "G-PP03"] },
    );
    const s = playWithDice(ctx, position, [], move("G-HC01", "3001", "exit"));
    expect(s.position.offMap["G-HC01"]).toBe("exited");
    expect(s.position.stacks["3001"]).toEqual(["G-PP01", "G-PP02", "G-PP03"]);
  });
});

describe("13.0 Road Movement Mode within a move (optional)", () => {
  it("[13.0] converting is possible only with the rule in play, and never for the fleet (16.13)", () => {
    expect(
      refusal({ "0506": ["B-PP1"], "1110": ["G-PP1"] }, { phase: "movement" }, move("B-PP1", "road-mode")),
    ).toEqual({
      code: "move/road-mode-not-in-play",
      rule: "13.0",
      message: "13.0: Road Movement Mode is not in play for this unit",
      unit: "B-PP1",
    });
    const { ctx, position } = setup({
      scenario: "16.13",
      phasing: "second",
      phase: "movement",
      options: { optionalRules: ["road-movement"] },
      units: { "G-HA01": { side: "second", type: "HA", force: "fleet", role: "fleet" } },
      stacks: { "0310": ["G-HA01"] },
    });
    const r = apply(ctx, position, move("G-HA01", "road-mode"));
    expect(r.ok || r.error.code).toBe("move/road-mode-not-in-play");
  });

  it("[13.0] a unit converts into Road Mode only out of it, and out of it only in it", () => {
    const stacks = { "0506": ["B-PP1"], "0508": ["B-PP2"], "1110": ["G-PP1"] };
    const options = { ...roads, roadMode: ["B-PP1"] };
    expect(refusal(stacks, options, move("B-PP1", "road-mode"))).toEqual({
      code: "move/road-mode",
      rule: "13.0",
      message: "13.0: B-PP1 is already in Road Mode",
      unit: "B-PP1",
    });
    expect(refusal(stacks, options, move("B-PP2", "leave-road-mode"))).toEqual({
      code: "move/road-mode",
      rule: "13.0",
      message: "13.0: B-PP2 is not in Road Mode",
      unit: "B-PP2",
    });
  });

  it("[13.0] [13.0G] converting either way costs 1 MP, paid like any step", () => {
    const stacks = { "0506": ["B-PP1"], "0509": ["B-PP2"], "1110": ["G-PP1"] };
    const options = { ...roads, roadMode: ["B-PP1"] };
    expect(
      refusal(stacks, options, move("B-PP1", "leave-road-mode", "road-mode", "leave-road-mode", "road-mode")),
    ).toEqual({
      code: "move/insufficient-mp",
      rule: "5.2H",
      message: "5.2(H): converting to Road Mode costs 1 MP and B-PP1 has 0 of its 3 left",
      unit: "B-PP1",
    });
    expect(
      refusal(stacks, options, move("B-PP2", "road-mode", "leave-road-mode", "road-mode", "leave-road-mode")),
    ).toMatchObject({
      code: "move/insufficient-mp",
      message: "5.2(H): leaving Road Mode costs 1 MP and B-PP2 has 0 of its 3 left",
    });
  });

  it("[13.0] in Road Mode a unit moves only along the road; it never enters enemy units (5.2F)", () => {
    const stacks = { "0506": ["B-PP1"], "0507": ["G-PP1"] };
    const options = { ...roads, roadMode: ["B-PP1"] };
    expect(refusal(stacks, options, move("B-PP1", "0606"))).toEqual({
      code: "move/road-mode-off-road",
      rule: "13.0",
      message: "13.0: in Road Mode B-PP1 moves only along the road, not to 0606",
      unit: "B-PP1",
      hex: "0606",
    });
    expect(refusal(stacks, options, move("B-PP1", "0507"))).toMatchObject({
      code: "move/enemy-hex",
      rule: "5.2F",
    });
  });

  it("[13.0] a unit converts only on a road", () => {
    expect(refusal({ "0607": ["B-HC1"], "1110": ["G-PP1"] }, roads, move("B-HC1", "road-mode"))).toEqual({
      code: "move/road-mode-off-road",
      rule: "13.0",
      message: "13.0: B-HC1 is not on a road",
      unit: "B-HC1",
      hex: "0607",
    });
  });

  it("[13.0A] no Road Movement Space overlaps another's, by converting or by moving", () => {
    // B-PP1's space is 0505-0507: B-PP2's at 0508 would take in 0507.
    const stacks = { "0506": ["B-PP1"], "0509": ["B-PP2"], "1110": ["G-PP1"] };
    const options = { ...roads, roadMode: ["B-PP1"] };
    expect(refusal(stacks, options, move("B-PP2", "0508", "road-mode"))).toEqual({
      code: "move/road-space-overlap",
      rule: "13.0A",
      message: "13.0(A): B-PP2's Road Movement Space would overlap another unit's in Road Mode",
      unit: "B-PP2",
      hex: "0508",
    });
    expect(refusal(stacks, options, move("B-PP2", "road-mode", "0508"))).toEqual({
      code: "move/road-space-overlap",
      rule: "13.0A",
      message: "13.0(A): in 0508 B-PP2's Road Movement Space would overlap another unit's in Road Mode",
      unit: "B-PP2",
      hex: "0508",
    });
  });

  it("[13.0A] errata: stopped in an enemy's Road Movement Space, a unit neither moves on nor converts", () => {
    const stacks = { "0506": ["G-PP1"], "0707": ["B-HC1"] };
    const options = { ...roads, roadMode: ["G-PP1"] };
    expect(refusal(stacks, options, move("B-HC1", "0607", "0507", "0508"))).toEqual({
      code: "move/road-space-stop",
      rule: "13.0A",
      message:
        "13.0(A): B-HC1 entered the Road Movement Space of an enemy unit in Road Mode at 0507 and must stop there (errata)",
      unit: "B-HC1",
    });
    expect(refusal(stacks, options, move("B-HC1", "0607", "0507", "road-mode"))).toEqual({
      code: "move/road-space-stop",
      rule: "13.0A",
      message: "13.0(A): B-HC1 must stop where it is (errata)",
      unit: "B-HC1",
    });
  });

  it("[13.0] [16.22] only a force the scenario lets enter in Road Mode does, and only as its first step", () => {
    const { ctx, position } = lutzen(["caracolla", "road-movement"]);
    expect(apply(ctx, position, move("B-PP05", "road-mode", "4816"))).toMatchObject({
      ok: false,
      error: {
        code: "move/road-mode-entry",
        rule: "13.0",
        message: "13.0: B-PP05 may not enter the map in Road Mode",
        unit: "B-PP05",
      },
    });
    const f = fleurus({ "2220": ["B-PP01"] }, { awaiting: ["G-PP02"] });
    const r = apply(f.ctx, f.position, move("G-PP02", "road-mode", "leave-road-mode", "road-mode", "3032"));
    expect(r.ok || r.error.code).toBe("move/road-mode-entry");
  });
});
