/**
 * @tercio/horse-and-musket-nt: Horse and Musket Wargame Rules, the
 * NT-inspired blog rules (seed 003), on a measured table: its rules,
 * optional rules, rules data, scenarios and random tables as a pure library
 * behind core's RuleSystem, and its wider API for its board and AI (the
 * move checker, charge plans, shot plans, line of sight, threat zones).
 * No DOM, no Node APIs, no I/O.
 */
export * from "./actions.js";
export * from "./apply.js";
export * from "./bases.js";
export * from "./charge/charge.js";
export * from "./context.js";
export * from "./events.js";
export * from "./fire/fire.js";
export * from "./fire/targets.js";
export * from "./grey-areas.js";
export * from "./legal.js";
export * from "./melee/melee.js";
export * from "./modifiers.js";
export * from "./movement/check-move.js";
export * from "./movement/fall-back.js";
export * from "./movement/move.js";
export * from "./movement/obstacles.js";
export * from "./movement/program.js";
export * from "./movement/reform.js";
export * from "./movement/threat-zone.js";
export * from "./options.js";
export * from "./position.js";
export * from "./position-check.js";
export * from "./rally.js";
export * from "./removal.js";
export * from "./rule-codes.js";
export * from "./rule-error.js";
export * from "./rule-index.js";
export * from "./rules-data/load.js";
export * from "./rules-data/schema.js";
export * from "./scenarios/check.js";
export * from "./scenarios/load.js";
export * from "./scenarios/random.js";
export * from "./scenarios/schema.js";
export * from "./sequence.js";
export * from "./setup.js";
export * from "./sides.js";
export * from "./sight/blockers.js";
export * from "./sight/line-of-sight.js";
export * from "./sight/sight-working.js";
export * from "./system.js";
export * from "./terrain.js";
export * from "./unit-class.js";
export * from "./victory.js";
export * from "./vocabulary.js";
export * from "./words.js";
