import { otherSeat, type PrngState, type Seat } from "@tercio/core";
import type { Ctx } from "./context.js";
import type { DiceSource } from "./dice-source.js";
import type { GameEvent } from "./events.js";
import { hasFire } from "./fire/declare.js";
import { resolveFire } from "./fire/resolve.js";
import { defaultTeamPlace, freshTeam } from "./horse-teams.js";
import { fightMelees } from "./melee/fight.js";
import { finalScores, withdrawing } from "./morale/army.js";
import { unitMorale } from "./morale/unit-morale.js";
import { type OfficerState, POSITION_FORMAT, type Position, type UnitState } from "./position.js";
import { no, type Out, ruleError, yes } from "./rule-error.js";

/**
 * The Game Turn: "The game is divided into turns and each turn has 4
 * parts. Part 1 is movement and fire. Each side rolls d% and the high
 * scorer must move first. After the high scorer (player 1) moves, any
 * eligible artillery piece or unit on either side may fire ... After
 * player 2 moves, remaining eligible guns/units may fire ... Part 2 is
 * Melee (hand-to-hand combat). Part 3 is unit Morale and Part 4 is Army
 * morale." Parts 2 to 4 hold no choice and follow the last fire step. The
 * game ends after the scenario's last turn, or when an army withdraws.
 */
type Step = { position: Position; events: GameEvent[] };

export function openingPosition(ctx: Ctx, scenarioId: string, prng: PrngState): Position {
  const units: Record<string, UnitState> = {};
  const officers: Record<string, OfficerState> = {};
  for (const id of Object.keys(ctx.units).sort()) {
    const t = ctx.units[id];
    if (!t) continue;
    const u: UnitState = {
      side: t.side,
      x: t.x,
      y: t.y,
      facing: t.facing,
      formation: t.formation,
      strength: t.strength,
      formedWith: t.strength,
      leadersLost: 0,
      level: "steady",
      levelBefore: "steady",
      used: 0,
      travelled: 0,
      stirred: false,
      moved: false,
      fired: false,
      reload: 0,
      pistols: 0,
      disordered: false,
      muddle: 0,
      chargedOn: 0,
      engagedOn: 0,
      flagLost: false,
      dismounted: false,
      rallyLost: 0,
    };
    const team = freshTeam(ctx, id);
    units[id] = team ? { ...u, team } : u;
  }
  for (const id of Object.keys(ctx.officers).sort()) {
    const o = ctx.officers[id];
    if (o)
      officers[id] = {
        side: o.side,
        x: o.x,
        y: o.y,
        moved: false,
        lost: false,
        ...(o.with ? { with: o.with } : {}),
      };
  }
  const buildings: Record<string, number> = {};
  for (const a of ctx.areas)
    if (a.kind === "building" && a.building) buildings[a.id] = ctx.rules.data.buildings[a.building] ?? 0;
  const opening: Position = {
    format: POSITION_FORMAT,
    rules: { version: ctx.rules.version, hash: ctx.rules.hash },
    scenario: scenarioId,
    options: { ...ctx.options },
    turn: 1,
    part: "initiative",
    first: "first",
    toMove: "first",
    fire: [],
    declared: [],
    units,
    officers,
    buildings,
    melees: [],
    tally: { first: { flagsTaken: 0, gunsCaptured: 0 }, second: { flagsTaken: 0, gunsCaptured: 0 } },
    fallen: [],
    meleesBegun: 0,
    prng,
  };
  return placeOpeningTeams(ctx, opening);
}

/** Guns deployed unlimbered have their teams out behind them (Artillery: within 6" of the gun). */
function placeOpeningTeams(ctx: Ctx, position: Position): Position {
  let out = position;
  for (const [id, u] of Object.entries(position.units)) {
    if (u.formation !== "unlimbered" || !u.team) continue;
    const at = defaultTeamPlace(ctx, out, id, u);
    out = { ...out, units: { ...out.units, [id]: { ...u, team: { ...u.team, at } } } };
  }
  return out;
}

/** "Each side rolls d% and the high scorer must move first": the first side's roll, then the second's, again on a tie. */
export function rollInitiative(position: Position, dice: DiceSource, events: GameEvent[]): Out<Position> {
  for (;;) {
    const a = dice.percent();
    if (!a.ok) return a;
    const b = dice.percent();
    if (!b.ok) return b;
    if (a.value === b.value) continue;
    const mover: Seat = a.value > b.value ? "first" : "second";
    events.push({ type: "initiative", turn: position.turn, first: a.value, second: b.value, mover });
    events.push({ type: "part-began", turn: position.turn, part: "move-1", side: mover });
    return yes({ ...position, part: "move-1", first: mover, toMove: mover });
  }
}

