import { err, ok, type Result } from "@tercio/core";
import type { GameContext } from "../context.js";
import type { HexId } from "../hex/offset.js";
import { type RuleError, ruleError } from "../rule-error.js";
import type { Step } from "../sequence.js";
import type { Attack, Position, UnitId } from "../state/position.js";
import { unitStats } from "../state/unit-stats.js";
import { attackError } from "./assess.js";
import { defendedUnits } from "./melee.js";

/**
 * The allocation of attacks (6.0, 7.0 procedures): the Phasing Player names
 * every attack before resolving any. Units are allocated one at a time;
 * units allocated against the same hex (or the same hexes) make one
 * combined attack (6.2C, 7.2D).
 */
export function applyFireAllocation(
  ctx: GameContext,
  position: Position,
  unit: UnitId,
  target: HexId,
): Result<Step, RuleError> {
  const caracole = position.phase === "melee" && position.options.optionalRules.includes("caracolla");
  if (position.phase !== "fire" && !caracole) {
    const text = `units fire only in the Fire Combat Phase, not the ${position.phase} phase`;
    return err(ruleError("fire/wrong-phase", "7.1B", text, { unit }));
  }
  const refused = caracole ? caracollaError(ctx, position, unit) : undefined;
  if (refused) return err(refused);
  return allocate(ctx, position, "fire", unit, [target]);
}

/**
 * 11.0 with errata (optional): in his Melee Combat Phase a player may fire
 * his Reiter Cavalry that did not fire in the Fire Combat Phase.
 */
export function caracollaError(ctx: GameContext, position: Position, unit: UnitId): RuleError | undefined {
  const refusal = caracollaRefusal(ctx, position, unit);
  if (refusal === "fire/caracolla-reiters-only") {
    const text = `only Reiter Cavalry fire in the Melee Combat Phase (errata), not ${unit}`;
    return ruleError(refusal, "11.0", text, { unit });
  }
  if (refusal === "fire/caracolla-fired") {
    const text = `${unit} fired in the Fire Combat Phase and may not fire again this Player-Turn`;
    return ruleError(refusal, "11.0", text, { unit });
  }
  return undefined;
}

/**
 * Whether `unit` may caracole (11.0), exactly when caracollaError finds no
 * error: the lister's yes/no, which builds no message for each of the many
 * units that may not.
 */
export function caracollaAllowed(ctx: GameContext, position: Position, unit: UnitId): boolean {
  return caracollaRefusal(ctx, position, unit) === undefined;
}

/** 11.0 with errata: the code of the refusal, if any; both answers above read it. */
function caracollaRefusal(
  ctx: GameContext,
  position: Position,
  unit: UnitId,
): "fire/caracolla-reiters-only" | "fire/caracolla-fired" | undefined {
  const record = position.units[unit];
  if (!record) return undefined;
  if (unitStats(ctx.rules, ctx.scenario, record).type !== "RC") return "fire/caracolla-reiters-only";
  if (position.fired.includes(unit)) return "fire/caracolla-fired";
  return undefined;
}

export function applyMeleeAllocation(
  ctx: GameContext,
  position: Position,
  unit: UnitId,
  targets: readonly HexId[],
): Result<Step, RuleError> {
  if (position.phase !== "melee") {
    return err(
      ruleError(
        "melee/wrong-phase",
        "6.0",
        `melee attacks are made in the Melee Combat Phase, not the ${position.phase} phase`,
        {
          unit,
        },
      ),
    );
  }
  return allocate(ctx, position, "melee", unit, targets);
}

function allocate(
  ctx: GameContext,
  position: Position,
  kind: "fire" | "melee",
  unit: UnitId,
  targets: readonly HexId[],
): Result<Step, RuleError> {
  const refused = allocationError(ctx, position, kind, unit, targets);
  if (refused) return err(refused);
  const same = sameTargets(position, kind, targets);
  const existing = position.attacks[same];
  const attackers = [...(existing?.attackers ?? []), unit];
  const record: Attack = { kind, attackers, targets: [...targets], resolved: false, defenders: [] };
  const attacks = [...position.attacks];
  if (existing) attacks[same] = record;
  else attacks.push(record);
  return ok({
    position: { ...position, attacks },
    events: [{ type: "attack-declared", kind, unit, targets: [...targets] }],
  });
}

