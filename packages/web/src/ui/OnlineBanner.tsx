import type { Seat } from "@tercio/core";
import type { GameInfo, Role } from "@tercio/protocol";
import { useState } from "react";
import type { ConnectionStatus, Presence } from "../online/connection.js";
import { useCountdownTicks } from "../online/use-countdown.js";
import type { NotifyPermission } from "../online/use-turn-alerts.js";
import {
  connectionText,
  countdownText,
  presenceText,
  roleText,
  type SeatNames,
  turnText,
} from "../online/words.js";

export interface OnlineBannerProps {
  /** The seats' names, from the game's GameInfo. */
  readonly names: SeatNames;
  readonly role: Role;
  readonly status: ConnectionStatus;
  readonly inSync: boolean;
  readonly side: Seat | undefined;
  readonly seats: GameInfo["seats"] | undefined;
  readonly presence: Presence | undefined;
  readonly notice: string | undefined;
  readonly permission: NotifyPermission;
  readonly onNotify: () => void;
  /** Offered once the game is over and its save has been checked. */
  readonly onDownload: (() => void) | undefined;
  /** The hash of the final position the checked save replays to (what `tercio replay` prints). */
  readonly verifiedHash?: string | undefined;
  /** Why the revealed save could not be checked, if it could not. */
  readonly saveError: string | undefined;
  readonly onRetry: (() => void) | undefined;
  /** Tries to reconnect at once instead of waiting out the backoff. */
  readonly onRetryNow?: (() => void) | undefined;
  /** Sets (or, with null, clears) this seat's "your turn" webhook; seats only. */
  readonly onWebhook?: ((url: string | null) => Promise<void>) | undefined;
}

/** A seat's webhook, set or cleared on the server; the server never shows it back (it is the seat's own). */
function WebhookControl({ onWebhook }: { readonly onWebhook: (url: string | null) => Promise<void> }) {
  const [url, setUrl] = useState("");
  const [said, setSaid] = useState<{ text: string; error: boolean } | undefined>();
  const send = (value: string | null) => {
    onWebhook(value).then(
      () => setSaid({ text: value === null ? "Webhook cleared." : "Webhook set.", error: false }),
      (e: unknown) => setSaid({ text: e instanceof Error ? e.message : String(e), error: true }),
    );
  };
  return (
    <details className="webhook-control" data-testid="webhook-control">
      <summary>Webhook…</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send(url.trim());
        }}
      >
        <label>
          POST a note to{" "}
          <input
            type="url"
            required
            placeholder="https://…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            data-testid="webhook-url"
          />
        </label>{" "}
        <button type="submit" data-testid="webhook-set">
          Set
        </button>{" "}
        <button type="button" onClick={() => send(null)} data-testid="webhook-clear">
          Clear
        </button>
        {said && (
          <span className={`online-notice${said.error ? " error" : ""}`} role="status">
            {said.text}
          </span>
        )}
      </form>
    </details>
  );
}

/** The online game's line above the phase bar: role, whose turn, the connection, who is there. */
export function OnlineBanner(p: OnlineBannerProps) {
  useCountdownTicks(p.status);
  // Shown while waiting to reconnect and through the try it starts, so that the focus stays on it.
  const retrying =
    p.status.kind === "reconnecting" || (p.status.kind === "connecting" && p.status.attempt !== undefined);
  const turn = turnText(p.names, p.role, p.side, p.seats);
  return (
    <section className="online-banner" aria-label="Online game">
      <span data-testid="online-role">{roleText(p.names, p.role)}</span>
      <span
        className={`turn-indicator${turn === "Your turn" ? " mine" : ""}`}
        data-testid="turn-indicator"
        aria-live="polite"
      >
        {turn}
      </span>
      <span
        className={`connection-status status-${p.status.kind}`}
        data-testid="connection-status"
        role="status"
        title={p.status.kind === "reconnecting" ? p.status.reason : undefined}
      >
        {connectionText(p.status, p.inSync)}
        {/* Each second's change is shown, not announced: the live region tells each attempt. */}
        <span aria-hidden="true">{countdownText(p.status, Date.now())}</span>
      </span>
      {retrying && p.onRetryNow && (
        <button type="button" className="banner-button" onClick={p.onRetryNow} data-testid="online-retry-now">
          Retry now
        </button>
      )}
      <span data-testid="presence">{presenceText(p.names, p.role, p.seats, p.presence)}</span>
      {p.role !== "spectator" && p.permission !== "unsupported" && p.permission !== "granted" && (
        <button
          type="button"
          className="banner-button"
          onClick={p.onNotify}
          disabled={p.permission === "denied"}
          title={
            p.permission === "denied" ? "Notifications are blocked for this site in the browser" : undefined
          }
          data-testid="notify-turn"
        >
          Notify me when it is my turn
        </button>
      )}
      {p.onWebhook && <WebhookControl onWebhook={p.onWebhook} />}
      {p.onRetry && (
        <button type="button" className="banner-button" onClick={p.onRetry} data-testid="online-retry">
          Reconnect
        </button>
      )}
      {p.onDownload && (
        <button type="button" className="banner-button" onClick={p.onDownload} data-testid="download-save">
          Download the verified game
        </button>
      )}
      {p.verifiedHash && (
        <span
          className="verified-hash"
          title="Every die replayed from the revealed dice key; the final position's hash"
          data-testid="verified-hash"
        >
          Dice verified: {p.verifiedHash}
        </span>
      )}
      {p.saveError && (
        <span className="online-notice error" role="alert">
          {p.saveError}
        </span>
      )}
      {p.notice && (
        <span className="online-notice" data-testid="online-notice">
          {p.notice}
        </span>
      )}
    </section>
  );
}
