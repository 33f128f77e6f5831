import type { Seat } from "@tercio/core";
import type { Ctx } from "./context.js";
import type { GameEvent } from "./events.js";
import type { Position } from "./position.js";
import type { Part } from "./vocabulary.js";

/** 001 in words: parts, sides and events, as the text names them. */
export const PART_NAMES: Record<Part, string> = {
  initiative: "initiative roll",
  "move-1": "move (player 1)",
  "fire-1": "fire after player 1's move",
  "move-2": "move (player 2)",
  "fire-2": "fire after player 2's move",
  over: "game over",
};

export function sideName(ctx: Ctx, seat: Seat): string {
  return ctx.scenario.forces[seat].name;
}

export function unitName(ctx: Ctx, id: string): string {
  return ctx.units[id]?.name ?? ctx.officers[id]?.name ?? ctx.areas.find((a) => a.id === id)?.name ?? id;
}

/** "Turn 3 of 8: Spanish, move (player 1)" (side names are nations, "Spanish", "French": no possessive). */
export function statusLine(ctx: Ctx, position: Position): string {
  const of = `Turn ${position.turn} of ${ctx.scenario.turns}`;
  if (position.part === "over")
    return `${of}: game over${position.result ? `, ${position.result.reason}` : ""}`;
  const side = sideName(ctx, position.toMove);
  if (position.reaction)
    return `${of}: ${side}, the answer to the counter roll of ${unitName(ctx, position.reaction.unit)}`;
  if (position.part.startsWith("fire")) return `${of}: ${side}, declaring ${PART_NAMES[position.part]}`;
  return `${of}: ${side}, ${PART_NAMES[position.part]}`;
}

/** The counter roll's options in words (the Melee Counter Rolls Table). */
const COUNTER_WORDS: Readonly<Record<string, string>> = {
  face: "face the attacker",
  changeFormation: "change formation",
  counterCharge: "counter-charge",
  withdraw: "withdraw",
};

/** Ticks as inches: 36576 -> 6". */
export function inchesText(ticks: number): string {
  return `${Math.round((ticks / 6096) * 100) / 100}"`;
}

function lfText(lf: { num: number; den: number }): string {
  return lf.den === 1 ? String(lf.num) : `${Math.round((lf.num / lf.den) * 100) / 100}`;
}

export function describeEvent(ctx: Ctx, e: GameEvent): string | undefined {
  const n = (id: string) => unitName(ctx, id);
  switch (e.type) {
    case "part-began":
      return `Turn ${e.turn}: ${sideName(ctx, e.side)}, ${PART_NAMES[e.part]}`;
    case "initiative":
      return `Initiative, turn ${e.turn}: ${sideName(ctx, "first")} ${e.first}, ${sideName(ctx, "second")} ${e.second} on d%; ${sideName(ctx, e.mover)} move first`;
    case "moved":
      return `${n(e.unit)}: ${e.what} (${(e.spent / 1000).toFixed(2)} of its move)`;
    case "engaged":
      return `${n(e.unit)} ${e.charge ? "charges" : "advances on"} ${n(e.target)}, ${inchesText(e.length)}, striking its ${e.struck}`;
    case "charge-short":
      return `${n(e.unit)} charges at ${n(e.target)} and falls short: disordered`;
    case "counter-roll":
      return `${n(e.unit)} counter roll ${e.score}: ${e.options.length > 0 ? `may ${e.options.map((o) => COUNTER_WORDS[o] ?? o).join(", ")}` : "must accept as it stands"}`;
    case "reacted":
      return `${n(e.unit)} ${e.option === "accept" ? "accepts the melee as it stands" : `answers: ${e.option}`}`;
    case "officer-moved":
      return e.unit ? `${n(e.officer)} joins ${n(e.unit)}` : `${n(e.officer)} stands alone`;
    case "fire-declared":
      return `${n(e.unit)} will fire at ${n(e.target)}${e.team ? "'s horse team" : ""}${e.hailshot ? " with hailshot" : ""}`;
    case "firing-first":
      return `Firing first: ${n(e.a)} ${e.scoreA}, ${n(e.b)} ${e.scoreB}`;
    case "strike":
      return `${n(e.unit)} ${e.kind === "melee" ? "strikes" : e.kind === "collapse" ? "collapses on" : "fires at"} ${n(e.target)}${e.team ? "'s horse team" : ""}: d10 ${e.d10}, LF ${lfText(e.lf)} against DF ${e.df}: ${e.hits} ${e.hits === 1 ? "hit" : "hits"}`;
    case "casualties":
      return `${n(e.unit)} loses ${e.lost}, ${e.left} left`;
    case "building-hit":
      return `${n(e.building)} loses ${e.lost} points, ${e.left} left`;
    case "leader-lost":
      return e.officer
        ? `${n(e.unit)}: d% ${e.roll}, ${n(e.officer)} falls`
        : `${n(e.unit)}: d% ${e.roll}, a leader falls`;
    case "team-hit":
      return `${n(e.unit)}'s horse team loses ${e.lost} points, ${e.left} left`;
    case "team-lost":
      return e.how === "shot"
        ? `${n(e.unit)}'s horse team is lost: the guns cannot limber`
        : `${e.by ? n(e.by) : "the enemy"} takes ${n(e.unit)}'s horse team: the guns cannot limber`;
    case "guns-hit":
      return `${n(e.unit)}: d% ${e.roll}, the guns are hit and lose ${e.lost} points`;
    case "melee-began":
      return `Melee ${e.melee}, move ${e.round}`;
    case "fatigue":
      return `${n(e.unit)} fatigue ${e.points}, d10 ${e.roll}${e.fellBack ? ": falls back" : ""}`;
    case "fell-back":
      return `${n(e.unit)} falls back 6": ${e.why}${e.muddled ? `, muddled with ${n(e.muddled)}` : ""}`;
    case "flag":
      return `${n(e.unit)} flag roll ${e.score}: ${e.lost ? "the flag is lost" : "the flag is kept"}`;
    case "pursuit":
      return `${n(e.unit)} pursuit ${e.score}: ${e.pursues ? "it follows" : "it stands"}`;
    case "melee-ended":
      return `the melee is over${e.winner ? `, won by ${sideName(ctx, e.winner)}` : ""}`;
    case "rally":
      return `${n(e.unit)} rally roll ${e.score}: ${e.back} figures back`;
    case "level":
      return `${n(e.unit)}: ${e.from} to ${e.to}`;
    case "gone":
      return `${n(e.unit)} ${e.how === "routed" ? "routs from the table" : e.how === "pursued" ? "pursues to the enemy baggage and is not seen again" : "is destroyed"}`;
    case "army-withdraws":
      return `${sideName(ctx, e.side)} withdraw (Army Morale)`;
    case "army-score":
      return `${sideName(ctx, e.side)}: Army Effectiveness ${e.effectiveness}, modifiers ${e.modifiers}, d10 ${e.d10} for ${e.rally}: ${e.total} points`;
    case "game-ended":
      return `Game over: ${e.winner === "draw" ? "a draw" : `${sideName(ctx, e.winner)} win`}. ${e.reason}`;
  }
}
