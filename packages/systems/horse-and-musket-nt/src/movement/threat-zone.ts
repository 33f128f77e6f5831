import { type Point, scaledDirection } from "@tercio/geometry";
import { unitCorners } from "../bases.js";
import type { Ctx } from "../context.js";
import type { UnitState } from "../position.js";

/**
 * Interpenetration: "Enemy Units have a 4" threat zone in their Front Arc."
 * Read as the front arc (between the 45° corner rays) out to 4" straight
 * ahead of the front edge: the trapezoid FL, FR, FR + 4"(forward + right),
 * FL + 4"(forward − left), integer vertices from the kernel's direction.
 * (The other reading, within 4" of the front edge with rounded corners,
 * would need arcs; the trapezoid differs from it only beyond the corners,
 * by at most 4"·(√2 − 1) along the rays.)
 */
export function threatZone(ctx: Ctx, u: UnitState): Point[] {
  const depth = ctx.rules.data.move.threatZone;
  const c = unitCorners(ctx, u);
  const ahead = scaledDirection(u.facing, depth);
  const right = scaledDirection(u.facing + 9000, depth);
  return [
    c.fr,
    c.fl,
    { x: c.fl.x + ahead.x - right.x, y: c.fl.y + ahead.y - right.y },
    { x: c.fr.x + ahead.x + right.x, y: c.fr.y + ahead.y + right.y },
  ];
}
