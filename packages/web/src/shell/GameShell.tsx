import { publicHash, type RuleError, type Seat } from "@tercio/core";
import type { Role } from "@tercio/protocol";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useAiTurn } from "../ai/use-ai-turn.js";
import { BarMenu } from "./BarMenu.js";
import { CombatLog } from "./CombatLog.js";
import { ControllerPicker } from "./ControllerPicker.js";
import { EndScreen } from "./EndScreen.js";
import { gameTitle } from "./game-title.js";
import {
  act,
  type Game,
  type GameLog,
  historyOf,
  lastEntry,
  previousOf,
  toAct,
  UNDO_OFF,
  undo,
  undoRefusal,
} from "./session.js";
import type { AnyView, Located, TableProps } from "./system-view.js";

interface ShellCommon {
  readonly view: AnyView;
  readonly onSave: () => void;
  readonly onLoad: () => void;
  readonly onReplay: () => void;
  readonly onExit: () => void;
  /** The player's rules-data file (JSON text) when the game is played under it; the AI needs it too. */
  readonly rulesText?: string | undefined;
}

/**
 * A local game (played here, `onGame` taking each new state) or a game
 * played on the server (its record following the server's events, this
 * screen's seat and where its actions go in `online`).
 */
export type GameShellProps = ShellCommon &
  (
    | { readonly game: Game; readonly onGame: (g: Game) => void; readonly online?: undefined }
    | { readonly game: GameLog; readonly online: OnlinePlay; readonly onGame?: undefined }
  );

/**
 * An online game on the game screen. The server is the authority: a
 * player's action goes to it rather than into `game` (which follows the
 * server's events), the AI seats play on the server, there is no undo, and
 * only the seat this screen holds is played from it: the other seat's
 * turns, and everything a spectator sees, are read-only.
 */
export interface OnlinePlay {
  /** The seat this screen holds ("first", "second"), or "spectator". */
  readonly role: Role;
  /** Sends actions of this seat to the server, one after another: true, or why none could be sent now. */
  readonly submit: (...actions: unknown[]) => true | string;
  /** Whether this seat may send an action now: connected, in step with the server, nothing awaiting an answer. */
  readonly canAct: boolean;
  /** Why it may not, when it is this seat's turn ("Reconnecting…", "Waiting for the server…"). */
  readonly cannotAct?: string | undefined;
  /** The server's refusal of this seat's last action, whole (its message cites the rule), for the board to show where. */
  readonly refusal?: RuleError | undefined;
  /** Shown above the phase bar: connection, seats, whose turn. */
  readonly banner?: ReactNode;
  /** The end screen's save button ("Download the verified game"). */
  readonly saveLabel?: string;
  /** The game ended by its players' word (a resignation, an agreed draw): nobody acts, and the end screen says so. */
  readonly ending?: { readonly headline: string; readonly reason: string } | undefined;
}

/** A local game's changes go nowhere online: the server's events move it. */
const ignore = () => {};

/** Sends actions to the server when this seat may: true, or why not. */
function send(remote: OnlinePlay, actions: readonly unknown[]): true | string {
  if (!remote.canAct) return remote.cannotAct ?? "Not sent: waiting for the server.";
  return remote.submit(...actions);
}

export interface Message {
  readonly text: string;
  readonly kind: "error" | "info";
}

/**
 * The game screen of every system: the phase bar (the system's status and
 * commands, then undo, save, load, replay, scenarios), the message line,
 * the system's board, the players and the log, announcements for screen
 * readers, the AI's turns in a worker, and the end screen. It knows no rule:
 * who is to act, what an action did and how to say it come from the system
 * and its view.
 */
