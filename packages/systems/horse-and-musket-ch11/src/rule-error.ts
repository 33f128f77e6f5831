import { type RuleError as CoreRuleError, makeRuleError } from "@tercio/core";
import type { Point } from "@tercio/geometry";
import type { RuleCode } from "./rule-codes.js";

/**
 * 004's rule errors: the core RuleError, its rule one of the text's
 * headings ("Movement: Woods", "Shooting: Cover"), its code one of
 * RULE_CODES, cited as "004 Movement: Woods".
 */
export type RuleError = CoreRuleError<RuleCode>;

/** "Movement: Woods" -> "004 Movement: Woods" (a rule already cited stays as it is). */
export function citeRule(rule: string): string {
  return rule.startsWith("004 ") ? rule : `004 ${rule}`;
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
