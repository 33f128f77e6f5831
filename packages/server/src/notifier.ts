import type { Side } from "@tercio/engine";
import { webhookRefusal } from "./webhook-guard.js";

export interface TurnNote {
  readonly game: string;
  readonly side: Side;
  readonly scenario: string;
  readonly gameTurn: number;
  readonly phase: string;
  readonly seq: number;
  /** The seat's link path, without its token (the receiver has the token already). */
  readonly url: string;
}

/**
 * "Your turn" by webhook: a JSON POST to the URL a seat gave, when the turn
 * passes to that seat. Fire and forget, with a timeout: a slow or dead
 * receiver never holds up a game. Only http and https URLs are accepted
 * (checked when the URL is set), and none that reaches a private or local
 * address unless the host allows it (webhook-guard.ts).
 */
export class Notifier {
  sent = 0;
  failed = 0;

  constructor(
    private readonly log: (line: string) => void,
    private readonly post: (url: string, body: string) => Promise<void> = defaultPost,
    private readonly allowPrivate = false,
  ) {}

  yourTurn(webhook: string, note: TurnNote): void {
    const body = JSON.stringify({ text: `Tercio: your turn in ${note.scenario}`, ...note });
    const guarded = async () => {
      const refusal = this.allowPrivate ? undefined : await webhookRefusal(webhook);
      if (refusal) throw new Error(refusal);
      await this.post(webhook, body);
    };
    guarded().then(
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

async function defaultPost(url: string, body: string): Promise<void> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    redirect: "error",
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}
