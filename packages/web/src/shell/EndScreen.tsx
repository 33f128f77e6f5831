import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { headlineOf, reasonUnder } from "./end-words.js";
import type { GameLog } from "./session.js";
import type { AnyView } from "./system-view.js";

const FOCUSABLE =
  'button:not(:disabled), [href], input:not(:disabled), select, [tabindex]:not([tabindex="-1"])';

/**
 * The end of the game: the result and its reason, then the system's account
 * of it (losses, strength). A modal dialog: it takes the focus when it
 * opens, Tab and Shift+Tab go round its controls, and Escape (like "Look at
 * the board") closes it, leaving the focus on the button that reopens it.
 */
export function EndScreen({
  game,
  view,
  onReplay,
  onExit,
  onSave,
  saveLabel,
  ending,
}: {
  readonly game: GameLog;
  readonly view: AnyView;
  readonly onReplay: () => void;
  readonly onExit: () => void;
  readonly onSave: () => void;
  /** The save button's words ("Download the verified game" online). */
  readonly saveLabel?: string | undefined;
  /** An end by the players' word, online: its headline and reason in place of the rules' result. */
  readonly ending?: { readonly headline: string; readonly reason: string } | undefined;
}) {
  const { system, ctx, position } = game;
  const result = system.result(position);
  const [hidden, setHidden] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const reopen = useRef<HTMLButtonElement>(null);
  // Opening takes the focus; closing leaves it on the button that reopens the result.
  const opened = useRef(false);
  useEffect(() => {
    if (!hidden) dialog.current?.focus();
    else if (opened.current) reopen.current?.focus();
    opened.current = true;
  }, [hidden]);
  if (hidden)
    return (
      <button
        type="button"
        ref={reopen}
        className="end-reopen"
        onClick={() => setHidden(false)}
        data-testid="end-reopen"
      >
        Show the result
      </button>
    );
  // A game its players ended (a resignation, an agreed draw) is told in the ending's words.
  const headline = ending ? ending.headline : headlineOf(result, (s) => system.seatName(ctx, s));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      setHidden(true);
      return;
    }
    if (e.key !== "Tab" || !dialog.current) return;
    const all = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = all[0];
    const last = all.at(-1);
    if (!first || !last) return;
    const here = document.activeElement;
    if (e.shiftKey && (here === first || here === dialog.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && here === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div
      ref={dialog}
      className="end-screen"
      role="dialog"
      aria-modal="true"
      aria-labelledby="end-title"
      aria-describedby="end-reason"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="end-screen"
    >
      <h2 id="end-title">{headline}</h2>
      <p id="end-reason" data-testid="result-reason">
        {ending ? reasonUnder(headline, ending.reason) : result ? reasonUnder(headline, result.reason) : ""}
      </p>
      {view.summary?.(game)}
      <div className="end-buttons">
        <button type="button" onClick={onReplay} data-testid="end-replay">
          Replay the game
        </button>
        <button type="button" onClick={onSave} data-testid="end-save">
          {saveLabel ?? "Save"}
        </button>
        <button type="button" onClick={onExit}>
          New game
        </button>
        <button type="button" onClick={() => setHidden(true)}>
          Look at the board
        </button>
      </div>
    </div>
  );
}
