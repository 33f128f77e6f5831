import { type RuleError as CoreRuleError, makeRuleError } from "@tercio/core";
import type { RuleCode } from "./rule-codes.js";

/**
 * 001's rule errors: the core RuleError, its rule the text's paragraph
 * heading ("Artillery", "Fatigue & Pursuit"), cited as "001 Artillery".
 */
export type RuleError = CoreRuleError<RuleCode>;

/** "Melee" -> "001 Melee" (a rule already cited stays as it is). */
export function citeRule(rule: string): string {
  return rule.startsWith("001 ") ? rule : `001 ${rule}`;
}

export function ruleError(code: RuleCode, paragraph: string, text: string, unit?: string): RuleError {
  return makeRuleError(
    code,
    citeRule(paragraph),
    citeRule(paragraph),
    text,
    unit === undefined ? {} : { unit },
  );
}

export type Out<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: RuleError };
export const yes = <T>(value: T): Out<T> => ({ ok: true, value });
export const no = <T>(error: RuleError): Out<T> => ({ ok: false, error });
