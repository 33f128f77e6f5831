import {
  type Action,
  type Ctx,
  legalActions,
  type MoveOp,
  moveRate,
  type Position,
  traitsOf,
} from "@tercio/plucky-pikes";
import { applied } from "./moves.js";
import { isMovePart, onTable, otherSide, unitOf } from "./policy.js";

/**
 * The engine's legal actions; where legalActions throws (an engine bug: an
 * engagement tried from a footprint that already overlaps another unit's
 * throws in the contact search instead of being refused), the same list
 * built here the way legal.ts builds it, each action tried through the
 * engine's apply with a throw counted as a refusal.
 */
export function safeLegalActions(ctx: Ctx, position: Position): Action[] {
  try {
    return legalActions(ctx, position);
  } catch {
    return rebuilt(ctx, position);
  }
}

function rebuilt(ctx: Ctx, position: Position): Action[] {
  if (!isMovePart(position) || position.reaction) return [{ type: "end-phase" }];
  const out: Action[] = [];
  const ok = (a: Action) => applied(ctx, position, a) !== undefined;
  const side = position.toMove;
  const f = ctx.rules.data.formations;
  for (const id of onTable(position, side)) {
    const u = unitOf(position, id);
    if (u.moved) continue;
    const t = traitsOf(ctx, id);
    for (const e of onTable(position, otherSide(side)))
      for (const charge of [true, false]) {
        const a: Action = { type: "engage", unit: id, target: e, charge };
        if (ok(a)) out.push(a);
      }
    const rate = moveRate(ctx, t, u.formation);
    const programs: MoveOp[][] = [];
    if (rate > 0)
      programs.push([{ op: "advance", ticks: rate }], [{ op: "advance", ticks: Math.floor(rate / 2) }]);
    for (const end of ["left", "right"] as const)
      programs.push([{ op: "pivot", end, cdeg: (t.brigade ? 15 : 30) * 100 }]);
    programs.push([{ op: "face", to: "about" }]);
    const orders = t.arm === "foot" ? Object.keys(f.foot) : t.arm === "horse" ? Object.keys(f.horse) : [];
    for (const formation of orders) if (formation !== u.formation) programs.push([{ op: "form", formation }]);
    programs.push(
      [{ op: "reorganise" }],
      [{ op: "reload" }],
      [{ op: "untangle" }],
      [{ op: "limber" }],
      [{ op: "unlimber" }],
    );
    for (const program of programs) {
      const a: Action = { type: "move", unit: id, program };
      if (ok(a)) out.push(a);
    }
    if (u.formation === "skirmish" && rate > 0) {
      const a: Action = {
        type: "move",
        unit: id,
        program: [{ op: "advance", ticks: Math.floor((rate * 3) / 2) }],
        run: true,
      };
      if (ok(a)) out.push(a);
    }
  }
  for (const oid of Object.keys(position.officers).sort()) {
    const o = position.officers[oid];
    if (!o || o.lost || o.moved || o.side !== side) continue;
    for (const id of onTable(position, side)) {
      if (o.with === id) continue;
      const a: Action = { type: "officer", officer: oid, unit: id };
      if (ok(a)) out.push(a);
    }
  }
  out.push({ type: "end-phase" });
  return out;
}
