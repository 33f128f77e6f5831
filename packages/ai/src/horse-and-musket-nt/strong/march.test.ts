import { seedPrng } from "@tercio/core";
import { type Ctx, type Position, removalsToDestroy, type UnitState } from "@tercio/horse-and-musket-nt";
import { describe, expect, it } from "vitest";
import { rolledAs } from "../charges.js";
import { bearing, distance, INCH } from "../geometry.js";
import { fireReach } from "../goals.js";
import { HMNT, ntGame } from "../test-support/games.js";
import { analyse, closeRange, quarryOf } from "./analysis.js";
import { DEFAULT_WEIGHTS, targetFactor, UnitEvaluator } from "./evaluate.js";
import { afterRoll, decide } from "./options.js";

/**
 * Where the strong player marches and when it waits: a column goes as far
 * as its line will fire from; a shooter that reaches its enemy from its own
 * bank fires across instead of queueing for the bridge; a side losing as
 * things stand goes for the enemy in its objective, to effective range, and
 * turns to face it; an attacker that holds its objective with the enemy a
 * move from it is not yet winning; a defender level with the attacker
 * waits for it; a column wedged at a bank backs off at an angle; and a
 * unit caught in an
 * enemy's threat zone (Interpenetration: no move there but to Charge, Fall
 * Back or a new point blank target) falls back rather than stand in the
 * fire.
 */
function opened(scenario: string): { ctx: Ctx; position: Position } {
  const { ctx, setup } = ntGame(scenario, { greyAreas: "exact" });
  const o = HMNT.open(ctx, setup, seedPrng(1));
  if (!o.ok) throw new Error(o.error.message);
  return { ctx, position: o.value.position };
}

function placed(position: Position, id: string, change: Partial<UnitState>): Position {
  return {
    ...position,
    units: { ...position.units, [id]: { ...(position.units[id] as UnitState), ...change } },
  };
}

