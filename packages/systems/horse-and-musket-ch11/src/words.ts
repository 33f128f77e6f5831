import type { Seat } from "@tercio/core";
import type { Ctx } from "./context.js";
import type { GameEvent } from "./events.js";
import { inchesText } from "./movement/check-move.js";
import type { Position } from "./position.js";
import type { Phase } from "./vocabulary.js";

/** 004 in words: phases, sides, events, as the text names them. */
export const PHASE_NAMES: Record<Phase, string> = {
  movement: "Movement",
  shooting: "Shooting",
  over: "Game over",
};

export function sideName(ctx: Ctx, seat: Seat): string {
  return ctx.scenario.sides[seat].name;
}

/** A name's possessive: "Red Army's", and "Attackers'" for a plural in s. */
export function possessive(name: string): string {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

/** "Turn 3 of 10: Red Army's Shooting". */
export function statusLine(ctx: Ctx, position: Position): string {
  const of = `Turn ${position.turn} of ${ctx.scenario.turns}`;
  if (position.phase === "over")
    return `${of}: game over${position.result ? `, ${position.result.reason}` : ""}`;
  return `${of}: ${possessive(sideName(ctx, position.toMove))} ${PHASE_NAMES[position.phase]}`;
}

const degrees = (cdeg: number) => `${cdeg / 100}º`;

const signed = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** A shot in the log: the die, its modifier, the cover, the hits, and the rules that made them. */
function shotWords(e: Extract<GameEvent, { type: "shot" }>): string {
  const score =
    e.modifier === 0
      ? `die ${e.roll}`
      : `die ${e.roll} ${signed(e.modifier)} = ${Math.max(0, e.roll + e.modifier)}`;
  const rules = `004 Shooting: Assess Casualties${e.cover ? "; Cover" : ""}`;
  return `${e.unit} shot at ${e.target}: ${score}${e.cover ? ", halved in cover (rounded up)" : ""}, ${plural(e.hits, "hit")} (${rules})`;
}

const FACTOR_WORDS = {
  hilltop: ["halved on the hilltop", "Terrain"],
  "cavalry-target": ["halved for a cavalry target", "Cavalry Targets"],
  "flank-or-rear": ["doubled in flank or rear", "Flank or Rear Attacks"],
} as const;

/** A fight in the log: the die plus 2, each modifier that applied, the hits, and the rules. */
function foughtWords(e: Extract<GameEvent, { type: "fought" }>): string {
  const factors = e.factors.map((f) => FACTOR_WORDS[f][0]);
  const rules = [
    "004 Hand-to-Hand Combat: Assess Casualties",
    ...e.factors.map((f) => FACTOR_WORDS[f][1]),
  ].join("; ");
  const where = e.side === "front" ? "front" : e.side === "rear" ? "rear" : `${e.side} flank`;
  return `${e.attacker} fought ${e.defender} (${where}): die ${e.roll} ${signed(e.add)} = ${e.roll + e.add}${factors.length ? `, ${factors.join(", ")}` : ""}, ${plural(e.hits, "hit")} (${rules})`;
}

export function describeEvent(ctx: Ctx, event: GameEvent): string | undefined {
  switch (event.type) {
    case "die-rolled":
      return undefined;
    case "moved":
      return `${event.unit} moved ${inchesText(event.travel)}${event.byRoad ? " by road" : ""}, now facing ${degrees(event.facing)}`;
    case "charged":
      return `${event.unit} charged ${event.target} in the ${event.side} (${inchesText(event.travel)})`;
    case "shot":
      return shotWords(event);
    case "fought":
      return foughtWords(event);
    case "retreated":
      return `${event.unit} retreated ${inchesText(event.travel)}`;
    case "stood":
      return `${event.unit} destroyed ${event.target} and stands`;
    case "formed-square":
      return `${event.unit} formed square`;
    case "left-square":
      return `${event.unit} left square`;
    case "eliminated":
      return `${event.unit} eliminated with ${event.hits} hits`;
    case "phase-began":
      return `Turn ${event.turn}: ${possessive(sideName(ctx, event.side))} ${PHASE_NAMES[event.phase]}`;
    case "game-ended":
      return event.winner === "draw"
        ? `the game is drawn: ${event.reason}`
        : `${sideName(ctx, event.winner)} win: ${event.reason}`;
  }
}
