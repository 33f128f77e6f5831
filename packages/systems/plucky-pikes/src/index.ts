/**
 * @tercio/plucky-pikes: Plucky Pikes and Stalwart Shot (Ben King, 001), the
 * pike-and-shot miniatures rules, as a pure library. No DOM, no Node APIs,
 * no I/O, no clock. So far: the rules data, with the missing Combat Cards
 * reconstructed, and the rolls and tables the game is played by: a strike,
 * effectiveness, rallying, the melee's tests, counter rolls, firing first,
 * URTs, the army's score and morale (docs/rules/plucky-pikes.md).
 */

export * from "./actions.js";
export * from "./army.js";
export * from "./context.js";
export * from "./counter-roll.js";
export * from "./effectiveness.js";
export * from "./events.js";
export { aim, buildingOf, coverOf } from "./fire/aim.js";
export * from "./fire-strike.js";
export * from "./firing-first.js";
export * from "./footprint.js";
export * from "./formations.js";
export * from "./fraction.js";
export { teamOnTable, teamPolygon, teamSize } from "./horse-teams.js";
export * from "./legal.js";
export * from "./lethality.js";
export { type MeleeBlow, meleeBlow } from "./melee/blow.js";
export * from "./melee-strike.js";
export * from "./melee-tests.js";
export { armyRecord, holder, remaining } from "./morale/army.js";
export { moveRate, urtBasis, urtCost } from "./movement/rates.js";
export { officerPoint, officersWith } from "./officers.js";
export * from "./options.js";
export * from "./position.js";
export * from "./position-check.js";
export * from "./rally.js";
export * from "./ranks.js";
export * from "./rule-codes.js";
export * from "./rule-error.js";
export * from "./rules-data/load.js";
export * from "./rules-data/schema.js";
export * from "./scenarios/load.js";
export * from "./scenarios/schema.js";
export * from "./sequence.js";
export * from "./setup.js";
export * from "./system.js";
export * from "./urt.js";
export * from "./vocabulary.js";
export * from "./words.js";