describe("the strong player's march", () => {
  it("a column marches to its line's range (it deploys to fire; a column fires only under the ACW rules)", () => {
    const { ctx, position } = opened("arcole-bridge");
    const u = position.units["F-51"] as UnitState;
    const line = fireReach(ctx, "F-51", { ...u, formation: "line" });
    expect(line).toBe(ctx.rules.data.unitTypes.infantry.fire?.effective);
    expect(fireReach(ctx, "F-51", { ...u, formation: "column" })).toBe(line);
    // A unit that never fires closes to 2".
    expect(fireReach(ctx, "F-Gui", position.units["F-Gui"] as UnitState)).toBe(2 * INCH);
  });

  it("Arcole: a line with the Croats in range from the west bank fires across; the town's units queue for the bridge", () => {
    const { ctx, position } = opened("arcole-bridge");
    // F-1 on the west bank, 6" from the Alpone, the Croats lining the far bank; the town empty
    // (A-2 out of it), so F-1 marches on the nearest enemy, not on the town's holders.
    let there = placed(position, "F-1", { x: 28 * INCH, y: 32 * INCH, facing: 9000, formation: "line" });
    there = placed(there, "A-2", { x: 56 * INCH, y: 6 * INCH });
    const an = analyse(ctx, there);
    expect(an.occupants.flat()).toEqual([]);
    expect(an.goals.get("F-1")?.kind).toBe("enemy");
    expect(an.crossings.has("F-1")).toBe(false);
    const town = [...an.goals].filter(([, g]) => g.kind === "hold").map(([id]) => id);
    expect(town.length).toBeGreaterThan(0);
    for (const id of town) expect(an.crossings.get(id)?.crossing.mid).toEqual({ x: 34 * INCH, y: 20 * INCH });
  });

  it("McPherson's Ridge: the side losing as things stand goes for the enemy on the ridge, to effective range", () => {
    const { ctx, position } = opened("mcpherson-ridge");
    const an = analyse(ctx, position);
    expect(an.side).toBe("first");
    expect(an.winning).toBe(false);
    const onRidge = an.occupants.flat();
    expect(onRidge.length).toBeGreaterThan(0);
    const u = position.units["C-Pet"] as UnitState;
    const q = quarryOf(ctx, an, position, "C-Pet", u);
    expect(q).toBeDefined();
    expect(onRidge.map((id) => position.units[id])).toContain(q?.u);
    expect(q?.reach).toBe(closeRange(ctx, u));
    expect(closeRange(ctx, u)).toBe(
      Math.floor((ctx.rules.data.unitTypes.infantry.fire?.effective ?? 0) * 0.9),
    );
  });

  it("McPherson's Ridge: a trooper standing beyond the ford is shot away by the units that must pass it; one 12\" beyond is not in the way", () => {
    const { ctx, position } = opened("mcpherson-ridge");
    const ford = { x: 37 * INCH, y: 15 * INCH };
    // C-Arc at the ford's west bank, as in a game traced; U-Gam2 4" beyond the ford's middle.
    let there = placed(position, "C-Arc", { x: 31.5 * INCH, y: 10 * INCH, facing: 9000 });
    there = placed(there, "U-Gam2", { x: 41 * INCH, y: 15 * INCH, facing: 27000 });
    const an = analyse(ctx, there);
    expect(an.crossings.get("C-Arc")?.crossing.mid).toEqual(ford);
    expect(an.blockers.get("C-Arc")).toBe("U-Gam2");
    const arc = there.units["C-Arc"] as UnitState;
    const q = quarryOf(ctx, an, there, "C-Arc", arc);
    expect(q?.u).toBe(there.units["U-Gam2"]);
    expect(q?.reach).toBe(closeRange(ctx, arc));
    // Far from the crossing (over 20"), a unit has no blocker yet.
    for (const [id, ahead] of an.crossings)
      if (distance(ahead.crossing.mid, there.units[id] as UnitState) > 20 * INCH)
        expect(an.blockers.has(id)).toBe(false);
    const clear = analyse(ctx, placed(there, "U-Gam2", { x: 49 * INCH, y: 15 * INCH }));
    expect(clear.blockers.has("C-Arc")).toBe(false);
  });

  it("hits weigh more as each side nears its sudden-death count of the other's losses", () => {
    const { ctx, position } = opened("brandywine-ford");
    // Each side wins at once on removing half the other's units: the Crown 4 of 7, the Continentals 4 of 8.
    expect(removalsToDestroy(ctx, position, "first")).toBe(4);
    expect(removalsToDestroy(ctx, position, "second")).toBe(4);
    const an = analyse(ctx, position);
    expect(an.press).toBeCloseTo(1.25, 9);
    expect(an.exposure).toBeCloseTo(1.25, 9);
    // Three Continentals removed: the next removal wins.
    const units = { ...position.units };
    for (const id of ["A-Mil", "A-Wa", "A-Pa"]) delete units[id];
    const late: Position = { ...position, units, removed: ["A-Mil", "A-Wa", "A-Pa"] };
    expect(removalsToDestroy(ctx, late, "first")).toBe(1);
    const crown = analyse(ctx, late);
    expect(crown.press).toBe(2);
    expect(crown.exposure).toBeCloseTo(1.25, 9);
    // The Continentals, who moved second, see it from the other side.
    const them = analyse(ctx, { ...late, toMove: "second" });
    expect(them.exposure).toBe(2);
    // A Continental on the Heights (held by them, the Crown losing): twice, and twice again.
    const a1 = late.units["A-1"] as UnitState;
    expect(crown.winning).toBe(false);
    expect(targetFactor(crown, { ...a1, x: 20 * INCH, y: 40 * INCH })).toBe(4);
    expect(targetFactor(crown, { ...a1, x: 60 * INCH, y: 10 * INCH })).toBe(2);
  });

  it("a shooter near the enemy it must fire on turns to face it: each right angle outside its front arc costs", () => {
    const { ctx, position } = opened("mcpherson-ridge");
    const an = analyse(ctx, position);
    const gam = position.units["U-Gam"] as UnitState;
    // C-Pet 6" west of U-Gam on the ridge, within its reach.
    const facing = (f: number) => {
      const there = placed(position, "C-Pet", {
        x: gam.x - 6 * INCH,
        y: gam.y,
        facing: f,
        formation: "line",
      });
      const ev = new UnitEvaluator(ctx, there, "C-Pet", an, DEFAULT_WEIGHTS);
      return ev.facingCost(there.units["C-Pet"] as UnitState, gam, closeRange(ctx, gam));
    };
    expect(facing(9000)).toBe(0); // east, at it
    expect(facing(4500)).toBe(0); // at the edge of the arc
    expect(facing(0)).toBeCloseTo(DEFAULT_WEIGHTS.face * 0.5, 6); // north: 45 degrees outside
    expect(facing(27000)).toBeCloseTo(DEFAULT_WEIGHTS.face * 1.5, 6); // west: its back to it
    // Far beyond its reach, no turn is asked.
    const far = placed(position, "C-Pet", { x: gam.x - 30 * INCH, y: gam.y, facing: 27000 });
    const ev = new UnitEvaluator(ctx, far, "C-Pet", an, DEFAULT_WEIGHTS);
    expect(ev.facingCost(far.units["C-Pet"] as UnitState, gam, closeRange(ctx, gam))).toBe(0);
  });

  it("Arcole: a column marching on the bridge ends its move facing down its route: each right angle turned from it costs", () => {
    const { ctx, position } = opened("arcole-bridge");
    const an = analyse(ctx, position);
    const u = position.units["F-Gr"] as UnitState;
    const lane = an.lanes.get("F-Gr");
    expect(lane).toBeDefined();
    if (!lane) return;
    const along = bearing(u, lane.to);
    expect(along).not.toBeNull();
    const ev = new UnitEvaluator(ctx, position, "F-Gr", an, DEFAULT_WEIGHTS);
    const cost = (at: { x: number; y: number }, facing: number) => ev.headingCost({ ...at, facing }, u);
    expect(cost(u, along ?? 0)).toBe(0);
    expect(cost(u, (along ?? 0) + 9000)).toBeCloseTo(DEFAULT_WEIGHTS.heading, 6);
    expect(cost(u, (along ?? 0) + 18000)).toBeCloseTo(2 * DEFAULT_WEIGHTS.heading, 6);
    // At its lane's end it need not mind its heading; nor within its reach of an enemy (it faces that).
    expect(cost(lane.to, (along ?? 0) + 9000)).toBe(0);
    const croat = position.units["A-Cro"] as UnitState;
    expect(cost({ x: croat.x - 8 * INCH, y: croat.y }, (along ?? 0) + 9000)).toBe(0);
  });

  it("Brandywine: the Crown holding the Heights with Continentals a move from them is not yet winning", () => {
    const { ctx, position } = opened("brandywine-ford");
    // The Queen's Rangers alone on the Heights; the Continentals far off, then one 4" from it.
    const units: Record<string, UnitState> = {};
    for (const [id, u] of Object.entries(position.units)) if (u.side === "first") units[id] = u;
    const alone: Position = { ...position, units };
    let held = placed(alone, "B-QR", { x: 22 * INCH, y: 40 * INCH });
    held = {
      ...held,
      units: {
        ...held.units,
        "A-Pa": { ...(position.units["A-Pa"] as UnitState), x: 60 * INCH, y: 46 * INCH },
      },
    };
    expect(analyse(ctx, held).winning).toBe(true);
    const near = {
      ...held,
      units: {
        ...held.units,
        "A-2": { ...(position.units["A-2"] as UnitState), x: 32 * INCH, y: 40 * INCH },
      },
    };
    expect(analyse(ctx, near).winning).toBe(false);
  });

  it("Arcole: a column wedged at the bank beside the bridge backs off at an angle towards the way over", () => {
    const { ctx, position } = opened("arcole-bridge");
    // F-Lan's front on the Alpone's bank at the bridge's southern end, off its axis; the guns
    // on the road behind the bridge.
    let there = placed(position, "F-Lan", { x: 31 * INCH, y: 16 * INCH, facing: 9000, formation: "column" });
    there = placed(there, "F-Art", { x: 27.5 * INCH, y: 20 * INCH, facing: 9000, formation: "column" });
    const intent = decide(ctx, there, "F-Lan", analyse(ctx, there), DEFAULT_WEIGHTS);
    expect(intent.kind).toBe("reform");
    if (intent.kind !== "reform" || intent.action.type !== "reform") return;
    // Back (west) and towards the bridge's axis (north) at once.
    expect(intent.action.dx).toBeLessThan(0);
    expect(intent.action.dy).toBeGreaterThan(0);
    expect(HMNT.apply(ctx, there, intent.action).ok).toBe(true);
  });

  it("Minden: the French, defending a level game, wait for the Allies; the Allies, attacking, do not", () => {
    const { ctx, position } = opened("minden-heath");
    expect(analyse(ctx, position).waits).toBe(false);
    const french = analyse(ctx, { ...position, toMove: "second" });
    expect(french.winning).toBe(false);
    expect(french.waits).toBe(true);
    // Two turns from the end they go in: a draw is not a win.
    const late = analyse(ctx, { ...position, toMove: "second", turn: ctx.scenario.turns - 2 });
    expect(late.waits).toBe(false);
  });

  it("Minden: cavalry caught in an infantry line's threat zone, its flank to it, falls back (no other move is allowed)", () => {
    const { ctx, position } = opened("minden-heath");
    const b37 = position.units["B-37"] as UnitState;
    // B-37 alone of the Allies; French cuirassiers 3.5" before its front, facing east along it:
    // their right flank to its muskets, no enemy before them to charge.
    const units: Record<string, UnitState> = {};
    for (const [id, u] of Object.entries(position.units))
      if (u.side === "second" || id === "B-37") units[id] = u;
    let there: Position = { ...position, units, toMove: "second" };
    there = placed(there, "F-Cu", { x: b37.x, y: b37.y + 6 * INCH, facing: 9000 });
    const an = analyse(ctx, there);
    expect(decide(ctx, there, "F-Cu", an, DEFAULT_WEIGHTS).kind).toBe("move");
    const rolled = rolledAs(there, "F-Cu", 4);
    const action = afterRoll(ctx, rolled, "F-Cu", an, DEFAULT_WEIGHTS);
    expect(action?.type).toBe("fall-back");
    if (!action) return;
    const step = HMNT.apply(ctx, rolled, action);
    expect(step.ok).toBe(true);
    if (!step.ok) return;
    // Back along its line and turned about (1.2 Move: Fall Back), away from B-37's front.
    const cu = step.value.position.units["F-Cu"] as UnitState;
    expect(cu.x).toBeLessThan(b37.x);
    expect(cu.facing).toBe(27000);
  });
});
