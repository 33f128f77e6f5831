import { describe, expect, it } from "vitest";
import type { ProgramOp } from "../actions.js";
import { poseOf, unitSize } from "../bases.js";
import { priorityTargets } from "../fire/targets.js";
import { exactJudge } from "../grey-areas.js";
import type { Position, UnitState } from "../position.js";
import { inch, play, refusal, rolled, type TestUnit, table, withUnits } from "../test-support/table.js";
import type { UnitType } from "../vocabulary.js";
import { checkMove } from "./check-move.js";
import { wheelPose } from "./program.js";
import { threatZone } from "./threat-zone.js";

/**
 * Interpenetration: "Enemy Units have a 4" threat zone in their Front Arc.
 * Enemy Units may not move in it except to Charge, Fall Back, or target a
 * new Unit with Point Blank Fire." The zone is the front arc out to 4"
 * ahead of the front edge (threat-zone.ts); touching it is not moving in
 * it.
 *
 * E, the enemy, stands at (20, 30) facing south: its front edge runs along
 * y = 28.5 from x = 17 to 23, its zone reaches y = 24.5, where it spans x =
 * 13 to 27.
 */
const E: TestUnit = { id: "E", type: "infantry", x: 20, y: 30, facing: 18000, side: "second" };

function field(mover: TestUnit, extra: TestUnit[] = []) {
  return table({ units: [mover, E, ...extra], options: { greyAreas: "exact" } });
}

const ahead = (ticks: number): ProgramOp[] => [{ op: "advance", ticks }];

