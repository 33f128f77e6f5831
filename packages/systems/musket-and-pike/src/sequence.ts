import { err, ok, type Result } from "@tercio/core";
import { type DiceBox, openDice } from "./combat/dice.js";
import { type GameContext, playerOf, zoneKey } from "./context.js";
import { recoverDisrupted } from "./disruption.js";
import type { GameEvent } from "./events.js";
import { idOf } from "./hex/grid.js";
import { curableOverstacks } from "./movement/stacking-guard.js";
import { type RuleError, ruleError } from "./rule-error.js";
import { overStacked } from "./stacking.js";
import type { GameResult, Position } from "./state/position.js";
import { checkVictory } from "./victory.js";
import { otherSide, type Phase, type Side } from "./vocabulary.js";

export interface Step {
  readonly position: Position;
  readonly events: GameEvent[];
  /** Die rolls the action took (from the PRNG or from the dice given to `apply`). */
  readonly diceUsed?: number;
}

/**
 * 4.2, the Sequence of Play: each Game-Turn is the First Player-Turn, then
 * the Second, then the Turn Record; each Player-Turn is a Fire Combat Phase,
 * a Movement Phase and a Melee Combat Phase. Before Game-Turn 1 the First
 * Player deploys, then the Second (16.0).
 */
export function endPhase(
  ctx: GameContext,
  position: Position,
  dice: DiceBox = openDice(position.prng),
): Result<Step, RuleError> {
  const refused = endPhaseError(ctx, position);
  if (refused) return err(refused);
  switch (position.phase) {
    case "deployment":
      return ok(afterDeployment(position));
    case "fire":
      return ok(enterPhase(withFired(position), "movement", ended(position)));
    case "movement":
      return ok(enterPhase(position, "melee", ended(position)));
    case "melee":
      return endPlayerTurn(ctx, position, ended(position), dice);
    case "game-over":
      return err(gameOver());
  }
}

/**
 * Why the phase may not end now, or undefined when it may: what `endPhase`
 * checks, without making the next position (listing legal actions asks
 * this at every step). With dice given to `apply`, ending a Player-Turn can
 * still fail for want of a die (8.4).
 */
export function endPhaseError(ctx: GameContext, position: Position): RuleError | undefined {
  switch (position.phase) {
    case "deployment":
      return deploymentError(ctx, position);
    case "fire":
      return unresolved(position, "7.0");
    case "movement":
      return overstackError(ctx, position);
    case "melee":
      return unresolved(position, "6.3G");
    case "game-over":
      return gameOver();
  }
}

function gameOver(): RuleError {
  return ruleError("sequence/game-over", "4.1", "the game is over");
}

/** 11.0 (optional): the units that fired this Fire Combat Phase may not caracole in the Melee Combat Phase. */
function withFired(position: Position): Position {
  if (!position.options.optionalRules.includes("caracolla")) return position;
  return { ...position, fired: position.attacks.flatMap((a) => (a.kind === "fire" ? a.attackers : [])) };
}

/** 6.0, 7.0: every allocated attack is resolved before the phase ends. */
function unresolved(position: Position, rule: string): RuleError | undefined {
  const open = position.attacks.filter((a) => !a.resolved);
  if (open.length === 0) return undefined;
  return ruleError(
    "combat/unresolved",
    rule,
    `resolve every allocated attack before the phase ends (${open.map((a) => a.targets.join("+")).join(", ")})`,
  );
}

function ended(position: Position): GameEvent[] {
  return [
    { type: "phase-ended", side: position.phasing, phase: position.phase, gameTurn: position.gameTurn },
  ];
}

function enterPhase(position: Position, phase: Phase, events: GameEvent[], side = position.phasing): Step {
  // 11.0: who fired is remembered from the Fire Combat Phase to the end of the Player-Turn.
  const fired = phase === "fire" ? [] : position.fired;
  const next: Position = { ...position, phase, phasing: side, moved: [], attacks: [], fired };
  return {
    position: next,
    events: [...events, { type: "phase-began", side, phase, gameTurn: next.gameTurn }],
  };
}

/** 10.0: at the end of his Movement Phase a player may have no more units in a hex than his stacking limit. */
function overstackError(ctx: GameContext, position: Position): RuleError | undefined {
  const over = curableOverstacks(ctx, position, position.phasing);
  const first = over[0];
  if (!first) return undefined;
  const list = over.map((o) => `${o.hex} (${o.count})`).join(", ");
  return ruleError(
    "stacking/over-limit",
    "10.0",
    `${playerOf(ctx, position.phasing).name} may end the Movement Phase with at most ${first.limit} units in a hex: ${list}`,
    { hex: first.hex },
  );
}

/**
 * 4.2: the end of a Player-Turn: 8.4 recovery from disruption, then the
 * scenario's victory conditions for that moment (16.0); after the Second
 * Player-Turn the Turn Record advances, and after the last Game-Turn the
 * game ends with its result.
 */
