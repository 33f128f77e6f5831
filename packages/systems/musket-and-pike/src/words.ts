/**
 * Musket & Pike in words: phases, players, events and results, as the
 * rulebook names them. The system's describeEvent and status use these; the
 * CLI and the browser show them.
 */

import type { GameContext } from "./context.js";
import type { GameEvent } from "./events.js";
import { idOf } from "./hex/grid.js";
import type { MapContext } from "./map/map-context.js";
import { citeRule } from "./rule-error.js";
import type { Scenario } from "./scenarios/schema.js";
import type { GameResult, Position } from "./state/position.js";
import type { Phase, Side } from "./vocabulary.js";

export const PHASE_NAMES: Record<Phase, string> = {
  deployment: "Deployment",
  fire: "Fire Combat Phase",
  movement: "Movement Phase",
  melee: "Melee Combat Phase",
  "game-over": "Game over",
};

export function sideLabel(side: Side): string {
  return side === "first" ? "First Player" : "Second Player";
}

export function playerName(scenario: Scenario, side: Side): string {
  return scenario.players.find((p) => p.side === side)?.name ?? side;
}

/** "Game-Turn 3 of 15 — Swedish — Movement Phase" (4.2). */
export function statusLine(ctx: GameContext, position: Position): string {
  const of = `Game-Turn ${position.gameTurn} of ${ctx.scenario.gameLength}`;
  if (position.phase === "game-over") return `${of} — game over`;
  return `${of} — ${playerName(ctx.scenario, position.phasing)} — ${PHASE_NAMES[position.phase]}`;
}

/** "1204" or "1204 (hex 9)" when the hex is one of the 16 numbered key hexes. */
export function hexLabel(map: MapContext, hex: string): string {
  for (const [n, h] of map.keyHexes) if (idOf(map.grid, h) === hex) return `${hex} (hex ${n})`;
  return hex;
}

/** One readable line for an engine event. */
export function describeEvent(ctx: GameContext, event: GameEvent): string {
  const name = (side: Side) => playerName(ctx.scenario, side);
  switch (event.type) {
    case "unit-deployed":
      return `${event.unit} deployed in ${hexLabel(ctx.map, event.hex)}`;
    case "unit-undeployed":
      return `${event.unit} taken back off the map`;
    case "unit-moved": {
      const mp = `${event.cost} MP`;
      const path = event.steps.join(" ");
      if (event.to === "exited") return `${event.unit} left the map from ${event.from} (${mp}): ${path}`;
      if (event.from === "off-map")
        return `${event.unit} entered the map to ${hexLabel(ctx.map, event.to)} (${mp}): ${path}`;
      if (event.from === event.to) return `${event.unit} stayed in ${event.to} (${mp}): ${path}`;
      return `${event.unit} moved ${event.from} -> ${hexLabel(ctx.map, event.to)} (${mp}): ${path}`;
    }
    case "stack-reordered":
      return `stack in ${event.hex} reordered, top first: ${event.order.join(", ")}`;
    case "control-changed":
      return `${name(event.side)} now control ${hexLabel(ctx.map, event.hex)}`;
    case "phase-ended":
      return `Game-Turn ${event.gameTurn}: ${name(event.side)} ${PHASE_NAMES[event.phase]} ended`;
    case "phase-began":
      return `Game-Turn ${event.gameTurn}: ${name(event.side)} ${PHASE_NAMES[event.phase]} began`;
    case "player-turn-ended":
      return `Game-Turn ${event.gameTurn}: ${name(event.side)} Player-Turn ended`;
    case "game-turn-recorded":
      return `Game-Turn ${event.gameTurn} recorded on the Turn Record`;
    case "game-ended":
      return `the game ended in Game-Turn ${event.gameTurn}: ${event.result ? resultLine(ctx, event.result) : event.reason}`;
    case "attack-declared":
      return `${event.unit} allocated to ${event.kind === "fire" ? "fire at" : "attack"} ${event.targets.map((h) => hexLabel(ctx.map, h)).join(" + ")}`;
    case "attack-withdrawn":
      return `${event.unit} withdrawn from its attack`;
    case "die-rolled":
      return `die (${event.source === "prng" ? "rolled" : "given"}): ${event.value} for ${event.purpose} [${citeRule(event.rule)}]`;
    case "combat-resolved":
      return `${event.kind} on ${event.targets.join(" + ")}: ${formatStrength(event.attack)} to ${formatStrength(event.defence)} is ${event.odds}, die ${event.roll}${event.modifier ? ` +${event.modifier}` : ""}: ${event.result === "-" ? "no effect" : event.result} [${citeRule(event.rule)}]`;
    case "attack-lapsed":
      return `the ${event.kind} attack on ${event.targets.join(" + ")} lapses: nothing left to attack`;
    case "unit-disrupted":
      return `${event.unit} in ${event.hex} disrupted [${citeRule(event.rule)}]`;
    case "unit-eliminated":
      return `${event.unit} in ${event.hex} eliminated: ${event.reason} [${citeRule(event.rule)}]`;
    case "unit-retreated":
      return `${event.unit} retreated ${event.from} -> ${hexLabel(ctx.map, event.to)}: ${event.path.join(" ")} [${citeRule(event.rule)}]`;
    case "unit-advanced":
      return `${event.unit} advanced ${event.from} -> ${hexLabel(ctx.map, event.to)} [8.3]`;
    case "result-ignored":
      return `${event.unit} in ${event.hex}: result ignored, ${event.reason} [${citeRule(event.rule)}]`;
    case "unit-captured":
      return `${event.unit} in ${event.hex} captured by the ${name(event.side)} [${citeRule(event.rule)}]`;
    case "unit-dismounted":
      return `${event.unit} dismounted: now a Militia Musket pair, infantry [${citeRule(event.rule)}]`;
    case "unit-remounted":
      return `${event.unit} remounted [${citeRule(event.rule)}]`;
    case "square-formed":
      return `square formed in ${event.hex} [${citeRule(event.rule)}]`;
    case "square-removed":
      return `square removed from ${event.hex} [${citeRule(event.rule)}]`;
    case "unit-recovered":
      return `${event.unit} recovered from disruption [${citeRule(event.rule)}]`;
  }
}

/** The result in words: the engine's reason already names the winner and the level ("...: Swedish win"). */
export function resultLine(_ctx: GameContext, result: GameResult): string {
  return result.reason;
}

/** Strengths may be halves (9.0: cavalry halved). */
function formatStrength(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
