import {
  type GameSetup,
  makeSave,
  type RuleError,
  type RuleSystem,
  type Save,
  type Seat,
  seedPrng,
} from "@tercio/core";

/**
 * A game in the browser, of any rule system, as plain data: how it was set
 * up and every action taken, including those taken back. Everything else
 * (positions, the log) is derived by replaying it through the system, so
 * that an autosave or a file restores it exactly. The session reaches the
 * system only through RuleSystem: it knows no phase, unit or map.
 */

/** Who plays a seat: a person at this screen, or a built-in AI level. */
export type Controller = { readonly kind: "human" } | { readonly kind: "ai"; readonly level: string };

/** What a local game is opened from: the system's setup, and the table's arrangements. */
export interface LocalSetup {
  /** The rule system's id ("musket-and-pike", "horse-and-musket-ch11"). */
  readonly system: string;
  /** The scenario's id (or a name the system accepts: a rule number, a slug). */
  readonly scenario: string;
  /** The system's options (Musket & Pike's optional rules, chapter 11's readings), checked by its parseSetup. */
  readonly options: unknown;
  readonly seed: number;
  readonly controllers: Readonly<Record<Seat, Controller>>;
  /**
   * Whether players may take back their own actions since the last die roll.
   * Off: a move once made stands (tournaments, online).
   */
  readonly undo: boolean;
  /**
   * The opening PRNG state when it is not the seed's: an online game draws a
   * secret ChaCha20 key and reveals it in its save once it is over.
   */
  readonly prng?: string;
}

/** One action in the game's history. */
export interface LogEntry<A, E> {
  readonly action: A;
  /** The seat that took it. */
  readonly side: Seat;
  readonly events: readonly E[];
  /** Whether it rolled a die: a roll closes the undo window. */
  readonly rolled: boolean;
  /** Taken back by its player; kept so that the log shows it. */
  readonly undone: boolean;
  /**
   * The player's command it was part of (a formation's move, a group's
   * allocation: several actions at one click), named by the index of the
   * command's first entry; undo takes the command back whole.
   */
  readonly command?: number;
}

/**
 * A game's record, as every screen shows it (the board, the log, the replay,
 * the end screen): its system and setup, the opening, every action and the
 * position after each. A local game adds how it is played here (`Game`); an
 * online game's record follows the server's events and has no local setup.
 */
export interface GameLog<C = unknown, P = unknown, A = unknown, E = unknown> {
  readonly system: RuleSystem<C, P, A, E, unknown>;
  /** The system's setup as it parsed it (the scenario's canonical id, every option). */
  readonly gameSetup: GameSetup<unknown>;
  readonly ctx: C;
  readonly opening: P;
  readonly openingEvents: readonly E[];
  readonly entries: readonly LogEntry<A, E>[];
  /** The position after each entry (undefined for undone entries). */
  readonly after: readonly (P | undefined)[];
  readonly position: P;
}

/** A game played in this browser: its record, and how it is played here (seed, players, undo). */
export interface Game<C = unknown, P = unknown, A = unknown, E = unknown> extends GameLog<C, P, A, E> {
  readonly setup: LocalSetup;
}

export type GameError = {
  readonly kind: "setup" | "rules-version" | "replay" | "file";
  readonly message: string;
};

type Made<T> = { ok: true; value: T } | { ok: false; error: GameError };

/** The sentence for undo when a game is played without it (each system may cite its own rule). */
export const UNDO_OFF = "Undo is off in this game: a move once made stands.";

export function startGame<C, P, A, E>(
  system: RuleSystem<C, P, A, E, unknown>,
  setup: LocalSetup,
): Made<Game<C, P, A, E>> {
  if (setup.system !== system.id)
    return { ok: false, error: { kind: "setup", message: `a game of ${setup.system}, not of ${system.id}` } };
  const parsed = system.parseSetup({ scenario: setup.scenario, options: setup.options });
  if (!parsed.ok) return { ok: false, error: { kind: "setup", message: parsed.error.message } };
  const ctx = system.context(parsed.value);
  if (!ctx.ok) return { ok: false, error: { kind: "setup", message: ctx.error.message } };
  const opened = system.open(ctx.value, parsed.value, setup.prng ?? seedPrng(setup.seed));
  if (!opened.ok) return { ok: false, error: { kind: "setup", message: opened.error.message } };
  const gameSetup = system.setupOf(ctx.value, opened.value.position);
  return {
    ok: true,
    value: {
      system,
      setup: { ...setup, scenario: gameSetup.scenario, options: gameSetup.options },
      gameSetup,
      ctx: ctx.value,
      opening: opened.value.position,
      openingEvents: opened.value.events,
      entries: [],
      after: [],
      position: opened.value.position,
    },
  };
}

/** Takes an action for the seat to act; the system's refusal (citing its rule) otherwise. */
export function act<C, P, A, E>(
  game: Game<C, P, A, E>,
  action: A,
  dice?: readonly number[],
  /** The command the action belongs to (LogEntry.command). */
  command?: number,
): { ok: true; value: Game<C, P, A, E> } | { ok: false; error: RuleError } {
  const side = game.system.toAct(game.position);
  if (side === null) return { ok: false, error: overError(game) };
  const step = game.system.apply(game.ctx, game.position, action, dice);
  if (!step.ok) return step;
  const entry: LogEntry<A, E> = {
    action,
    side,
    events: step.value.events,
    rolled: step.value.dice.length > 0,
    undone: false,
    ...(command === undefined ? {} : { command }),
  };
  return {
    ok: true,
    value: {
      ...game,
      entries: [...game.entries, entry],
      after: [...game.after, step.value.position],
      position: step.value.position,
    },
  };
}

