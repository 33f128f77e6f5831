import { type AnySystem, parseSave, publicHash, type Save } from "@tercio/core";
import type { GameInfo } from "@tercio/protocol";
import type { Game } from "../shell/session.js";
import { restoreGame } from "../shell/stored-game.js";
import type { Replica } from "./replica.js";
import { controllerOf } from "./replica-game.js";

/** The finished game, replayed from the server's revealed save: a Game with every die, or why it is not. */
export type Verified =
  | { readonly ok: true; readonly game: Game; readonly save: Save; readonly hash: string }
  | { readonly ok: false; readonly message: string };

/**
 * Checks a finished online game's save with the game's system: replayed
 * action by action under the built-in rules from its revealed PRNG state (a
 * ChaCha20 key, or an older game's xoshiro128** state), every die rolled
 * again here, it must reach its recorded final hash and, when this page
 * followed the game to its last event (`over.seq`), the position it followed
 * (same public hash); else it is not the game played.
 */
export function verifySave(
  system: AnySystem,
  json: unknown,
  seats: GameInfo["seats"],
  followed?: { readonly replica: Replica | undefined; readonly overSeq: number | undefined },
): Verified {
  const save = parseSave(json);
  if (!save.ok)
    return { ok: false, message: `The server's record of the game is not a save: ${save.error.message}` };
  const r = restoreGame(system, save.value, {
    controllers: { first: controllerOf(seats.first), second: controllerOf(seats.second) },
    undo: false,
  });
  if (!r.ok)
    return { ok: false, message: `The server's record of the game does not replay: ${r.error.message}` };
  const replica = followed?.replica;
  if (
    replica &&
    replica.system === system &&
    replica.seq === followed.overSeq &&
    publicHash(system, r.value.position, replica.hasher) !== replica.hash
  )
    return {
      ok: false,
      message: "The server's record of the game does not end in the position played here.",
    };
  return { ok: true, game: r.value, save: save.value, hash: system.hash(r.value.position) };
}
