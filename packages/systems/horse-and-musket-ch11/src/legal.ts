import { type Point, segmentWithin } from "@tercio/geometry";
import type { Action, ProgramOp } from "./actions.js";
import { bearingTurn } from "./aim.js";
import { chargePath, chargeTurns } from "./charge.js";
import type { Ctx } from "./context.js";
import { allowanceOf } from "./movement/allowance.js";
import { checkMove } from "./movement/check-move.js";
import type { Position, UnitState } from "./position.js";
import { shotRefusal } from "./shooting/shoot.js";
import { squareRefusal } from "./square.js";

/**
 * The actions open now: every discrete choice (each legal charge target,
 * each legal shot, each square change, ending the phase) and a sample of
 * legal moves per unit, each checked by checkMove: advances of ¼, ½, ¾ and
 * the whole allowance (or, when the whole is refused, the furthest legal
 * length), a pivot of ±45º, ±90º or 180º followed by half the allowance,
 * a pivot of ±45º alone, a step straight back of ¼ of the allowance (where
 * the reading allows it), and from a road, a move by road along it. Ending the phase is always offered, so the
 * list is never empty while someone is to act.
 */
const SAMPLE_PROGRAMS = (allowance: number): ProgramOp[][] => {
  const part = (n: number) => Math.max(1, Math.floor((allowance * n) / 4));
  return [
    [{ op: "advance", ticks: part(1) }],
    [{ op: "advance", ticks: part(2) }],
    [{ op: "advance", ticks: part(3) }],
    [
      { op: "pivot", cdeg: 4500 },
      { op: "advance", ticks: part(2) },
    ],
    [
      { op: "pivot", cdeg: -4500 },
      { op: "advance", ticks: part(2) },
    ],
    [
      { op: "pivot", cdeg: 9000 },
      { op: "advance", ticks: part(2) },
    ],
    [
      { op: "pivot", cdeg: -9000 },
      { op: "advance", ticks: part(2) },
    ],
    [
      { op: "pivot", cdeg: 18000 },
      { op: "advance", ticks: part(2) },
    ],
    [{ op: "pivot", cdeg: 4500 }],
    [{ op: "pivot", cdeg: -4500 }],
    [{ op: "back", ticks: part(1) }],
  ];
};

function sampleMoves(ctx: Ctx, position: Position, id: string, unit: UnitState): Action[] {
  const allowance = allowanceOf(ctx, unit.type, false);
  const out: Action[] = [];
  if (allowance <= 0) return out;
  const full = checkMove(ctx, position, id, [{ op: "advance", ticks: allowance }]);
  if (full.legal) out.push({ type: "move", unit: id, program: [{ op: "advance", ticks: allowance }] });
  else if (full.clampTicks !== undefined && full.clampTicks > 0)
    out.push({ type: "move", unit: id, program: [{ op: "advance", ticks: full.clampTicks }] });
  for (const program of SAMPLE_PROGRAMS(allowance))
    if (checkMove(ctx, position, id, program, { clamp: false }).legal)
      out.push({ type: "move", unit: id, program });
  return out;
}

/**
 * Moves by road: from a unit whose centre is on a road, a pivot to face
 * the next vertex of the road either way and a road leg towards it (as far
 * as the vertex or the allowance with the bonus).
 */
function roadMoves(ctx: Ctx, position: Position, id: string, unit: UnitState): Action[] {
  const out: Action[] = [];
  const allowance = allowanceOf(ctx, unit.type, true);
  for (const road of ctx.terrain.roads) {
    for (let i = 0; i + 1 < road.line.length; i++) {
      const a = road.line[i] as Point;
      const b = road.line[i + 1] as Point;
      if (!segmentWithin(unit, a, b, road.halfWidth)) continue;
      for (const end of [a, b]) {
        const turn = bearingTurn(unit, unit.facing, end);
        if (turn === null) continue;
        const dx = end.x - unit.x;
        const dy = end.y - unit.y;
        const ticks = Math.min(allowance, Math.floor(Math.sqrt(dx * dx + dy * dy)));
        if (ticks < 1) continue;
        const program: ProgramOp[] =
          turn === 0
            ? [{ op: "road", ticks }]
            : [
                { op: "pivot", cdeg: turn },
                { op: "road", ticks },
              ];
        if (checkMove(ctx, position, id, program, { clamp: false }).legal)
          out.push({ type: "move", unit: id, program });
      }
    }
  }
  return out;
}

function charges(
  ctx: Ctx,
  position: Position,
  id: string,
  unit: UnitState,
  enemies: readonly string[],
): Action[] {
  const out: Action[] = [];
  const reach = ctx.rules.data.unitTypes[unit.type].allowance + 2 * (unit.frontage + unit.depth);
  for (const target of enemies) {
    const t = position.units[target] as UnitState;
    const dx = t.x - unit.x;
    const dy = t.y - unit.y;
    const far = reach + t.frontage + t.depth;
    if (dx * dx + dy * dy > far * far) continue;
    for (const turn of chargeTurns(ctx, unit, t)) {
      if (!chargePath(ctx, position, id, target, turn).ok) continue;
      out.push(
        turn === 0 ? { type: "charge", unit: id, target } : { type: "charge", unit: id, target, turn },
      );
      break;
    }
  }
  return out;
}

export function legalActions(ctx: Ctx, position: Position): Action[] {
  if (position.result || position.phase === "over") return [];
  const out: Action[] = [];
  const ids = Object.keys(position.units).sort();
  const own = ids.filter((id) => position.units[id]?.side === position.toMove);
  const enemies = ids.filter((id) => position.units[id]?.side !== position.toMove);
  if (position.phase === "movement") {
    for (const id of own) {
      if (!squareRefusal(ctx, position, id, true)) out.push({ type: "form-square", unit: id });
      if (!squareRefusal(ctx, position, id, false)) out.push({ type: "leave-square", unit: id });
    }
    for (const id of own) {
      const unit = position.units[id] as UnitState;
      if (unit.formation === "square" || (unit.acted !== "none" && unit.acted !== "formed")) continue;
      if (ctx.rules.data.unitTypes[unit.type].canCharge && unit.acted === "none")
        out.push(...charges(ctx, position, id, unit, enemies));
      out.push(...sampleMoves(ctx, position, id, unit));
      out.push(...roadMoves(ctx, position, id, unit));
    }
  } else {
    for (const id of own)
      for (const target of enemies)
        if (!shotRefusal(ctx, position, id, target)) out.push({ type: "shoot", unit: id, target });
  }
  out.push({ type: "end-phase" });
  return out;
}
