import { seedPrng } from "@tercio/core";
import { scaledDirection } from "@tercio/geometry";
import type { Action, Ctx, Position } from "@tercio/horse-and-musket-nt";
import { describe, expect, it } from "vitest";
import { INCH } from "./geometry.js";
import { candidateMoves } from "./moves.js";
import { HMNT, ntGame } from "./test-support/games.js";

/**
 * The move generator proposes only what the engine accepts: each candidate's
 * pose is the pose apply gives the same move (Grey Areas exact, as the
 * generator's checks measure). A column on a road is offered legs along it
 * (Terrain vi), and a move into an enemy's threat zone is proposed only
 * where the engine allows it (Interpenetration: a new Point Blank target).
 */
function opened(scenario: string): { ctx: Ctx; position: Position } {
  const { ctx, setup } = ntGame(scenario, { greyAreas: "exact" });
  const o = HMNT.open(ctx, setup, seedPrng(1));
  if (!o.ok) throw new Error(o.error.message);
  return { ctx, position: o.value.position };
}

function rolled(ctx: Ctx, position: Position, unit: string, face: number): Position {
  const r = HMNT.apply(ctx, position, { type: "roll-move", unit }, [face]);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.position;
}

function expectAllApply(ctx: Ctx, position: Position, unit: string): number {
  const candidates = candidateMoves(ctx, position, unit, { aims: [] });
  for (const c of candidates) {
    const action: Action = { type: "move", unit, program: c.program };
    const step = HMNT.apply(ctx, position, action);
    expect(step.ok, JSON.stringify(c.program)).toBe(true);
    if (!step.ok) continue;
    const u = step.value.position.units[unit];
    expect({ x: u?.x, y: u?.y, facing: u?.facing }).toEqual({
      x: c.pose.x,
      y: c.pose.y,
      facing: c.pose.facing,
    });
  }
  return candidates.length;
}

describe("[003 Terrain vi] the AI's moves for a column on a road", () => {
  it("include legs along the road, and every candidate is the move apply makes", () => {
    // Arcole: the 5e Légère's column stands on the Dyke Road (y = 20"), facing along it.
    const { ctx, position } = opened("arcole-bridge");
    const p = rolled(ctx, position, "F-Gr", 4);
    const candidates = candidateMoves(ctx, p, "F-Gr", { aims: [] });
    expect(candidates.some((c) => c.program[0]?.op === "road")).toBe(true);
    expect(expectAllApply(ctx, p, "F-Gr")).toBeGreaterThan(3);
  });

  it("offers no road leg to a unit in line", () => {
    const { ctx, position } = opened("arcole-bridge");
    const p = rolled(ctx, position, "F-2", 4);
    expect(candidateMoves(ctx, p, "F-2", { aims: [] }).some((c) => c.program[0]?.op === "road")).toBe(false);
  });
});

describe("[003 Interpenetration] the AI's moves near an enemy's threat zone", () => {
  it("are each accepted by the engine, the straight advance among them", () => {
    // Fontenoy: a British line set facing a French line 7" from it, the zone 3" ahead.
    const { ctx, position } = opened("fontenoy-redoubt");
    const enemy = Object.values(position.units).find((u) => u.side === "second" && u.type === "infantry");
    const own = Object.entries(position.units).find(([, u]) => u.side === "first" && u.type === "infantry");
    if (!enemy || !own) throw new Error("no infantry");
    const [id, u] = own;
    const out = scaledDirection(enemy.facing, 10 * INCH);
    const facing = (enemy.facing + 18000) % 36000;
    const placed: Position = {
      ...position,
      units: { ...position.units, [id]: { ...u, x: enemy.x + out.x, y: enemy.y + out.y, facing } },
    };
    const p = rolled(ctx, placed, id, 6);
    expect(expectAllApply(ctx, p, id)).toBeGreaterThan(3);
    // The straight advance stops at the zone (3" ahead) or goes on to a new point blank target.
    const straight = candidateMoves(ctx, p, id, { aims: [] }).filter(
      (c) => c.program.length === 1 && c.program[0]?.op === "advance",
    );
    expect(straight.length).toBeGreaterThan(0);
  });
});
