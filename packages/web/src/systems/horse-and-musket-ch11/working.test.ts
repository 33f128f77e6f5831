import { chargeWorking, handToHandWorking, shotWorking } from "@tercio/horse-and-musket-ch11";
import { describe, expect, it } from "vitest";
import { opening, withUnit } from "./test-game.js";
import { chargeShapes, retreatShapes, shotShapes } from "./working.js";

const { ctx, position } = opening("river-crossing");
const IN = 6096;

describe("show working names the engine's own shapes", () => {
  it("a shot: the arc polygon, the measured parts, the nearest points", () => {
    const w = shotWorking(ctx, position, "A-ART1", "D-INF1");
    if (!w) throw new Error("units");
    const s = shotShapes(w);
    expect(s.shapes[0]?.points).toBe(w.fieldOfFire);
    const nearest = s.shapes.find((x) => x.label.startsWith("nearest points"));
    expect(nearest?.points).toEqual([w.range.from, w.range.to]);
    expect(nearest?.label).toContain(w.range.text);
  });

  it("a charge: the swept ground, the end base, the four corner rays and the side point", () => {
    const cav = position.units["A-CAV1"];
    if (!cav) throw new Error("A-CAV1");
    const p = withUnit(position, "D-INF1", { x: cav.x, y: cav.y + 8 * IN, facing: 18000 });
    const c = chargeWorking(ctx, p, "A-CAV1").find((o) => o.ok && o.target === "D-INF1");
    if (!c?.ok) throw new Error("no charge");
    const s = chargeShapes("A-CAV1", cav, c);
    expect(s.shapes.filter((x) => x.label.endsWith("corner ray"))).toHaveLength(4);
    expect(s.shapes.find((x) => x.label.startsWith("the ground swept"))?.points).toBe(c.path.swept);
    expect(s.shapes.find((x) => x.kind === "point")?.points).toEqual([c.sidePoint]);
    // The fight that would follow, and its retreat should the defender stand.
    expect(retreatShapes(c.combat)[0]?.points).toBe(c.combat.retreat?.swept);
  });

  it("a fight's retreat from the recorded contact", () => {
    const w = handToHandWorking(ctx, position, { attacker: "A-CAV1", defender: "D-INF1", side: "front" });
    if (!w) throw new Error("units");
    expect(retreatShapes(w)[0]?.label).toMatch(/^A-CAV1's retreat: /);
  });
});
