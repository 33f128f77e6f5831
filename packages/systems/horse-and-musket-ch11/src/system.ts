import {
  type Applied,
  D6,
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
import type { Ctx } from "./context.js";
import type { GameEvent } from "./events.js";
import { legalActions } from "./legal.js";
import { type Hm11Options, READING_IDS, READING_TEXT, READINGS } from "./options.js";
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
export const HORSE_AND_MUSKET_CH11 = "horse-and-musket-ch11";
export const HM11_VERSION = "0.2.0";
/**
 * The versions whose logs this one replays: 0.2.0 refuses a charge whose
 * turn swings the base off the table, which 0.1.0 allowed; a 0.1.0 log
 * that made one stops there with the refusal (never replayed wrong), and
 * every other replays as it played.
 */
export const HM11_REPLAYED: readonly string[] = ["0.1.0", HM11_VERSION];

export type Hm11System = RuleSystem<Ctx, Position, Action, GameEvent, Hm11Options>;

function diceOf(events: readonly GameEvent[]): number[] {
  const dice: number[] = [];
  for (const e of events) if (e.type === "die-rolled") dice.push(e.value);
  return dice;
}

function applied(position: Position, events: readonly GameEvent[]): Applied<Position, GameEvent> {
  return { position, events, dice: diceOf(events) };
}

/**
 * Horse and Musket Wargames Rules (chapter 11) as a rule system. `rules`
 * is the rules data (the built-in file, or a user's own, validated by
 * loadRules); games record its version and hash and refuse other data.
 */
export function horseAndMusketCh11(rules: Rules = defaultRules()): Hm11System {
  return Object.freeze<Hm11System>({
    id: HORSE_AND_MUSKET_CH11,
    title: "Horse and Musket Wargames Rules (chapter 11)",
    version: HM11_VERSION,
    replaysVersion: (v) => HM11_REPLAYED.includes(v),
    rules: { version: rules.version, hash: rules.hash },
    dice: D6,
    errorCodes: RULE_CODES,
    scenarios: () => [
      ...builtInScenarios().map((s) => ({ id: s.id, name: s.name, summary: s.summary })),
      {
        id: RANDOM_SCENARIO,
        name: "Random table",
        summary: "a seeded random table (options units, a side, and tableSeed)",
      },
    ],
    options: () =>
      READING_IDS.map((id) => ({
        id,
        kind: "choice" as const,
        choices: [...READINGS[id]],
        default: rules.data.readings[id],
        ...READING_TEXT[id],
      })),
    parseSetup: (raw) => {
      try {
        return parseSetup(rules, raw);
      } catch (e) {
        return err(dataError("setup", [{ path: "options", message: String(e) }]));
      }
    },
    context: (setup) => contextOf(rules, setup),
    open(ctx, setup, prng) {
      const position = openingPosition(ctx, setup.scenario, prng);
      return ok(
        applied(position, [{ type: "phase-began", turn: 1, side: position.toMove, phase: "movement" }]),
      );
    },
    setupOf: (_ctx, position) => {
      const { units, tableSeed, ...readings } = position.options;
      return {
        scenario: position.scenario,
        options: {
          ...readings,
          ...(units !== undefined ? { units } : {}),
          ...(tableSeed !== undefined ? { tableSeed } : {}),
        },
      };
    },
    parseAction(raw) {
      const parsed = ActionSchema.safeParse(raw);
      return parsed.success ? ok(parsed.data) : err<DataError>(dataError("action", zodIssues(parsed.error)));
    },
    parsePosition: (raw) => parsePosition(rules, raw),
    makePosition: (position) => position,
    hash: positionHash,
    apply(ctx, position, action, dice) {
      const step = applyAction(ctx, position, action, dice);
      return step.ok ? ok(applied(step.value.position, step.value.events)) : step;
    },
    toAct: (position): Seat | null => (position.result ? null : position.toMove),
    result: (position): GameOutcome | null =>
      position.result ? { winner: position.result.winner, reason: position.result.reason } : null,
    publicView: (position) => (position.prng === HIDDEN_PRNG ? position : { ...position, prng: HIDDEN_PRNG }),
    diceState: (position) => position.prng,
    legalActions: (ctx, position) => legalActions(ctx, position),
    status: (ctx, position) => ({
      turn: position.turn,
      phase: position.phase,
      text: statusLine(ctx, position),
    }),
    seatName: (ctx, seat) => sideName(ctx, seat),
    describeEvent: (ctx, event) => describeEvent(ctx, event),
    cite: citeRule,
  });
}

/** The system with the built-in rules data. */
export const horseAndMusket: Hm11System = horseAndMusketCh11();