function endPlayerTurn(
  ctx: GameContext,
  position: Position,
  events: GameEvent[],
  dice: DiceBox,
): Result<Step, RuleError> {
  const recovered = recoverDisrupted(ctx, position, dice);
  if (!recovered.ok) return recovered;
  const after = recovered.value.position;
  const done: GameEvent[] = [
    ...events,
    ...recovered.value.events,
    { type: "player-turn-ended", side: position.phasing, gameTurn: position.gameTurn },
  ];
  const result = checkVictory(ctx, after, { kind: "end-of-player-turn", side: position.phasing });
  const last = position.phasing === "second" && position.gameTurn >= ctx.scenario.gameLength;
  if (result || last) {
    const recorded: GameEvent[] =
      position.phasing === "second"
        ? [...done, { type: "game-turn-recorded", gameTurn: position.gameTurn }]
        : done;
    const over = endGame(after, result ?? noResult(ctx, position));
    return ok({ position: over.position, events: [...recorded, ...over.events] });
  }
  if (position.phasing === "first") return ok(enterPhase(after, "fire", done, "second"));
  const recorded: GameEvent[] = [...done, { type: "game-turn-recorded", gameTurn: position.gameTurn }];
  return ok(enterPhase({ ...after, gameTurn: position.gameTurn + 1 }, "fire", recorded, "first"));
}

/** Should a scenario's conditions name no result at the end (they always do), the game is drawn. */
function noResult(ctx: GameContext, position: Position): GameResult {
  return {
    winner: "draw",
    reason: `${ctx.scenario.gameLength} Game-Turns played without a result`,
    gameTurn: position.gameTurn,
  };
}

/** The game is over: no phase, no pending decision or attack, and the result recorded. */
export function endGame(position: Position, result: GameResult): { position: Position; events: GameEvent[] } {
  const { decision: _none, ...rest } = position;
  return {
    position: { ...rest, phase: "game-over", phasing: "first", moved: [], attacks: [], fired: [], result },
    events: [{ type: "game-ended", gameTurn: position.gameTurn, reason: result.reason, result }],
  };
}

/** True when a side still has units to set up before play. */
function hasUndeployed(position: Position, side: Side): boolean {
  return Object.entries(position.offMap).some(
    ([id, s]) => s === "undeployed" && position.units[id]?.side === side,
  );
}

/**
 * Begins a player's deployment, passing over a side with nothing to set up:
 * a side whose whole army enters from an edge (16.22 Protestants) does not deploy.
 */
export function startDeployment(position: Position, events: GameEvent[] = []): Step {
  let pos = position;
  if (pos.phasing === "first" && !hasUndeployed(pos, "first")) pos = { ...pos, phasing: "second" };
  if (pos.phasing === "second" && !hasUndeployed(pos, "second")) {
    return enterPhase({ ...pos, gameTurn: 1 }, "fire", events, "first");
  }
  return {
    position: pos,
    events: [...events, { type: "phase-began", side: pos.phasing, phase: "deployment", gameTurn: 1 }],
  };
}

/** 16.0: a player's deployment ends once every unit is set up, within his stacking limit (10.0). */
function deploymentError(ctx: GameContext, position: Position): RuleError | undefined {
  const side = position.phasing;
  const left = Object.entries(position.offMap).filter(
    ([id, s]) => s === "undeployed" && position.units[id]?.side === side,
  );
  if (left.length > 0) {
    return ruleError(
      "deploy/incomplete",
      "16.0",
      `${playerOf(ctx, side).name} still has ${left.length} unit(s) to deploy (${left
        .slice(0, 5)
        .map(([id]) => id)
        .join(", ")}${left.length > 5 ? ", ..." : ""})`,
    );
  }
  const over = overStacked(ctx, position, side);
  if (over[0]) {
    return ruleError(
      "stacking/over-limit",
      "10.0",
      `deployment leaves ${over.map((o) => `${o.hex} (${o.count})`).join(", ")} over the limit of ${over[0].limit}`,
      { hex: over[0].hex },
    );
  }
  for (const force of playerOf(ctx, side).forces) {
    const zone = ctx.zones.get(zoneKey(side, force.id));
    if (zone?.kind !== "deploy") continue;
    for (const h of zone.mustOccupy) {
      const id = idOf(ctx.map.grid, h);
      const top = position.stacks[id]?.[0];
      if (!top || position.units[top]?.side !== side) {
        return ruleError(
          "deploy/row-unoccupied",
          ctx.scenario.id,
          `at least one unit must be placed on every hex of the row, including ${id}`,
          { hex: id },
        );
      }
    }
  }
  return undefined;
}

/** After the First Player's deployment, the Second's; after the Second's, Game-Turn 1. */
function afterDeployment(position: Position): Step {
  const events = ended(position);
  if (position.phasing === "first") {
    return startDeployment({ ...position, phasing: otherSide(position.phasing) }, events);
  }
  return enterPhase({ ...position, gameTurn: 1 }, "fire", events, "first");
}
