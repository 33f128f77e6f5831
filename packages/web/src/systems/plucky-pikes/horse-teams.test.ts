import { legalActions, type MoveOp, teamPolygon, type UnitState } from "@tercio/plucky-pikes";
import { describe, expect, it } from "vitest";
import { opWords, previewMove, stepPose, withTeamPlaced } from "./draft.js";
import { teamAt, unitAt } from "./hit-test.js";
import { teamLabel, teamOffset, teamPlaceWords, teamPointFrom, teamWords } from "./team-words.js";
import { atFirstMove, play } from "./test-game.js";
import { programCosts, sum } from "./urt.js";
import { ppActionWords, unitLine } from "./words.js";

/**
 * Lützen's opening: the Swedes (first) move first; their twelve-pounders W7
 * stand unlimbered with the team out beside them, and the windmill battery
 * M6 (second) has its team out behind it.
 */
describe("[001 Artillery] horse teams on the table", () => {
  const { ctx, position } = atFirstMove("lutzen-windmills");
  const gun = position.units.W7 as UnitState;
  const enemy = position.units.M6 as UnitState;
  const at = gun.team?.at;
  const enemyAt = enemy.team?.at;
  if (!at || !enemyAt) throw new Error("the opening's unlimbered guns have their teams out");

  it("a press on a team's model is on the team, not on a unit; its gun is found by its own base", () => {
    expect(teamAt(ctx, position, at)).toBe("W7");
    expect(teamAt(ctx, position, enemyAt)).toBe("M6");
    expect(unitAt(ctx, position, at)).toBeUndefined();
    // The gun's own base is the gun's.
    expect(teamAt(ctx, position, { x: gun.x, y: gun.y })).toBeUndefined();
    expect(unitAt(ctx, position, { x: gun.x, y: gun.y })).toBe("W7");
    // A corner of the model (just inside) hits; just outside does not.
    const poly = teamPolygon(ctx, gun) ?? [];
    const xs = poly.map((q) => q.x);
    const ys = poly.map((q) => q.y);
    expect(teamAt(ctx, position, { x: Math.min(...xs) + 10, y: Math.min(...ys) + 10 })).toBe("W7");
    expect(teamAt(ctx, position, { x: Math.min(...xs) - 10, y: at.y })).toBeUndefined();
    // Limbered, the team is on the stand: no model to hit.
    const limbered = { ...position, units: { ...position.units, W7: { ...gun, team: { points: 4 } } } };
    expect(teamAt(ctx, limbered, at)).toBeUndefined();
  });

  it("placing the team is an op of the move: within 6\" the engine's own, with no URT", () => {
    const to = teamPointFrom(gun, 3, -2);
    const program = withTeamPlaced([], to);
    expect(program).toEqual([{ op: "team", x: to.x, y: to.y }]);
    const pv = previewMove(ctx, position, "W7", program, false);
    if (!pv?.legal) throw new Error(pv?.error?.message);
    expect(pv.ghost.team?.at).toEqual(to);
    expect(pv.used).toBe(0);
    expect(sum(programCosts(ctx, "W7", gun, program))).toEqual({ num: 0, den: 1 });
    // The drawn pose agrees with the engine's.
    expect(stepPose(ctx, "W7", gun, program[0] as MoveOp).team).toEqual(pv.ghost.team);
    const after = play(ctx, position, { type: "move", unit: "W7", program });
    expect(after.units.W7?.team?.at).toEqual(to);
    expect(teamAt(ctx, after, to)).toBe("W7");
    expect(opWords(program[0] as MoveOp)).toMatch(/^place the horse team at [\d.]+", [\d.]+"$/);
  });

  it("a second placement replaces the first, after an unlimbering", () => {
    const a = teamPointFrom(gun, 0, -3);
    const b = teamPointFrom(gun, 3, -3);
    expect(withTeamPlaced(withTeamPlaced([{ op: "unlimber" }], a), b)).toEqual([
      { op: "unlimber" },
      { op: "team", x: b.x, y: b.y },
    ]);
  });

  it("too far from the gun: refused with the rule's words, the ghost still drawn where it was put", () => {
    const far = teamPointFrom(gun, 0, -7);
    const pv = previewMove(ctx, position, "W7", withTeamPlaced([], far), false);
    expect(pv?.legal).toBe(false);
    expect(pv?.error?.message).toBe('001 Artillery: horse/ox models are placed within 6" of the gun');
    expect(pv?.ghost.team?.at).toEqual(far);
  });

  it("where the team stands from its gun, in the gun's frame and in words; its points in the unit's line", () => {
    const to = teamPointFrom(gun, -1.5, -2.5);
    const off = teamOffset(gun, to);
    expect(off.across).toBeCloseTo(-1.5, 3);
    expect(off.ahead).toBeCloseTo(-2.5, 3);
    expect(teamPlaceWords(gun, to)).toBe('2.5" behind the gun, 1.5" to its left (2.92" from its centre)');
    expect(teamPlaceWords(enemy, enemyAt)).toBe('3" behind the gun (3" from its centre)');
    expect(teamWords(ctx, "M6", enemy)).toBe(
      'horse team 5 of 5 points, on the table 3" behind the gun (3" from its centre)',
    );
    expect(teamWords(ctx, "M6", { ...enemy, team: { points: 2 }, formation: "limbered" })).toBe(
      "horse team 2 of 5 points, on the stand",
    );
    expect(teamWords(ctx, "M6", { ...enemy, team: { points: 0 } })).toBe(
      "horse team lost: the guns cannot limber",
    );
    expect(unitLine(ctx, position, "M6")).toContain("; horse team 5 of 5 points, on the table");
    expect(teamLabel(ctx, "M6", enemy)).toMatch(/^Horse team of M6 .*: 5 of 5 points, 3" behind the gun/);
    // Not a gun: no team.
    const foot = Object.keys(position.units).find((id) => ctx.units[id]?.arm === "foot") as string;
    expect(teamWords(ctx, foot, position.units[foot] as UnitState)).toBeUndefined();
    // Lützen's default place for W7's team: 3" to the gun's left (the ground behind it is taken).
    expect(teamOffset(gun, at).across).toBeCloseTo(-3, 3);
  });

  it("fire at a team is worded as such", () => {
    expect(ppActionWords({ type: "fire", unit: "W7", target: "M6", team: true })).toBe(
      "W7 will fire at M6's horse team",
    );
    const fire = play(ctx, position, { type: "end-phase" });
    const shots = legalActions(ctx, fire).filter((a) => a.type === "fire" && a.team);
    expect(shots).toContainEqual({ type: "fire", unit: "W7", target: "M6", team: true });
  });
});