/** A fire step begins: player 1 declares first; a side with nothing to fire passes at once. */
function beginFire(
  ctx: Ctx,
  position: Position,
  part: "fire-1" | "fire-2",
  dice: DiceSource,
  events: GameEvent[],
): Out<Position> {
  let p: Position = { ...position, part, toMove: position.first, fire: [], declared: [] };
  events.push({ type: "part-began", turn: p.turn, part, side: p.toMove });
  for (let i = 0; i < 2; i++) {
    if (hasFire(ctx, p)) return yes(p);
    const declared = [...p.declared, p.toMove];
    if (declared.length === 2) return afterFire(ctx, { ...p, declared }, dice, events);
    p = { ...p, declared, toMove: otherSeat(p.toMove) };
  }
  return yes(p);
}

function afterFire(ctx: Ctx, position: Position, dice: DiceSource, events: GameEvent[]): Out<Position> {
  const fired = resolveFire(ctx, position, dice);
  if (!fired.ok) return fired;
  events.push(...fired.value.events);
  const p: Position = { ...fired.value.position, fire: [], declared: [] };
  if (position.part === "fire-1") {
    const mover = otherSeat(position.first);
    events.push({ type: "part-began", turn: p.turn, part: "move-2", side: mover });
    return yes({ ...p, part: "move-2", toMove: mover });
  }
  return endTurn(ctx, p, dice, events);
}

/** Parts 2, 3 and 4, then the next turn (or the end). */
function endTurn(ctx: Ctx, position: Position, dice: DiceSource, events: GameEvent[]): Out<Position> {
  const fought = new Set(position.melees.flatMap((m) => [...m.attackers, ...m.defenders]));
  const melee = fightMelees(ctx, position, dice, events);
  if (!melee.ok) return melee;
  const morale = unitMorale(ctx, melee.value, dice, events, fought);
  if (!morale.ok) return morale;
  let p = morale.value;
  const quitting = withdrawing(ctx, p);
  for (const side of quitting)
    events.push({
      type: "army-withdraws",
      side,
      remaining: Object.values(p.units).filter((u) => u.side === side && !u.gone).length,
    });
  if (quitting.length > 0 || p.turn >= ctx.scenario.turns) {
    const why =
      quitting.length > 0
        ? `${quitting.map((s) => ctx.scenario.forces[s].name).join(" and ")} withdrew (Army Morale)`
        : `the last turn (${ctx.scenario.turns}) is over`;
    const result = finalScores(ctx, p, dice, events, why);
    if (!result.ok) return result;
    return yes({ ...p, part: "over", result: result.value });
  }
  const units: Record<string, UnitState> = {};
  for (const [id, u] of Object.entries(p.units))
    units[id] = u.gone
      ? u
      : { ...u, moved: false, fired: false, stirred: false, travelled: 0, used: 0, levelBefore: u.level };
  const officers: Record<string, OfficerState> = {};
  for (const [id, o] of Object.entries(p.officers)) officers[id] = o.moved ? { ...o, moved: false } : o;
  p = { ...p, turn: p.turn + 1, units, officers, fallen: [] };
  return rollInitiative(p, dice, events);
}

/** Ends a side's move, or its declaring of fire. */
export function endPhase(ctx: Ctx, position: Position, dice: DiceSource): Out<Step> {
  if (position.reaction)
    return no(ruleError("sequence/reaction", "Melee", "the counter roll waits for its owner's answer"));
  const events: GameEvent[] = [];
  let next: Out<Position>;
  switch (position.part) {
    case "initiative":
      next = rollInitiative(position, dice, events);
      break;
    case "move-1":
      next = beginFire(ctx, position, "fire-1", dice, events);
      break;
    case "move-2":
      next = beginFire(ctx, position, "fire-2", dice, events);
      break;
    case "fire-1":
    case "fire-2": {
      const declared = [...position.declared, position.toMove];
      if (declared.length === 2) {
        next = afterFire(ctx, { ...position, declared }, dice, events);
        break;
      }
      const other: Position = { ...position, declared, toMove: otherSeat(position.toMove) };
      next = hasFire(ctx, other)
        ? yes(other)
        : afterFire(ctx, { ...other, declared: [...declared, other.toMove] }, dice, events);
      break;
    }
    case "over":
      return no(ruleError("sequence/game-over", "The Game Turn", "the game is over"));
  }
  if (!next.ok) return next;
  return yes({ position: next.value, events });
}
