import type { HexId } from "./hex/offset.js";

/**
 * An illegal action, as data: a stable code, the rule case that forbids it
 * ("5.2F"), and a message that cites the rule ("5.2(F): hex 1407 holds enemy
 * units"). Returned, never thrown (house style 4).
 */
export interface RuleError {
  /** Namespaced and stable: "move/enemy-hex", "action/wrong-phase". */
  readonly code: string;
  /** The rule case, as used in test tags: "5.2F", "10.0", "16.13". */
  readonly rule: string;
  readonly message: string;
  readonly unit?: string;
  readonly hex?: HexId;
}

/** "5.2F" -> "5.2(F)"; "10.0" stays "10.0". */
export function citeRule(rule: string): string {
  const m = /^(\d+\.\d+)([A-Z])$/.exec(rule);
  return m ? `${m[1]}(${m[2]})` : rule;
}

export function ruleError(
  code: string,
  rule: string,
  text: string,
  about: { unit?: string; hex?: HexId } = {},
): RuleError {
  return { code, rule, message: `${citeRule(rule)}: ${text}`, ...about };
}
