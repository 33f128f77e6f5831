import { describe, expect, it } from "vitest";
import { aim } from "../fire/aim.js";
import { unitFront, unitSize } from "../footprint.js";
import { foot, horse, INCH, play, refusal, table, withUnit } from "../test-support/table.js";

const archers = horse("R1", 24, 10, 0, {
  strength: 8,
  formation: "open",
  melee: "light-horse",
  missile: "horse-bow",
});

describe("[001 Bows & Crossbows] Asian horse archers", () => {
  it("fire from horseback while moving with their full LF; dismounted they fire as regular bowmen", () => {
    const { ctx, position } = table({ first: [archers], second: [foot("B1", 24, 20, 180)] });
    const moving = withUnit(position, "R1", { stirred: true });
    const mounted = aim(ctx, moving, "R1", "B1", false);
    expect(mounted.ok && mounted.value.strike(5).modifiers).toEqual([]);
    const down = play(ctx, position, { type: "move", unit: "R1", program: [{ op: "dismount" }] }).position;
    const onFoot = aim(ctx, withUnit(down, "R1", { stirred: true }), "R1", "B1", false);
    // A moving light bowman: the first rank, −2.
    expect(onFoot.ok && onFoot.value.strike(5).modifiers.map((m) => m.value)).toEqual([-2]);
  });

  it("dismounting takes a URT (the URT Table): on foot in open order, the front where it was", () => {
    const { ctx, position } = table({ first: [archers], second: [foot("B1", 24, 40, 180)] });
    const before = unitFront(ctx, "R1", position.units.R1 as never);
    const after = play(ctx, position, { type: "move", unit: "R1", program: [{ op: "dismount" }] });
    const u = after.position.units.R1;
    expect(u?.dismounted).toBe(true);
    expect(u?.formation).toBe("open");
    expect(u?.used).toBe(500);
    expect(unitSize(ctx, "R1", u as never)).toEqual({ frontage: 2 * INCH, depth: 1 * INCH });
    expect(unitFront(ctx, "R1", u as never)).toEqual(before);
    // On foot they move as foot: open order's 6" (half of it left).
    const walked = play(ctx, withUnit(after.position, "R1", { moved: false, used: 0 }), {
      type: "move",
      unit: "R1",
      program: [{ op: "advance", ticks: 6 * INCH }],
    });
    expect(walked.position.units.R1?.y).toBe((u?.y as number) + 6 * INCH);
  });

  it("only horse archers dismount, and they mount again", () => {
    const { ctx, position } = table({
      first: [archers, horse("R2", 10, 10, 0)],
      second: [foot("B1", 24, 40, 180)],
    });
    expect(refusal(ctx, position, { type: "move", unit: "R2", program: [{ op: "dismount" }] })).toMatch(
      /^001 Bows & Crossbows: only horse archers dismount and mount/,
    );
    expect(refusal(ctx, position, { type: "move", unit: "R1", program: [{ op: "mount" }] })).toMatch(
      /already mounted/,
    );
    const down = play(ctx, position, {
      type: "move",
      unit: "R1",
      program: [{ op: "dismount" }, { op: "mount" }],
    });
    expect(down.position.units.R1?.dismounted).toBe(false);
    expect(down.position.units.R1?.used).toBe(1000);
  });
});
