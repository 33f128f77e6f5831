import type { Seat } from "@tercio/core";

/** Messages between the server and its AI threads. */
export type AiRequest =
  | {
      readonly kind: "choose";
      readonly id: number;
      readonly game: string;
      /** The game's rule system and its setup: the thread builds the same context from them. */
      readonly system: string;
      readonly setup: { readonly scenario: string; readonly options: unknown };
      readonly side: Seat;
      readonly level: string;
      /** The public position: the AI sees no more of the dice than a player does. */
      readonly position: unknown;
    }
  | { readonly kind: "forget"; readonly game: string };

export type AiReply =
  | { readonly id: number; readonly ok: true; readonly action: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string };
