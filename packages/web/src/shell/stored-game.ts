import { parseSave, type RuleSystem, type Save, type Seat, saveRefusal } from "@tercio/core";
import {
  act,
  type Controller,
  type Game,
  type GameError,
  type LocalSetup,
  startGame,
  toSavedGame,
} from "./session.js";

/**
 * A game kept and brought back: the browser's stored game (the save, the
 * players, the undone actions) and restoring any saved-game file or stored
 * game by replaying it through the system it names.
 */

type Made<T> = { ok: true; value: T } | { ok: false; error: GameError };

/** What the browser keeps between visits: the setup and the whole history, undone actions too. */
export interface StoredGame {
  readonly format: "tercio/browser-game@1";
  readonly setup: LocalSetup;
  readonly save: Save;
  /** Indexes (in the full history) of undone actions, and those actions. */
  readonly undone: readonly { readonly at: number; readonly action: unknown; readonly side: Seat }[];
}

export function toStoredGame(game: Game): StoredGame {
  const undone: { at: number; action: unknown; side: Seat }[] = [];
  game.entries.forEach((e, at) => {
    if (e.undone) undone.push({ at, action: e.action, side: e.side });
  });
  return { format: "tercio/browser-game@1", setup: game.setup, save: toSavedGame(game), undone };
}

function isStored(json: unknown): json is { format: "tercio/browser-game@1"; save: unknown } {
  return (
    typeof json === "object" &&
    json !== null &&
    (json as { format?: unknown }).format === "tercio/browser-game@1"
  );
}

/** The system a saved-game file or stored game names, before anything else is checked (older saves: Musket & Pike). */
export function savedSystem(json: unknown): string | undefined {
  const save = isStored(json) ? json.save : json;
  const parsed = parseSave(save);
  return parsed.ok ? (parsed.value.system ?? "musket-and-pike") : undefined;
}

/** A stored game's seats and undo, read leniently: an autosave of an older Tercio keeps its players. */
function storedArrangement(
  json: unknown,
  defaults: Pick<LocalSetup, "controllers" | "undo">,
): Pick<LocalSetup, "controllers" | "undo"> {
  const setup = (json as { setup?: Partial<LocalSetup> }).setup;
  const c = setup?.controllers;
  const ok = (x: unknown): x is Controller =>
    typeof x === "object" &&
    x !== null &&
    ((x as Controller).kind === "human" ||
      ((x as Controller).kind === "ai" && typeof (x as { level?: unknown }).level === "string"));
  return {
    controllers:
      c && ok(c.first) && ok(c.second) ? { first: c.first, second: c.second } : defaults.controllers,
    undo: typeof setup?.undo === "boolean" ? setup.undo : defaults.undo,
  };
}

/** A stored game's undone actions, each parsed by the system (an unreadable one is dropped, never played). */
function storedUndone<A>(
  system: RuleSystem<unknown, unknown, A, unknown, unknown>,
  json: unknown,
): { at: number; action: A; side: Seat }[] {
  const raw = (json as { undone?: unknown }).undone;
  if (!Array.isArray(raw)) return [];
  const out: { at: number; action: A; side: Seat }[] = [];
  for (const u of raw as { at?: unknown; action?: unknown; side?: unknown }[]) {
    const action = system.parseAction(u?.action);
    if (typeof u?.at === "number" && (u.side === "first" || u.side === "second") && action.ok)
      out.push({ at: u.at, action: action.value, side: u.side });
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * Restores a game from a saved-game file or a stored game: replays every
 * action through the system, so a file of another system, from other rules
 * data, or one whose replay does not reach its recorded position, is
 * refused with the reason.
 */
export function restoreGame<C, P, A, E>(
  system: RuleSystem<C, P, A, E, unknown>,
  json: unknown,
  defaults: Pick<LocalSetup, "controllers" | "undo">,
): Made<Game<C, P, A, E>> {
  const stored = isStored(json);
  const parsed = parseSave(stored ? json.save : json);
  if (!parsed.ok)
    return {
      ok: false,
      error: { kind: "file", message: `Not a Tercio saved game: ${parsed.error.message}` },
    };
  const save = parsed.value;
  const refused = saveRefusal(system, save);
  if (refused)
    return {
      ok: false,
      error: {
        kind: refused.kind === "system" ? "file" : "rules-version",
        message:
          refused.kind === "rules-version"
            ? `This game was ${refused.message}. It is refused rather than replayed under other rules.`
            : `This game is ${refused.message}.`,
      },
    };
  const started = startGame(system, {
    system: system.id,
    scenario: save.scenario,
    options: save.options,
    seed: save.seed,
    ...(stored ? storedArrangement(json, defaults) : defaults),
    ...(save.prng ? { prng: save.prng } : {}),
  });
  if (!started.ok) return started;
  let game = started.value;
  const undone = stored ? storedUndone(system, json) : [];
  const pushUndone = () => {
    // A run of undone actions was played from here, each after the last or each from here again.
    let from = game.position;
    while (undone[0] && undone[0].at === game.entries.length) {
      const u = undone.shift();
      if (!u) break;
      const played = undoneEvents(system, game.ctx, [from, game.position], u.action);
      if (played) from = played.position;
      game = {
        ...game,
        entries: [
          ...game.entries,
          { action: u.action, side: u.side, events: played?.events ?? [], rolled: false, undone: true },
        ],
        after: [...game.after, undefined],
      };
    }
  };
  for (const [index, raw] of save.actions.entries()) {
    pushUndone();
    const action = system.parseAction(raw);
    if (!action.ok)
      return {
        ok: false,
        error: { kind: "file", message: `Action ${index + 1} of the saved game: ${action.error.message}` },
      };
    const step = act(game, action.value, save.dice?.[String(index)]);
    if (!step.ok)
      return {
        ok: false,
        error: {
          kind: "replay",
          message: `Action ${index + 1} of the saved game is illegal here: ${step.error.message}`,
        },
      };
    game = step.value;
  }
  pushUndone();
  if (save.finalHash !== undefined) {
    const hash = system.hash(game.position);
    if (hash !== save.finalHash)
      return {
        ok: false,
        error: {
          kind: "replay",
          message: `The replay ends at position ${hash}, but the file recorded ${save.finalHash}.`,
        },
      };
  }
  return { ok: true, value: game };
}

/**
 * What an undone action did, for its log line (a stored game keeps only the
 * action): played again, without dice (an action that rolled cannot be
 * undone), from the first of the positions it may have been played from.
 * Undefined if it is legal from none: the log then says the action in words.
 */
function undoneEvents<C, P, A, E>(
  system: RuleSystem<C, P, A, E, unknown>,
  ctx: C,
  froms: readonly P[],
  action: A,
): { readonly position: P; readonly events: readonly E[] } | undefined {
  for (const from of froms) {
    const step = system.apply(ctx, from, action, []);
    if (step.ok) return { position: step.value.position, events: step.value.events };
  }
  return undefined;
}
