import type { Action, MoveOp } from "./actions.js";
import type { Ctx } from "./context.js";
import { DiceSource } from "./dice-source.js";
import { fireChoices } from "./fire/declare.js";
import { traitsOf } from "./footprint.js";
import { formationsOf } from "./formations.js";
import { teamOnTable, teamPlacesAround } from "./horse-teams.js";
import { engage } from "./melee/engage.js";
import { react } from "./melee/react.js";
import { move } from "./movement/program.js";
import { moveRate } from "./movement/rates.js";
import { moveOfficer } from "./officer-move.js";
import type { Position } from "./position.js";
import { onTable } from "./table.js";

/**
 * The actions open now, where they can be listed: every discrete choice
 * (engage a target, with or without the charge; a change of formation; a
 * pivot of a whole URT about either end; an about face; reorganizing,
 * reloading, untangling, limbering; a gun's team placed beside it on
 * either hand, behind or before it; an officer joining a unit; each fire
 * declaration; each answer to a counter roll; ending the side's move or
 * declaring) and sample advances (the whole move, half of it). Moves of
 * any other length and angle are legal too (the move checker decides them);
 * a tabletop's moves are a continuum.
 */
export function legalActions(ctx: Ctx, position: Position): Action[] {
  if (position.result || position.part === "over") return [];
  if (position.part === "initiative") return [{ type: "initiative" }];
  if (position.reaction) {
    const r = position.reaction;
    const out: Action[] = [{ type: "react", choice: "accept" }];
    const u = position.units[r.unit];
    const t = u ? traitsOf(ctx, r.unit, u) : undefined;
    for (const option of r.options) {
      if (option === "face") out.push({ type: "react", choice: "face" });
      if (option === "counterCharge") out.push({ type: "react", choice: "counter-charge" });
      if (option === "withdraw") out.push({ type: "react", choice: "withdraw" });
      if (option === "changeFormation" && t && u) {
        const orders = formationsOf(t);
        for (const f of orders)
          if (f !== u.formation) out.push({ type: "react", choice: "change-formation", formation: f });
      }
    }
    return out.filter((a) => a.type !== "react" || react(ctx, position, a).ok);
  }
  if (position.part === "fire-1" || position.part === "fire-2")
    return [...fireChoices(ctx, position), { type: "end-phase" }];
  const out: Action[] = [];
  const legal = (a: Action): boolean => {
    const dice = new DiceSource(position.prng, undefined);
    if (a.type === "move") return move(ctx, position, a).ok;
    if (a.type === "engage") return engage(ctx, position, a, dice).ok;
    if (a.type === "officer") return moveOfficer(ctx, position, a).ok;
    return false;
  };
  const units = onTable(position).filter(([, u]) => u.side === position.toMove && !u.moved);
  const enemies = onTable(position).filter(([, u]) => u.side !== position.toMove);
  for (const [id, u] of units) {
    const t = traitsOf(ctx, id, u);
    if (!t) continue;
    for (const [eid] of enemies)
      for (const charge of [true, false]) {
        const a: Action = { type: "engage", unit: id, target: eid, charge };
        if (legal(a)) out.push(a);
      }
    const rate = moveRate(ctx, t, u.formation);
    const programs: MoveOp[][] = [];
    if (rate > 0)
      programs.push([{ op: "advance", ticks: rate }], [{ op: "advance", ticks: Math.floor(rate / 2) }]);
    for (const end of ["left", "right"] as const)
      programs.push([{ op: "pivot", end, cdeg: (t.brigade ? 15 : 30) * 100 }]);
    programs.push([{ op: "face", to: "about" }]);
    const orders = t.arm === "guns" ? [] : formationsOf(t);
    for (const f of orders) if (f !== u.formation) programs.push([{ op: "form", formation: f }]);
    programs.push(
      [{ op: "reorganise" }],
      [{ op: "reload" }],
      [{ op: "dismount" }],
      [{ op: "mount" }],
      [{ op: "untangle" }],
      [{ op: "limber" }],
      [{ op: "unlimber" }],
    );
    // Artillery: the team placed anew beside its gun (a sample of the places within 6").
    if (u.formation === "unlimbered" && teamOnTable(u))
      for (const at of teamPlacesAround(ctx, u))
        if (at.x !== u.team?.at?.x || at.y !== u.team?.at?.y)
          programs.push([{ op: "team", x: at.x, y: at.y }]);
    for (const program of programs) {
      const a: Action = { type: "move", unit: id, program };
      if (legal(a)) out.push(a);
    }
    if (u.formation === "skirmish" && rate > 0) {
      const a: Action = {
        type: "move",
        unit: id,
        program: [{ op: "advance", ticks: Math.floor((rate * 3) / 2) }],
        run: true,
      };
      if (legal(a)) out.push(a);
    }
  }
  for (const oid of Object.keys(position.officers).sort()) {
    const o = position.officers[oid];
    if (!o || o.lost || o.moved || o.side !== position.toMove) continue;
    for (const [id] of onTable(position).filter(([, u]) => u.side === position.toMove)) {
      if (o.with === id) continue;
      const a: Action = { type: "officer", officer: oid, unit: id };
      if (legal(a)) out.push(a);
    }
  }
  out.push({ type: "end-phase" });
  return out;
}
