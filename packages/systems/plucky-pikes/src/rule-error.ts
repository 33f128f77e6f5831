import { type RuleError as CoreRuleError, makeRuleError } from "@tercio/core";
import type { RuleCode } from "./rule-codes.js";

/**
 * 001's rule errors: the core RuleError, its rule the text's paragraph
 * heading ("Artillery", "Fatigue & Pursuit"), cited as "001 Artillery".
 */
export type RuleError = CoreRuleError<RuleCode>;

export function ruleError(code: RuleCode, paragraph: string, text: string, unit?: string): RuleError {
  return makeRuleError(
    code,
    `001 ${paragraph}`,
    `001 ${paragraph}`,
    text,
    unit === undefined ? {} : { unit },
  );
}
