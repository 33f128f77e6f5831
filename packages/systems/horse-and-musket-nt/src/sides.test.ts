import { type Point, scaledDirection } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { unitCorners, unitFrontCentre } from "./bases.js";
import { chargePlan } from "./charge/charge.js";
import type { Ctx } from "./context.js";
import { exactJudge } from "./grey-areas.js";
import type { Position, UnitState } from "./position.js";
import { sideFacing, sideOfTarget } from "./sides.js";
import { inch, rolled, table, withUnits } from "./test-support/table.js";

/**
 * Front, Left, Right & Rear Sides: "Measure these off the Unit corners, 45°
 * arcs off the front, rear, left / right Side. A Unit's Front center point
 * determines if it is in an enemy Unit's Front, left/right or Rear Side."
 * (The protected flanks are in sides-protected.test.ts.)
 */
function unit(position: Position, id: string): UnitState {
  const u = position.units[id];
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

/** The position with unit `id` moved (facing kept) so that its front-centre point is exactly `p`. */
function frontCentreAt(ctx: Ctx, position: Position, id: string, p: Point): Position {
  const u = unit(position, id);
  const fc = unitFrontCentre(ctx, u);
  return withUnits(position, { [id]: { x: u.x + p.x - fc.x, y: u.y + p.y - fc.y } });
}

describe("the four sides by the 45-degree corner rays", () => {
  // T: infantry facing north at (36, 24), corners (33, 25.5), (39, 25.5), (39, 22.5), (33, 22.5).
  const { ctx, position } = table({ units: [{ id: "T", type: "infantry", x: 36, y: 24 }] });
  const t = unit(position, "T");
  const at = (x: number, y: number) => sideFacing(ctx, t, { x: inch(x), y: inch(y) });

  it("[003 Front, Left, Right & Rear Sides] ahead, to the left, to the right and behind", () => {
    expect(at(36, 40)).toBe("front");
    expect(at(20, 24)).toBe("left");
    expect(at(52, 24)).toBe("right");
    expect(at(36, 8)).toBe("rear");
    // Off the corners the rays decide: 10" out to the right and 9" up is still the right side, 11" up the front.
    expect(at(49, 34.5)).toBe("right");
    expect(at(49, 36.5)).toBe("front");
    expect(at(23, 13.5)).toBe("left");
    expect(at(23, 11.5)).toBe("rear");
  });

  it("[003 Front, Left, Right & Rear Sides] a point on an edge is that edge's side; strictly inside the base it is in none", () => {
    expect(at(36, 25.5)).toBe("front");
    expect(at(33, 24)).toBe("left");
    expect(at(36, 24)).toBe("inside");
  });

  it("[003 Front, Left, Right & Rear Sides] the viewer's FRONT-CENTRE point decides, not its centre nor its corners", () => {
    // V, infantry facing north-west, its centre in T's right side, its front-centre 1.5" ahead in T's front.
    const v = table({
      units: [
        { id: "T", type: "infantry", x: 36, y: 24 },
        { id: "V", type: "infantry", x: 44, y: 30, facing: 31500, side: "second" },
      ],
    });
    const V = unit(v.position, "V");
    expect(sideFacing(v.ctx, unit(v.position, "T"), V)).toBe("right");
    expect(sideOfTarget(v.ctx, V, unit(v.position, "T"))).toBe("front");
    // Turned to face south-east, the same centre puts its front-centre in the right side.
    const turned = withUnits(v.position, { V: { facing: 13500 } });
    expect(sideOfTarget(v.ctx, unit(turned, "V"), unit(turned, "T"))).toBe("right");
  });

  it("[003 Front, Left, Right & Rear Sides] the sides turn with the unit, at any facing", () => {
    for (const facing of [0, 1, 3000, 4500, 8999, 13500, 20000, 31234, 35999]) {
      const turned = { ...t, facing };
      const off = (turn: number) => {
        const v = scaledDirection(facing + turn, inch(12));
        return sideFacing(ctx, turned, { x: t.x + v.x, y: t.y + v.y });
      };
      expect([off(0), off(9000), off(18000), off(27000)]).toEqual(["front", "right", "rear", "left"]);
    }
  });
});

describe("golden: a front-centre point exactly on a corner ray", () => {
  // T's front-right corner is (39, 25.5); its ray runs north-east, through (43, 29.5).
  const onRay = { x: inch(43), y: inch(29, 1, 2) };
  const setUp = (option: "front-rear" | "flank") => {
    const { ctx, position } = table({
      units: [
        { id: "T", type: "infantry", x: 36, y: 24 },
        // Cavalry facing south-west, towards T.
        { id: "V", type: "cavalry", x: 47, y: 33, facing: 22500, side: "second" },
      ],
      options: { onRay: option },
      attacker: "second",
    });
    return { ctx, position: rolled(frontCentreAt(ctx, position, "V", onRay), "V", 6) };
  };
  const sideWith = (option: "front-rear" | "flank", dx: number, dy: number) => {
    const { ctx, position } = setUp(option);
    const moved = frontCentreAt(ctx, position, "V", { x: onRay.x + dx, y: onRay.y + dy });
    return sideOfTarget(ctx, unit(moved, "V"), unit(moved, "T"));
  };

  it("[003 Front, Left, Right & Rear Sides] the point is on the ray, exactly", () => {
    const { ctx, position } = setUp("front-rear");
    const fr = unitCorners(ctx, unit(position, "T")).fr;
    expect(onRay.x - fr.x).toBe(onRay.y - fr.y);
    expect(unitFrontCentre(ctx, unit(position, "V"))).toEqual(onRay);
  });

  it("[003 Front, Left, Right & Rear Sides] on the ray: the front with onRay front-rear (the default), the right flank with onRay flank", () => {
    expect(sideWith("front-rear", 0, 0)).toBe("front");
    expect(sideWith("flank", 0, 0)).toBe("right");
  });

  it("[003 Front, Left, Right & Rear Sides] one tick either side of the ray is plainly one side, whatever the option", () => {
    for (const option of ["front-rear", "flank"] as const) {
      expect(sideWith(option, 0, 1)).toBe("front"); // a tick north: above the ray
      expect(sideWith(option, -1, 0)).toBe("front"); // a tick west
      expect(sideWith(option, 1, 0)).toBe("right"); // a tick east: below the ray
      expect(sideWith(option, 0, -1)).toBe("right"); // a tick south
    }
  });

  it("[003 Front, Left, Right & Rear Sides] the side decides where the charge goes: the front, or the right flank", () => {
    for (const [option, side] of [
      ["front-rear", "front"],
      ["flank", "right"],
    ] as const) {
      const { ctx, position } = setUp(option);
      const plan = chargePlan(ctx, position, "V", "T", exactJudge);
      if (!plan.ok) throw new Error(plan.error.message);
      expect(plan.value.side).toBe(side);
      expect(plan.value.to).toEqual(
        side === "front" ? { x: inch(36), y: inch(25, 1, 2) } : { x: inch(39), y: inch(24) },
      );
    }
  });
});
