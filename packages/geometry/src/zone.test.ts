import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { baseCorners, basePolygon } from "./base.js";
import { pointInConvex } from "./convex.js";
import { pointInPolygon } from "./polygon.js";
import { point, pose, size } from "./test-support/arbitraries.js";
import { inches } from "./units.js";
import { inWedge } from "./wedge.js";
import { closedZones, zoneOf } from "./zone.js";

const SIZE = { frontage: inches(4), depth: inches(2) };
const NORTH = baseCorners({ x: 0, y: 0, facing: 0 }, SIZE);

describe("zones by the corner rays", () => {
  it("puts points ahead, beside and behind a north-facing base in the obvious zones", () => {
    expect(zoneOf(NORTH, { x: 0, y: 50000 }, "front-rear")).toBe("front");
    expect(zoneOf(NORTH, { x: -50000, y: 0 }, "front-rear")).toBe("left");
    expect(zoneOf(NORTH, { x: 50000, y: 0 }, "front-rear")).toBe("right");
    expect(zoneOf(NORTH, { x: 0, y: -50000 }, "front-rear")).toBe("rear");
    expect(zoneOf(NORTH, { x: 0, y: 0 }, "front-rear")).toBe("inside");
  });

  it("golden: a point exactly on the front-left ray goes to the zone the option names", () => {
    // fl = (-12192, 6096); the ray runs north-west at exactly 45°.
    const onRay = { x: -12192 - 1000, y: 6096 + 1000 };
    expect(zoneOf(NORTH, onRay, "front-rear")).toBe("front");
    expect(zoneOf(NORTH, onRay, "flank")).toBe("left");
    // One tick either side is settled regardless of the option.
    expect(zoneOf(NORTH, { x: onRay.x + 1, y: onRay.y }, "flank")).toBe("front");
    expect(zoneOf(NORTH, { x: onRay.x - 1, y: onRay.y }, "front-rear")).toBe("left");
    // The rear-right ray, and the corner itself.
    expect(zoneOf(NORTH, { x: 12192 + 7, y: -6096 - 7 }, "front-rear")).toBe("rear");
    expect(zoneOf(NORTH, { x: 12192 + 7, y: -6096 - 7 }, "flank")).toBe("right");
    expect(zoneOf(NORTH, NORTH.fl, "flank")).toBe("left");
  });

  it("gives a point on an edge (a contact point) that edge's zone", () => {
    expect(zoneOf(NORTH, { x: 100, y: 6096 }, "flank")).toBe("front");
    expect(zoneOf(NORTH, { x: -12192, y: 0 }, "front-rear")).toBe("left");
  });

  it("partition the plane outside the base: every point in exactly one closed zone but on a ray", () => {
    fc.assert(
      fc.property(pose(200_000), size(), point(300_000), (p, s, q) => {
        const c = baseCorners(p, s);
        const a = zoneOf(c, q, "front-rear");
        const b = zoneOf(c, q, "flank");
        const loc = pointInPolygon(q, basePolygon(p, s));
        expect(a === "inside").toBe(loc === "inside");
        expect(b === "inside").toBe(loc === "inside");
        // The options disagree only on a ray, where one gives front/rear and the other a flank.
        if (a !== b) {
          expect(["front", "rear"]).toContain(a);
          expect(["left", "right"]).toContain(b);
        }
      }),
    );
  });

  it("is complete and disjoint: two closed zones share a point only on the ray between them", () => {
    const rays = (c: ReturnType<typeof baseCorners>) => {
      const ex = c.fr.x - c.fl.x;
      const ey = c.fr.y - c.fl.y;
      return [
        { from: c.fl, d: { x: -ey - ex, y: ex - ey }, zones: ["front", "left"] },
        { from: c.fr, d: { x: -ey + ex, y: ex + ey }, zones: ["front", "right"] },
        { from: c.rl, d: { x: ey - ex, y: -ex - ey }, zones: ["left", "rear"] },
        { from: c.rr, d: { x: ey + ex, y: -ex + ey }, zones: ["rear", "right"] },
      ];
    };
    const onRay = (q: { x: number; y: number }, r: ReturnType<typeof rays>[number]) => {
      const wx = q.x - r.from.x;
      const wy = q.y - r.from.y;
      return r.d.x * wy - r.d.y * wx === 0 && r.d.x * wx + r.d.y * wy >= 0;
    };
    const check = (
      c: ReturnType<typeof baseCorners>,
      poly: ReturnType<typeof basePolygon>,
      q: { x: number; y: number },
    ) => {
      const zs = closedZones(c, q);
      if (pointInConvex(q, poly) && pointInPolygon(q, poly) === "inside") {
        expect(zs).toEqual([]);
        return;
      }
      expect(zs.length === 1 || zs.length === 2).toBe(true);
      if (zs.length === 2) {
        const r = rays(c).find((x) => x.zones.every((z) => zs.includes(z as never)));
        expect(r).toBeDefined();
        if (r) expect(onRay(q, r)).toBe(true);
      }
    };
    fc.assert(
      fc.property(pose(200_000), size(), point(300_000), (p, s, q) => {
        check(baseCorners(p, s), basePolygon(p, s), q);
      }),
    );
    // Points on the rays themselves (north-facing base, 45° rays through the lattice).
    const poly = basePolygon({ x: 0, y: 0, facing: 0 }, SIZE);
    for (let k = 0; k < 50; k++)
      for (const r of rays(NORTH))
        check(NORTH, poly, {
          x: r.from.x + (r.d.x / 24384) * k * 97,
          y: r.from.y + (r.d.y / 24384) * k * 97,
        });
  });
});

describe("wedges from a point", () => {
  const o = { x: 0, y: 0 };
  it("reads within 45 degrees of north, edges by the inclusive flag", () => {
    expect(inWedge(o, 0, 4500, { x: 0, y: 100 }, true)).toBe(true);
    expect(inWedge(o, 0, 4500, { x: 100, y: 100 }, true)).toBe(true);
    expect(inWedge(o, 0, 4500, { x: 100, y: 100 }, false)).toBe(false);
    expect(inWedge(o, 0, 4500, { x: 101, y: 100 }, true)).toBe(false);
    expect(inWedge(o, 0, 4500, { x: 0, y: -100 }, true)).toBe(false);
    expect(inWedge(o, 9000, 4500, { x: 100, y: -100 }, true)).toBe(true);
  });

  it("handles the half-plane, reflex wedges and the whole plane", () => {
    expect(inWedge(o, 0, 9000, { x: 100, y: 0 }, true)).toBe(true);
    expect(inWedge(o, 0, 9000, { x: 100, y: 0 }, false)).toBe(false);
    expect(inWedge(o, 0, 9000, { x: 5, y: -1 }, true)).toBe(false);
    expect(inWedge(o, 0, 13500, { x: 100, y: -99 }, true)).toBe(true);
    expect(inWedge(o, 0, 13500, { x: 0, y: -100 }, true)).toBe(false);
    expect(inWedge(o, 0, 18000, { x: 0, y: -100 }, false)).toBe(true);
  });

  it("is invariant under quarter turns of the facing and the point", () => {
    fc.assert(
      fc.property(
        point(),
        fc.integer({ min: 0, max: 35999 }),
        fc.integer({ min: 0, max: 18000 }),
        fc.boolean(),
        (q, f, h, inc) => {
          expect(inWedge(o, f + 9000, h, { x: q.y, y: -q.x }, inc)).toBe(inWedge(o, f, h, q, inc));
        },
      ),
    );
  });
});
