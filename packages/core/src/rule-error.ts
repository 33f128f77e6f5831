/**
 * An illegal action, as data: a stable code from the system's closed list,
 * the rule that forbids it, a message that cites the rule ("5.2(F): hex 1407
 * holds enemy units", "004 Movement: Woods: only Skirmishers may enter"), and
 * where on the board it happened, so that any board can show it. Returned,
 * never thrown (house style 4).
 */
export interface RuleError<Code extends string = string> {
  /** Namespaced and stable: "move/enemy-hex", "action/wrong-phase". */
  readonly code: Code;
  /** The rule, as the system's tests tag it: "5.2F", "16.13", "004 Shooting: Cover". */
  readonly rule: string;
  readonly message: string;
  /** The unit the refused action concerns. */
  readonly unit?: string;
  /** A second unit: the target, the unit in the way. */
  readonly other?: string;
  /** The hex it concerns (hex systems). */
  readonly hex?: string;
  /** The table point it concerns, in the system's integer units (tabletop systems). */
  readonly point?: { readonly x: number; readonly y: number };
}

/** Where a refusal happened: what a RuleError carries besides its code, rule and message. */
export type RuleErrorPlace = Pick<RuleError, "unit" | "other" | "hex" | "point">;

/** A rule error whose message starts with the rule, cited the system's way. */
export function makeRuleError<Code extends string>(
  code: Code,
  rule: string,
  cited: string,
  text: string,
  about: RuleErrorPlace = {},
): RuleError<Code> {
  return { code, rule, message: `${cited}: ${text}`, ...about };
}
