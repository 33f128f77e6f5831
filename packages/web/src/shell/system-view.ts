import type { RuleError, Seat } from "@tercio/core";
import type { ReactNode } from "react";
import type { GameLog } from "./session.js";

/**
 * The seam between the game shell (actions, undo, AI turns, announcements,
 * log, end screen, online banner: written once) and one rule system's
 * board. The shell hands the board the position and a way to act; the board
 * draws the shapes its system computes and holds no rule of its own, as
 * chessground draws the shapes its host gives it.
 */
export interface TableProps<C, P, A, E> {
  // Callbacks are methods, so that a system's props are a host's (see SystemView).
  readonly ctx: C;
  readonly position: P;
  /**
   * The seat the person at this screen may act for now; undefined when it is
   * not theirs (an AI's turn, the other player's turn online, a spectator, a
   * game that is over). The board offers actions only for this seat.
   */
  readonly seat: Seat | undefined;
  /** Plays an action for `seat`: true if taken (or sent to the server), false if refused (the shell shows why). */
  perform(action: A): boolean;
  /** Plays several in turn (an automatic deployment): false at the first refusal, the ones before it kept. */
  performAll(actions: readonly A[]): boolean;
  /** Present for a game on the server: the prompt while the other seat is to act ("Waiting for the Royalists…"). */
  readonly waiting?: string | undefined;
  /** A sentence for the live region (screen readers). */
  announce(text: string): void;
  /** The message line: a refusal ("error") or a hint ("info"). */
  tell(text: string, kind: "error" | "info"): void;
  /** The last refusal of this screen's action (local, or the server's), to show at the unit it names. */
  readonly refusal: RuleError | undefined;
  /** The actions in force, oldest first, with their events: the last move drawn, the last shot's working. */
  readonly history: readonly HistoryEntry<A, E>[];
  /** The position before the last action in force (the opening if there is none): where its working was measured. */
  readonly previous: P;
  /** The shell's part of the side panel (players, log): the board places it at the end of its own panel. */
  readonly aside: ReactNode;
  /** The places of the log line the player last asked to see on the map (SystemView.locate): the board shows them. */
  readonly located?: Located | undefined;
}

/** What a log line is about on the board, as its system's `locate` says; `seq` tells one request from the next. */
export interface Located {
  readonly where: readonly string[];
  readonly seq: number;
}

export interface HistoryEntry<A, E> {
  readonly action: A;
  readonly seat: Seat;
  readonly events: readonly E[];
}

/**
 * One system's part of the browser. Methods, not function-valued fields, so
 * that every system's view is an `AnyView` (method parameters compare
 * bivariantly) without a cast, as every RuleSystem is an AnySystem.
 */
export interface SystemView<C, P, A, E> {
  /** The board with its side panels. */
  table(props: TableProps<C, P, A, E>): ReactNode;
  /** The phase bar's system commands (End phase), with the same props, placed before undo and save. */
  controls(props: TableProps<C, P, A, E>): ReactNode;
  /** The phase bar's account of where the game stands; without it the shell shows the system's status line. */
  status?(props: TableProps<C, P, A, E>): ReactNode;
  /** The sentence announced after an action (a combat result), from its events; undefined for none. */
  announce(ctx: C, events: readonly E[]): string | undefined;
  /** A small picture of a scenario's opening, for the chooser. */
  preview(ctx: C, position: P): ReactNode;
  /** The log's filter a line belongs to; undefined: shown under "everything" only. */
  eventKind?(event: E): "combat" | "movement" | "turns" | undefined;
  /** An action in words, for the log's undone lines ("move C1 3 inches"). */
  actionWords?(action: A): string;
  /** The sentence for undo when it is off, citing the system's own rule. */
  undoOff?(): string;
  /**
   * The places on the board an event is about (for a hex system, hex ids),
   * in `position`, the position right after it: the log then offers the line
   * as a button that shows them on the map. Undefined or empty: no place.
   */
  locate?(ctx: C, event: E, position: P): readonly string[] | undefined;
  /** The end screen's account of the game (losses, strength over the turns). */
  summary?(game: GameLog<C, P, A, E>): ReactNode;
}

export type AnyView = SystemView<unknown, unknown, unknown, unknown>;
