/**
 * The engine's version, recorded by online games and saved games and checked
 * when one is loaded: a game stored by another engine version could replay
 * differently, so it is refused with a clear message rather than replayed
 * wrong. Raise it with any change that alters how a logged action plays out,
 * or that lets a game hold what an earlier engine cannot play.
 *
 * 0.3.0: ChaCha20 dice (a PRNG state of the form `chacha20:…`, which 0.2.0
 * cannot roll from). Every 0.2.0 game plays out the same, die for die.
 */
export const ENGINE_VERSION = "0.3.0";

/**
 * The engines whose games this one plays identically, action for action
 * and die for die: their saves replay and their stored online games load.
 * Add an old version only when nothing it could have logged plays out
 * differently here.
 */
export const ENGINES_REPLAYED: readonly string[] = ["0.2.0", ENGINE_VERSION];

/** Whether this engine plays the games of engine `version` as that engine did. */
export function replaysEngine(version: string): boolean {
  return ENGINES_REPLAYED.includes(version);
}
