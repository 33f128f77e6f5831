import { type RuleError as CoreRuleError, makeRuleError } from "@tercio/core";
import type { Point } from "@tercio/geometry";
import type { RuleCode } from "./rule-codes.js";

/**
 * 003's rule errors: the core RuleError, its rule one of the text's
 * headings and items ("1.2 Move", "Charging iii", "Line of Sight II"), its
 * code one of RULE_CODES, cited as "003 Charging iii".
 */
export type RuleError = CoreRuleError<RuleCode>;

/** "Charging iii" -> "003 Charging iii" (a rule already cited stays as it is). */
export function citeRule(rule: string): string {
  return rule.startsWith("003 ") ? rule : `003 ${rule}`;
}

export interface ErrorPlace {
  readonly unit?: string;
  readonly other?: string;
  readonly point?: Point;
}

export function ruleError(code: RuleCode, rule: string, text: string, about: ErrorPlace = {}): RuleError {
  const place = {
    ...(about.unit !== undefined ? { unit: about.unit } : {}),
    ...(about.other !== undefined ? { other: about.other } : {}),
    ...(about.point !== undefined ? { point: { x: about.point.x, y: about.point.y } } : {}),
  };
  return makeRuleError(code, rule, citeRule(rule), text, place);
}

export type Out<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: RuleError };
export const yes = <T>(value: T): Out<T> => ({ ok: true, value });
export const no = <T>(error: RuleError): Out<T> => ({ ok: false, error });
