import { otherSeat, type PrngState } from "@tercio/core";
import type { Ctx } from "./context.js";
import type { DiceSource } from "./dice-source.js";
import type { GameEvent } from "./events.js";
import { PreviewJudge } from "./grey-areas.js";
import { resolveMelee } from "./melee/melee.js";
import { POSITION_FORMAT, type Position, type UnitState } from "./position.js";
import { rallyRefusal } from "./rally.js";
import type { Out } from "./rule-error.js";
import { townToHold } from "./terrain.js";
import { finalResult, suddenDeath } from "./victory.js";

/**
 * Play Sequence: "A full turn has each player taking four phases": the
 * Attacker (player A, the scenario's) then the Defender, each 1) Actions:
 * Fire or Move, 2) Melee, 3) Routs and Rallies. The player acts in Actions
 * (each unit fires or moves, one at a time, in the order the player
 * chooses) and in Routs and Rallies; Melee holds no choice and is resolved
 * as Actions end. Routs and Rallies is passed over when no unit of the
 * player may rally. The victory conditions (the scenario's) are judged at
 * the end of each player's half; the game ends after the Defender's half
 * of the last turn.
 */
export function openingPosition(ctx: Ctx, scenarioId: string, prng: PrngState): Position {
  const units: Record<string, UnitState> = {};
  const all = [
    ...ctx.scenario.forces.first.map((u) => ({ ...u, side: "first" as const })),
    ...ctx.scenario.forces.second.map((u) => ({ ...u, side: "second" as const })),
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  let position: Position = {
    format: POSITION_FORMAT,
    rules: { version: ctx.rules.version, hash: ctx.rules.hash },
    scenario: scenarioId,
    options: { ...ctx.options },
    turn: 1,
    toMove: ctx.scenario.attacker,
    phase: "actions",
    units,
    contacts: [],
    settled: {},
    removed: [],
    prng,
  };
  for (const u of all) {
    const unit: UnitState = {
      side: u.side,
      type: u.type,
      x: u.x,
      y: u.y,
      facing: u.facing,
      formation: u.formation,
      hits: 0,
      acted: "none",
      roll: 0,
      outOfAmmunition: false,
    };
    // A unit deployed entirely within a town holds it from the start (Terrain iii, a reading: it has formed there).
    const town = townToHold(ctx, position, u.id, unit);
    units[u.id] = town ? { ...unit, holds: town.id } : unit;
    position = { ...position, units };
  }
  return position;
}

function freshHalf(units: Readonly<Record<string, UnitState>>): Record<string, UnitState> {
  const out: Record<string, UnitState> = {};
  for (const [id, u] of Object.entries(units))
    out[id] = u.acted === "none" && u.roll === 0 ? u : { ...u, acted: "none", roll: 0 };
  return out;
}

function anyRally(ctx: Ctx, position: Position): boolean {
  const judge = new PreviewJudge(position.settled);
  return Object.keys(position.units).some(
    (id) => position.units[id]?.side === position.toMove && !rallyRefusal(ctx, position, id, judge),
  );
}

/** The end of a player's half: the victory conditions, then the other player's Actions (or the next turn's). */
function endHalf(
  ctx: Ctx,
  position: Position,
  events: GameEvent[],
): { position: Position; events: GameEvent[] } {
  const side = position.toMove;
  const sudden = suddenDeath(ctx, position, side);
  const lastTurn = side !== ctx.scenario.attacker && position.turn >= ctx.scenario.turns;
  const result = sudden ?? (lastTurn ? finalResult(ctx, position) : undefined);
  if (result) {
    events.push({ type: "game-ended", winner: result.winner, reason: result.reason });
    return { position: { ...position, phase: "over", result, settled: {} }, events };
  }
  const turn = side === ctx.scenario.attacker ? position.turn : position.turn + 1;
  const next: Position = {
    ...position,
    turn,
    toMove: otherSeat(side),
    phase: "actions",
    settled: {},
    units: freshHalf(position.units),
  };
  events.push({ type: "phase-began", turn, side: next.toMove, phase: "actions" });
  return { position: next, events };
}

export function endPhase(
  ctx: Ctx,
  position: Position,
  dice: DiceSource,
): Out<{ position: Position; events: GameEvent[] }> {
  if (position.phase === "rallies") return { ok: true, value: endHalf(ctx, position, []) };
  const fought = resolveMelee(ctx, position, dice);
  if (!fought.ok) return fought;
  const events = [...fought.value.events];
  const after: Position = { ...fought.value.position, phase: "rallies", settled: {} };
  if (!anyRally(ctx, after)) return { ok: true, value: endHalf(ctx, after, events) };
  events.push({ type: "phase-began", turn: after.turn, side: after.toMove, phase: "rallies" });
  return { ok: true, value: { position: after, events } };
}
