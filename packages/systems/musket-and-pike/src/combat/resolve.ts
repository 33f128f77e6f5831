import { err, ok, type Result } from "@tercio/core";
import type { GameContext } from "../context.js";
import type { GameEvent } from "../events.js";
import type { HexId } from "../hex/offset.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { combatResult } from "../rules-data/rules-context.js";
import { ferociousUnits } from "../scenario-specials.js";
import type { Step } from "../sequence.js";
import type { Attack, Position, UnitId } from "../state/position.js";
import { unitStats } from "../state/unit-stats.js";
import { type CombatResult, otherSide } from "../vocabulary.js";
import { type Assessment, assessAttack } from "./assess.js";
import { type Board, commit, disrupt, eliminate, openBoard, toBottom } from "./board.js";
import { type DiceBox, roll } from "./dice.js";
import { continueRetreats } from "./follow-up.js";
import { defendedUnits, meleeDefenders } from "./melee.js";
import { effectiveRoll } from "./odds.js";
import { holder } from "./units.js";

/**
 * 6.3(G), 7.0: resolves the declared attack on `target`: strengths, odds,
 * the die (8.4: +1 against a disrupted unit), the result, applied at once
 * (8.11 melee, 8.12 fire), then any retreats and advances (8.2, 8.3).
 */
export function applyResolve(
  ctx: GameContext,
  position: Position,
  target: HexId,
  dice: DiceBox,
): Result<Step, RuleError> {
  if (position.phase !== "fire" && position.phase !== "melee") {
    return err(ruleError("combat/wrong-phase", "4.2", `there is no combat in the ${position.phase} phase`));
  }
  // 11.0: a hex may carry caracolla fire and a melee attack; the fire comes first.
  const open = (a: Attack) => !a.resolved && a.targets.includes(target);
  const fireFirst = position.attacks.findIndex((a) => open(a) && a.kind === "fire");
  const index = fireFirst >= 0 ? fireFirst : position.attacks.findIndex(open);
  const attack = position.attacks[index];
  if (!attack) {
    const done = position.attacks.some((a) => a.targets.includes(target));
    return err(
      done
        ? ruleError("combat/already-resolved", "6.1B", `the attack on ${target} has already been resolved`, {
            hex: target,
          })
        : ruleError("combat/not-declared", "6.3G", `no attack on ${target} has been declared`, {
            hex: target,
          }),
    );
  }
  // 11.0: "This fire attack in the Melee Combat Phase is resolved prior to any Melee Combat Resolution."
  if (attack.kind === "melee" && position.attacks.some((a) => a.kind === "fire" && !a.resolved)) {
    return err(
      ruleError("melee/caracolla-first", "11.0", "resolve the caracolla fire before any melee", {
        hex: target,
      }),
    );
  }
  const defended = defendedUnits(position.attacks, attack.kind);
  const enemy = otherSide(position.phasing);
  // Earlier results may have emptied some attacked hexes; what is left is attacked.
  const live = attack.targets.filter(
    (hex) => holder(position, hex) === enemy && meleeDefenders(ctx, position, hex, defended).length > 0,
  );
  const attacks = [...position.attacks];
  if (live.length === 0) {
    attacks[index] = { ...attack, resolved: true };
    return ok({
      position: { ...position, attacks },
      events: [{ type: "attack-lapsed", kind: attack.kind, targets: attack.targets }],
    });
  }
  const assessed = assessAttack(ctx, position, { ...attack, targets: live }, defended);
  if (!assessed.ok) return assessed;
  const a = assessed.value;
  const die = roll(dice, `${attack.kind} on ${live.join(", ")}`, attack.kind === "fire" ? "7.0" : "6.0");
  if (!die.ok) return die;
  const result = combatResult(ctx.rules, attack.kind, a.odds, effectiveRoll(die.value, a.dieModifier));
  const resolvedEvent: GameEvent = {
    type: "combat-resolved",
    kind: attack.kind,
    attackers: attack.attackers,
    targets: live,
    defenders: a.affected,
    attack: a.attack,
    defence: a.defence,
    odds: a.odds,
    roll: die.value,
    modifier: a.dieModifier,
    result,
    rule: attack.kind === "fire" ? "8.12" : "8.11",
  };
  const record: Attack = { ...attack, resolved: true, defenders: [...a.affected] };
  attacks[index] = record;
  const board = openBoard(position, ferociousUnits(ctx, position));
  const base: Position = { ...position, attacks };
  let next: Position;
  if (attack.kind === "fire") {
    applyFireResult(board, a, result);
    next = commit(base, board);
  } else {
    const queue = applyMeleeResult(ctx, position, board, a, result);
    // No effect vacates nothing, so there is nothing to advance into (8.3) or capture (15.0).
    next = result === "-" ? commit(base, board) : continueRetreats(ctx, base, board, queue, record);
  }
  return ok({ position: next, events: [...dice.events, resolvedEvent, ...board.events] });
}

/**
 * 8.12: D disrupts the top unit and puts it at the bottom of the stack; E1
 * eliminates the top unit and disrupts the second likewise; E2 eliminates the
 * top two. Fire never makes units retreat.
 */
function applyFireResult(board: Board, a: Assessment, result: CombatResult): void {
  const [first, second] = a.affected;
  if (result === "-" || first === undefined) return;
  if (result === "D") {
    if (disrupt(board, first, "8.12")) toBottom(board, first);
    return;
  }
  eliminate(board, first, "8.12", `${result} result of fire`);
  if (second === undefined) return;
  if (result === "E2") eliminate(board, second, "8.12", "E2 result of fire");
  else if (disrupt(board, second, "8.12")) toBottom(board, second);
}

/**
 * 8.11, in each attacked hex: D disrupts the defending units and retreats
 * them; E1 eliminates the top one and disrupts and retreats the second; E2
 * eliminates both. Returns the units to retreat, in order. 8.21: unlimbered
 * artillery forced to retreat is destroyed instead; with 15.0, any artillery
 * forced to retreat is disrupted instead and stays.
 */
function applyMeleeResult(
  ctx: GameContext,
  position: Position,
  board: Board,
  a: Assessment,
  result: CombatResult,
): UnitId[] {
  const queue: UnitId[] = [];
  if (result === "-") return queue;
  const capture = position.options.optionalRules.includes("artillery-capture");
  for (const hex of a.targets) {
    const ids = a.defenders.filter((d) => d.hex === hex).map((d) => d.unit);
    ids.forEach((id, i) => {
      // E1 and E2 name the top two; a third defender (12.0: a square's) is unaffected.
      if (result !== "D" && i >= 2) return;
      const eliminated = result === "E2" || (result === "E1" && i === 0);
      if (eliminated) {
        eliminate(board, id, "8.11", `${result} result of melee`);
        return;
      }
      const unit = position.units[id];
      const artillery = unit !== undefined && unitStats(ctx.rules, ctx.scenario, unit).class === "artillery";
      // 15.0 (optional): "Artillery units which are forced to retreat are disrupted instead."
      if (artillery && capture) {
        disrupt(board, id, "15.0");
        return;
      }
      if (artillery && !unit.limbered) {
        eliminate(board, id, "8.21", "unlimbered artillery forced to retreat");
        return;
      }
      if (disrupt(board, id, "8.11")) queue.push(id);
    });
  }
  return queue;
}
