import type { Seat } from "@tercio/core";
import {
  type Action,
  type Ctx,
  counterOptions,
  fraction,
  inTargetUrts,
  type Position,
  type ReactionChoice,
  traitsOf,
  urtBasis,
} from "@tercio/plucky-pikes";
import { applied } from "../moves.js";
import { meleeOf } from "../policy.js";

/**
 * Melee: "When a unit that hasn't yet moved is attacked and the attacker
 * has moved less than 1URT of the target unit, the target must accept
 * melee as it stands. If the attacker takes more than a URT, then roll a
 * d10 ... If the score equals or exceeds that in the table the unit may
 * change to a more advantageous position, formation or counter-charge."
 * An engagement's worth to the attacker is its worth over the target's
 * roll: on each face of the d10 the answers it allows (the engine's
 * counterOptions, as melee/engage.ts filters them), the target's owner
 * taking the one worst for the attacker. The engine rolls with the
 * position's own generator, which the players never read.
 */
const ANSWER: Readonly<Record<string, ReactionChoice>> = {
  face: "face",
  changeFormation: "change-formation",
  counterCharge: "counter-charge",
  withdraw: "withdraw",
};

/**
 * The attacker side's expected worth of an engagement over the target's
 * counter roll: `after` is the position the engine left (the melee
 * recorded; its own roll is not looked at), `value` what a melee position
 * is worth to `side`.
 */
export function overCounterRoll(
  ctx: Ctx,
  before: Position,
  after: Position,
  attacker: string,
  side: Seat,
  value: (p: Position) => number,
): number {
  const m = meleeOf(after, attacker);
  const a = after.units[attacker];
  if (!m || !a) return value(after);
  const targetId = m.defenders[0] as string;
  const target = before.units[targetId];
  const plain = value({ ...after, reaction: undefined, toMove: side });
  // Only a new melee gives a roll, in the first side's move, to a target that has not moved.
  if (!target || m.attackers[0] !== attacker || before.part !== "move-1" || target.moved) return plain;
  const tt = traitsOf(ctx, targetId);
  const basis = urtBasis(ctx, tt, target.formation);
  if (basis === 0) return plain;
  const urts = inTargetUrts(ctx.rules.data, fraction(a.travelled), tt.class, basis);
  const cm = ctx.rules.data.classes[tt.class].d10;
  const base: Position = { ...after, toMove: target.side };
  const answers = new Map<string, number>();
  const worthOf = (option: string): number => {
    const known = answers.get(option);
    if (known !== undefined) return known;
    let worst = plain;
    const choices: Action[] =
      option === "changeFormation"
        ? (tt.arm === "foot" ? ["pike", "hedgehog", "open", "skirmish"] : ["close", "open", "skirmish"])
            .filter((f) => f !== target.formation)
            .map((formation) => ({ type: "react", choice: "change-formation", formation }))
        : [{ type: "react", choice: ANSWER[option] ?? "accept" }];
    for (const choice of choices) {
      const reaction = { melee: m.id, unit: targetId, score: 99, options: [option as "face"], mover: side };
      const next = applied(ctx, { ...base, reaction }, choice);
      if (next) worst = Math.min(worst, value(next));
    }
    answers.set(option, worst);
    return worst;
  };
  let sum = 0;
  for (let face = 1; face <= 10; face++) {
    const allowed = counterOptions(ctx.rules.data, urts, face, cm, false).filter((o) => {
      if (o === "counterCharge")
        return tt.arm === "horse" && target.formation !== "skirmish" && target.level === "steady";
      if (o === "withdraw") return target.formation === "skirmish";
      if (o === "changeFormation") return tt.arm !== "guns";
      return true;
    });
    let worst = plain;
    for (const o of allowed) worst = Math.min(worst, worthOf(o));
    sum += worst;
  }
  return sum / 10;
}
