import { err, ok, type Result } from "@tercio/core";
import type { GameContext } from "../context.js";
import { indexOfId } from "../hex/grid.js";
import type { HexId } from "../hex/offset.js";
import { hasRoad } from "../map/map-context.js";
import { type RuleError, ruleError } from "../rule-error.js";
import type { Position, UnitId } from "../state/position.js";
import { unitStats } from "../state/unit-stats.js";
import { elevationOf, fireProtection, terrainOf } from "../terrain.js";
import { ELEVATIONS, type Odds } from "../vocabulary.js";
import { type FireContribution, fireContribution } from "./fire.js";
import { defendedUnits, isFlankAttack, meleeDefenders, meleeTargetsError } from "./melee.js";
import { type Outcome, oddsColumn, sharedOutcomes } from "./odds.js";
import { attackingUnit, type Combatant, holdsDisrupted } from "./units.js";

/** Something that changed a strength or the die, and the rule that says so. */
export interface Modifier {
  readonly rule: string;
  readonly text: string;
}

/** One unit's strength in an attack: its printed value and what the rules made of it. */
export interface StrengthLine {
  readonly unit: UnitId;
  readonly hex: HexId;
  readonly printed: number;
  readonly strength: number;
  readonly modifiers: readonly Modifier[];
}

/**
 * An attack weighed before the die is rolled: every strength with the rule
 * behind it, the odds column, the die modifier and the exact chance of each
 * result (the odds preview players and the AI see; resolution uses the same).
 */
export interface Assessment {
  readonly kind: "fire" | "melee";
  readonly targets: readonly HexId[];
  readonly attackers: readonly StrengthLine[];
  /** Melee: the defending units' strengths. Fire: empty (7.2E: the units in the hex do not count). */
  readonly defenders: readonly StrengthLine[];
  /** Fire: the Fire Protection Strength of the target hex (9.0; 5.3K where a road runs). */
  readonly protection?: { readonly hex: HexId; readonly strength: number; readonly rule: string };
  /** The units the result would fall on (the top two of each attacked hex). */
  readonly affected: readonly UnitId[];
  readonly attack: number;
  readonly defence: number;
  readonly odds: Odds;
  /** Modifiers of the attack as a whole: flank attack, downhill, the disrupted-unit die modifier. */
  readonly notes: readonly Modifier[];
  /** 8.4: added to the die. */
  readonly dieModifier: number;
  readonly outcomes: readonly Outcome[];
}

export interface AttackSpec {
  readonly kind: "fire" | "melee";
  readonly attackers: readonly UnitId[];
  readonly targets: readonly HexId[];
}

/**
 * Weighs an attack in the current position, checking that every attacker may
 * make it (not whether it has been declared or the phase allows it: see
 * declare.ts). `defended` are units already attacked this phase (6.1B);
 * `hexes` (each unit's hex) saves looking units up when the caller has it.
 */
export function assessAttack(
  ctx: GameContext,
  position: Position,
  spec: AttackSpec,
  defended: ReadonlySet<UnitId> = defendedUnits(position.attacks, spec.kind),
  hexes?: ReadonlyMap<UnitId, HexId>,
): Result<Assessment, RuleError> {
  const checked = checkAttack(ctx, position, spec, defended, hexes);
  if (!checked.ok) return checked;
  const c = checked.value;
  return ok(
    c.kind === "fire"
      ? weighFire(ctx, position, c.firers, c.contributions, c.target, spec.targets)
      : weighMelee(ctx, position, c.attackers, spec.targets, c.defenders),
  );
}

/**
 * Why an attack may not be made (the refusal `assessAttack` would give), or
 * undefined when it may: the checks without the weighing, for listing the
 * allocations the rules allow.
 */
export function attackError(
  ctx: GameContext,
  position: Position,
  spec: AttackSpec,
  defended: ReadonlySet<UnitId> = defendedUnits(position.attacks, spec.kind),
  hexes?: ReadonlyMap<UnitId, HexId>,
): RuleError | undefined {
  const checked = checkAttack(ctx, position, spec, defended, hexes);
  return checked.ok ? undefined : checked.error;
}

/** An attack that passed every check, with what the checks found. */
type CheckedAttack =
  | {
      readonly kind: "fire";
      readonly firers: readonly Combatant[];
      readonly contributions: readonly FireContribution[];
      readonly target: HexId;
    }
  | {
      readonly kind: "melee";
      readonly attackers: readonly Combatant[];
      /** The defending units of each target hex, in order. */
      readonly defenders: readonly (readonly UnitId[])[];
    };

