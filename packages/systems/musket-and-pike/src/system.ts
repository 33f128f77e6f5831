import {
  type Applied,
  D6,
  type DataError,
  dataError,
  err,
  type GameOutcome,
  type GameSetup,
  HIDDEN_PRNG,
  ok,
  type PrngState,
  type Result,
  type RuleSystem,
  type Seat,
  zodIssues,
} from "@tercio/core";
import { z } from "zod";
import { type Action, ActionSchema } from "./actions.js";
import { apply } from "./apply.js";
import { type Catalog, defaultCatalog, type GameContext, gameContext } from "./context.js";
import type { GameEvent } from "./events.js";
import { legalActions } from "./legal.js";
import { newGame } from "./new-game.js";
import { RULE_CODES } from "./rule-codes.js";
import { citeRule } from "./rule-error.js";
import { findScenario } from "./scenarios/load.js";
import { parsePosition, positionHash } from "./state/parse.js";
import { actor, type Position } from "./state/position.js";
import { ENGINE_VERSION, replaysEngine } from "./version.js";
import { OPTIONAL_RULES, type OptionalRule } from "./vocabulary.js";
import { describeEvent, playerName, statusLine } from "./words.js";

/** The id hosts, saves and the wire name Musket & Pike by. */
export const MUSKET_AND_PIKE = "musket-and-pike";

export interface MpOptions {
  /** Optional rules 11.0-15.0 chosen for this game; those the scenario imposes are added (16.24). */
  readonly optionalRules: readonly OptionalRule[];
}

export type MpSystem = RuleSystem<GameContext, Position, Action, GameEvent, MpOptions>;

const SetupSchema = z.strictObject({
  scenario: z.string().min(1).max(200),
  options: z
    .strictObject({
      optionalRules: z.array(z.enum(OPTIONAL_RULES)).max(OPTIONAL_RULES.length).default([]),
    })
    .default({ optionalRules: [] }),
});

const OPTION_TEXT: Record<OptionalRule, { name: string; summary: string }> = {
  caracolla: { name: "Caracolla (11.0)", summary: "Reiters fire before melee, and may fire and withdraw" },
  "infantry-squares": {
    name: "Infantry squares (12.0)",
    summary: "pike and shot form squares against horse",
  },
  "road-movement": { name: "Road movement (13.0)", summary: "units in road mode march faster along roads" },
  "dismounting-cavalry": { name: "Dismounting cavalry (14.0)", summary: "dragoons fight on foot" },
  "artillery-capture": { name: "Artillery capture (15.0)", summary: "guns overrun in melee are captured" },
};

/**
 * What a client may see of a running game: the whole position but the dice.
 * The server keeps the PRNG state secret (nobody may foresee the dice), so
 * clients get it replaced by core's HIDDEN_PRNG and replay each action with
 * the die results the server reports.
 */
export function publicView(position: Position): Position {
  return position.prng === HIDDEN_PRNG ? position : { ...position, prng: HIDDEN_PRNG };
}

/** The hash both sides of an online game compare after each action: of the public view. */
export function publicHash(position: Position): string {
  return positionHash(publicView(position));
}

/** The seat to act now, or null once the game is over (4.1): the system's one answer to "who acts". */
export function toAct(position: Position): Seat | null {
  return position.phase === "game-over" ? null : actor(position);
}

/** Why undo is not offered in a game played without it, citing the rule (5.2G): for hosts' undo buttons. */
export const UNDO_OFF_TEXT = `Undo is off in this game: ${citeRule("5.2G")}, a move once made stands.`;

/** The die results an action used, in order (its die-rolled events). */
export function diceOf(events: readonly GameEvent[]): number[] {
  const dice: number[] = [];
  for (const e of events) if (e.type === "die-rolled") dice.push(e.value);
  return dice;
}

function applied(step: { position: Position; events: readonly GameEvent[] }): Applied<Position, GameEvent> {
  return { position: step.position, events: step.events, dice: diceOf(step.events) };
}

/**
 * Musket & Pike as a rule system: a thin adapter over the engine's own
 * functions, which are unchanged (the perft counts, frozen hashes and saves
 * replay exactly as before). `catalog` is the rules data, map and scenarios:
 * the printed values with Tercio's reconstructions, or a user's own file.
 */
export function musketAndPike(catalog: Catalog = defaultCatalog()): MpSystem {
  const context = (setup: GameSetup<MpOptions>): Result<GameContext, DataError> => {
    const ctx = gameContext(catalog, setup.scenario);
    return ctx.ok ? ctx : err(dataError("setup", [{ path: "scenario", message: ctx.error.message }]));
  };
  return Object.freeze<MpSystem>({
    id: MUSKET_AND_PIKE,
    title: "Musket & Pike: Tactical Combat, 1550-1680 (SPI, 1973)",
    version: ENGINE_VERSION,
    replaysVersion: replaysEngine,
    rules: { version: catalog.rules.version, hash: catalog.rules.hash },
    dice: D6,
    errorCodes: RULE_CODES,
    scenarios: () =>
      catalog.scenarios.scenarios.map((s) => ({
        id: s.id,
        name: s.name,
        summary: `${s.war}; ${s.gameLength} Game-Turns; complexity ${s.complexity}`,
      })),
    options: () =>
      OPTIONAL_RULES.map((id) => ({ id, kind: "flag" as const, default: false, ...OPTION_TEXT[id] })),
    parseSetup(raw) {
      const parsed = SetupSchema.safeParse(raw);
      if (!parsed.success) return err(dataError("setup", zodIssues(parsed.error)));
      const scenario = findScenario(catalog.scenarios, parsed.data.scenario);
      if (!scenario)
        return err(
          dataError("setup", [{ path: "scenario", message: `no scenario "${parsed.data.scenario}"` }]),
        );
      return ok({
        scenario: scenario.id,
        options: { optionalRules: [...parsed.data.options.optionalRules] },
      });
    },
    context,
    open(ctx, setup, prng: PrngState) {
      // The seed is not used: the opening PRNG state replaces the one it would give (no die is rolled to open).
      const opened = newGame(ctx, { seed: 0, optionalRules: setup.options.optionalRules });
      if (!opened.ok) return opened;
      return ok(applied({ position: { ...opened.value.position, prng }, events: opened.value.events }));
    },
    setupOf: (ctx, position) => ({
      scenario: ctx.scenario.id,
      options: { optionalRules: [...position.options.optionalRules] },
    }),
    parseAction(raw) {
      const parsed = ActionSchema.safeParse(raw);
      return parsed.success ? ok(parsed.data) : err(dataError("action", zodIssues(parsed.error)));
    },
    parsePosition: (raw) => parsePosition(catalog, raw),
    makePosition: (position) => position,
    hash: positionHash,
    apply(ctx, position, action, dice, from) {
      const step = apply(ctx, position, action, dice ? { dice, ...(from ? { diceFrom: from } : {}) } : {});
      return step.ok ? ok(applied(step.value)) : step;
    },
    toAct,
    result: (position): GameOutcome | null =>
      position.result
        ? {
            winner: position.result.winner,
            reason: position.result.reason,
            ...(position.result.level ? { level: position.result.level } : {}),
          }
        : null,
    publicView,
    diceState: (position) => position.prng,
    legalActions: (ctx, position) => legalActions(ctx, position),
    status: (ctx, position) => ({
      turn: position.gameTurn,
      phase: position.phase,
      text: statusLine(ctx, position),
    }),
    seatName: (ctx, seat) => playerName(ctx.scenario, seat),
    describeEvent: (ctx, event) => describeEvent(ctx, event),
    cite: citeRule,
  });
}
