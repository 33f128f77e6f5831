/**
 * The Musket & Pike engine's rules modules for mutation testing
 * (docs/mutation.md): each name maps to the source files Stryker mutates and
 * to the module's own test files, the ones that are meant to pin its rules.
 * A module whose rules are reached only through `apply` (combat resolution,
 * the sequence) takes the test files of its folder. Paths are relative to
 * the engine's src folder.
 */
export const ENGINE_SRC = "packages/systems/musket-and-pike/src";

/** The combat test files: resolution is reached through `apply`, so these pin it together. */
const COMBAT_TESTS = [
  "combat/resolve.test.ts",
  "combat/melee.test.ts",
  "combat/fire.test.ts",
  "combat/retreat.test.ts",
  "combat/caracolla.test.ts",
  "combat/artillery-capture.test.ts",
  "squares.test.ts",
];

/** The movement test files: a move is reached through `applyMove`, so these pin its parts together. */
const MOVEMENT_TESTS = [
  "movement/movement.test.ts",
  "movement/road-movement.test.ts",
  "movement/scenario-movement.test.ts",
  "movement/dismount.test.ts",
  "movement/cost.test.ts",
  "stacking-refusal.test.ts",
  "stacking.test.ts",
];

/** The movement test files and move.test.ts, which pins applyMove's steps and refusals one by one. */
const MOVE_TESTS = [...MOVEMENT_TESTS, "movement/move.test.ts"];

/**
 * `runner: "command"` for a module whose results are cached in a
 * module-level table (odds' previews, victory's compiled conditions,
 * deployment's orders): there Stryker's per-test coverage sees only the
 * first test to fill the cache, and would not run the later tests that read
 * it against a mutant; the command runner runs the module's whole test files
 * against each mutant (slower: Vitest starts afresh for each).
 *
 * @type {Readonly<Record<string, { mutate: readonly string[]; tests: readonly string[]; runner?: "command" }>>}
 */
export const MODULES = {
  // Combat (section 6-8, 11, 12).
  odds: {
    mutate: ["combat/odds.ts"],
    tests: ["combat/odds.test.ts", "combat/melee.test.ts"],
    runner: "command",
  },
  resolve: { mutate: ["combat/resolve.ts"], tests: COMBAT_TESTS },
  retreat: { mutate: ["combat/retreat.ts"], tests: COMBAT_TESTS },
  fire: { mutate: ["combat/fire.ts"], tests: [...COMBAT_TESTS, "combat/fire-refusals.test.ts"] },
  melee: { mutate: ["combat/melee.ts"], tests: [...COMBAT_TESTS, "combat/melee-targets.test.ts"] },
  assess: { mutate: ["combat/assess.ts"], tests: [...COMBAT_TESTS, "combat/assess.test.ts"] },
  // follow-up.test.ts pins what is left vacant, the 13.0F retreats and the event wording.
  "follow-up": { mutate: ["combat/follow-up.ts"], tests: [...COMBAT_TESTS, "combat/follow-up.test.ts"] },
  declare: { mutate: ["combat/declare.ts"], tests: [...COMBAT_TESTS, "combat/declare.test.ts"] },
  decisions: { mutate: ["combat/decisions.ts"], tests: [...COMBAT_TESTS, "combat/decisions.test.ts"] },
  // dice.test.ts pins where a die comes from (8.0) directly, not through `apply`.
  dice: { mutate: ["combat/dice.ts"], tests: [...COMBAT_TESTS, "combat/dice.test.ts"] },
  board: { mutate: ["combat/board.ts"], tests: [...COMBAT_TESTS, "combat/board.test.ts"] },
  units: { mutate: ["combat/units.ts"], tests: [...COMBAT_TESTS, "combat/units.test.ts"] },
  squares: { mutate: ["squares.ts"], tests: ["squares.test.ts"] },
  "line-of-sight": { mutate: ["combat/line-of-sight.ts"], tests: ["combat/line-of-sight.test.ts"] },
  "explain-line-of-sight": {
    mutate: ["combat/explain-line-of-sight.ts"],
    tests: ["combat/explain-line-of-sight.test.ts", "combat/line-of-sight.test.ts"],
  },
  // Movement, stacking, the map and the game around combat.
  stacking: { mutate: ["stacking.ts"], tests: ["stacking.test.ts"] },
  // cost.test.ts pins what the other movement tests reach only through whole moves (16.13, 5.3K);
  // reach-memo.test.ts what the memo reads of a step's cost (sameStepTerms) to tell when a search still holds.
  "movement-cost": {
    mutate: ["movement/cost.ts"],
    tests: [...MOVEMENT_TESTS, "movement/reach-memo.test.ts"],
  },
  // The search is reached through legal moves, the stacking guard (stepsOutInto) and exits (16.22):
  // the movement tests, and its own (the listed moves checked against apply).
  reachability: {
    mutate: ["movement/reachability.ts"],
    tests: [...MOVEMENT_TESTS, "movement/reachability.test.ts"],
  },
  // The reachability memo is a module-level cache: the command runner (see above).
  // Its own tests list moves position after position in one context, against a fresh one.
  "reach-memo": {
    mutate: ["movement/reach-memo.ts"],
    tests: [...MOVEMENT_TESTS, "movement/reach-memo.test.ts"],
    runner: "command",
  },
  move: { mutate: ["movement/move.ts"], tests: MOVE_TESTS },
  "road-mode": { mutate: ["movement/road-mode.ts"], tests: [...MOVE_TESTS, "movement/road-mode.test.ts"] },
  dismount: { mutate: ["movement/dismount.ts"], tests: MOVE_TESTS },
  reorder: { mutate: ["movement/reorder.ts"], tests: [...MOVE_TESTS, "movement/reorder.test.ts"] },
  "stacking-guard": {
    mutate: ["movement/stacking-guard.ts"],
    tests: [...MOVE_TESTS, "movement/stacking-guard.test.ts"],
  },
  destinations: {
    mutate: ["movement/destinations.ts"],
    tests: [...MOVE_TESTS, "movement/destinations.test.ts"],
  },
  // game-end.test.ts pins the verdicts at the end of the game (4.1); victory-standings.test.ts the standings shown in play.
  victory: {
    mutate: ["victory.ts"],
    tests: ["victory.test.ts", "game-end.test.ts", "victory-standings.test.ts"],
    runner: "command",
  },
  disruption: { mutate: ["disruption.ts"], tests: ["disruption.test.ts"] },
  "hex-lines": { mutate: ["hex/line.ts"], tests: ["hex/line.test.ts"] },
  // The deployment turn (16.0: who deploys, the rows of 16.37) and the end of the game (4.1) are the sequence's too.
  sequence: {
    mutate: ["sequence.ts"],
    tests: ["sequence.test.ts", "deployment.test.ts", "game-end.test.ts"],
  },
  // scenario-map.test.ts sets every scenario up with autoDeploy and sizes the zones with groundError.
  deployment: {
    mutate: ["deployment.ts"],
    tests: ["deployment.test.ts", "scenarios/scenario-map.test.ts"],
    runner: "command",
  },
  terrain: { mutate: ["terrain.ts"], tests: ["terrain.test.ts"] },
  "scenario-specials": { mutate: ["scenario-specials.ts"], tests: ["scenario-specials.test.ts"] },
  control: { mutate: ["control.ts"], tests: ["control.test.ts", "victory.test.ts"] },
};