function checkAttack(
  ctx: GameContext,
  position: Position,
  spec: AttackSpec,
  defended: ReadonlySet<UnitId>,
  hexes: ReadonlyMap<UnitId, HexId> | undefined,
): Result<CheckedAttack, RuleError> {
  if (spec.attackers.length === 0)
    return err(ruleError("combat/no-attackers", "6.0", "an attack needs attackers"));
  if (spec.targets.length === 0)
    return err(ruleError("combat/no-target", "6.0", "an attack needs a target hex"));
  if (new Set(spec.attackers).size !== spec.attackers.length) {
    return err(ruleError("combat/repeated-attacker", "6.4J", "a unit is listed twice among the attackers"));
  }
  const combatants: Combatant[] = [];
  for (const id of spec.attackers) {
    const c = attackingUnit(ctx, position, id, spec.kind, hexes);
    if ("code" in c) return err(c);
    combatants.push(c);
  }
  return spec.kind === "fire"
    ? checkFire(ctx, position, combatants, spec.targets)
    : checkMelee(ctx, position, combatants, spec.targets, defended);
}

function checkFire(
  ctx: GameContext,
  position: Position,
  firers: readonly Combatant[],
  targets: readonly HexId[],
): Result<CheckedAttack, RuleError> {
  const [target, ...more] = targets;
  if (target === undefined || more.length > 0) {
    return err(ruleError("fire/one-hex", "7.3F", "a fire attack is made on a single hex"));
  }
  const contributions: FireContribution[] = [];
  for (const f of firers) {
    const c = fireContribution(ctx, position, f, target);
    if ("code" in c) return err(c);
    contributions.push(c);
  }
  return ok({ kind: "fire", firers, contributions, target });
}

function weighFire(
  ctx: GameContext,
  position: Position,
  firers: readonly Combatant[],
  contributions: readonly FireContribution[],
  target: HexId,
  targets: readonly HexId[],
): Assessment {
  const attackers: StrengthLine[] = [];
  // 12.3(F) errata: "Double the Fire Attack Strengths of all units fire-attacking any units in Square."
  const square = position.squares.includes(target);
  firers.forEach((f, i) => {
    const c = contributions[i] as FireContribution;
    const modifiers: Modifier[] =
      c.strength === c.printed ? [] : [{ rule: "7.4", text: `${c.strength} at a range of ${c.range}` }];
    if (square) modifiers.push({ rule: "12.3F", text: "firing at a square: doubled" });
    attackers.push({
      unit: f.id,
      hex: f.hex,
      printed: c.printed,
      strength: square ? c.strength * 2 : c.strength,
      modifiers,
    });
  });
  const h = indexOfId(ctx.map.grid, target);
  const road = hasRoad(ctx.map, h);
  // 13.0(F): a unit in Road Movement Mode (always the top of its stack) "is halved in defense against Fire Combat".
  const marching = position.units[position.stacks[target]?.[0] ?? ""]?.roadMode === true;
  const protection = {
    hex: target,
    strength: marching ? fireProtection(ctx, h) / 2 : fireProtection(ctx, h),
    rule: marching ? "13.0F" : road ? "5.3K" : "9.0",
  };
  const disrupted = holdsDisrupted(position, targets);
  const notes: Modifier[] = disrupted
    ? [{ rule: "8.4", text: `${target} holds a disrupted unit: +1 to the die` }]
    : [];
  const attack = sum(attackers);
  const odds = oddsColumn(attack, protection.strength);
  const dieModifier = disrupted ? 1 : 0;
  return {
    kind: "fire",
    targets,
    attackers,
    defenders: [],
    protection,
    affected: (position.stacks[target] ?? []).slice(0, 2),
    attack,
    defence: protection.strength,
    odds,
    notes,
    dieModifier,
    outcomes: sharedOutcomes(ctx.rules, "fire", odds, dieModifier),
  };
}

function checkMelee(
  ctx: GameContext,
  position: Position,
  attackers: readonly Combatant[],
  targets: readonly HexId[],
  defended: ReadonlySet<UnitId>,
): Result<CheckedAttack, RuleError> {
  for (const a of attackers) {
    const e = meleeTargetsError(ctx, position, a, targets);
    if (e) return err(e);
  }
  // 6.2(F): one attack on several hexes is made by units in a single hex.
  if (targets.length > 1 && new Set(attackers.map((a) => a.hex)).size > 1) {
    return err(
      ruleError(
        "melee/multi-hex-from-one-hex",
        "6.2F",
        "an attack on several hexes is made by units in a single hex",
      ),
    );
  }
  // 6.4(K): units stacked together attacking through the same hexside are all infantry or all cavalry.
  for (const a of attackers) {
    const other = attackers.find((b) => b.hex === a.hex && b.stats.class !== a.stats.class);
    if (other) {
      return err(
        ruleError(
          "melee/mixed-stack",
          "6.4K",
          `${a.id} (${a.stats.class}) and ${other.id} (${other.stats.class}) attack out of ${a.hex} through the same hexside; stacked attackers must be all infantry or all cavalry`,
          { unit: a.id, hex: a.hex },
        ),
      );
    }
  }
  const defenders = targets.map((target) => meleeDefenders(ctx, position, target, defended));
  if (defenders.every((ids) => ids.length === 0)) {
    return err(
      ruleError(
        "melee/no-defenders",
        "6.1B",
        "every unit in the attacked hexes has already been attacked this phase",
      ),
    );
  }
  return ok({ kind: "melee", attackers, defenders });
}

