import type { RuleError } from "@tercio/core";
import {
  type Action,
  type ApplyOptions,
  actor,
  apply,
  type Catalog,
  engineRefusal,
  type GameContext,
  type GameEvent,
  gameContext,
  makeSavedGame,
  toAct as mpToAct,
  newGame,
  type OptionalRule,
  type Position,
  parseSavedGame,
  type SavedGame,
  type Side,
  UNDO_OFF_TEXT,
} from "@tercio/musket-and-pike";

/**
 * A game in the browser, as plain data: how it was set up and every action
 * taken, including those taken back. Everything else (positions, the log) is
 * derived by replaying it, so that an autosave or a file restores it exactly.
 */

/** Who plays a side: a person at this screen, or a built-in AI level. */
export type Controller = { readonly kind: "human" } | { readonly kind: "ai"; readonly level: string };

export interface GameSetup {
  /** Rule number ("16.24") or slug. */
  readonly scenario: string;
  readonly seed: number;
  readonly optionalRules: readonly OptionalRule[];
  readonly controllers: Readonly<Record<Side, Controller>>;
  /**
   * Whether players may take back their own actions since the last die roll.
   * Off: 5.2(G) holds strictly, a move once made stands (tournaments, online).
   */
  readonly undo: boolean;
  /**
   * The opening PRNG state when it is not the seed's: an online game draws a
   * secret ChaCha20 key and reveals it in its save once it is over.
   */
  readonly prng?: string;
}

/** One action in the game's history. */
export interface LogEntry {
  readonly action: Action;
  /** The player who took it (the Phasing Player, or the one a decision was asked of). */
  readonly side: Side;
  readonly events: readonly GameEvent[];
  /** Whether it rolled a die: a roll closes the undo window. */
  readonly rolled: boolean;
  /** Taken back by its player; kept so that the log shows it. */
  readonly undone: boolean;
}

/** A game being played: its setup, history, and the position after each action kept. */
export interface Game {
  readonly setup: GameSetup;
  readonly ctx: GameContext;
  readonly opening: Position;
  readonly openingEvents: readonly GameEvent[];
  readonly entries: readonly LogEntry[];
  /** The position after each entry (undefined for undone entries). */
  readonly after: readonly (Position | undefined)[];
  readonly position: Position;
}

export type GameError = {
  readonly kind: "setup" | "rules-version" | "replay" | "file";
  readonly message: string;
};

export function startGame(
  catalog: Catalog,
  setup: GameSetup,
): { ok: true; value: Game } | { ok: false; error: GameError } {
  const ctx = gameContext(catalog, setup.scenario);
  if (!ctx.ok) return { ok: false, error: { kind: "setup", message: ctx.error.message } };
  const opened = newGame(ctx.value, { seed: setup.seed, optionalRules: setup.optionalRules });
  if (!opened.ok) return { ok: false, error: { kind: "setup", message: opened.error.message } };
  const position = setup.prng ? { ...opened.value.position, prng: setup.prng } : opened.value.position;
  return {
    ok: true,
    value: {
      setup: {
        ...setup,
        scenario: ctx.value.scenario.id,
        optionalRules: [...position.options.optionalRules],
      },
      ctx: ctx.value,
      opening: position,
      openingEvents: opened.value.events,
      entries: [],
      after: [],
      position,
    },
  };
}

