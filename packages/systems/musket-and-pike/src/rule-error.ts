import { type RuleError as CoreRuleError, makeRuleError } from "@tercio/core";
import type { HexId } from "./hex/offset.js";
import type { RuleCode } from "./rule-codes.js";

/**
 * Musket & Pike's rule errors: the core RuleError, its rule a rule case
 * ("5.2F"), its code one of RULE_CODES, cited the way the rulebook prints it ("5.2(F)").
 */
export type RuleError = CoreRuleError<RuleCode>;

/** "5.2F" -> "5.2(F)"; "10.0" stays "10.0". */
export function citeRule(rule: string): string {
  const m = /^(\d+\.\d+)([A-Z])$/.exec(rule);
  return m ? `${m[1]}(${m[2]})` : rule;
}

export function ruleError(
  code: RuleCode,
  rule: string,
  text: string,
  about: { unit?: string; hex?: HexId } = {},
): RuleError {
  return makeRuleError(code, rule, citeRule(rule), text, about);
}
