/**
 * @tercio/horse-and-musket-ch11: Horse and Musket Wargames Rules (chapter
 * 11) on a measured table, as a pure library. No DOM, no Node APIs, no I/O,
 * no clock, no trigonometry: the same seed and actions give the same game.
 */

export * from "@tercio/tabletop";
export * from "./actions.js";
export * from "./aim.js";
export * from "./apply.js";
export * from "./bases.js";
export * from "./charge.js";
export * from "./context.js";
export * from "./elimination.js";
export * from "./events.js";
export * from "./hand-to-hand.js";
export * from "./legal.js";
export * from "./movement/allowance.js";
export * from "./movement/check-move.js";
export * from "./movement/interpenetration.js";
export * from "./options.js";
export * from "./position.js";
export * from "./position-check.js";
export * from "./readings.js";
export * from "./retreat.js";
export * from "./rule-codes.js";
export * from "./rule-error.js";
export * from "./rules-data/load.js";
export * from "./rules-data/schema.js";
export * from "./scenarios/check.js";
export * from "./scenarios/load.js";
export * from "./scenarios/random.js";
export * from "./scenarios/schema.js";
export * from "./sequence.js";
export * from "./setup.js";
export * from "./shooting/casualties.js";
export * from "./shooting/field-of-fire.js";
export * from "./shooting/line-of-sight.js";
export * from "./shooting/range.js";
export * from "./shooting/shoot.js";
export * from "./square.js";
export * from "./system.js";
export * from "./terrain.js";
export * from "./terrain-areas.js";
export * from "./victory.js";
export * from "./vocabulary.js";
export * from "./words.js";
export * from "./working/charge.js";
export * from "./working/compass.js";
export * from "./working/hand-to-hand.js";
export * from "./working/inches.js";
export * from "./working/retreat.js";
export * from "./working/shot.js";
export * from "./working/types.js";
export * from "./working/words.js";