function sameTargets(position: Position, kind: "fire" | "melee", targets: readonly HexId[]): number {
  return position.attacks.findIndex(
    (a) =>
      a.kind === kind && a.targets.length === targets.length && a.targets.every((t) => targets.includes(t)),
  );
}

/** Why `unit` may not be allocated to an attack on `targets` now, or undefined when it may (phase aside). */
export function allocationError(
  ctx: GameContext,
  position: Position,
  kind: "fire" | "melee",
  unit: UnitId,
  targets: readonly HexId[],
  hexes?: ReadonlyMap<UnitId, HexId>,
): RuleError | undefined {
  const closed = allocationClosed(position, kind);
  if (closed) return closed;
  if (position.attacks.some((a) => a.attackers.includes(unit))) {
    return kind === "fire"
      ? ruleError("fire/already-allocated", "7.3F", `${unit} already fires at another hex this phase`, {
          unit,
        })
      : ruleError("melee/already-allocated", "6.1B", `${unit} already takes part in an attack this phase`, {
          unit,
        });
  }
  const same = sameTargets(position, kind, targets);
  // 11.0(B): caracolla fire and melee may fall on the same hex in one phase; attacks of one kind may not.
  const overlapping = position.attacks.find(
    (a, i) => i !== same && a.kind === kind && a.targets.some((t) => targets.includes(t)),
  );
  if (overlapping) {
    const hex = overlapping.targets.find((t) => targets.includes(t)) ?? "";
    return ruleError(
      "combat/hex-already-attacked",
      "6.1B",
      `hex ${hex} is already attacked (with ${overlapping.targets.join(", ")}); no unit may be the object of more than one attack`,
      { hex },
    );
  }
  const attackers = [...(position.attacks[same]?.attackers ?? []), unit];
  // Fire strengths do not interact, so only the new firer is checked; melee attackers constrain each other (6.2F, 6.4K).
  const spec = { kind, attackers: kind === "fire" ? [unit] : attackers, targets };
  return attackError(ctx, position, spec, defendedUnits(position.attacks, kind), hexes);
}

/** Takes a unit out of the attack it was allocated to, while allocation is still open. */
export function applyWithdraw(position: Position, unit: UnitId): Result<Step, RuleError> {
  const index = position.attacks.findIndex((a) => a.attackers.includes(unit));
  const attack = position.attacks[index];
  if (!attack) {
    return err(ruleError("combat/not-allocated", "6.0", `${unit} is not allocated to any attack`, { unit }));
  }
  const closed = allocationClosed(position, attack.kind);
  if (closed) return err(closed);
  const attackers = attack.attackers.filter((id) => id !== unit);
  const attacks = [...position.attacks];
  if (attackers.length > 0) attacks[index] = { ...attack, attackers };
  else attacks.splice(index, 1);
  return ok({ position: { ...position, attacks }, events: [{ type: "attack-withdrawn", unit }] });
}

/**
 * 6.0, 7.0: once the first attack of a phase has been resolved, no more are
 * allocated. With 11.0, caracolla fire is allocated and resolved before any
 * melee is resolved; melee allocation stays open until the first melee
 * resolution (docs/rules, 11.0).
 */
function allocationClosed(position: Position, kind: "fire" | "melee"): RuleError | undefined {
  if (!position.attacks.some((a) => a.resolved && (kind === "fire" || a.kind === "melee"))) return undefined;
  return kind === "fire"
    ? ruleError(
        "fire/allocation-closed",
        "7.0",
        "every fire attack is allocated before the first is resolved",
      )
    : ruleError(
        "melee/allocation-closed",
        "6.0",
        "every melee attack is allocated before the first is resolved",
      );
}
