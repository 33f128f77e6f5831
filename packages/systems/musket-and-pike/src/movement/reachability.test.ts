import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { idOf, indexOfId } from "../hex/grid.js";
import type { PositionInput } from "../state/position.js";
import { field } from "../test-support/combat.js";
import { expectListedMovesAreTheLegalOnes } from "../test-support/reach-oracle.js";
import { expectRefused, setup } from "../test-support/setup.js";
import guns from "./fixtures/guns.json" with { type: "json" };
import openGround from "./fixtures/open-ground.json" with { type: "json" };
import roadColumn from "./fixtures/road-column.json" with { type: "json" };
import { bestState, reachability, stepsTo } from "./reachability.js";

/*
 * The search (reachability.ts) against the moves `apply` accepts: every
 * listed destination is a legal move at its cost, and no legal move reaches
 * a state cheaper than listed (see test-support/reach-oracle.ts).
 */
const fixture = (json: unknown) => setup(json as PositionInput);
const move = (unit: string, ...steps: string[]) => ({ type: "move" as const, unit, steps });
const roads = { optionalRules: ["road-movement" as const], phase: "movement" as const };

describe("the search lists exactly the legal moves, each at its cheapest", () => {
  it("[5.1A] [5.2F] [5.2J] open ground, round an enemy and through friends", () => {
    const json = {
      ...openGround,
      stacks: { "4406": ["B-MP01"], "4407": ["B-PM01", "B-PM02"], "4405": ["G-LC01"] },
    };
    const { ctx, position } = fixture(json);
    const moves = expectListedMovesAreTheLegalOnes(ctx, position, "B-MP01");
    expect(moves.destinations.length).toBeGreaterThan(20);
  });

  it("[5.1A] from the first hexes of the grid (0101, 0102) like from any other", () => {
    for (const hex of ["0101", "0102"]) {
      const { ctx, position } = field({ [hex]: ["B-PP1"], "1110": ["G-PP1"] }, { phase: "movement" });
      const moves = expectListedMovesAreTheLegalOnes(ctx, position, "B-PP1");
      expect(moves.destinations.length).toBeGreaterThan(5);
    }
  });

  it("[5.3K] along a road, and off it, with a friend on the road ahead", () => {
    const json = { ...roadColumn, stacks: { "3003": ["B-MP01"], "3005": ["B-MP02"] }, offMap: {} };
    expectListedMovesAreTheLegalOnes(fixture(json).ctx, fixture(json).position, "B-MP01");
  });

  it("[5.3K] [13.0D] [9.0] the test map's road through woods and over the bridge, by every class", () => {
    for (const unit of ["B-PP1", "B-HC1", "B-LA1"]) {
      const { ctx, position } = field(
        { "0503": [unit], "1110": ["G-PP1"] },
        { phase: "movement", limbered: ["B-LA1"] },
      );
      expectListedMovesAreTheLegalOnes(ctx, position, unit);
    }
  });

  it("[5.4L] artillery limbering before it moves, and unlimbering where the MP allow", () => {
    const { ctx, position } = fixture(guns);
    for (const unit of ["B-MA01", "B-MA02", "B-HA01"]) expectListedMovesAreTheLegalOnes(ctx, position, unit);
  });

  it("[13.0] [13.0G] Road Mode in play: converting, marching, leaving it", () => {
    for (const roadMode of [[], ["B-HC1"]]) {
      const { ctx, position } = field({ "0507": ["B-HC1"], "1110": ["G-PP1"] }, { ...roads, roadMode });
      const moves = expectListedMovesAreTheLegalOnes(ctx, position, "B-HC1");
      expect(moves.destinations.some((d) => d.roadMode)).toBe(true);
      expect(moves.destinations.some((d) => !d.roadMode)).toBe(true);
    }
  });

  it("[13.0A] Road Movement Spaces: a friend's in Road Mode, an enemy's (errata: stop on entering)", () => {
    const { ctx, position } = field(
      { "0503": ["B-HC1"], "0509": ["B-PP2"], "1110": ["G-PP1"] },
      { ...roads, roadMode: ["B-PP2"] },
    );
    expectListedMovesAreTheLegalOnes(ctx, position, "B-HC1");
    const enemy = field({ "0506": ["G-PP1"], "0707": ["B-HC1"] }, { ...roads, roadMode: ["G-PP1"] });
    expectListedMovesAreTheLegalOnes(enemy.ctx, enemy.position, "B-HC1");
    // Starting inside an enemy's space, a unit is free to move off: it stops on entering one.
    const inside = field({ "0506": ["G-PP1"], "0507": ["B-HC1"] }, { ...roads, roadMode: ["G-PP1"] });
    const moves = expectListedMovesAreTheLegalOnes(inside.ctx, inside.position, "B-HC1");
    expect(moves.destinations.some((d) => d.steps.length > 1)).toBe(true);
    // Two units in Road Mode whose spaces overlap already: either may still leave Road Mode where it stands.
    const crowded = field(
      { "0506": ["B-PP1"], "0508": ["B-PP2"], "1110": ["G-PP1"] },
      { ...roads, roadMode: ["B-PP1", "B-PP2"] },
    );
    expectListedMovesAreTheLegalOnes(crowded.ctx, crowded.position, "B-PP1");
  });
});

