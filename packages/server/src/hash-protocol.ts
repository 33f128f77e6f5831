import type { HashFormat, PositionHashes } from "./position-hashes.js";

/**
 * What the main thread tells a hash thread (hash-threads.ts), in batches:
 * one message an event-loop turn carries every request of that turn. A
 * game's requests go to one thread, in the order its room made them: a
 * replica is seeded with the room's position, then follows it action by action.
 */
export type HashRequest =
  | {
      readonly kind: "seed";
      readonly game: string;
      readonly system: string;
      /** The room's engine and rules data: a thread with others must not replay the game. */
      readonly version: string;
      readonly rulesHash: string;
      readonly setup: { readonly scenario: string; readonly options: unknown };
      readonly hashFormat: HashFormat;
      /** The room's position as the system's plain data (makePosition), dice state included. */
      readonly position: unknown;
    }
  | { readonly kind: "apply"; readonly id: number; readonly game: string; readonly action: unknown }
  | { readonly kind: "forget"; readonly game: string };

/** A hash thread's answer to an `apply`: the hashes of the replica's new position, or why there are none. */
export type HashReply =
  | { readonly id: number; readonly ok: true; readonly hashes: PositionHashes }
  | { readonly id: number; readonly ok: false; readonly message: string };