function unit(position: Position, id: string): UnitState {
  const u = position.units[id];
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

describe("Interpenetration: the 4\" threat zone in an enemy's Front Arc", () => {
  it('[003 Interpenetration: threat zone] is the front arc out to 4" ahead of the front edge, to the tick', () => {
    const { ctx, position } = field({ id: "M", type: "cavalry", x: 20, y: 10 });
    // E faces south: its front right corner is the west one.
    expect(threatZone(ctx, unit(position, "E"))).toEqual([
      { x: inch(17), y: inch(28.5) },
      { x: inch(23), y: inch(28.5) },
      { x: inch(27), y: inch(24.5) },
      { x: inch(13), y: inch(24.5) },
    ]);
  });

  // Cavalry, who never fire, have no Point Blank exception: the zone alone decides.
  it('[003 Interpenetration: threat zone] golden: cavalry advancing to exactly 4" from the front edge may; a tick further may not', () => {
    // M's front edge is at y = 17.5: 7" takes it to 24.5, the zone's edge.
    const { ctx, position } = field({ id: "M", type: "cavalry", x: 20, y: 16.5 });
    const p = rolled(position, "M", 2); // 2 + 6" Bonus
    expect(checkMove(ctx, p, "M", ahead(inch(7) - 1), exactJudge).legal).toBe(true);
    expect(checkMove(ctx, p, "M", ahead(inch(7)), exactJudge).legal).toBe(true);
    const inside = checkMove(ctx, p, "M", ahead(inch(7) + 1), exactJudge);
    expect(inside.legal).toBe(false);
    expect(inside.error?.code).toBe("move/threat-zone");
    expect(inside.error?.rule).toBe("Interpenetration");
    expect(inside.error?.other).toBe("E");
    // The board's clamp stops the drag on the zone's edge.
    expect(inside.clampTicks).toBe(inch(7));
    expect(refusal(ctx, p, { type: "move", unit: "M", program: ahead(inch(7) + 1) }).code).toBe(
      "move/threat-zone",
    );
  });

  it("[003 Interpenetration: threat zone] golden on the 45-degree ray: passing with a corner exactly on the zone's far corner may; a tick inside may not", () => {
    // M's left edge on x = 27 runs past the zone's corner (27, 24.5); the ray then falls away west.
    const clear = field({ id: "M", type: "cavalry", x: 29, y: 20 });
    const p = rolled(clear.position, "M", 2);
    expect(checkMove(clear.ctx, p, "M", ahead(inch(8)), exactJudge).legal).toBe(true);
    const near = field({ id: "M", type: "cavalry", x: { in: 28, num: 6095, den: 6096 }, y: 20 });
    const q = rolled(near.position, "M", 2);
    expect(checkMove(near.ctx, q, "M", ahead(inch(8)), exactJudge).error?.code).toBe("move/threat-zone");
  });

  it("[003 Interpenetration: threat zone] only in the Front Arc: a unit behind the enemy moves up to its rear", () => {
    const { ctx, position } = field({ id: "M", type: "cavalry", x: 20, y: 40, facing: 18000 });
    // M's front edge at y = 39 to E's rear edge at 31.5: 7.5".
    expect(checkMove(ctx, rolled(position, "M", 2), "M", ahead(inch(7.5)), exactJudge).legal).toBe(true);
  });

  it("[003 Interpenetration: threat zone] only the enemy's: a friend's zone is no bar", () => {
    const friend: TestUnit = { id: "F", type: "infantry", x: 20, y: 30, facing: 18000 };
    const { ctx, position } = table({
      units: [{ id: "M", type: "cavalry", x: 20, y: 16.5 }, friend, { ...E, x: 60, y: 40 }],
      options: { greyAreas: "exact" },
    });
    expect(checkMove(ctx, rolled(position, "M", 2), "M", ahead(inch(8)), exactJudge).legal).toBe(true);
  });

  it("[003 Interpenetration: threat zone] a unit already in a zone may not move in it: no advance, no Reform", () => {
    const { ctx, position } = field({ id: "M", type: "cavalry", x: 20, y: 23, facing: 9000 });
    const p = rolled(position, "M", 2);
    expect(checkMove(ctx, p, "M", ahead(inch(1)), exactJudge).error?.code).toBe("move/threat-zone");
    expect(refusal(ctx, position, { type: "reform", unit: "M", dx: inch(1), dy: 0 }).code).toBe(
      "move/threat-zone",
    );
    // A Fall Back (westward, the way it came) is the way out.
    const back = play(ctx, p, { type: "fall-back", unit: "M" });
    expect(unit(back.position, "M")).toMatchObject({ x: inch(18), facing: 27000 });
  });
});

describe("Interpenetration: the threat zone's exceptions", () => {
  it("[003 Interpenetration: threat zone] to Charge: cavalry barred from advancing into the zone charge through it", () => {
    const { ctx, position } = field({ id: "M", type: "cavalry", x: 20, y: 20.5 });
    const p = rolled(position, "M", 2);
    expect(checkMove(ctx, p, "M", ahead(inch(4)), exactJudge).error?.code).toBe("move/threat-zone");
    const charged = play(ctx, p, { type: "charge", unit: "M", target: "E" });
    expect(charged.position.contacts).toEqual([{ attacker: "M", defender: "E", side: "front" }]);
  });

  it("[003 Interpenetration: threat zone] to target a new Unit with Point Blank Fire: infantry may close to point blank range; cavalry may not", () => {
    // M's front edge from 17.5 to 25.5: 3" from E's front, E now its point blank target.
    const moves = (type: UnitType) => {
      const { ctx, position } = field({ id: "M", type, x: 20, y: type === "cavalry" ? 16.5 : 16 });
      return checkMove(ctx, rolled(position, "M", 6), "M", ahead(inch(8)), exactJudge);
    };
    expect(moves("infantry").legal).toBe(true);
    expect(moves("cavalry").error?.code).toBe("move/threat-zone");
  });

  it("[003 Interpenetration: threat zone] [003 Maneuvering ii] a Reform too may close to point blank range; not into column, which does not fire", () => {
    // M's front edge at y = 23, 5.5" from E's: a 2" slide puts it 1/2" into the zone, E 3.5" off.
    const { ctx, position } = field({ id: "M", type: "infantry", x: 20, y: 21.5 });
    const slid = play(ctx, position, { type: "reform", unit: "M", dx: 0, dy: inch(2) });
    expect(unit(slid.position, "M")).toMatchObject({ y: inch(23.5), acted: "reformed" });
    const column = refusal(ctx, position, {
      type: "reform",
      unit: "M",
      dx: 0,
      dy: inch(2),
      formation: "column",
    });
    expect(column.code).toBe("move/threat-zone");
    const cavalry = field({ id: "M", type: "cavalry", x: 20, y: 22 });
    expect(
      refusal(cavalry.ctx, cavalry.position, { type: "reform", unit: "M", dx: 0, dy: inch(2) }).code,
    ).toBe("move/threat-zone");
  });

  it("[003 Interpenetration: threat zone] a move through the zone that ends with no new point blank target is refused", () => {
    // M faces west off E's left front; 4" west clips the zone near (26.5, 25), and leaves E's left side
    // 5.3" from M's front centre: beyond point blank, so no new target.
    const { ctx, position } = field({ id: "M", type: "infantry", x: 32, y: 26, facing: 27000 });
    const c = checkMove(ctx, rolled(position, "M", 2), "M", ahead(inch(4)), exactJudge);
    expect(c.error?.code).toBe("move/threat-zone");
    // Stopping a tick short of the zone is legal.
    expect(c.clampTicks).toBeDefined();
    expect(checkMove(ctx, rolled(position, "M", 2), "M", ahead(c.clampTicks ?? 0), exactJudge).legal).toBe(
      true,
    );
  });

  it("[003 Interpenetration: threat zone] a target it already had at point blank is no new one", () => {
    // M faces west off E's left side, outside E's zone, its front centre (26, 30) 3" from the centre of
    // E's left side: E is already its point blank target. A 20-degree wheel on its right (north) front
    // corner swings its left front corner to about (23.95, 27.36), into E's zone, and E is still its
    // point blank target, no new one: refused. 10 degrees keeps the corner out (x + y > 51.5): legal.
    const { ctx, position } = field({ id: "M", type: "infantry", x: 27.5, y: 30, facing: 27000 });
    const p = rolled(position, "M", 6);
    const wheel = (cdeg: number): ProgramOp[] => [{ op: "wheel", corner: "right", cdeg }];
    expect(checkMove(ctx, p, "M", wheel(1000), exactJudge).legal).toBe(true);
    expect(checkMove(ctx, p, "M", wheel(2000), exactJudge).error?.code).toBe("move/threat-zone");
    // E is M's point blank target before the wheel and after it.
    const band = (q: Position) => priorityTargets(ctx, q, "M", exactJudge).map((t) => [t.id, t.band]);
    expect(band(p)).toEqual([["E", "point-blank"]]);
    const m = unit(p, "M");
    const after = wheelPose(poseOf(m), unitSize(ctx, m), "right", 2000);
    expect(band(withUnits(p, { M: after }))).toEqual([["E", "point-blank"]]);
  });
});
