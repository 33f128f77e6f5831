import { distance, type GameContext, indexOfId, type Position, unitHexes } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import {
  footprint,
  formationOrders,
  formationReach,
  isFormation,
  planFormation,
  shifted,
} from "./formation.js";
import { groupMoves, planMoves } from "./group-move.js";
import { optionsOf } from "./interaction.js";
import { movementPhase, playPositions } from "./test-support.js";

const PREFS = { roadMode: false, unlimber: false };

/** Lutzen (16.24), the Imperialists' first Movement Phase: 67 units in two-unit stacks (10.0). */
function imperialMovement(): { ctx: GameContext; position: Position } {
  const { ctx, position } = movementPhase("16.24");
  const end = { type: "end-phase" } as const;
  return { ctx, position: playPositions(ctx, position, end, end, end) };
}

/** The Imperialists' stacks that can move, by hex, top unit first. */
function movingStacks(ctx: GameContext, position: Position): [string, string[]][] {
  const options = optionsOf(ctx, position);
  return Object.entries(position.stacks)
    .map(([hex, ids]): [string, string[]] => [hex, ids.filter((id) => options.movable.has(id))])
    .filter(([, ids]) => ids.length > 0 && position.units[ids[0] ?? ""]?.side === "second");
}

describe("formation moves", { timeout: 30_000 }, () => {
  it("shifts a hex by the lead's step along the grid's axes, and says where that falls off the map", () => {
    const { ctx } = imperialMovement();
    const grid = ctx.map.grid;
    // One hex south: the same column, the next row.
    expect(shifted(grid, "1010", "2020", "2021")).toBe("1011");
    // One hex south-east from an even column, then from an odd one: the rows of odd-q offsets.
    expect(shifted(grid, "1010", "2020", "2120")).toBe(shifted(grid, "1010", "1010", "1110"));
    expect(shifted(grid, "1111", "1010", "1010")).toBe("1111");
    // A step taken twice is the doubled step (axial steps add; offset rows do not).
    const once = shifted(grid, "1010", "2020", "2121") ?? "";
    const double = shifted(grid, "2121", "2020", "2121") ?? "";
    expect(double).toBe("2221");
    expect(shifted(grid, once, "2020", "2121")).toBe(shifted(grid, "1010", "2020", double));
    expect(shifted(grid, "0101", "2020", "1919")).toBeUndefined();
  });

  it("[5.1C] tells a group in several hexes (a formation) from a stack and from units off the map", () => {
    const { ctx, position } = imperialMovement();
    const [a, b] = movingStacks(ctx, position);
    expect(isFormation(position, [...(a?.[1] ?? []), ...(b?.[1] ?? [])])).toBe(true);
    expect(isFormation(position, a?.[1] ?? [])).toBe(false);
    const { position: swedes } = movementPhase("16.24");
    const waiting = Object.keys(swedes.offMap).slice(0, 2);
    expect(isFormation(swedes, waiting)).toBe(false);
  });

  it("[5.1C][10.0] moves three stacks to a hex all of them reach, each keeping its place and its stack, every move the engine's own", () => {
    const { ctx, position } = imperialMovement();
    const stacks = movingStacks(ctx, position).slice(0, 3);
    const units = stacks.flatMap(([, ids]) => ids);
    const lead = stacks[0]?.[0] ?? "";
    const moves = groupMoves(ctx, position, units);
    const reach = formationReach(ctx, position, units, moves);
    // A hex other than its own that the whole formation reaches.
    const to = [...reach.all.keys()].find((h) => h !== lead) ?? "";
    expect(to).not.toBe("");
    expect(reach.any.has(to)).toBe(true);
    const orders = formationOrders(ctx, position, units, to);
    const plan = planMoves(ctx, position, orders, PREFS, moves);
    expect(plan.refused).toEqual([]);
    expect(plan.actions.length).toBe(units.length);
    const after = playPositions(ctx, position, ...plan.actions);
    expect(after).toEqual(plan.position);
    const hexes = unitHexes(after);
    for (const [hex, ids] of stacks) {
      const place = shifted(ctx.map.grid, hex, lead, to);
      for (const id of ids) expect(hexes.get(id)).toBe(place);
    }
    // Each paid its own way, within its own allowance (5.1C).
    for (const m of plan.moved) expect(m.left).toBeGreaterThanOrEqual(0);
    // Under the mouse, every place is green.
    expect(footprint(ctx, position, units, moves, to).every((p) => p.reachable)).toBe(true);
  });

  it("[5.1C] the front of the formation moves first: its first order is the stack furthest along the step", () => {
    const { ctx, position } = imperialMovement();
    const stacks = movingStacks(ctx, position);
    const units = stacks.flatMap(([, ids]) => ids);
    const lead = stacks[0]?.[0] ?? "";
    const grid = ctx.map.grid;
    // Due west: two columns along the same row.
    const west = shifted(grid, lead, "2020", "1820") ?? "";
    const orders = formationOrders(ctx, position, units, west);
    const hexes = unitHexes(position);
    const column = (u: string) => Number((hexes.get(u) ?? "").slice(0, 2));
    const columns = orders.map((o) => column(o.unit));
    // Westward, the lowest columns move first, never a higher one before a lower one.
    for (let i = 1; i < columns.length; i++) expect(columns[i]).toBeGreaterThanOrEqual(columns[i - 1] ?? 0);
  });

  it("[5.1C] leaves behind, still selected, the units that cannot reach their places, each with the engine's reason", () => {
    const { ctx, position } = imperialMovement();
    const stacks = movingStacks(ctx, position);
    const units = stacks.flatMap(([, ids]) => ids);
    const moves = groupMoves(ctx, position, units);
    const reach = formationReach(ctx, position, units, moves);
    // A hex the lead reaches but not every unit keeping its place.
    const partial = [...reach.any].find((h) => !reach.all.has(h)) ?? "";
    expect(partial).not.toBe("");
    const plan = planMoves(ctx, position, formationOrders(ctx, position, units, partial), PREFS, moves);
    expect(plan.refused.length).toBeGreaterThan(0);
    for (const r of plan.refused) expect(r.message).toMatch(/^\d+\.\d+(\([A-Z]\))?: /);
    expect(playPositions(ctx, position, ...plan.actions)).toEqual(plan.position);
    const places = footprint(ctx, position, units, moves, partial);
    expect(places.some((p) => !p.reachable)).toBe(true);
  });

  it("[3.1] a unit whose place would be off the map is refused with the rule, the others still move", () => {
    const { ctx, position } = imperialMovement();
    const stacks = movingStacks(ctx, position);
    const grid = ctx.map.grid;
    // Pair the westernmost stack with the easternmost, and send the formation far enough that one falls off.
    const byColumn = [...stacks].sort((a, b) => a[0].localeCompare(b[0]));
    const [west, east] = [byColumn[0], byColumn.at(-1)];
    if (!west || !east) throw new Error("no stacks");
    const units = [...west[1], ...east[1]];
    const step = grid.columns - Number(east[0].slice(0, 2)) + 1;
    const to = `${String(Number(west[0].slice(0, 2)) + step).padStart(2, "0")}${west[0].slice(2)}`;
    const orders = formationOrders(ctx, position, units, to);
    for (const id of east[1]) {
      const order = orders.find((o) => o.unit === id);
      expect(order?.hex).toBeUndefined();
      expect(order?.why).toMatch(/^3\.1: .* off the map\.$/);
    }
    const plan = planMoves(ctx, position, orders, PREFS, groupMoves(ctx, position, units));
    expect(plan.refused.map((r) => r.unit)).toEqual(expect.arrayContaining(east[1]));
  });

  it("[10.0][5.2F] a stack whose front cannot move stays, and the stack behind it stays too rather than overfill its hex", () => {
    const { ctx, position } = imperialMovement();
    const grid = ctx.map.grid;
    const stacks = movingStacks(ctx, position).filter(([, ids]) => ids.length === 2);
    // Two full stacks side by side (B behind A), and the hex beyond A along the same step.
    let found: { a: [string, string[]]; b: [string, string[]]; beyond: string } | undefined;
    for (const a of stacks)
      for (const b of stacks) {
        const beyond = a[0] === b[0] ? undefined : shifted(grid, a[0], b[0], a[0]);
        const adjacent = beyond !== undefined && shifted(grid, b[0], a[0], b[0]) !== undefined;
        if (!found && beyond && adjacent && !position.stacks[beyond] && near(grid, a[0], b[0]))
          found = { a, b, beyond };
      }
    if (!found) throw new Error("no two stacks side by side");
    const { a, b, beyond } = found;
    // An enemy unit stands where A would go (5.2F): A cannot move there.
    const swede = Object.keys(position.units).find((u) => position.units[u]?.side === "first") ?? "";
    const stacksWithSwede = Object.fromEntries(
      Object.entries(position.stacks)
        .map(([h, ids]): [string, string[]] => [h, ids.filter((id) => id !== swede)])
        .filter(([, ids]) => ids.length > 0),
    );
    const blocked: Position = {
      ...position,
      stacks: { ...stacksWithSwede, [beyond]: [swede] },
      offMap: Object.fromEntries(Object.entries(position.offMap).filter(([id]) => id !== swede)),
    };
    const units = [...b[1], ...a[1]];
    // B leads: B goes to A's hex, A to the enemy's.
    const plan = planFormation(ctx, blocked, units, a[0], PREFS, groupMoves(ctx, blocked, units));
    expect(plan.actions).toEqual([]);
    for (const id of a[1]) expect(plan.refused.find((r) => r.unit === id)?.message).toMatch(/^5\.2\(F\): /);
    for (const id of b[1])
      expect(plan.refused.find((r) => r.unit === id)?.message).toMatch(
        new RegExp(
          `^10\\.0: ${id} would make ${a[0]} hold more than 2 units, where ${a[1][0]} of the formation stays\\.$`,
        ),
      );
  });
});

/** Whether two hexes are neighbours. */
function near(grid: GameContext["map"]["grid"], x: string, y: string): boolean {
  const step = shifted(grid, x, x, y);
  return step !== undefined && distance(grid, indexOfId(grid, x), indexOfId(grid, y)) === 1;
}
