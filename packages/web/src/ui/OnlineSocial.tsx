import { CHAT_MAX_CHARS, type ChatLine, type Role } from "@tercio/protocol";
import { useEffect, useRef, useState } from "react";
import type { OnlineState, Word } from "../online/connection.js";
import { formatOnlineHash } from "../online/links.js";
import { drawOfferText, endingText, type SeatNames } from "../online/words.js";

export interface OnlineSocialProps {
  readonly names: SeatNames;
  readonly role: Role;
  /** This screen's token: it opens the rematch too, in the other seat. */
  readonly token: string;
  readonly table: OnlineState["table"];
  readonly chat: readonly ChatLine[];
  /** Whether the game is over, by its rules or its players' word. */
  readonly over: boolean;
  readonly online: boolean;
  readonly refusal: string | undefined;
  readonly onWord: (word: Word) => boolean;
}

/**
 * What the players say beside the rules: resign (after a confirmation),
 * offer, accept or decline a draw, the rematch once the game is over, and
 * the game's chat. The server decides each; this only sends and shows.
 * Chat lines are React text, never markup: `<b>x</b>` shows as typed.
 */
export function OnlineSocial(p: OnlineSocialProps) {
  const seat = p.role !== "spectator";
  const ending = p.table?.ending ?? null;
  return (
    <section className="online-social" aria-label="Players" data-testid="online-social">
      {ending && (
        <p className="online-ending social-line" data-testid="online-ending">
          {endingText(p.names, ending)}
        </p>
      )}
      {seat && !p.over && <GameButtons {...p} />}
      {p.over && <RematchControl {...p} />}
      {p.refusal && (
        <p className="online-notice error social-line" role="status" data-testid="social-refusal">
          {p.refusal}
        </p>
      )}
      <Chat {...p} />
    </section>
  );
}

function GameButtons(p: OnlineSocialProps) {
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const offer = p.table?.drawOffer ?? null;
  const offerText = drawOfferText(p.names, p.role, offer);
  const theirs = offer !== null && offer !== p.role;
  return (
    <div className="social-buttons">
      {confirming ? (
        <fieldset className="resign-confirm">
          <legend>Resign the game?</legend>
          <button
            type="button"
            ref={confirmRef}
            onClick={() => {
              setConfirming(false);
              p.onWord({ type: "resign" });
            }}
            data-testid="resign-confirm"
          >
            Yes, resign
          </button>{" "}
          <button type="button" onClick={() => setConfirming(false)} data-testid="resign-cancel">
            Keep playing
          </button>
        </fieldset>
      ) : (
        <button type="button" disabled={!p.online} onClick={() => setConfirming(true)} data-testid="resign">
          Resign…
        </button>
      )}{" "}
      {offerText && (
        <span className="draw-offer" role="status" data-testid="draw-offer">
          {offerText}
        </span>
      )}{" "}
      {theirs ? (
        <>
          <button type="button" onClick={() => p.onWord({ type: "accept-draw" })} data-testid="accept-draw">
            Accept the draw
          </button>{" "}
          <button type="button" onClick={() => p.onWord({ type: "decline-draw" })} data-testid="decline-draw">
            Decline
          </button>
        </>
      ) : offer === p.role ? (
        <button type="button" onClick={() => p.onWord({ type: "decline-draw" })} data-testid="withdraw-draw">
          Withdraw the offer
        </button>
      ) : (
        <button
          type="button"
          disabled={!p.online}
          onClick={() => p.onWord({ type: "offer-draw" })}
          data-testid="offer-draw"
        >
          Offer a draw
        </button>
      )}
    </div>
  );
}

function RematchControl(p: OnlineSocialProps) {
  const rematch = p.table?.rematch ?? null;
  if (rematch)
    return (
      <p className="social-buttons social-line">
        <a href={formatOnlineHash({ game: rematch, token: p.token })} data-testid="open-rematch">
          Open the rematch (sides swapped)
        </a>
      </p>
    );
  if (p.role === "spectator") return null;
  return (
    <p className="social-buttons social-line">
      <button
        type="button"
        disabled={!p.online}
        onClick={() => p.onWord({ type: "rematch" })}
        data-testid="rematch"
      >
        Rematch, sides swapped
      </button>
    </p>
  );
}

function Chat(p: OnlineSocialProps) {
  const [text, setText] = useState("");
  const logRef = useRef<HTMLDivElement>(null);
  const count = p.chat.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a line comes
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count]);
  const name = (side: ChatLine["side"]) => (side === p.role ? "You" : p.names[side]);
  return (
    <div className="online-chat">
      <div
        ref={logRef}
        className="chat-log"
        role="log"
        aria-live="polite"
        aria-label="Chat messages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is reached and scrolled from the keyboard
        tabIndex={0}
        data-testid="chat-log"
      >
        {p.chat.length === 0 ? (
          <p className="hint social-line">No messages yet.</p>
        ) : (
          p.chat.map((line) => (
            <p key={line.n} className="chat-line social-line" data-testid="chat-line">
              <b>{name(line.side)}:</b> <span data-testid="chat-text">{line.text}</span>
            </p>
          ))
        )}
      </div>
      {p.role === "spectator" ? (
        <p className="hint social-line">Spectators read the chat; the players write in it.</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim() === "") return;
            if (p.onWord({ type: "chat", text })) setText("");
          }}
        >
          <label>
            Message{" "}
            <input
              type="text"
              value={text}
              maxLength={CHAT_MAX_CHARS}
              onChange={(e) => setText(e.target.value)}
              data-testid="chat-input"
            />
          </label>{" "}
          <button type="submit" disabled={!p.online} data-testid="chat-send">
            Send
          </button>
        </form>
      )}
    </div>
  );
}
