import { type GameContext, playerOf } from "./context.js";
import type { SpecialRule } from "./scenarios/schema.js";
import type { Position } from "./state/position.js";
import type { OptionalRule } from "./vocabulary.js";

/**
 * What a scenario changes of the standard rules, as the players need it in
 * front of them during play: its special rules in the printed words (after
 * the errata of 30 April 1973), with how each stands now, the optional rules
 * it imposes and the unit values it changes.
 */
export interface ScenarioRuleNote {
  /** The rule case: "16.24". */
  readonly rule: string;
  /** The rule, as printed (after errata). */
  readonly text: string;
  /** How it stands on this position, where that changes in play. */
  readonly now?: string;
}

/** The printed special rules, after the errata's compass correction (16.0: the compass rose was printed upside down). */
const SPECIAL_RULE_TEXT: Readonly<Record<SpecialRule, { readonly rule: string; readonly text: string }>> = {
  "nieuport-fleet": {
    rule: "16.13",
    text: "The Dutch 6HA (2HA and 4EA, all used as HA) are the Dutch fleet providing fire support. They may only be moved in the area west of the stream (inclusive). They may move and fire each Friendly Player-Turn without limbering and unlimbering. They may be attacked by Enemy fire, but never by melee. No other unit may enter the stream hexes or the hexes west of them: this is the North Sea, whose Fire Protection Strength is that of clear terrain.",
  },
  "lutzen-ferocity": {
    rule: "16.24",
    text: 'After any one of the Swedish SC is eliminated or disrupted, the entire Swedish force becomes "ferocious" on the following Friendly Player-Turn. Ferocious units may not be disrupted, only eliminated: ignore all "D" results inflicted on them.',
  },
  "staverton-force-a-hold": {
    rule: "16.33",
    text: "Parliamentarian force (a) may not move until the Royalists have melee attacked some Parliamentarian unit, or any Royalist unit moves within eight hexes of any unit in force (a).",
  },
};

const OPTIONAL_RULE_TEXT: Readonly<Record<OptionalRule, string>> = {
  caracolla: "the optional Cavalry Caracolla rule (11.0)",
  "infantry-squares": "the optional Infantry Squares rule (12.0)",
  "road-movement": "the optional Road Movement rule (13.0)",
  "dismounting-cavalry": "the optional Dismounting Cavalry rule (14.0)",
  "artillery-capture": "the optional Artillery Capture rule (15.0)",
};

/** How a special rule stands now, from what `position.special` remembers. */
function nowOf(ctx: GameContext, position: Position, rule: SpecialRule): string | undefined {
  switch (rule) {
    case "lutzen-ferocity": {
      const from = position.special?.ferociousFrom;
      const swedes = playerOf(ctx, "first").name;
      if (from === undefined) return `No ${swedes} SC has been disrupted or eliminated yet.`;
      return position.gameTurn >= from
        ? `The ${swedes} are ferocious (since Game-Turn ${from}).`
        : `The ${swedes} become ferocious in Game-Turn ${from}.`;
    }
    case "staverton-force-a-hold":
      return position.special?.released
        ? "Force (a) has been set free and may move."
        : "Force (a) is still held: it may not move yet.";
    case "nieuport-fleet":
      return undefined;
  }
}

/** The scenario's own rules, for the players during play: special rules, imposed optional rules, changed unit values. */
export function scenarioRuleNotes(ctx: GameContext, position: Position): readonly ScenarioRuleNote[] {
  const { scenario } = ctx;
  const notes: ScenarioRuleNote[] = scenario.specialRules.map((id) => {
    const now = nowOf(ctx, position, id);
    return { ...SPECIAL_RULE_TEXT[id], ...(now !== undefined ? { now } : {}) };
  });
  for (const rule of scenario.requiredOptionalRules)
    notes.push({
      rule: scenario.id,
      text: `Players must use ${OPTIONAL_RULE_TEXT[rule]} with this scenario.`,
    });
  for (const o of scenario.unitOverrides)
    notes.push({
      rule: scenario.id,
      text: `${playerOf(ctx, o.side).name} ${o.type} units have a Melee Strength of ${o.melee}.`,
    });
  return notes;
}
