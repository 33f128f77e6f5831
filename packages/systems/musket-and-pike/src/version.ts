/**
 * The engine's version, recorded by online games and saved games and checked
 * when one is loaded: a game stored by another engine version could replay
 * differently, so it is refused with a clear message rather than replayed
 * wrong. Raise it with any change that alters how a logged action plays out,
 * or that lets a game hold what an earlier engine cannot play.
 *
 * 0.3.0: ChaCha20 dice (a PRNG state of the form `chacha20:…`, which 0.2.0
 * cannot roll from). Every 0.2.0 game plays out the same, die for die.
 *
 * 0.4.0: line of sight from hilltop to hilltop follows the errata to 7.3
 * (woods, villages and hilltops between block). A game of 0.2.0 or 0.3.0 may
 * hold a fire only the old reading allowed, which this engine would refuse
 * part way through its log, so neither is replayed (docs/rules/line-of-sight.md).
 */
export const ENGINE_VERSION = "0.4.0";

/** What changed at ENGINE_VERSION, named in the refusal of an older engine's game. */
export const ENGINE_CHANGE =
  "since engine 0.4.0 a line of sight from hilltop to hilltop is blocked by woods, villages and hilltops between (errata to 7.3)";

/**
 * The engines whose games this one plays identically, action for action
 * and die for die: their saves replay and their stored online games load.
 * Add an old version only when nothing it could have logged plays out
 * differently here. 0.2.0 and 0.3.0 are not here: their hilltop-to-hilltop
 * fire across woods, villages or hilltops is refused by this engine.
 */
export const ENGINES_REPLAYED: readonly string[] = [ENGINE_VERSION];

/** Whether this engine plays the games of engine `version` as that engine did. */
export function replaysEngine(version: string): boolean {
  return ENGINES_REPLAYED.includes(version);
}
