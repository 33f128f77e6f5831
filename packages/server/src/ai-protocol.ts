import type { Action, Side } from "@tercio/musket-and-pike";

/** Messages between the server and its AI threads. */
export type AiRequest =
  | {
      readonly kind: "choose";
      readonly id: number;
      readonly game: string;
      readonly side: Side;
      readonly level: string;
      readonly scenario: string;
      /** The public position: the AI sees no more of the dice than a player does. */
      readonly position: unknown;
    }
  | { readonly kind: "forget"; readonly game: string };

export type AiReply =
  | { readonly id: number; readonly ok: true; readonly action: Action }
  | { readonly id: number; readonly ok: false; readonly message: string };
