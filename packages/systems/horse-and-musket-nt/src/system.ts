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
import { type NtOptions, OPTION_IDS, OPTION_TEXT, OPTIONS } from "./options.js";
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
export const HORSE_AND_MUSKET_NT = "horse-and-musket-nt";
export const HMNT_VERSION = "0.1.0";
export const HMNT_REPLAYED: readonly string[] = [HMNT_VERSION];

export type NtSystem = RuleSystem<Ctx, Position, Action, GameEvent, NtOptions>;

function diceOf(events: readonly GameEvent[]): number[] {
  const dice: number[] = [];
  for (const e of events) if (e.type === "die-rolled") dice.push(e.value);
  return dice;
}

function applied(position: Position, events: readonly GameEvent[]): Applied<Position, GameEvent> {
  return { position, events, dice: diceOf(events) };
}

/**
 * Horse and Musket Wargame Rules (the NT-inspired blog rules, 003) as a rule
 * system. `rules` is the rules data (the built-in file, or a user's own,
 * validated by loadRules); games record its version and hash and refuse
 * other data. The system's dice are the d6's faces: the average die's
 * (2, 3, 3, 4, 4, 5) are among them, and a game's own die (the dice option)
 * checks every die given at the table.
 */
export function horseAndMusketNt(rules: Rules = defaultRules()): NtSystem {
  return Object.freeze<NtSystem>({
    id: HORSE_AND_MUSKET_NT,
    title: "Horse and Musket Wargame Rules (NT-inspired, 003)",
    version: HMNT_VERSION,
    replaysVersion: (v) => HMNT_REPLAYED.includes(v),
    rules: { version: rules.version, hash: rules.hash },
    dice: D6,
    errorCodes: RULE_CODES,
    scenarios: () => [
      ...builtInScenarios().map((s) => ({ id: s.id, name: s.name, summary: s.summary })),
      {
        id: RANDOM_SCENARIO,
        name: "Random table",
        summary:
          "a seeded random table, armies rolled on the army composition chart (options units and tableSeed)",
      },
    ],
    options: () =>
      OPTION_IDS.map((id) => ({
        id,
        kind: "choice" as const,
        choices: [...OPTIONS[id]],
        default: rules.data.options[id],
        ...OPTION_TEXT[id],
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
        applied(position, [{ type: "phase-began", turn: 1, side: position.toMove, phase: "actions" }]),
      );
    },
    setupOf: (_ctx, position) => {
      const { units, tableSeed, ...chosen } = position.options;
      return {
        scenario: position.scenario,
        options: {
          ...chosen,
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
export const horseAndMusketNtSystem: NtSystem = horseAndMusketNt();