export function GameShell(shell: GameShellProps) {
  const { game, view, onSave, onLoad, onReplay, onExit, rulesText, online } = shell;
  /** The game played here, with its players and undo; undefined online. */
  const local = shell.online === undefined ? shell.game : undefined;
  const onGame = shell.onGame ?? ignore;
  const { system, ctx, position } = game;
  const side = online?.ending ? null : system.toAct(position);
  // Online, the player at this screen is the seat's holder, whoever plays the other side.
  const seat: Seat | undefined = online
    ? side !== null && side === online.role
      ? side
      : undefined
    : local && toAct(local)?.controller.kind === "human"
      ? (side ?? undefined)
      : undefined;

  const [message, setMessage] = useState<Message | undefined>();
  const [refusal, setRefusal] = useState<RuleError | undefined>();
  const [announcement, setAnnouncement] = useState("");
  // The places of the log line last clicked, for the board to show (SystemView.locate).
  const [located, setLocated] = useState<Located | undefined>();
  const gameRef = useRef(local);
  gameRef.current = local;
  const onlineRef = useRef(online);
  onlineRef.current = online;
  /** The last result announced, kept so that a change of phase announced after it does not drown it. */
  const spoken = useRef("");

  const tell = useCallback((text: string, kind: "error" | "info") => {
    setMessage(text ? { text, kind } : undefined);
    if (text && kind === "error") setAnnouncement(text);
  }, []);

  /** Takes an action here (or sends it); `command` names the player's command it is part of (session.ts). */
  const performIn = useCallback(
    (action: unknown, command?: number): boolean => {
      const remote = onlineRef.current;
      const here = gameRef.current;
      if (remote || !here) {
        // The server applies it; the position moves when its event comes back.
        const sent = remote ? send(remote, [action]) : "Not sent: this game is not played here.";
        const why = sent === true ? undefined : sent;
        setMessage(why ? { text: why, kind: "error" } : undefined);
        if (why) setAnnouncement(why);
        return sent === true;
      }
      const r = act(here, action, undefined, command);
      if (!r.ok) {
        setMessage({ text: r.error.message, kind: "error" });
        setRefusal(r.error);
        setAnnouncement(r.error.message);
        return false;
      }
      setMessage(undefined);
      setRefusal(undefined);
      const said = view.announce(ctx, r.value.entries.at(-1)?.events ?? []);
      spoken.current = said ?? "";
      if (said) setAnnouncement(said);
      onGame(r.value);
      gameRef.current = r.value;
      return true;
    },
    [onGame, view, ctx],
  );
  const perform = useCallback((action: unknown): boolean => performIn(action), [performIn]);

  // Several actions at one command (a formation's moves): taken in turn, and taken back together by undo.
  const performAll = useCallback(
    (actions: readonly unknown[]): boolean => {
      const remote = onlineRef.current;
      if (remote) {
        const sent = send(remote, actions);
        if (sent !== true) setMessage({ text: sent, kind: "error" });
        return sent === true;
      }
      const command = actions.length > 1 ? gameRef.current?.entries.length : undefined;
      for (const a of actions) if (!performIn(a, command)) return false;
      return true;
    },
    [performIn],
  );

  // Online, the AI seats play on the server.
  const { thinking, aiError, setAiError, cancel: cancelAi } = useAiTurn(local, onGame, rulesText);

  // The server's refusal of this seat's action is shown as a local refusal would be, at the unit it names.
  const serverRefusal = online?.refusal;
  const isOnline = online !== undefined;
  useEffect(() => {
    if (!isOnline) return;
    setRefusal(serverRefusal);
    if (!serverRefusal) return;
    setMessage({ text: serverRefusal.message, kind: "error" });
    setAnnouncement(serverRefusal.message);
  }, [serverRefusal, isOnline]);

  // Each new phase or turn is announced, after any result that led to it.
  const status = system.status(ctx, position).text;
  useEffect(() => {
    setAnnouncement(spoken.current ? `${spoken.current}. ${status}` : status);
    spoken.current = "";
  }, [status]);

  const last = lastEntry(game);
  const undoOff = view.undoOff?.() ?? UNDO_OFF;
  // Online, a move once made stands.
  const undoWhy = local ? undoRefusal(local, seat ?? last?.side ?? "first", undoOff) : undoOff;
  const canUndo =
    undoWhy === undefined && last !== undefined && local?.setup.controllers[last.side].kind === "human";
  const doUndo = () => {
    const here = gameRef.current;
    const l = here && lastEntry(here);
    if (!here || !l) return;
    cancelAi();
    onGame(undo(here, l.side));
    setRefusal(undefined);
    setMessage({ text: "Action taken back.", kind: "info" });
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
      if ((e.ctrlKey || e.metaKey) && e.key === "z") {
        e.preventDefault();
        if (canUndo) doUndo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const history = useMemo(() => historyOf(game), [game]);
  // The position's public hash (and, below, its status line), for tests and players' scripts to compare two screens by.
  const hash = useMemo(() => publicHash(system, position), [system, position]);
  const over = side === null;
  const title = gameTitle(game);
  const aside = (
    <>
      {local && (
        <details className="players">
          <summary>Players</summary>
          <p className="hint">Hand a side to the AI or take it over, at any moment.</p>
          {(["first", "second"] as const).map((s) => (
            <ControllerPicker
              key={s}
              system={system.id}
              label={system.seatName(ctx, s)}
              value={local.setup.controllers[s]}
              onChange={(c) => {
                setAiError(undefined);
                onGame({
                  ...local,
                  setup: { ...local.setup, controllers: { ...local.setup.controllers, [s]: c } },
                });
              }}
              testId={`${s}-controller-in-game`}
            />
          ))}
        </details>
      )}
      <CombatLog
        game={game}
        view={view}
        onLocate={(where) => setLocated((l) => ({ where, seq: (l?.seq ?? 0) + 1 }))}
      />
    </>
  );
  const props: TableProps<unknown, unknown, unknown, unknown> = {
    ctx,
    position,
    seat,
    perform,
    performAll,
    announce: setAnnouncement,
    tell,
    refusal,
    history,
    previous: previousOf(game),
    aside,
    located,
    waiting:
      online && !over && seat === undefined && side !== null
        ? `Waiting for the ${system.seatName(ctx, side)}…`
        : undefined,
  };

  return (
    <div
      className={`game system-${system.id}`}
      data-testid="game-screen"
      data-position-hash={hash}
      data-status={status}
      data-entries={game.entries.length}
    >
      {online?.banner}
      <header className="phase-bar" data-testid="phase-bar">
        {/* The page's heading, for screen readers: the bar itself shows where the game stands. */}
        <h1 className="sr-only">{title}</h1>
        {view.status ? (
          view.status(props)
        ) : (
          <div className="turn">
            <b data-testid="status">{status}</b>
          </div>
        )}
        {thinking && (
          <span className="thinking" data-testid="ai-thinking" role="status">
            AI thinking…
          </span>
        )}
        <div className="bar-buttons">
          {view.controls(props)}
          <button
            type="button"
            onClick={doUndo}
            disabled={!canUndo}
            title={undoWhy ?? "Take back your last action (Ctrl+Z)"}
            data-testid="undo"
          >
            Undo
          </button>
          <BarMenu>
            <button type="button" onClick={onSave} data-testid="save">
              Save
            </button>
            <button type="button" onClick={onLoad} data-testid="load">
              Load
            </button>
            <button type="button" onClick={onReplay} data-testid="replay">
              Replay
            </button>
            <button type="button" onClick={onExit}>
              Scenarios
            </button>
          </BarMenu>
        </div>
      </header>
      {/* The message's line is kept when there is none, so that the board does not move (styles.css). */}
      <div className="message-anchor">
        {(message || aiError) && (
          <p className={`message ${aiError ? "error" : message?.kind}`} role="alert" data-testid="message">
            {aiError ?? message?.text}
          </p>
        )}
      </div>
      <main className="game-main">{view.table(props)}</main>
      <div className="sr-only" aria-live="polite" data-testid="announce">
        {announcement}
      </div>
      {over && (
        <EndScreen
          game={game}
          view={view}
          onReplay={onReplay}
          onExit={onExit}
          onSave={onSave}
          saveLabel={online?.saveLabel}
          ending={online?.ending}
        />
      )}
    </div>
  );
}
