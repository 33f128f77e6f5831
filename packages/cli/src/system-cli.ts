import type { Seat } from "@tercio/core";
import type { Catalog, MpSystem } from "@tercio/musket-and-pike";

/**
 * What a system says in the shell beyond the RuleSystem seam. Every member
 * is optional, with a generic default; members are methods, so one system's
 * (typed to its own context, position and action) is a
 * `SystemCli<unknown, unknown, unknown, unknown>` as the commands hold it.
 */
export interface SystemCli<Ctx, Pos, Act, Opt> {
  /** The position as a file's text (default: JSON of makePosition). */
  positionText?(position: Pos): string;
  /** The legal actions in the system's words (default: one JSON action per line). */
  legalText?(ctx: Ctx, position: Pos, actions: readonly Act[]): string;
  /** The scenario list (default: system.scenarios() as a table, or as JSON). */
  scenarioList?(json: boolean): string;
  /** Where a user finds what an action looks like, for the refusal of a malformed one. */
  readonly actionHint?: string;
  /** The options a game was opened with, in words (default: their JSON). */
  optionsText?(options: Opt): string;
  /** A seat as the rules name it: "First Player" (default: "first seat"). */
  seatLabel?(seat: Seat): string;
  /** How long a played game went: "Game-Turns played: 3 of 10" (default: "Turns played: 3"). */
  turnsText?(ctx: Ctx, turns: number): string;
  /** Lines after a played game's result: units left, say. */
  summary?(ctx: Ctx, position: Pos): readonly string[];
  /** The balance a scenario's own text states, for `tercio balance` to set beside its measurement (default: none). */
  statedBalance?(scenario: string): BalanceStatement | undefined;
}

/** A scenario's stated balance: the side it favours (or neither), by how much, and the text's words. */
export interface BalanceStatement {
  readonly favours: "first" | "second" | "neither";
  readonly degree: string;
  readonly text: string;
}

export type AnySystemCli = SystemCli<unknown, unknown, unknown, unknown>;

/** Musket & Pike, typed, with its catalog: for the commands of its wide API. */
export interface MpChoice {
  readonly system: MpSystem;
  readonly catalog: Catalog;
}
