import type { Seat } from "@tercio/core";
import type { Ctx } from "./context.js";
import type { GameEvent, WorkingStep } from "./events.js";
import type { Position } from "./position.js";
import type { Phase } from "./vocabulary.js";

/** 003 in words: phases, sides, events, as the text names them. */
export const PHASE_NAMES: Record<Phase, string> = {
  actions: "Actions",
  rallies: "Routs and Rallies",
  over: "Game over",
};

export function sideName(ctx: Ctx, seat: Seat): string {
  return ctx.scenario.sides[seat].name;
}

/** A name's possessive: "Red's", and "Austrians'" for a plural in s. */
export function possessive(name: string): string {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

/** "the Attacker" or "the Defender" (Play Sequence). */
export function role(ctx: Ctx, seat: Seat): string {
  return seat === ctx.scenario.attacker ? "Attacker" : "Defender";
}

/** "Turn 3 of 12: Pragmatic Army's Actions (Attacker)". */
export function statusLine(ctx: Ctx, position: Position): string {
  const of = `Turn ${position.turn} of ${ctx.scenario.turns}`;
  if (position.phase === "over")
    return `${of}: game over${position.result ? `, ${position.result.reason}` : ""}`;
  return `${of}: ${possessive(sideName(ctx, position.toMove))} ${PHASE_NAMES[position.phase]} (${role(ctx, position.toMove)})`;
}

/** Ticks as inches for words: 73152 -> 12", 6096 * 37 / 4 -> 9.25". */
export function inchesText(ticks: number): string {
  return `${Math.round((ticks / 6096) * 100) / 100}"`;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** A fraction of the working as words: 7/2 -> "3½", 9/4 -> "2¼". */
export function fractionText(num: number, den: number): string {
  if (den === 1) return String(num);
  const whole = Math.floor(num / den);
  const rest = num - whole * den;
  const part =
    den === 2 && rest === 1
      ? "½"
      : den === 4 && rest === 1
        ? "¼"
        : den === 4 && rest === 3
          ? "¾"
          : `${rest}/${den}`;
  return whole === 0 ? part : `${whole}${part}`;
}

/** The modifier sequence as one line: "roll Dx: 4; double at Point Blank Range (1.1 iii): 8". */
export function stepsText(steps: readonly WorkingStep[]): string {
  return steps.map((s) => `${s.text} (${s.rule}): ${fractionText(s.num, s.den)}`).join("; ");
}

const BAND: Record<string, string> = {
  "point-blank": "point blank",
  effective: "effective range",
  long: "long range",
};

export function describeEvent(ctx: Ctx, event: GameEvent): string | undefined {
  switch (event.type) {
    case "die-rolled":
      return undefined;
    case "roll-off": {
      const dice = event.rounds.map(([a, b]) => `${a}-${b}`).join(", ");
      return `too close to call (Grey Areas): ${event.question} Roll-off ${dice}: ${sideName(ctx, event.winner)} win, ${event.answer ? "yes" : "no"}`;
    }
    case "refused-after-roll-off":
      return `${event.unit}: ${event.message}`;
    case "move-rolled":
      return `${event.unit} rolls its move: ${event.roll}`;
    case "moved":
      return `${event.unit} moved ${inchesText(event.travel)} of ${inchesText(event.allowance)}${event.doubled ? ' (double move, over 12" from all enemies)' : ""}${event.keepsBonus ? "" : ", the Bonus lost"}`;
    case "reformed":
      return `${event.unit} reformed${event.formation !== "line" ? ` into ${event.formation}` : " into line"}${event.holds ? `, holding ${event.holds}` : ""}`;
    case "drill-failed":
      return `${event.unit} fails its drill (Poor Drill, designed: rolled ${event.roll}) and stays`;
    case "fell-back":
      return `${event.unit} fell back ${inchesText(event.distance)}${event.blockedBy ? `, stopped by ${event.blockedBy}` : ""}`;
    case "charged":
      return `${event.unit} charged ${event.target}'s ${event.side} (${inchesText(event.distance)}, ${event.touching.replace("-", " to ")} contact)`;
    case "fired": {
      const share = event.share
        ? `, ${event.share === "closer" ? "the closer's share" : "the other's share"} of ${event.total}`
        : "";
      return `${event.unit} fired at ${event.target}'s ${event.side} at ${BAND[event.band] ?? event.band}: ${stepsText(event.steps)}; ${plural(event.hits, "Hit")}${share}`;
    }
    case "out-of-ammunition":
      return `${event.unit} has used the last of its ammunition (Ammunition Supply)`;
    case "melee":
      return `${event.unit} fought ${event.target} (${event.side}): ${stepsText(event.steps)}; ${plural(event.hits, "Hit")}`;
    case "stood":
      return `${event.unit} remains in place: ${event.target} was removed`;
    case "rallied":
      return `${event.unit} rallied (die ${event.roll}): ${plural(event.removed, "Hit")} removed${event.cover ? " (one for its terrain)" : ""}, ${event.hits} left${event.replenished ? ", ammunition replenished" : ""}`;
    case "removed":
      return `${event.unit} is removed with ${event.hits} Hits`;
    case "phase-began":
      return `Turn ${event.turn}: ${possessive(sideName(ctx, event.side))} ${PHASE_NAMES[event.phase]} (${role(ctx, event.side)})`;
    case "game-ended":
      return event.winner === "draw"
        ? `the game is drawn: ${event.reason}`
        : `${sideName(ctx, event.winner)} win: ${event.reason}`;
  }
}
