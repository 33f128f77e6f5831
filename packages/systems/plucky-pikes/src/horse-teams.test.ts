import { describe, expect, it } from "vitest";
import type { GameEvent } from "./events.js";
import { legalActions } from "./legal.js";
import type { Position, UnitState } from "./position.js";
import { positionIssues } from "./position-check.js";
import { foot, guns, horse, INCH, play, refusal, shot, table, withUnit } from "./test-support/table.js";

const ofType = <T extends GameEvent["type"]>(events: readonly GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

/** Red's saker at y = 10 facing north (+y); Blue's saker at y = 19 facing south, its team out behind it. */
function batteries() {
  return table({ first: [guns("R9", 24, 10, 0)], second: [guns("B9", 24, 19, 180)] });
}

const at = (x: number, y: number) => ({ x: x * INCH, y: y * INCH });

describe('[001 Artillery] horse/ox models within 6" of an unlimbered gun', () => {
  it("a gun deployed unlimbered has its team out behind it; a limbered gun's team is on its stand", () => {
    const { position } = table({
      first: [guns("R9", 24, 10, 0)],
      second: [guns("B9", 24, 30, 180, { formation: "limbered", gun: "culverin", strength: 12 })],
    });
    // Designed P-4: a saker's team has 3 points, a culverin's 4; behind by half the stand and a team's depth (3").
    expect(position.units.R9?.team).toEqual({ points: 3, at: at(24, 7) });
    expect(position.units.B9?.team).toEqual({ points: 4 });
  });

  it("unlimbering puts the team out, limbering takes it back onto the stand", () => {
    const { ctx, position } = table({
      first: [guns("R9", 24, 10, 0, { formation: "limbered" })],
      second: [foot("B1", 24, 40, 180)],
    });
    const out = play(ctx, position, { type: "move", unit: "R9", program: [{ op: "unlimber" }] }).position;
    expect(out.units.R9?.team).toEqual({ points: 3, at: at(24, 7) });
    const back = play(ctx, withUnit(out, "R9", { moved: false }), {
      type: "move",
      unit: "R9",
      program: [{ op: "limber" }],
    }).position;
    expect(back.units.R9?.team).toEqual({ points: 3 });
  });

  it('the team may be placed anywhere within 6" of the axle, and no farther; placing it is not the gun moving', () => {
    const { ctx, position } = batteries();
    const six = play(ctx, position, {
      type: "move",
      unit: "R9",
      program: [{ op: "team", x: 30 * INCH, y: 10 * INCH }],
    });
    expect(six.position.units.R9?.team?.at).toEqual(at(30, 10));
    expect(six.position.units.R9?.stirred).toBe(false);
    expect(
      refusal(ctx, position, {
        type: "move",
        unit: "R9",
        program: [{ op: "team", x: 30 * INCH + 1, y: 10 * INCH }],
      }),
    ).toBe('001 Artillery: horse/ox models are placed within 6" of the gun');
  });

  it("the move lists the team placed anew on either hand and before the gun, each one the engine accepts", () => {
    const { ctx, position } = batteries();
    const placings = legalActions(ctx, position).filter(
      (a) => a.type === "move" && a.unit === "R9" && a.program[0]?.op === "team",
    );
    expect(placings.map((a) => (a.type === "move" ? a.program[0] : undefined))).toEqual([
      { op: "team", ...at(21, 10) },
      { op: "team", ...at(27, 10) },
      { op: "team", ...at(24, 13) },
    ]);
  });

  it("the team is placed clear of units and on the table; a limbered gun's team stays on its stand", () => {
    const { ctx, position } = table({
      first: [guns("R9", 24, 10, 0), foot("R1", 29, 10, 0), guns("R8", 10, 10, 0, { formation: "limbered" })],
      second: [foot("B1", 24, 40, 180)],
    });
    expect(
      refusal(ctx, position, {
        type: "move",
        unit: "R9",
        program: [{ op: "team", x: 29 * INCH, y: 10 * INCH }],
      }),
    ).toBe("001 Artillery: R1 stands where the team would be placed");
    expect(
      refusal(ctx, position, {
        type: "move",
        unit: "R8",
        program: [{ op: "team", x: 10 * INCH, y: 7 * INCH }],
      }),
    ).toBe("001 Artillery: a limbered gun's team is on its stand");
  });
});

describe("[001 Attack Values] guns, horse teams and buildings lose points", () => {
  it("fire at a team takes its points, one a multiple of the DF; no leader roll, no counter-battery -5 or d%", () => {
    const { ctx, position } = batteries();
    // Blue's team at (24, 22): its near edge is 11" from Red's axle, the saker's medium band (0).
    let p = play(
      ctx,
      { ...position, part: "fire-1" },
      { type: "fire", unit: "R9", target: "B9", team: true },
    ).position;
    expect(p.fire).toEqual([{ unit: "R9", target: "B9", hailshot: false, team: true }]);
    p = play(ctx, p, { type: "end-phase" }).position;
    // 9 + 0 + d10 10 = 19 against DF 10: one point. The one die is all the step rolls.
    const hit = play(ctx, p, { type: "end-phase" }, [10]);
    expect(hit.dice).toEqual([10]);
    expect(ofType(hit.events, "strike")[0]).toMatchObject({ unit: "R9", target: "B9", team: true, hits: 1 });
    expect(ofType(hit.events, "team-hit")).toEqual([{ type: "team-hit", unit: "B9", lost: 1, left: 2 }]);
    expect(hit.position.units.B9?.team?.points).toBe(2);
    expect(hit.position.units.B9?.strength).toBe(9);
  });

  it("a team on its stand (limbered) is no target of its own; fire at the battery strikes the guns", () => {
    const { ctx, position } = table({
      first: [shot("R1", 24, 10, 0)],
      second: [guns("B9", 24, 18, 180, { formation: "limbered" })],
    });
    expect(
      refusal(ctx, { ...position, part: "fire-1" }, { type: "fire", unit: "R1", target: "B9", team: true }),
    ).toBe("001 Artillery: B9 has no horse team on the table");
  });

  it("the fire step lists a shot at each team in reach beside the shot at its gun", () => {
    const { ctx, position } = batteries();
    const fire = legalActions(ctx, { ...position, part: "fire-1" }).filter((a) => a.type === "fire");
    expect(fire).toContainEqual({ type: "fire", unit: "R9", target: "B9" });
    expect(fire).toContainEqual({ type: "fire", unit: "R9", target: "B9", team: true });
  });

  it("a shot at a team is not one of two units firing at each other: no Firing First roll", () => {
    const { ctx, position } = table({
      first: [shot("R1", 24, 10, 0)],
      second: [shot("B1", 24, 18, 180, { strength: 8, ranks: 1 }), guns("B9", 30, 20, 180)],
    });
    // B9's team placed at (28, 20.5), 9" from R1's front and clear of B1.
    const placed = withUnit(position, "B9", { team: { points: 3, at: { x: 28 * INCH, y: 20.5 * INCH } } });
    let p = play(
      ctx,
      { ...placed, part: "fire-1" },
      { type: "fire", unit: "R1", target: "B9", team: true },
    ).position;
    p = play(ctx, p, { type: "end-phase" }).position;
    p = play(ctx, p, { type: "fire", unit: "B1", target: "R1" }).position;
    const done = play(ctx, p, { type: "end-phase" });
    expect(ofType(done.events, "firing-first")).toEqual([]);
    expect(ofType(done.events, "strike").map((s) => s.unit)).toEqual(["B1", "R1"]);
  });
});

describe("[001 Defense Values] horse teams function fully until the points run out", () => {
  it("a team with a point left still limbers its gun; with none it is lost, and the gun cannot limber", () => {
    const { ctx, position } = batteries();
    const last = withUnit(position, "R9", { team: { points: 1, at: at(24, 7) } });
    expect(
      play(ctx, last, { type: "move", unit: "R9", program: [{ op: "limber" }] }).position.units.R9?.formation,
    ).toBe("limbered");
    const blue = withUnit({ ...position, part: "fire-1", toMove: "second", declared: ["first"] }, "B9", {});
    const teamAt1 = withUnit(blue, "R9", { team: { points: 1, at: at(24, 7) } });
    let p = play(ctx, teamAt1, { type: "fire", unit: "B9", target: "R9", team: true }).position;
    const hit = play(ctx, p, { type: "end-phase" }, [10]);
    expect(ofType(hit.events, "team-lost")).toEqual([{ type: "team-lost", unit: "R9", how: "shot" }]);
    expect(hit.position.units.R9?.team).toEqual({ points: 0 });
    p = { ...hit.position, part: "move-1", toMove: "first" };
    p = withUnit(p, "R9", { moved: false });
    expect(refusal(ctx, p, { type: "move", unit: "R9", program: [{ op: "limber" }] })).toBe(
      "001 Defense Values: the horse team is lost: the guns cannot limber",
    );
  });

  it("an enemy unit that comes to stand over a team takes it (a reading: the team is a model, not a unit)", () => {
    const { ctx, position } = table({
      first: [horse("R1", 36, 30, 270)],
      second: [guns("B9", 25, 30, 90), foot("B1", 10, 40, 180)],
    });
    // Blue's team placed 5" from its gun; Red's horse (6" wide) rides 6" west and stands over it.
    const placed = withUnit(position, "B9", { team: { points: 3, at: at(30, 30) } });
    const over = play(ctx, placed, {
      type: "move",
      unit: "R1",
      program: [{ op: "advance", ticks: 6 * INCH }],
    });
    expect(ofType(over.events, "team-lost")).toEqual([
      { type: "team-lost", unit: "B9", how: "overrun", by: "R1" },
    ]);
    expect(over.position.units.B9?.team).toEqual({ points: 0 });
  });
});

describe("[001 Artillery] a position's teams are checked", () => {
  it('only guns have teams, limbered teams are on the stand, placed ones within 6"', () => {
    const { ctx, position } = batteries();
    const far = withUnit(position, "R9", { team: { points: 3, at: at(24, 3) } });
    expect(positionIssues(ctx, far).map((i) => i.message)).toContain('a team stands within 6" of its gun');
    const limbered = withUnit(position, "R9", { formation: "limbered" });
    expect(positionIssues(ctx, limbered).map((i) => i.message)).toContain(
      "a limbered gun's team is on its stand",
    );
    const { team: _dropped, ...teamless } = position.units.R9 as UnitState;
    const missing: Position = { ...position, units: { ...position.units, R9: teamless } };
    expect(positionIssues(ctx, missing).map((i) => i.path)).toContain("units.R9.team");
    expect(positionIssues(ctx, position)).toEqual([]);
  });
});
