import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { baseCorners, basePolygon } from "./base.js";
import { firstContact } from "./contact.js";
import { contactPoints } from "./contact-points.js";
import { convexWithin } from "./convex.js";
import { pose, size } from "./test-support/arbitraries.js";
import { inches } from "./units.js";
import { closedZones, cornerRays } from "./zone.js";

const SIZE = { frontage: inches(4), depth: inches(2) };
const at = (x: number, y: number, facing = 0) => basePolygon({ x, y, facing }, SIZE);
const A = at(0, 0);

describe("contact points at the instant of first contact", () => {
  it("golden: head on, offset by an inch: the common stretch of the two front edges", () => {
    const b = at(inches(1), 20000, 18000);
    const v = { x: 0, y: 20000 };
    const c = firstContact(A, v, b);
    if (!c) throw new Error("contact");
    expect(c.touching).toBe("edge-edge");
    const pts = contactPoints(A, v, c.t, b);
    // A's front edge spans x in [−2", 2"]; B's in [−1", 3"]: they share [−1", 2"] at y = 13904.
    expect(pts.map((p) => p.x).sort((p, q) => p - q)).toEqual([-inches(1), inches(2)]);
    expect(pts.every((p) => p.y === 13904)).toBe(true);
  });

  it("golden: corner to corner is one point, the corner", () => {
    const b = at(12192 + 1000 + 12192, 6096 + 1000 + 6096);
    const v = { x: 2000, y: 2000 };
    const c = firstContact(A, v, b);
    if (!c) throw new Error("contact");
    expect(contactPoints(A, v, c.t, b)).toEqual([{ x: 13192, y: 7096 }]);
  });

  it("property: the points lie on both bases (within a tick), one for a corner, two apart for edge to edge", () => {
    let contacts = 0;
    fc.assert(
      fc.property(pose(40000), size(), size(), fc.integer({ min: -3000, max: 3000 }), (pb, sa, sb, dx) => {
        const a = basePolygon({ x: 0, y: -200000, facing: 0 }, sa);
        const b = basePolygon(pb, sb);
        const v = { x: dx, y: 400000 };
        const c = firstContact(a, v, b);
        if (!c || c.t.num === 0) return;
        contacts++;
        const pts = contactPoints(a, v, c.t, b);
        const moved = a.map((p) => ({
          x: p.x + Math.round((v.x * c.t.num) / c.t.den),
          y: p.y + Math.round((v.y * c.t.num) / c.t.den),
        }));
        expect(pts.length).toBeGreaterThan(0);
        for (const p of pts) {
          expect(convexWithin([p], b, 1)).toBe(true);
          expect(convexWithin([p], moved, 2)).toBe(true);
        }
        if (c.touching === "edge-edge") expect(pts).toHaveLength(2);
        else expect(pts).toHaveLength(1);
      }),
      { numRuns: 300 },
    );
    expect(contacts).toBeGreaterThan(100);
  });

  it("the corner rays are the zone boundaries: a point just along a ray is in two zones", () => {
    const corners = baseCorners({ x: 0, y: 0, facing: 3000 }, SIZE);
    const r = cornerRays(corners);
    for (const [corner, zones] of [
      ["fr", ["front", "right"]],
      ["fl", ["front", "left"]],
      ["rl", ["left", "rear"]],
      ["rr", ["rear", "right"]],
    ] as const) {
      const p = { x: corners[corner].x + 3 * r[corner].x, y: corners[corner].y + 3 * r[corner].y };
      expect(closedZones(corners, p)).toEqual(zones);
    }
  });
});
