import { type MoveOp, traitsOf, type UnitState } from "@tercio/plucky-pikes";
import { describe, expect, it } from "vitest";
import { formationsFor } from "./choices.js";
import { previewMove, stepPose } from "./draft.js";
import { unitPicture } from "./figures.js";
import { atFirstMove, play } from "./test-game.js";
import { opCost, programCosts, sum } from "./urt.js";
import { traitsLine, unitLine } from "./words.js";

/** White Mountain: the League (first) moves first; L8, Polish Cossacks, are horse archers (missile horse-bow). */
describe("[001 Bows & Crossbows] horse archers dismount and mount in the move drawn", () => {
  const { ctx, position } = atFirstMove("white-mountain-star-park");
  const u = position.units.L8 as UnitState;
  const thousandths = (f: { num: number; den: number }) => Math.ceil((f.num * 1000) / f.den);

  it("dismounting is the engine's move: a URT, on foot in open order, the front where it was", () => {
    const program: MoveOp[] = [{ op: "dismount" }];
    const pv = previewMove(ctx, position, "L8", program, false);
    if (!pv?.legal) throw new Error(pv?.error?.message);
    expect(pv.ghost.dismounted).toBe(true);
    expect(pv.ghost.formation).toBe("open");
    // The URT Table: 1 URT; the cost shown is what the engine records.
    expect(pv.used).toBe(thousandths(sum(programCosts(ctx, "L8", u, program))));
    expect(pv.used).toBe(thousandths(ctx.rules.data.classes[traitsOf(ctx, "L8").class].urt));
    // The pose drawn before the engine is asked is the engine's.
    const drawn = stepPose(ctx, "L8", u, { op: "dismount" });
    expect({ x: drawn.x, y: drawn.y, facing: drawn.facing, dismounted: drawn.dismounted }).toEqual({
      x: pv.ghost.x,
      y: pv.ghost.y,
      facing: pv.ghost.facing,
      dismounted: true,
    });
  });

  it("on foot they advance at foot's rate for the rest of the move, and mount again for a URT in a later move", () => {
    const down = stepPose(ctx, "L8", u, { op: "dismount" });
    const walk: MoveOp = { op: "advance", ticks: 6096 };
    // An inch is a smaller part of a horse's move than of a foot bowman's.
    const mounted = opCost(ctx, traitsOf(ctx, "L8", u), u, walk);
    const onFoot = opCost(ctx, traitsOf(ctx, "L8", down), down, walk);
    if (!mounted || !onFoot) throw new Error("no cost");
    expect(onFoot.num / onFoot.den).toBeGreaterThan(mounted.num / mounted.den);
    const program: MoveOp[] = [{ op: "dismount" }, walk];
    expect(programCosts(ctx, "L8", u, program)[1]).toEqual(onFoot);
    // A recruit's URT is its whole move: the inch on foot (1/6 of open order's 6") is past it, as the engine says.
    const total = sum(programCosts(ctx, "L8", u, program));
    expect(total).toEqual({ num: 7, den: 6 });
    expect(previewMove(ctx, position, "L8", program, false)?.error?.message).toBe(
      `001 Movement: the move needs ${total.num}/${total.den} of a move, more than 1/1`,
    );
    // Dismounted in an earlier move, they mount again: a URT, the whole of a recruit's move.
    const after = play(ctx, position, { type: "move", unit: "L8", program: [{ op: "dismount" }] });
    const onFootNow = { ...(after.units.L8 as UnitState), moved: false, used: 0 };
    const later = { ...after, units: { ...after.units, L8: onFootNow } };
    const up: MoveOp[] = [{ op: "mount" }];
    const pv = previewMove(ctx, later, "L8", up, false);
    if (!pv?.legal) throw new Error(pv?.error?.message);
    expect(pv.ghost.dismounted).toBe(false);
    expect(pv.used).toBe(thousandths(sum(programCosts(ctx, "L8", onFootNow, up))));
    expect(pv.used).toBe(1000);
    const drawn = stepPose(ctx, "L8", onFootNow, { op: "mount" });
    expect({ x: drawn.x, y: drawn.y }).toEqual({ x: pv.ghost.x, y: pv.ghost.y });
  });

  it("only horse archers: another unit's dismount is refused with the engine's words", () => {
    const other = Object.keys(position.units).find(
      (id) => position.units[id]?.side === position.toMove && ctx.units[id]?.arm === "horse" && id !== "L8",
    );
    if (!other) throw new Error("no other horse");
    const pv = previewMove(ctx, position, other, [{ op: "dismount" }], false);
    expect(pv?.error?.message).toBe("001 Bows & Crossbows: only horse archers dismount and mount");
  });

  it("a dismounted unit is drawn and named as foot, forms as foot, and says it may mount", () => {
    const after = play(ctx, position, { type: "move", unit: "L8", program: [{ op: "dismount" }] });
    const down = after.units.L8 as UnitState;
    // Figures as foot: a foot figure's frontage, not a horse's.
    const pic = unitPicture(ctx, "L8", down);
    const was = unitPicture(ctx, "L8", u);
    expect(pic.figure.across).toBeLessThanOrEqual(ctx.rules.data.basing.foot.frontage * 0.62 + 1);
    expect(was.figure.across).toBeGreaterThan(pic.figure.across);
    expect(traitsOf(ctx, "L8", down).arm).toBe("foot");
    expect(unitLine(ctx, after, "L8")).toMatch(
      /^L8 Polish Cossacks, .* recruit horse archers on foot in open: /,
    );
    expect(traitsLine(ctx, "L8", down)).toContain("missile: light-bow (dismounted; horse-bow mounted)");
    expect(traitsLine(ctx, "L8", u)).toContain("missile: horse-bow (may dismount)");
    // The orders offered are foot's (the next turn's move: a fresh position for the side).
    const fresh = { ...after, units: { ...after.units, L8: { ...down, moved: false, used: 0 } } };
    const orders = formationsFor(ctx, fresh, "L8");
    expect(orders).toContain("open");
    expect(orders.every((f) => f !== "close")).toBe(true);
  });
});
