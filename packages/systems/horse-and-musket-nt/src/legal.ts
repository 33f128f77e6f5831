import { type Point, segmentWithin } from "@tercio/geometry";
import type { Action, ProgramOp } from "./actions.js";
import { unitSize } from "./bases.js";
import { chargePlan } from "./charge/charge.js";
import type { Ctx } from "./context.js";
import { planShot } from "./fire/fire.js";
import { priorityTargets } from "./fire/targets.js";
import { PreviewJudge } from "./grey-areas.js";
import { allowanceOf, checkMove } from "./movement/check-move.js";
import { fallBackRefusal } from "./movement/fall-back.js";
import { checkReform } from "./movement/reform.js";
import type { Position, UnitState } from "./position.js";
import { rallyRefusal } from "./rally.js";
import { actsAs, charges } from "./unit-class.js";

/**
 * The actions open now: every discrete choice (each unit's shot, or one
 * per tied target; rolling a move; each legal charge; a fall back; the
 * reforms into and out of column and skirmish order and a 2" slide each
 * way; each rally; ending the phase) and a sample of legal moves of a
 * rolled unit, each checked by checkMove: advances of a quarter, half,
 * three quarters and the whole allowance (or the furthest legal length),
 * double that where it may move double, wheels of half and all of what
 * the allowance lets its far corner swing (at most 90º) with and without
 * an advance after, and a column's legs along a road. Moves a roll-off may
 * allow are offered (the preview judge). Ending the phase is always
 * offered, so the list is never empty while someone is to act.
 */
const INCH = 6096;

function advanceSamples(
  ctx: Ctx,
  position: Position,
  id: string,
  u: UnitState,
  judge: PreviewJudge,
): Action[] {
  const out: Action[] = [];
  const allowance = allowanceOf(ctx, id, u, true);
  if (allowance <= 0) return out;
  const tried = new Set<number>();
  const add = (ticks: number, clamp: boolean) => {
    if (ticks < 1 || tried.has(ticks)) return;
    tried.add(ticks);
    const program: ProgramOp[] = [{ op: "advance", ticks }];
    const c = checkMove(ctx, position, id, program, judge, { clamp });
    if (c.legal) out.push({ type: "move", unit: id, program });
    else if (clamp && c.clampTicks !== undefined && !tried.has(c.clampTicks)) {
      tried.add(c.clampTicks);
      out.push({ type: "move", unit: id, program: [{ op: "advance", ticks: c.clampTicks }] });
    }
  };
  for (const n of [1, 2, 3]) add(Math.floor((allowance * n) / 4), false);
  add(allowance, true);
  add(allowance * ctx.rules.data.move.doubleFactor, true);
  return out;
}

function wheelSamples(ctx: Ctx, position: Position, id: string, u: UnitState, judge: PreviewJudge): Action[] {
  const out: Action[] = [];
  const size = unitSize(ctx, u);
  const allowance = allowanceOf(ctx, id, u, u.formation === "column");
  const diag = Math.sqrt(size.frontage * size.frontage + size.depth * size.depth);
  // The far rear corner swings on the diagonal: the angle the allowance allows, in centidegrees (a sample, not a rule).
  const most = Math.min(9000, Math.floor((allowance * 18000) / (Math.PI * diag)));
  for (const cdeg of [Math.floor(most / 2), most]) {
    if (cdeg < 100) continue;
    for (const corner of ["left", "right"] as const) {
      const wheel: ProgramOp = { op: "wheel", corner, cdeg };
      if (checkMove(ctx, position, id, [wheel], judge, { clamp: false }).legal)
        out.push({ type: "move", unit: id, program: [wheel] });
      const rest = Math.floor((allowance - (diag * Math.PI * cdeg) / 18000) / 2);
      if (rest >= INCH / 4) {
        const program: ProgramOp[] = [wheel, { op: "advance", ticks: rest }];
        if (checkMove(ctx, position, id, program, judge, { clamp: false }).legal)
          out.push({ type: "move", unit: id, program });
      }
    }
  }
  return out;
}