/** Every system refuses an action after the end; the session says so in the same words for all. */
function overError(game: GameLog): RuleError {
  const result = game.system.result(game.position);
  return { code: "game/over", rule: "", message: `The game is over${result ? `: ${result.reason}` : "."}` };
}

/** Takes several actions in turn (automatic deployment); stops at the first refusal, saying which. */
export function actAll<C, P, A, E>(
  game: Game<C, P, A, E>,
  actions: readonly A[],
):
  | { ok: true; value: Game<C, P, A, E> }
  | { ok: false; error: RuleError; index: number; game: Game<C, P, A, E> } {
  let g = game;
  for (const [index, action] of actions.entries()) {
    const r = act(g, action);
    if (!r.ok) return { ok: false, error: r.error, index, game: g };
    g = r.value;
  }
  return { ok: true, value: g };
}

/** Index of the last entry still in force, or -1. */
function lastActive(game: GameLog): number {
  for (let i = game.entries.length - 1; i >= 0; i--) if (!game.entries[i]?.undone) return i;
  return -1;
}

/** The last entry still in force. */
export function lastEntry<A, E>(game: GameLog<unknown, unknown, A, E>): LogEntry<A, E> | undefined {
  return game.entries[lastActive(game)];
}

/**
 * Why `side` may not take back its last action now, or undefined if it may.
 * Only your own actions since the last die roll: the roll has been seen, and
 * taking it back would let a player roll again.
 */
export function undoRefusal(
  game: Game<unknown, unknown, unknown, unknown>,
  side: Seat,
  undoOff: string = UNDO_OFF,
): string | undefined {
  if (!game.setup.undo) return undoOff;
  const last = lastEntry(game);
  if (!last) return "Nothing to take back.";
  if (last.rolled) return "A die has been rolled since: the roll closes the undo window.";
  if (last.side !== side) return "The last action is the other player's.";
  if (game.system.toAct(game.position) === null) return "The game is over.";
  return undefined;
}

/**
 * Takes back the last action, or the whole of the last command (a
 * formation's moves, a group's allocations) where it was one; they stay in
 * the log, marked undone.
 */
export function undo<C, P, A, E>(game: Game<C, P, A, E>, side: Seat): Game<C, P, A, E> {
  if (undoRefusal(game, side) !== undefined) return game;
  const i = lastActive(game);
  const command = game.entries[i]?.command;
  // The command's entries still in force, from the last back; each one's own, none rolling a die.
  const taken = new Set<number>([i]);
  if (command !== undefined)
    for (let k = i - 1; k >= command; k--) {
      const e = game.entries[k];
      if (!e || e.undone) continue;
      if (e.command !== command || e.rolled || e.side !== side) break;
      taken.add(k);
    }
  const entries = game.entries.map((e, k) => (taken.has(k) ? { ...e, undone: true } : e));
  const after = game.after.map((p, k) => (taken.has(k) ? undefined : p));
  let prev: P | undefined;
  for (let k = Math.min(...taken) - 1; k >= 0 && prev === undefined; k--) prev = after[k];
  return { ...game, entries, after, position: prev ?? game.opening };
}

/** The actions in force, in order (a saved game's action log). */
export function activeActions<A>(game: GameLog<unknown, unknown, A, unknown>): A[] {
  return game.entries.filter((e) => !e.undone).map((e) => e.action);
}

/** The actions in force with their seats and events: what a board is handed as its history. */
export function historyOf<A, E>(
  game: GameLog<unknown, unknown, A, E>,
): { readonly action: A; readonly seat: Seat; readonly events: readonly E[] }[] {
  return game.entries
    .filter((e) => !e.undone)
    .map((e) => ({ action: e.action, seat: e.side, events: e.events }));
}

/** The position before the last action in force: the opening when there is none or one. */
export function previousOf<P>(game: GameLog<unknown, P, unknown, unknown>): P {
  const positions = positionsOf(game);
  return positions.at(-2) ?? game.opening;
}

/** The positions in force, from the opening: what the replay viewer steps through. */
export function positionsOf<P>(game: GameLog<unknown, P, unknown, unknown>): P[] {
  return [game.opening, ...game.after.filter((p): p is P => p !== undefined)];
}

/** The game as the saved-game file (tercio/save@1), which `tercio replay` also reads. */
export function toSavedGame(game: Game): Save {
  return makeSave(game.system, {
    setup: game.gameSetup,
    seed: game.setup.seed,
    ...(game.setup.prng !== undefined ? { openingPrng: game.setup.prng } : {}),
    actions: activeActions(game),
    final: game.position,
  });
}

/** The seat to act now, and who controls it. */
export function toAct(game: Game): { readonly side: Seat; readonly controller: Controller } | undefined {
  const side = game.system.toAct(game.position);
  return side === null ? undefined : { side, controller: game.setup.controllers[side] };
}