function weighMelee(
  ctx: GameContext,
  position: Position,
  attackers: readonly Combatant[],
  targets: readonly HexId[],
  defending: readonly (readonly UnitId[])[],
): Assessment {
  const grid = ctx.map.grid;
  const at = targets.map((t) => indexOfId(grid, t));
  const notes: Modifier[] = [];
  const ringed = isFlankAttack(
    ctx,
    attackers.map((a) => a.at),
    at,
  );
  // 12.0: "The effect of flanking attacks against units in a 'square' hex are ignored."
  const flank = ringed && !targets.some((t) => position.squares.includes(t));
  if (flank) notes.push({ rule: "6.5L", text: "flank attack: the attackers' strengths are doubled" });
  if (ringed && !flank) notes.push({ rule: "12.0", text: "a square ignores the flank attack" });
  const ploughed = at.some((h) => ctx.rules.data.terrain[terrainOf(ctx, h)].cavalryAttackHalved);
  const lines: StrengthLine[] = attackers.map((a) => {
    const modifiers: Modifier[] = [];
    let strength = a.stats.melee;
    if (ploughed && a.stats.class === "cavalry") {
      strength /= 2;
      modifiers.push({ rule: "9.0", text: "cavalry attacking units in ploughed land: halved" });
    }
    if (flank) {
      strength *= 2;
      modifiers.push({ rule: "6.5L", text: "flank attack: doubled" });
    }
    return { unit: a.id, hex: a.hex, printed: a.stats.melee, strength, modifiers };
  });
  const defenders: StrengthLine[] = [];
  const affected: UnitId[] = [];
  for (const [i, target] of targets.entries()) {
    const h = at[i] as number;
    const ids = defending[i] ?? [];
    affected.push(...ids);
    const level = ELEVATIONS.indexOf(elevationOf(ctx, h));
    // 9.0 errata: any attacker attacking downhill cancels the defenders' doubling.
    const downhill = attackers.some((a) => ELEVATIONS.indexOf(elevationOf(ctx, a.at)) > level);
    const terrain = ctx.rules.data.terrain[terrainOf(ctx, h)];
    const doubled = terrain.meleeDefenceDoubled && !downhill;
    if (terrain.meleeDefenceDoubled && downhill) {
      notes.push({
        rule: "9.0",
        text: `attacked downhill: the defenders of ${target} are not doubled (errata)`,
      });
    }
    const stats = ids.map((id) => {
      const unit = position.units[id];
      if (!unit) throw new Error(`unit ${id} in ${target} has no record`);
      return unitStats(ctx.rules, ctx.scenario, unit);
    });
    // 6.6(N) with errata: parenthesised strengths count only when no unparenthesised unit defends with them.
    const mixed = stats.some((s) => !s.meleeParenthesised) && stats.some((s) => s.meleeParenthesised);
    ids.forEach((id, k) => {
      const s = stats[k];
      if (!s) return;
      const modifiers: Modifier[] = [];
      let strength = s.melee;
      if (mixed && s.meleeParenthesised) {
        strength = 0;
        modifiers.push({ rule: "6.6N", text: "parenthesised, defending with an unparenthesised unit: 0" });
      }
      const marching = position.units[id]?.roadMode === true;
      if (marching) {
        strength /= 2;
        modifiers.push({ rule: "13.0F", text: "in Road Movement Mode: halved, whatever the terrain" });
      }
      if (doubled && strength > 0 && !marching) {
        strength *= 2;
        modifiers.push({ rule: "9.0", text: `${terrain.name.toLowerCase()}: doubled in defence` });
      }
      defenders.push({ unit: id, hex: target, printed: s.melee, strength, modifiers });
    });
  }
  const disrupted = holdsDisrupted(position, targets);
  if (disrupted) notes.push({ rule: "8.4", text: "an attacked hex holds a disrupted unit: +1 to the die" });
  const attack = sum(lines);
  const defence = sum(defenders);
  const odds = oddsColumn(attack, defence);
  const dieModifier = disrupted ? 1 : 0;
  return {
    kind: "melee",
    targets,
    attackers: lines,
    defenders,
    affected,
    attack,
    defence,
    odds,
    notes,
    dieModifier,
    outcomes: sharedOutcomes(ctx.rules, "melee", odds, dieModifier),
  };
}

function sum(lines: readonly StrengthLine[]): number {
  return lines.reduce((t, l) => t + l.strength, 0);
}
