import { otherSeat, type PrngState } from "@tercio/core";
import type { Ctx } from "./context.js";
import type { DiceSource } from "./dice-source.js";
import { eliminate } from "./elimination.js";
import type { GameEvent } from "./events.js";
import { resolveHandToHand } from "./hand-to-hand.js";
import { POSITION_FORMAT, type Position, type UnitState } from "./position.js";
import type { RuleError } from "./rule-error.js";
import { finalResult, suddenDeath } from "./victory.js";

/**
 * 004 Sequence of Play: a turn is two player turns, each Movement,
 * Shooting, Hand-to-Hand Combat, Eliminating Units. The player acts in
 * Movement and Shooting; ending Shooting resolves Hand-to-Hand Combat and
 * Eliminating Units, which hold no choices, then the victory conditions,
 * then passes the turn. The scenario names the first player and the number
 * of turns (the text does neither).
 */
export function openingPosition(ctx: Ctx, scenarioId: string, prng: PrngState): Position {
  const units: Record<string, UnitState> = {};
  const all = [
    ...ctx.scenario.forces.first.map((u) => ({ ...u, side: "first" as const })),
    ...ctx.scenario.forces.second.map((u) => ({ ...u, side: "second" as const })),
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const u of all)
    units[u.id] = {
      side: u.side,
      type: u.type,
      x: u.x,
      y: u.y,
      facing: u.facing,
      frontage: u.frontage,
      depth: ctx.rules.data.unitTypes[u.type].depth,
      hits: 0,
      formation: "line",
      acted: "none",
    };
  return {
    format: POSITION_FORMAT,
    rules: { version: ctx.rules.version, hash: ctx.rules.hash },
    scenario: scenarioId,
    options: { ...ctx.options },
    turn: 1,
    toMove: ctx.scenario.firstPlayer,
    phase: "movement",
    units,
    contacts: [],
    eliminated: [],
    prng,
  };
}

function freshTurn(units: Readonly<Record<string, UnitState>>): Record<string, UnitState> {
  const out: Record<string, UnitState> = {};
  for (const [id, u] of Object.entries(units)) out[id] = u.acted === "none" ? u : { ...u, acted: "none" };
  return out;
}

export function endPhase(
  ctx: Ctx,
  position: Position,
  dice: DiceSource,
): { ok: true; position: Position; events: GameEvent[] } | { ok: false; error: RuleError } {
  if (position.phase === "movement") {
    const next: Position = { ...position, phase: "shooting" };
    return {
      ok: true,
      position: next,
      events: [{ type: "phase-began", turn: next.turn, side: next.toMove, phase: "shooting" }],
    };
  }
  const fought = resolveHandToHand(ctx, position, dice);
  if (!fought.ok) return fought;
  const events = [...fought.events];
  const cleared = eliminate(ctx, fought.position);
  events.push(...cleared.events);
  let next = cleared.position;
  const side = next.toMove;
  const sudden = suddenDeath(ctx, next, side);
  const lastTurn = side !== ctx.scenario.firstPlayer && next.turn >= ctx.scenario.turns;
  const result = sudden ?? (lastTurn ? finalResult(ctx, next) : undefined);
  if (result) {
    next = { ...next, phase: "over", result };
    events.push({ type: "game-ended", winner: result.winner, reason: result.reason });
    return { ok: true, position: next, events };
  }
  const turn = side === ctx.scenario.firstPlayer ? next.turn : next.turn + 1;
  next = { ...next, turn, toMove: otherSeat(side), phase: "movement", units: freshTurn(next.units) };
  events.push({ type: "phase-began", turn, side: next.toMove, phase: "movement" });
  return { ok: true, position: next, events };
}
