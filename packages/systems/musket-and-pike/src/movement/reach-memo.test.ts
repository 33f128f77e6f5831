import { describe, expect, it } from "vitest";
import { type GameContext, gameContext } from "../context.js";
import { idOf } from "../hex/grid.js";
import { legalMoves, type UnitMoves } from "../legal.js";
import type { Position, UnitRecord } from "../state/position.js";
import { field } from "../test-support/combat.js";
import { catalog, setup, testMapCatalog } from "../test-support/setup.js";
import { mover } from "./mover.js";
import { sharedOccupancy } from "./occupancy.js";
import { memoReach } from "./reach-memo.js";
import type { Reachability } from "./reachability.js";

/*
 * The searches remembered from position to position (reach-memo.ts) must
 * never show: in one game context, the moves listed for each position are
 * those a fresh context lists for it. Each case changes one thing a search
 * depends on between two listings: the unit's hex or record, the road rules
 * and the Road Movement Spaces (13.0A), the occupancy a step's cost reads
 * (5.2F, 5.3K, 12.2B), and what an entering unit brings to its edge.
 */
function movesOf(ctx: GameContext, position: Position, unit: string): UnitMoves {
  const r = legalMoves(ctx, position, unit);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A context of the same scenario and map that has remembered nothing. */
function freshContext(ctx: GameContext, onTestMap: boolean): GameContext {
  const r = gameContext(onTestMap ? testMapCatalog : catalog, ctx.scenario.id);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Lists `unit`'s moves in each position in turn with one context, and checks each against a fresh context. */
function expectRemembered(
  ctx: GameContext,
  positions: readonly Position[],
  unit: string | readonly string[],
  onTestMap = true,
): UnitMoves[] {
  const units = typeof unit === "string" ? [unit] : unit;
  const seen: UnitMoves[] = [];
  positions.forEach((p, i) => {
    for (const u of units) {
      const listed = movesOf(ctx, p, u);
      expect(listed, `${u} in position ${i}`).toEqual(movesOf(freshContext(ctx, onTestMap), p, u));
      seen.push(listed);
    }
  });
  return seen;
}

const withUnit = (p: Position, id: string, change: Partial<UnitRecord>): Position => ({
  ...p,
  units: { ...p.units, [id]: { ...(p.units[id] as UnitRecord), ...change } },
});
const roads = { optionalRules: ["road-movement" as const], phase: "movement" as const };

describe("remembered searches see what changed", () => {
  it("[5.1A] the same unit record in another hex moves from there", () => {
    const { ctx, position } = field({ "0506": ["B-PP1"], "1110": ["G-PP1"] }, { phase: "movement" });
    const moved: Position = { ...position, stacks: { "0902": ["B-PP1"], "1110": ["G-PP1"] } };
    const [here, there] = expectRemembered(ctx, [position, moved], "B-PP1");
    expect(here).not.toEqual(there);
  });

  it("[5.1A] the same unit record in another hex moves from there, though both hexes keep a friend", () => {
    // Neither hex changes hands (a friend stays in each), so only the unit's own hex tells the searches apart.
    const { ctx, position } = field(
      { "0506": ["B-PP1", "B-PP2"], "0902": ["B-PP3"], "1110": ["G-PP1"] },
      { phase: "movement" },
    );
    const moved: Position = {
      ...position,
      stacks: { "0506": ["B-PP2"], "0902": ["B-PP1", "B-PP3"], "1110": ["G-PP1"] },
    };
    const [here, there] = expectRemembered(ctx, [position, moved], "B-PP1");
    expect(here).not.toEqual(there);
  });

  it("[5.4L] the unit limbered since: its record changed, the limbering is no longer planned", () => {
    const { ctx, position } = field({ "0902": ["B-MA1"], "1110": ["G-PP1"] }, { phase: "movement" });
    const [unlimbered, limbered] = expectRemembered(
      ctx,
      [position, withUnit(position, "B-MA1", { limbered: true })],
      "B-MA1",
    );
    expect(unlimbered?.destinations[0]?.steps[0]).toBe("limber");
    expect(limbered?.destinations[0]?.steps[0]).not.toBe("limber");
  });

  it("[13.0] [5.3K] the advanced road rules taken up or put aside: road rate by mode or for all", () => {
    const basic = field({ "0506": ["B-PP1"], "1110": ["G-PP1"] }, { phase: "movement" });
    const advanced = field({ "0506": ["B-PP1"], "1110": ["G-PP1"] }, roads).position;
    const seen = expectRemembered(basic.ctx, [basic.position, advanced, basic.position], "B-PP1");
    expect(seen[0]).not.toEqual(seen[1]);
  });

  it("[13.0A] a friend's Road Movement Space appears where it was not: no overlapping it", () => {
    const { ctx, position } = field(
      { "0506": ["B-PP1"], "0509": ["B-PP2"], "1110": ["G-PP1"] },
      { ...roads, roadMode: ["B-PP1"] },
    );
    const marching = withUnit(position, "B-PP2", { roadMode: true });
    const [free, hemmed] = expectRemembered(ctx, [position, marching, position], "B-PP1");
    expect(free).not.toEqual(hemmed);
  });

  it("[13.0A] errata: an enemy's Road Movement Space appears: a unit out of Road Mode stops on entering it", () => {
    const { ctx, position } = field({ "0506": ["G-PP1"], "0707": ["B-HC1"] }, roads);
    const marching = withUnit(position, "G-PP1", { roadMode: true });
    const [free, stopped] = expectRemembered(ctx, [position, marching, position], "B-HC1");
    expect(free).not.toEqual(stopped);
  });

  it("[13.0A] errata: an enemy's Road Movement Space gone, the hexes taken staying the same: no more stopping", () => {
    // The enemy in Road Mode at 0506 and friends in Road Mode either side, at 0505 and 0507, take 0504
    // to 0508. When the enemy leaves Road Mode the friends' spaces still take those hexes, and nothing
    // changes in any hex's occupancy, but 0505 to 0507 are no longer an enemy's space: B-PP9, next to
    // 0507, no longer stops on entering it.
    const { ctx, position } = field(
      { "0505": ["B-PP1"], "0506": ["G-PP1"], "0507": ["B-PP2"], "0406": ["B-PP9"] },
      { ...roads, roadMode: ["B-PP1", "G-PP1", "B-PP2"] },
    );
    const halted = withUnit(position, "G-PP1", { roadMode: false });
    const [stopped, free] = expectRemembered(ctx, [position, halted], "B-PP9");
    expect(stopped).not.toEqual(free);
  });

  it("[5.2F] [5.3K] [12.2B] occupancy near and far: enemies, friends and a square come and go", () => {
    const { ctx, position } = field(
      { "0506": ["B-PP1"], "0608": ["B-PP2"], "1110": ["G-PP1"] },
      { ...roads, optionalRules: ["road-movement", "infantry-squares"] },
    );
    const stacks = (s: Position["stacks"]): Position => ({ ...position, stacks: s });
    const positions = [
      position,
      stacks({ "0506": ["B-PP1"], "0608": ["B-PP2"], "0406": ["G-PP1"] }), // an enemy beside the start
      stacks({ "0506": ["B-PP1"], "0608": ["B-PP2"], "0306": ["G-PP1"] }), // gone, to a hex just out of reach
      stacks({ "0506": ["B-PP1"], "0608": ["B-PP2"], "1110": ["G-PP1"] }),
      stacks({ "0506": ["B-PP1"], "0406": ["B-PP2"], "1110": ["G-PP1"] }), // a friend beside the start
      stacks({ "0506": ["B-PP1"], "0406": ["G-PP1"], "1110": ["B-PP2"] }), // an enemy in his place
      stacks({ "0506": ["B-PP1"], "0507": ["B-PP2"], "1110": ["G-PP1"] }), // a friend on the road ahead
      { ...position, squares: ["0608"] }, // a friendly square
      position,
    ];
    expectRemembered(ctx, positions, "B-PP1");
  });
});

describe("units waiting to enter share a search only when it is the same search", () => {
  it("[16.24] different types, formations and road rules entering at the same edge", () => {
    const units: Record<string, UnitRecord> = {
      "B-PP05": { side: "first", type: "PP", force: "b" } as UnitRecord,
      "B-PP06": { side: "first", type: "PP", force: "b" } as UnitRecord,
      "B-PM05": { side: "first", type: "PM", force: "b" } as UnitRecord,
      "B-HC05": { side: "first", type: "HC", force: "b" } as UnitRecord,
      "B-LA01": { side: "first", type: "LA", force: "b", limbered: true } as UnitRecord,
      "B-LA02": { side: "first", type: "LA", force: "b", limbered: false } as UnitRecord,
    };
    const ids = Object.keys(units);
    const base = {
      scenario: "16.24",
      phasing: "first" as const,
      phase: "movement" as const,
      units,
      offMap: Object.fromEntries(ids.map((id) => [id, "awaiting-entry" as const])),
    };
    const { ctx, position } = setup(base);
    const advanced = setup({ ...base, options: { optionalRules: ["caracolla", "road-movement"] } }).position;
    const seen = expectRemembered(ctx, [position, advanced], ids, false);
    // Each kind of unit, and each road rule, lists its own moves; two units of a kind share theirs.
    const distinct = new Set(seen.map((s) => JSON.stringify(s.destinations)));
    expect(distinct.size).toBe(seen.length - 2);
    expect(seen.map((s) => s.unit)).toEqual([...ids, ...ids]);
  });

  it("[5.2F] [16.24] every entry hex held by the enemy, then one freed: the unit comes on there", () => {
    const entering = { "B-PP05": { side: "first", type: "PP", force: "b" } as UnitRecord };
    const ctx = setup({
      scenario: "16.24",
      phasing: "first",
      phase: "movement",
      units: entering,
      offMap: { "B-PP05": "awaiting-entry" },
    }).ctx;
    const zone = ctx.zones.get("first/b");
    const edge = zone?.kind === "enter" ? zone.hexes.map((h) => idOf(ctx.map.grid, h)) : [];
    const held = (hexes: readonly string[]) =>
      setup({
        scenario: "16.24",
        phasing: "first",
        phase: "movement",
        units: {
          ...entering,
          ...Object.fromEntries(
            hexes.map((_, i) => [`G-PP${i + 1}`, { side: "second", type: "PP", force: "a" } as UnitRecord]),
          ),
        },
        stacks: Object.fromEntries(hexes.map((hex, i) => [hex, [`G-PP${i + 1}`]])),
        offMap: { "B-PP05": "awaiting-entry" },
      }).position;
    expect(edge.length).toBeGreaterThan(2);
    const [blocked, open] = expectRemembered(ctx, [held(edge), held(edge.slice(1))], "B-PP05", false);
    expect(blocked?.destinations).toEqual([]);
    expect(open?.destinations.some((d) => d.steps[0] === edge[0])).toBe(true);
  });
});

describe("units entering in Road Movement Mode (16.22)", () => {
  it("[16.22] [13.0] [5.3K] with the advanced road rules or without: off the road mode, the road rate or none", () => {
    const base = {
      scenario: "16.22",
      phasing: "second" as const,
      phase: "movement" as const,
      units: {
        "G-HC01": { side: "second", type: "HC", force: "main" } as UnitRecord,
        "B-PP01": { side: "first", type: "PP", force: "main" } as UnitRecord,
      },
      stacks: { "2220": ["B-PP01"] },
      offMap: { "G-HC01": "awaiting-entry" as const },
    };
    const { ctx, position } = setup(base);
    const advanced = setup({ ...base, options: { optionalRules: ["road-movement"] } }).position;
    const [basic, byMode] = expectRemembered(ctx, [position, advanced, position], "G-HC01", false);
    expect(basic).not.toEqual(byMode);
  });
});

describe("more that a remembered search depends on", () => {
  it("[5.2F] a unit hemmed in by enemies on every side, then one of them gone: it moves out there", () => {
    // 0906 is in an odd column, raised half a hex: its neighbours are 0905, 0907, 0805, 0806, 1005 and 1006.
    const around = ["0905", "0907", "0805", "0806", "1005", "1006"];
    const { ctx, position } = field(
      { "0906": ["B-PP1"], ...Object.fromEntries(around.map((h, i) => [h, [`G-PP${i + 1}`]])) },
      { phase: "movement" },
    );
    const freed: Position = { ...position, stacks: { ...position.stacks } };
    delete (freed.stacks as Record<string, unknown>)[around[0] ?? ""];
    const [hemmed, free] = expectRemembered(ctx, [position, freed], "B-PP1");
    expect(hemmed?.destinations).toEqual([]);
    expect(free?.destinations.some((d) => d.hex === around[0])).toBe(true);
  });

  it("[5.2F] an enemy arriving in the last hex of the grid (1210) closes it", () => {
    const { ctx, position } = field({ "1208": ["B-PP1"], "0101": ["G-PP1"] }, { phase: "movement" });
    const held: Position = { ...position, stacks: { "1208": ["B-PP1"], "1210": ["G-PP1"] } };
    const [open, closed] = expectRemembered(ctx, [position, held], "B-PP1");
    expect(open?.destinations.some((d) => d.hex === "1210")).toBe(true);
    expect(closed?.destinations.some((d) => d.hex === "1210")).toBe(false);
  });

  it("[16.22] [13.0] a unit on the map in Road Mode, with the advanced road rules taken up: out of Road Mode, no road rate", () => {
    const base = {
      scenario: "16.22",
      phasing: "second" as const,
      phase: "movement" as const,
      units: {
        "G-HC01": { side: "second", type: "HC", force: "main", roadMode: true } as UnitRecord,
        "G-HC02": { side: "second", type: "HC", force: "main", roadMode: true } as UnitRecord,
        "B-PP01": { side: "first", type: "PP", force: "main" } as UnitRecord,
      },
      // The road runs 3032-3031-3030-3029: G-HC02's space (3028-3030) bars G-HC01's way in Road Mode.
      stacks: { "3032": ["G-HC01"], "3029": ["G-HC02"], "2220": ["B-PP01"] },
    };
    const { ctx, position } = setup(base);
    // The same unit records, the rules changed.
    const advanced: Position = { ...position, options: { optionalRules: ["road-movement"] } };
    const [basic, byMode] = expectRemembered(ctx, [position, advanced], "G-HC01", false);
    expect(basic).not.toEqual(byMode);
  });
});

/*
 * What the memo is for: a search that still holds is the one remembered,
 * not a search made again (the listing of a phase's moves after each move
 * would be slow otherwise). Read through memoReach itself, whose answer is
 * the remembered Reachability: the same object, or for another unit of a
 * kind waiting at an edge a copy sharing its arrays.
 */
describe("a search that still holds is reused", () => {
  function searchOf(ctx: GameContext, position: Position, unit: string): Reachability {
    const m = mover(ctx, position, unit);
    if (!m.ok) throw new Error(m.error.message);
    return memoReach(ctx, sharedOccupancy(ctx.map, position), m.value);
  }

  it("[5.1] after moves far away, each unit's own search, though two units of a kind are listed in turn", () => {
    const { ctx, position } = field(
      { "0506": ["B-PP1"], "0902": ["B-PP2"], "1110": ["G-PP1"] },
      { phase: "movement" },
    );
    const far: Position = {
      ...position,
      stacks: { "0506": ["B-PP1"], "0902": ["B-PP2"], "1210": ["G-PP1"] },
    };
    const first = [searchOf(ctx, position, "B-PP1"), searchOf(ctx, position, "B-PP2")];
    expect(searchOf(ctx, far, "B-PP1")).toBe(first[0]);
    expect(searchOf(ctx, far, "B-PP2")).toBe(first[1]);
  });

  it("[5.3K] after a friend moves next to the unit off the road: a step there costs what it did", () => {
    const { ctx, position } = field(
      { "0902": ["B-PP1"], "0904": ["B-PP2"], "1110": ["G-PP1"] },
      { phase: "movement" },
    );
    const beside: Position = {
      ...position,
      stacks: { "0902": ["B-PP1"], "0903": ["B-PP2"], "1110": ["G-PP1"] },
    };
    const before = searchOf(ctx, position, "B-PP1");
    expect(searchOf(ctx, beside, "B-PP1")).toBe(before);
  });

  it("[13.0A] with the advanced road rules, after a move that leaves every Road Movement Space as it was", () => {
    const { ctx, position } = field(
      { "0506": ["B-PP1"], "0902": ["B-PP2"], "1110": ["G-PP1"] },
      { ...roads, roadMode: ["B-PP1"] },
    );
    const far: Position = {
      ...position,
      stacks: { "0506": ["B-PP1"], "0902": ["B-PP2"], "1210": ["G-PP1"] },
    };
    const before = searchOf(ctx, position, "B-PP2");
    expect(searchOf(ctx, far, "B-PP2")).toBe(before);
  });

  it("[16.24] a unit of an entering force, on the map: a change at the far end of its force's edge", () => {
    // Lutzen's Swedes (b) enter at 4804-4816; B-PP05 has come on at 4816, far from 4804.
    const { ctx, position } = setup({
      scenario: "16.24",
      phasing: "first",
      phase: "movement",
      units: {
        "B-PP05": { side: "first", type: "PP", force: "b" } as UnitRecord,
        "G-PP01": { side: "second", type: "PP", force: "a" } as UnitRecord,
      },
      stacks: { "4816": ["B-PP05"], "2010": ["G-PP01"] },
    });
    const atTheEdge: Position = { ...position, stacks: { "4816": ["B-PP05"], "4804": ["G-PP01"] } };
    const before = searchOf(ctx, position, "B-PP05");
    expect(searchOf(ctx, atTheEdge, "B-PP05")).toBe(before);
  });

  it("[16.24] two units of a kind waiting at the same edge: one search, copied for the second", () => {
    const units: Record<string, UnitRecord> = {
      "B-PP05": { side: "first", type: "PP", force: "b" } as UnitRecord,
      "B-PP06": { side: "first", type: "PP", force: "b" } as UnitRecord,
    };
    const { ctx, position } = setup({
      scenario: "16.24",
      phasing: "first",
      phase: "movement",
      units,
      offMap: { "B-PP05": "awaiting-entry", "B-PP06": "awaiting-entry" },
    });
    const first = searchOf(ctx, position, "B-PP05");
    const second = searchOf(ctx, position, "B-PP06");
    expect(second.unit).toBe("B-PP06");
    expect(second.cost).toBe(first.cost);
  });
});