describe("units entering at a map edge and leaving the map", () => {
  it("[16.24] a force entering at its edge, on foot and limbered", () => {
    const { ctx, position } = setup({
      scenario: "16.24",
      phasing: "first",
      phase: "movement",
      units: {
        "B-PP05": { side: "first", type: "PP", force: "b" },
        "B-LA01": { side: "first", type: "LA", force: "b", limbered: true },
      },
      offMap: { "B-PP05": "awaiting-entry", "B-LA01": "awaiting-entry" },
    });
    for (const unit of ["B-PP05", "B-LA01"]) expectListedMovesAreTheLegalOnes(ctx, position, unit);
  });

  it("[5.4L] [16.24] [16.22] an unlimbered gun waiting to enter limbers first, then comes on (in Road Mode where it may)", () => {
    // New games bring guns on limbered; a position file may hold one unlimbered. Entering is a move,
    // and artillery moves only limbered: limbering (3 MP) comes first, as on the map.
    const lutzen = setup({
      scenario: "16.24",
      phasing: "first",
      phase: "movement",
      units: { "B-LA02": { side: "first", type: "LA", force: "b" } },
      offMap: { "B-LA02": "awaiting-entry" },
    });
    const moves = expectListedMovesAreTheLegalOnes(lutzen.ctx, lutzen.position, "B-LA02");
    expect(moves.destinations.length).toBeGreaterThan(0);
    expect(moves.destinations.every((d) => d.steps[0] === "limber")).toBe(true);
    const fleurus = setup({
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
    const marching = expectListedMovesAreTheLegalOnes(fleurus.ctx, fleurus.position, "G-MA01");
    expect(marching.destinations.some((d) => d.steps[0] === "limber" && d.steps[1] === "road-mode")).toBe(
      true,
    );
  });

  it("[16.24] [13.0] with the advanced road rules: no entering in Road Mode where the scenario does not say so", () => {
    const { ctx, position } = setup({
      scenario: "16.24",
      phasing: "first",
      phase: "movement",
      options: { optionalRules: ["caracolla", "road-movement"] },
      units: { "B-HC05": { side: "first", type: "HC", force: "b" } },
      offMap: { "B-HC05": "awaiting-entry" },
    });
    expectListedMovesAreTheLegalOnes(ctx, position, "B-HC05");
  });

  it("[16.22] the Protestants entering, in Road Movement Mode where the road runs off the edge or not", () => {
    const { ctx, position } = setup({
      scenario: "16.22",
      phasing: "second",
      phase: "movement",
      units: {
        "G-HC01": { side: "second", type: "HC", force: "main" },
        "B-PP01": { side: "first", type: "PP", force: "main" },
      },
      stacks: { "2220": ["B-PP01"] },
      offMap: { "G-HC01": "awaiting-entry" },
    });
    const moves = expectListedMovesAreTheLegalOnes(ctx, position, "G-HC01");
    expect(moves.destinations.some((d) => d.roadMode && d.steps[0] === "road-mode")).toBe(true);
  });

  it("[16.22] [13.0] leaving the map by the cheapest way, with and without the advanced road rules", () => {
    for (const optionalRules of [[], ["road-movement" as const]]) {
      const { ctx, position } = setup({
        scenario: "16.22",
        gameTurn: 9,
        phasing: "second",
        phase: "movement",
        options: { optionalRules },
        units: {
          "G-HC02": { side: "second", type: "HC", force: "main" },
          "G-HC03": { side: "second", type: "HC", force: "main" },
          "G-PP01": { side: "second", type: "PP", force: "main" },
          "G-PP02": { side: "second", type: "PP", force: "main" },
          "G-PP03": { side: "second", type: "PP", force: "main" },
          "G-MA01": { side: "second", type: "MA", force: "main" },
          "B-PP01": { side: "first", type: "PP", force: "main" },
        },
        stacks: {
          "3802": ["G-HC02"],
          "3004": ["G-HC03"],
          "3203": ["G-PP01"],
          "3102": ["G-PP02"],
          "3204": ["G-PP03"],
          "3101": ["G-MA01"],
          "2220": ["B-PP01"],
        },
      });
      for (const unit of ["G-HC02", "G-HC03", "G-PP01", "G-PP02", "G-MA01"]) {
        expect(expectListedMovesAreTheLegalOnes(ctx, position, unit).exit).toBeDefined();
      }
      // Three hexes from the edge a PP reaches it with its 3 MP and has none left to leave.
      const short = expectListedMovesAreTheLegalOnes(ctx, position, "G-PP03");
      expect(short.exit).toBeUndefined();
      expect(short.destinations.some((d) => d.hex === "3201")).toBe(true);
      const r = reachability(ctx, position, "G-PP03");
      expect(r.ok && [r.value.exitCost, r.value.exitFrom]).toEqual([-1, -1]);
    }
  });

  it("[16.13] the Nieuport fleet in its waters", () => {
    const { ctx, position } = setup({
      scenario: "16.13",
      phasing: "second",
      phase: "movement",
      units: {
        "G-HA01": { side: "second", type: "HA", force: "fleet", role: "fleet" },
        "B-PP01": { side: "first", type: "PP", force: "main" },
      },
      stacks: { "0609": ["G-HA01"], "3020": ["B-PP01"] },
    });
    expect(expectListedMovesAreTheLegalOnes(ctx, position, "G-HA01").destinations.length).toBeGreaterThan(0);
  });
});

describe("the stacking guard's quick look at a unit's first step (stepsOutInto)", () => {
  // Test map: 0401 is clear; of its neighbours 0402 and 0502 are woods, closed to artillery off the road (9.0). The limit is 2.
  const full = (units: string[]) => {
    const { ctx, position } = field(
      { "0401": units, "0301": ["B-PP2"], "1110": ["G-PP1"] },
      { phase: "movement", limbered: units.filter((u) => u === "B-MA1") },
    );
    return { ctx, position: { ...position, moved: ["B-PP1"] } };
  };
  const into = (p: ReturnType<typeof full>) => apply(p.ctx, p.position, move("B-PP2", "0401"));

  it("[10.0] [5.4L] unlimbered Heavy Artillery spends all its 3 MP limbering: it cannot leave, so the hex may not be overfilled", () => {
    expectRefused(into(full(["B-HA1", "B-PP1"])), "10.0", "stacking/unresolvable");
  });

  it("[10.0] a full friendly hex is no way out, though the gun could step into it", () => {
    // In the corner 0101 the neighbours 0102 and 0201 are full (limit 2); beyond them the enemy.
    // Unlimbered Medium Artillery has 2 MP after limbering: into a full hex, and no further.
    const { ctx, position } = field(
      {
        "0101": ["B-MA1", "B-PP1"],
        "0102": ["B-PP2", "B-PP3"],
        "0201": ["B-PP4", "B-PP5"],
        "0103": ["G-PP1"],
        "0202": ["G-PP2"],
        "0301": ["G-PP3"],
        "0302": ["G-PP4"],
      },
      { phase: "movement" },
    );
    const p = { ...position, moved: ["B-PP1", "B-PP3", "B-PP4", "B-PP5"] };
    expectRefused(apply(ctx, p, move("B-PP2", "0101")), "10.0", "stacking/unresolvable");
  });

  it("[10.0] limbered, the same gun has its 3 MP to move out: the hex may be filled", () => {
    const { ctx, position } = field(
      { "0401": ["B-HA1", "B-PP1"], "0301": ["B-PP2"], "1110": ["G-PP1"] },
      { phase: "movement", limbered: ["B-HA1"] },
    );
    expect(apply(ctx, { ...position, moved: ["B-PP1"] }, move("B-PP2", "0401")).ok).toBe(true);
  });
});

describe("the search's own API (reachability, bestState, stepsTo)", () => {
  it("[5.2D] [5.4L] a unit that may not move is refused with the mover's rule; one that may, searched", () => {
    const { ctx, position } = fixture(guns);
    const r = reachability(ctx, position, "B-MA02");
    expect(r.ok && r.value.unit).toBe("B-MA02");
    const e = reachability(ctx, { ...position, phasing: "second" }, "B-MA02");
    expect(!e.ok && [e.error.rule, e.error.code]).toEqual(["5.2D", "move/not-phasing"]);
  });

  it("[5.4L] the steps to a hex, unlimbering there, are a legal move: limbered guns move and unlimber", () => {
    const { ctx, position } = fixture(guns);
    const r = reachability(ctx, position, "B-MA02");
    if (!r.ok) throw new Error(r.error.message);
    const steps = stepsTo(ctx, r.value, indexOfId(ctx.map.grid, "4410"), true);
    expect(steps).toEqual(["4410", "unlimber"]);
    expect(apply(ctx, position, move("B-MA02", ...steps)).ok).toBe(true);
  });

  it("[13.0] the cheapest state of a hex in either mode, or in the one asked for", () => {
    const { ctx, position } = field({ "0506": ["B-HC1"], "1110": ["G-PP1"] }, roads);
    const r = reachability(ctx, position, "B-HC1");
    if (!r.ok) throw new Error(r.error.message);
    const { grid } = ctx.map;
    const size = grid.size;
    // 0510 by road: out of Road Mode 4 MP, in it 1 + 4 x 1/2 = 3 MP; 0606 off the road only out of it.
    const far = indexOfId(grid, "0510");
    expect(r.value.stateCost[far]).toBe(8);
    expect(r.value.stateCost[size + far]).toBe(6);
    expect(bestState(r.value, far)).toBe(size + far);
    expect(bestState(r.value, far, false)).toBe(far);
    expect(bestState(r.value, far, true)).toBe(size + far);
    const near = indexOfId(grid, "0507");
    // 0507: 1 MP out of Road Mode, 1 1/2 in it: the cheaper is out of it.
    expect(bestState(r.value, near)).toBe(near);
    expect(stepsTo(ctx, r.value, near)).toEqual(["0507"]);
    expect(stepsTo(ctx, r.value, far).map(String)).toEqual(["road-mode", "0507", "0508", "0509", "0510"]);
    // Each hex reached once, in map order, at the cheaper of its two states; the start at no cost.
    const reached = [...r.value.cost.keys()].filter((h) => (r.value.cost[h] as number) >= 0);
    expect([...r.value.hexes]).toEqual(reached);
    for (const h of reached) {
      const [plain, road] = [r.value.stateCost[h] as number, r.value.stateCost[size + h] as number];
      expect(r.value.cost[h]).toBe(plain < 0 ? road : road < 0 ? plain : Math.min(plain, road));
    }
    const start = indexOfId(grid, "0506");
    expect([r.value.cost[start], bestState(r.value, start)]).toEqual([0, start]);
    // 0508: 2 MP either way (two clear hexes, or converting and two road hexes): out of Road Mode on a tie.
    const tie = indexOfId(grid, "0508");
    expect([r.value.stateCost[tie], r.value.stateCost[size + tie]]).toEqual([4, 4]);
    expect(bestState(r.value, tie)).toBe(tie);
    const off = indexOfId(grid, "0606");
    expect(bestState(r.value, off, true)).toBe(-1);
    expect(idOf(grid, bestState(r.value, off))).toBe("0606");
  });
});