/** Takes an action for the player to act; the engine's refusal (citing its rule) otherwise. */
export function act(
  game: Game,
  action: Action,
  options: ApplyOptions = {},
): { ok: true; value: Game } | { ok: false; error: RuleError } {
  const step = apply(game.ctx, game.position, action, options);
  if (!step.ok) return step;
  const entry: LogEntry = {
    action,
    side: actor(game.position),
    events: step.value.events,
    rolled: (step.value.diceUsed ?? 0) > 0,
    undone: false,
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

/** Takes several actions in turn (automatic deployment); stops at the first refusal, saying which. */
export function actAll(
  game: Game,
  actions: readonly Action[],
): { ok: true; value: Game } | { ok: false; error: RuleError; index: number; game: Game } {
  let g = game;
  for (const [index, action] of actions.entries()) {
    const r = act(g, action);
    if (!r.ok) return { ok: false, error: r.error, index, game: g };
    g = r.value;
  }
  return { ok: true, value: g };
}

/** Index of the last entry still in force, or -1. */
function lastActive(game: Game): number {
  for (let i = game.entries.length - 1; i >= 0; i--) if (!game.entries[i]?.undone) return i;
  return -1;
}

/**
 * Why `side` may not take back its last action now, or undefined if it may.
 * Only your own actions since the last die roll: the roll has been seen, and
 * taking it back would let a player roll again.
 */
export function undoRefusal(game: Game, side: Side): string | undefined {
  if (!game.setup.undo) return UNDO_OFF_TEXT;
  const i = lastActive(game);
  const last = game.entries[i];
  if (!last) return "Nothing to take back.";
  if (last.rolled) return "A die has been rolled since: the roll closes the undo window.";
  if (last.side !== side) return "The last action is the other player's.";
  if (mpToAct(game.position) === null) return "The game is over.";
  return undefined;
}

/** Takes back the last action; it stays in the log, marked undone. */
export function undo(game: Game, side: Side): Game {
  if (undoRefusal(game, side) !== undefined) return game;
  const i = lastActive(game);
  const entries = game.entries.map((e, k) => (k === i ? { ...e, undone: true } : e));
  const after = game.after.map((p, k) => (k === i ? undefined : p));
  const prev = lastActiveBefore(after, i);
  return { ...game, entries, after, position: prev ?? game.opening };
}

function lastActiveBefore(after: readonly (Position | undefined)[], i: number): Position | undefined {
  for (let k = i - 1; k >= 0; k--) {
    const p = after[k];
    if (p) return p;
  }
  return undefined;
}

/** The actions in force, in order (a saved game's action log). */
export function activeActions(game: Game): Action[] {
  return game.entries.filter((e) => !e.undone).map((e) => e.action);
}

/** The game as the engine's saved-game file (tercio/save@1), which `tercio replay` also reads. */
export function toSavedGame(game: Game): SavedGame {
  return makeSavedGame(
    game.ctx,
    { seed: game.setup.seed, optionalRules: game.setup.optionalRules },
    activeActions(game),
    game.position,
    undefined,
    game.setup.prng,
  );
}

/** What the browser keeps between visits: the setup and the whole history, undone actions too. */
export interface StoredGame {
  readonly format: "tercio/browser-game@1";
  readonly setup: GameSetup;
  readonly save: SavedGame;
  /** Indexes (in the full history) of undone actions, and those actions. */
  readonly undone: readonly { readonly at: number; readonly action: Action; readonly side: Side }[];
}

export function toStoredGame(game: Game): StoredGame {
  const undone: { at: number; action: Action; side: Side }[] = [];
  game.entries.forEach((e, at) => {
    if (e.undone) undone.push({ at, action: e.action, side: e.side });
  });
  return { format: "tercio/browser-game@1", setup: game.setup, save: toSavedGame(game), undone };
}

/**
 * Restores a game from a saved-game file or a stored game: replays every
 * action through the engine, so a file from other rules data, or one whose
 * replay does not reach its recorded position, is refused with the reason.
 */
export function restoreGame(
  catalog: Catalog,
  json: unknown,
  defaults: Pick<GameSetup, "controllers" | "undo">,
): { ok: true; value: Game } | { ok: false; error: GameError } {
  const stored = isStored(json) ? json : undefined;
  const parsed = parseSavedGame(stored ? stored.save : json);
  if (!parsed.ok)
    return {
      ok: false,
      error: { kind: "file", message: `Not a Tercio saved game: ${parsed.error.message}` },
    };
  const save = parsed.value;
  if (save.rules.hash !== catalog.rules.hash) {
    return {
      ok: false,
      error: {
        kind: "rules-version",
        message: `This game was saved with rules data "${save.rules.version}" (${save.rules.hash}); this copy of Tercio plays "${catalog.rules.version}" (${catalog.rules.hash}). It is refused rather than replayed under other rules.`,
      },
    };
  }
  const engine = engineRefusal(save);
  if (engine)
    return {
      ok: false,
      error: {
        kind: "rules-version",
        message: `This game was ${engine}. Open it with the Tercio that saved it.`,
      },
    };
  const setup: GameSetup = stored
    ? stored.setup
    : { scenario: save.scenario, seed: save.seed, optionalRules: save.options.optionalRules, ...defaults };
  const { prng: _stored, ...rest } = setup;
  const started = startGame(catalog, {
    ...rest,
    scenario: save.scenario,
    seed: save.seed,
    optionalRules: save.options.optionalRules,
    ...(save.prng ? { prng: save.prng } : {}),
  });
  if (!started.ok) return started;
  let game = started.value;
  const undone = [...(stored?.undone ?? [])].sort((a, b) => a.at - b.at);
  let next = 0;
  const pushUndone = () => {
    while (undone[0] && undone[0].at === game.entries.length) {
      const u = undone.shift();
      if (!u) break;
      game = {
        ...game,
        entries: [
          ...game.entries,
          { action: u.action, side: u.side, events: [], rolled: false, undone: true },
        ],
        after: [...game.after, undefined],
      };
    }
  };
  for (const [index, action] of save.actions.entries()) {
    pushUndone();
    const dice = save.dice?.[String(index)];
    // Dice given at the table (tercio/save@1 `dice`) are replayed as given.
    const step = act(game, action, dice ? { dice } : {});
    if (!step.ok)
      return {
        ok: false,
        error: {
          kind: "replay",
          message: `Action ${index + 1} of the saved game is illegal here: ${step.error.message}`,
        },
      };
    game = step.value;
    next++;
  }
  pushUndone();
  if (save.finalHash !== undefined) {
    const hash = toSavedGame(game).finalHash;
    if (hash !== save.finalHash)
      return {
        ok: false,
        error: {
          kind: "replay",
          message: `The replay ends at position ${hash}, but the file recorded ${save.finalHash}.`,
        },
      };
  }
  return next === save.actions.length
    ? { ok: true, value: game }
    : { ok: false, error: { kind: "replay", message: "the replay stopped early" } };
}

function isStored(json: unknown): json is StoredGame {
  return (
    typeof json === "object" &&
    json !== null &&
    (json as { format?: unknown }).format === "tercio/browser-game@1"
  );
}

/** The player to act now, and who controls them. */
export function toAct(game: Game): { readonly side: Side; readonly controller: Controller } | undefined {
  const side = mpToAct(game.position);
  return side === null ? undefined : { side, controller: game.setup.controllers[side] };
}
