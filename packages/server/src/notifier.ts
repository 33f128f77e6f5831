import type { Seat as Side } from "@tercio/core";
import { postWebhook } from "./webhook-post.js";

export interface TurnNote {
  readonly game: string;
  /** The rule system ("musket-and-pike"). */
  readonly system: string;
  readonly side: Side;
  readonly scenario: string;
  /** The system's game turn and phase id, and where the game stands in its words. */
  readonly gameTurn: number;
  readonly phase: string;
  readonly status: string;
  readonly seq: number;
  /** The seat's link path, without its token (the receiver has the token already). */
  readonly url: string;
}

/** Delivers one note: resolves, checks and POSTs (tests replace it, address policy and all). */
export type Post = (url: string, body: string) => Promise<void>;

/**
 * "Your turn" by webhook: a JSON POST to the URL a seat gave, when the turn
 * passes to that seat. Fire and forget, with a timeout: a slow or dead
 * receiver never holds up a game. Only http and https URLs are accepted
 * (checked when the URL is set), and only public addresses are posted to
 * unless the host allows private ones (webhook-post.ts, webhook-guard.ts).
 */
export class Notifier {
  sent = 0;
  failed = 0;
  private readonly post: Post;

  constructor(
    private readonly log: (line: string) => void,
    post?: Post,
    allowPrivate = false,
  ) {
    this.post = post ?? ((url, body) => postWebhook(url, body, { allowPrivate }));
  }

  yourTurn(webhook: string, note: TurnNote): void {
    const body = JSON.stringify({ text: `Tercio: your turn in ${note.scenario}`, ...note });
    Promise.resolve()
      .then(() => this.post(webhook, body))
      .then(
        () => {
          this.sent += 1;
        },
        (e: unknown) => {
          this.failed += 1;
          this.log(
            `webhook for game ${note.game} (${note.side}) failed: ${e instanceof Error ? e.message : String(e)}`,
          );
        },
      );
  }
}