/** A column on a road: a road leg towards each end of the segment it stands on, as far as the allowance or the vertex. */
function roadSamples(ctx: Ctx, position: Position, id: string, u: UnitState, judge: PreviewJudge): Action[] {
  if (u.formation !== "column") return [];
  const out: Action[] = [];
  const allowance = allowanceOf(ctx, id, u, true);
  for (const road of ctx.roads)
    for (let i = 0; i + 1 < road.line.length; i++) {
      const a = road.line[i] as Point;
      const b = road.line[i + 1] as Point;
      if (!segmentWithin(u, a, b, road.width / 2)) continue;
      for (const end of [a, b]) {
        const dx = end.x - u.x;
        const dy = end.y - u.y;
        const ticks = Math.min(allowance, Math.floor(Math.sqrt(dx * dx + dy * dy)));
        if (ticks < INCH / 4) continue;
        const program: ProgramOp[] = [{ op: "road", ticks }];
        if (checkMove(ctx, position, id, program, judge, { clamp: false }).legal)
          out.push({ type: "move", unit: id, program });
      }
    }
  return out;
}

function reformSamples(
  ctx: Ctx,
  position: Position,
  id: string,
  u: UnitState,
  judge: PreviewJudge,
): Action[] {
  const out: Action[] = [];
  const two = ctx.rules.data.move.reform;
  const forms =
    u.formation === "line"
      ? ["column", ...(ctx.options.acw === "on" && u.type === "infantry" ? ["skirmish"] : [])]
      : ["line"];
  const tries: { dx: number; dy: number; formation?: "line" | "column" | "skirmish" }[] = forms.map((f) => ({
    dx: 0,
    dy: 0,
    formation: f as "line" | "column" | "skirmish",
  }));
  for (const [dx, dy] of [
    [two, 0],
    [-two, 0],
    [0, two],
    [0, -two],
  ] as const)
    tries.push({ dx, dy });
  for (const t of tries) {
    const c = checkReform(ctx, position, id, t.dx, t.dy, t.formation, judge);
    if (!c.error)
      out.push({
        type: "reform",
        unit: id,
        dx: t.dx,
        dy: t.dy,
        ...(t.formation ? { formation: t.formation } : {}),
      });
  }
  return out;
}

function unitActions(
  ctx: Ctx,
  position: Position,
  id: string,
  u: UnitState,
  enemies: readonly string[],
): Action[] {
  const judge = new PreviewJudge(position.settled);
  const out: Action[] = [];
  if (u.acted === "none") {
    const shot = planShot(ctx, position, id, undefined, judge);
    if (shot.ok && shot.value) out.push({ type: "fire", unit: id });
    else if (!shot.ok && shot.error.code === "fire/choose-target")
      for (const t of priorityTargets(ctx, position, id, judge))
        out.push({ type: "fire", unit: id, target: t.id });
    out.push({ type: "roll-move", unit: id });
    out.push(...reformSamples(ctx, position, id, u, judge));
    return out;
  }
  if (u.acted !== "rolled") return out;
  if (charges(ctx, id, u))
    for (const target of enemies)
      if (chargePlan(ctx, position, id, target, judge).ok) out.push({ type: "charge", unit: id, target });
  out.push(...advanceSamples(ctx, position, id, u, judge));
  out.push(...wheelSamples(ctx, position, id, u, judge));
  out.push(...roadSamples(ctx, position, id, u, judge));
  if (!fallBackRefusal(ctx, position, id, false)) out.push({ type: "fall-back", unit: id });
  if (actsAs(ctx, u) === "cavalry") out.push({ type: "fall-back", unit: id, keepFacing: true });
  return out;
}

export function legalActions(ctx: Ctx, position: Position): Action[] {
  if (position.result || position.phase === "over") return [];
  const out: Action[] = [];
  const ids = Object.keys(position.units).sort();
  const own = ids.filter((id) => position.units[id]?.side === position.toMove);
  const enemies = ids.filter((id) => position.units[id]?.side !== position.toMove);
  if (position.phase === "actions") {
    for (const id of own)
      out.push(...unitActions(ctx, position, id, position.units[id] as UnitState, enemies));
  } else {
    const judge = new PreviewJudge(position.settled);
    for (const id of own) if (!rallyRefusal(ctx, position, id, judge)) out.push({ type: "rally", unit: id });
  }
  out.push({ type: "end-phase" });
  return out;
}
