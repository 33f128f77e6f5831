import { TICKS_PER_INCH } from "@tercio/geometry";
import { checkMove, makeContext } from "@tercio/horse-and-musket-ch11";
import { describe, expect, it } from "vitest";
import { previewMove } from "./preview-move.js";
import { emptyDraft, programOf, programWords } from "./program.js";
import { roadDraftAhead, roadDraftTo, roadLegs, roadStep } from "./road-legs.js";
import { roadNet, routeAhead, routeTo } from "./road-route.js";
import { opening, withUnit } from "./test-game.js";

const IN = TICKS_PER_INCH;
const P = (x: number, y: number) => ({ x: x * IN, y: y * IN });

/** Meeting Engagement: the post road east-west at y 24, the cross road north-south at x 36 from 16 to 36. */
function crossroads() {
  const { ctx, position } = opening("meeting-engagement");
  // W-CAV1 on the post road 8" short of the crossroads, facing east.
  const moved = withUnit(position, "W-CAV1", { x: 28 * IN, y: 24 * IN, facing: 9000, acted: "none" });
  return { ctx, position: { ...moved, toMove: "first" as const, phase: "movement" as const } };
}

/** A road with a real bend: north up x 24 to y 30, then north-east to (40, 46). */
function bendingRoad() {
  const base = opening("pitched-battle");
  const line = [P(24, 0), P(24, 30), P(40, 46)];
  const ctx = makeContext(
    base.ctx.rules,
    { ...base.ctx.scenario, roads: [{ id: "rd", name: "the Post Road", line, width: 2 * IN }] },
    base.ctx.options,
  );
  const [id] = Object.keys(base.position.units).filter((u) => base.position.units[u]?.type === "cavalry");
  if (!id) throw new Error("no cavalry");
  // Only the cavalry on the table, on the road at (24, 26) facing north.
  const u = base.position.units[id];
  if (!u) throw new Error("no cavalry");
  const position = {
    ...base.position,
    toMove: u.side,
    phase: "movement" as const,
    units: { [id]: { ...u, x: 24 * IN, y: 26 * IN, facing: 0, acted: "none" as const } },
  };
  return { ctx, position, id };
}

describe("the road network (004 Movement: Roads)", () => {
  it("cuts the roads at their crossing and routes round the corner", () => {
    const { ctx } = crossroads();
    const net = roadNet(ctx.terrain.roads);
    expect(net.nodes).toContainEqual(P(36, 24));
    expect(routeTo(net, P(28, 24), P(36.4, 18))).toEqual([P(36, 24), P(36, 18)]);
    // Off every road: no route.
    expect(routeTo(net, P(28, 30), P(36, 18))).toEqual([]);
  });

  it("goes ahead along the road the unit faces, straight on over a crossroads, to a road's end", () => {
    const { ctx } = crossroads();
    const net = roadNet(ctx.terrain.roads);
    expect(routeAhead(net, P(28, 24), { x: 1, y: 0 }, 10 * IN)).toEqual([P(36, 24), P(38, 24)]);
    expect(routeAhead(net, P(28, 24), { x: -1, y: 0 }, 30 * IN)).toEqual([P(0, 24)]);
  });
});

describe("road legs follow the road, checked by checkMove", () => {
  it('[004 Movement: Roads] round the crossroads: road 8", pivot 90º right, road 6", within the 15" road allowance', () => {
    const { ctx, position } = crossroads();
    const net = roadNet(ctx.terrain.roads);
    const unit = position.units["W-CAV1"];
    if (!unit) throw new Error("no unit");
    const d = roadDraftTo(net, unit, { ...emptyDraft("W-CAV1"), road: true }, P(36.3, 18));
    expect(programWords(programOf(d))).toBe('road 8", pivot 90º right, road 6"');
    const check = checkMove(ctx, position, "W-CAV1", programOf(d));
    expect(check.error?.message).toBeUndefined();
    expect(check.legal).toBe(true);
    expect(check.allowance).toBe(15 * IN);
    expect(check.pose).toEqual({ ...P(36, 18), facing: 18000 });
    // The ghost's path: the centre, the crossroads, the end.
    expect(previewMove(ctx, position, d)?.path).toEqual([P(28, 24), P(36, 24), P(36, 18)]);
  });

  it("[004 Movement: Roads] round a bend of the polyline, every leg's centre on the road", () => {
    const { ctx, position, id } = bendingRoad();
    const net = roadNet(ctx.terrain.roads);
    const unit = position.units[id];
    if (!unit) throw new Error("no unit");
    const d = roadDraftTo(net, unit, { ...emptyDraft(id), road: true }, P(30, 36));
    const program = programOf(d);
    expect(program[0]).toEqual({ op: "road", ticks: 4 * IN });
    expect(program[1]).toEqual({ op: "pivot", cdeg: 4500 });
    const check = checkMove(ctx, position, id, program);
    expect(check.legal).toBe(true);
    expect(Math.hypot(check.pose.x - 30 * IN, check.pose.y - 36 * IN)).toBeLessThan(IN / 50);
    // Up/Down: a quarter inch further along the road each press, round the bend.
    const ahead = roadDraftAhead(net, unit, { ...emptyDraft(id), road: true }, 5 * IN);
    expect(programOf(ahead).slice(0, 2)).toEqual([
      { op: "road", ticks: 4 * IN },
      { op: "pivot", cdeg: 4500 },
    ]);
    expect(checkMove(ctx, position, id, programOf(ahead)).legal).toBe(true);
  });

  it("keeps the facing when the leg along it ends within the slack, and merges legs that need no pivot", () => {
    const from = { ...P(10, 24.1), facing: 9000 };
    const legs = roadLegs(from, [P(20, 24), P(30, 24)], IN / 4);
    expect(legs).toEqual({ startPivot: 0, leg: 20 * IN, bends: [] });
    const turned = roadLegs({ ...P(10, 24), facing: 0 }, [P(20, 24)], IN / 4);
    expect(turned.startPivot).toBe(9000);
  });
});

describe("road steps go on from where the move ends", () => {
  it("[004 Movement: Roads] round the crossroads, Up goes on south and Down comes back the same way", () => {
    const { ctx, position } = crossroads();
    const net = roadNet(ctx.terrain.roads);
    const unit = position.units["W-CAV1"];
    if (!unit) throw new Error("no unit");
    const d = roadDraftTo(net, unit, { ...emptyDraft("W-CAV1"), road: true }, P(36, 18));
    const up = roadStep(net, unit, unit, d, 1, IN);
    expect(programWords(programOf(up))).toBe('road 8", pivot 90º right, road 7"');
    const down = roadStep(net, unit, unit, roadStep(net, unit, unit, d, -1, IN), -1, 6 * IN);
    expect(programWords(programOf(down))).toBe('road 7"');
    expect(checkMove(ctx, position, "W-CAV1", programOf(up)).legal).toBe(true);
  });
});
