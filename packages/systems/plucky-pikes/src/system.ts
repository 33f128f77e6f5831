import {
  type Applied,
  type DataError,
  dataError,
  err,
  type GameOutcome,
  HIDDEN_PRNG,
  ok,
  type RuleSystem,
  type Seat,
  zodIssues,
} from "@tercio/core";
import { type Action, ActionSchema } from "./actions.js";
import { applyAction } from "./apply.js";
import { type Ctx, DICE } from "./context.js";
import type { GameEvent } from "./events.js";
import { legalActions } from "./legal.js";
import type { PpssOptions } from "./options.js";
import type { Position } from "./position.js";
import { parsePosition, positionHash } from "./position-check.js";
import { RULE_CODES } from "./rule-codes.js";
import { citeRule } from "./rule-error.js";
import { defaultRules, type Rules } from "./rules-data/load.js";
import { builtInScenarios, RANDOM_SCENARIO } from "./scenarios/load.js";
import { openingPosition } from "./sequence.js";
import { contextOf, parseSetup } from "./setup.js";
import { describeEvent, sideName, statusLine } from "./words.js";

/** The id hosts, saves and the wire name this system by. */
export const PLUCKY_PIKES = "plucky-pikes";
/**
 * 0.2.0 gave guns their horse teams (positions gained `team`), so a 0.1.0
 * game's recorded hashes are not this version's: it is not replayed.
 */
export const PPSS_VERSION = "0.2.0";
export const PPSS_REPLAYED: readonly string[] = [PPSS_VERSION];

export type PpssSystem = RuleSystem<Ctx, Position, Action, GameEvent, PpssOptions>;

/**
 * Plucky Pikes and Stalwart Shot (Ben King, 001) as a rule system. `rules`
 * is the rules data (the built-in file with the Combat Cards
 * reconstructed, or a player's own, validated by loadRules); games record
 * its version and hash and refuse other data. Every die is a d10, a d%
 * being two of them (dice-source.ts).
 */
export function pluckyPikes(rules: Rules = defaultRules()): PpssSystem {
  return Object.freeze<PpssSystem>({
    id: PLUCKY_PIKES,
    title: "Plucky Pikes and Stalwart Shot (001)",
    version: PPSS_VERSION,
    replaysVersion: (v) => PPSS_REPLAYED.includes(v),
    rules: { version: rules.version, hash: rules.hash },
    dice: DICE,
    errorCodes: RULE_CODES,
    scenarios: () => [
      ...builtInScenarios().map((s) => ({ id: s.id, name: s.name, summary: s.summary })),
      {
        id: RANDOM_SCENARIO,
        name: "Random table",
        summary: "a seeded random table with two period armies (options units and tableSeed)",
      },
    ],
    options: () => [],
    parseSetup: (raw) => parseSetup(raw),
    context: (setup) => contextOf(rules, setup),
    open(ctx, setup, prng) {
      const position = openingPosition(ctx, setup.scenario, prng);
      const applied: Applied<Position, GameEvent> = {
        position,
        events: [{ type: "part-began", turn: 1, part: "initiative", side: position.toMove }],
        dice: [],
      };
      return ok(applied);
    },
    setupOf: (_ctx, position) => ({ scenario: position.scenario, options: { ...position.options } }),
    parseAction(raw) {
      const parsed = ActionSchema.safeParse(raw);
      return parsed.success ? ok(parsed.data) : err<DataError>(dataError("action", zodIssues(parsed.error)));
    },
    parsePosition: (raw) => parsePosition(rules, raw),
    makePosition: (position) => position,
    hash: positionHash,
    apply(ctx, position, action, dice) {
      const step = applyAction(ctx, position, action, dice);
      return step.ok
        ? ok({ position: step.value.position, events: step.value.events, dice: step.value.dice })
        : step;
    },
    toAct: (position): Seat | null => (position.result ? null : position.toMove),
    result: (position): GameOutcome | null =>
      position.result ? { winner: position.result.winner, reason: position.result.reason } : null,
    publicView: (position) => (position.prng === HIDDEN_PRNG ? position : { ...position, prng: HIDDEN_PRNG }),
    diceState: (position) => position.prng,
    legalActions: (ctx, position) => legalActions(ctx, position),
    status: (ctx, position) => ({
      turn: position.turn,
      phase: position.part,
      text: statusLine(ctx, position),
    }),
    seatName: (ctx, seat) => sideName(ctx, seat),
    describeEvent: (ctx, event) => describeEvent(ctx, event),
    cite: citeRule,
  });
}

/** The system with the built-in rules data. */
export const pluckyPikesSystem: PpssSystem = pluckyPikes();
