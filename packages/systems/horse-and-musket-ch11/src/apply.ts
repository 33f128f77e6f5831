import type { Action, ChargeAction, MoveAction, ShootAction } from "./actions.js";
import { chargePath } from "./charge.js";
import type { Ctx } from "./context.js";
import { DiceSource } from "./dice-source.js";
import type { GameEvent } from "./events.js";
import { checkMove } from "./movement/check-move.js";
import type { Position } from "./position.js";
import { type RuleError, ruleError } from "./rule-error.js";
import { endPhase } from "./sequence.js";
import { shootingHits } from "./shooting/casualties.js";
import { shotRefusal, shotTerms } from "./shooting/shoot.js";
import { squareRefusal } from "./square.js";

/**
 * Plays one action: a Result, never a throw, for anything a player may
 * send. `dice` are die results given at the table, used instead of the
 * position's PRNG.
 */
export type Step = { readonly position: Position; readonly events: readonly GameEvent[] };
type Out = { ok: true; value: Step } | { ok: false; error: RuleError };

const ok = (position: Position, events: GameEvent[]): Out => ({ ok: true, value: { position, events } });
const no = (error: RuleError): Out => ({ ok: false, error });

function move(ctx: Ctx, position: Position, a: MoveAction): Out {
  const check = checkMove(ctx, position, a.unit, a.program, { clamp: false });
  if (check.error) return no(check.error);
  const unit = position.units[a.unit];
  if (!unit) return no(ruleError("action/unknown-unit", "Movement", `there is no unit ${a.unit}`));
  const moved = {
    ...unit,
    x: check.pose.x,
    y: check.pose.y,
    facing: check.pose.facing,
    acted: check.moves ? ("moved" as const) : ("pivoted" as const),
  };
  return ok({ ...position, units: { ...position.units, [a.unit]: moved } }, [
    {
      type: "moved",
      unit: a.unit,
      x: moved.x,
      y: moved.y,
      facing: moved.facing,
      travel: check.used,
      byRoad: check.byRoad,
    },
  ]);
}

function charge(ctx: Ctx, position: Position, a: ChargeAction): Out {
  const path = chargePath(ctx, position, a.unit, a.target, a.turn ?? 0);
  if (!path.ok) return no(path.error);
  const unit = position.units[a.unit];
  if (!unit) return no(ruleError("action/unknown-unit", "Movement", `there is no unit ${a.unit}`));
  const { pose, side, travel } = path.value;
  const moved = { ...unit, x: pose.x, y: pose.y, facing: pose.facing, acted: "moved" as const };
  return ok(
    {
      ...position,
      units: { ...position.units, [a.unit]: moved },
      contacts: [...position.contacts, { attacker: a.unit, defender: a.target, side }],
    },
    [
      {
        type: "charged",
        unit: a.unit,
        target: a.target,
        side,
        x: pose.x,
        y: pose.y,
        facing: pose.facing,
        travel,
      },
    ],
  );
}

function shoot(ctx: Ctx, position: Position, a: ShootAction, dice: DiceSource): Out {
  const refusal = shotRefusal(ctx, position, a.unit, a.target);
  if (refusal) return no(refusal);
  const unit = position.units[a.unit];
  const target = position.units[a.target];
  if (!unit || !target) return no(ruleError("action/unknown-unit", "Shooting", "no such unit"));
  const r = dice.roll();
  if (!r.ok) return no(r.error);
  const terms = shotTerms(ctx, position, a.unit, a.target);
  const cover = terms.cover !== null;
  const hits = shootingHits(r.value, terms.modifier, terms.floor, terms.cover);
  return ok(
    {
      ...position,
      units: {
        ...position.units,
        [a.unit]: { ...unit, acted: "shot" },
        [a.target]: { ...target, hits: target.hits + hits },
      },
    },
    [
      { type: "die-rolled", value: r.value, purpose: "shooting", unit: a.unit },
      { type: "shot", unit: a.unit, target: a.target, roll: r.value, hits, cover, modifier: terms.modifier },
    ],
  );
}

function formation(ctx: Ctx, position: Position, id: string, form: boolean): Out {
  const refusal = squareRefusal(ctx, position, id, form);
  if (refusal) return no(refusal);
  const unit = position.units[id];
  if (!unit) return no(ruleError("action/unknown-unit", "Square Formation", `there is no unit ${id}`));
  const changed = {
    ...unit,
    formation: form ? ("square" as const) : ("line" as const),
    acted: "formed" as const,
  };
  return ok({ ...position, units: { ...position.units, [id]: changed } }, [
    { type: form ? "formed-square" : "left-square", unit: id },
  ]);
}

export function applyAction(ctx: Ctx, position: Position, action: Action, given?: readonly number[]): Out {
  if (position.result || position.phase === "over")
    return no(ruleError("sequence/game-over", "Sequence of Play", "the game is over"));
  const dice = new DiceSource(position.prng, given);
  let out: Out;
  switch (action.type) {
    case "move":
      out = move(ctx, position, action);
      break;
    case "charge":
      out = charge(ctx, position, action);
      break;
    case "shoot":
      out = shoot(ctx, position, action, dice);
      break;
    case "form-square":
      out = formation(ctx, position, action.unit, true);
      break;
    case "leave-square":
      out = formation(ctx, position, action.unit, false);
      break;
    case "end-phase": {
      const ended = endPhase(ctx, position, dice);
      out = ended.ok ? ok(ended.position, ended.events) : no(ended.error);
      break;
    }
  }
  if (!out.ok) return out;
  // Given dice leave the PRNG alone (a client's view keeps its hidden state); rolled dice advance it.
  const prng = given ? position.prng : dice.prng;
  return prng === out.value.position.prng ? out : ok({ ...out.value.position, prng }, [...out.value.events]);
}
