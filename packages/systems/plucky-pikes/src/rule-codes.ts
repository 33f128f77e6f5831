/** The closed list of 001's rule-error codes, namespaced by what was refused. */
export const RULE_CODES = [
  "fire/limbered",
  "fire/out-of-range",
  "fire/hailshot-range",
  "fire/hailshot-over-friends",
  "fire/muddled",
  "fire/reloading",
  "fire/no-missile",
] as const;
export type RuleCode = (typeof RULE_CODES)[number];
