import { type AnySystem, fnv1a64, valueHasher } from "@tercio/core";
import {
  type Action,
  actor,
  apply,
  type GameContext,
  type MpSystem,
  newGame,
  type Position,
  positionHash,
  positionIssues,
} from "@tercio/musket-and-pike";
import { defaultSystems } from "@tercio/systems";
import Database from "better-sqlite3";
import { Client } from "pg";
import { GameRoom } from "../game-room.js";
import { isPostgresUrl, openStore } from "../open-store.js";
import type { StoredAction, StoredGame } from "../store.js";
import { diceOf, mp } from "./mp.js";

/** One stored game as a stopped server left it, replayed from its opening. */
export interface CheckedGame {
  readonly game: StoredGame;
  readonly log: readonly StoredAction[];
  /** A Musket & Pike game's position after the last stored action, dice state included (undefined if the opening failed, or for another system). */
  readonly final: Position | undefined;
  /** The public hash after the last stored action, of any system (undefined if the opening failed). */
  readonly finalPublicHash: string | undefined;
  /** Everything that does not hold; empty for a sound game. */
  readonly problems: readonly string[];
}

/**
 * Every game in a server's database (a SQLite file or a PostgreSQL URL, as
 * `--db` takes it; the server stopped), replayed twice:
 * by hand with the engine from the stored opening PRNG state, checking that
 * each action was the acting side's to take, is legal, leaves a position the
 * rules allow, rolls the stored dice and reaches the stored hashes; and by GameRoom.load, as a restarted server
 * would. A game accepted with an illegal action, or with a log and summary
 * that disagree, shows up in `problems`.
 */
export async function checkStoredGames(
  db: string,
  /** Shown each stored action with the position it was applied to (a test's own checks). */
  each?: (ctx: GameContext, before: Position, entry: StoredAction, game: string, action: Action) => void,
  system: MpSystem = mp,
  /** The other systems' games are replayed by their own system, with the checks every system allows. */
  others: ReadonlyMap<string, AnySystem> = defaultSystems(),
): Promise<CheckedGame[]> {
  const hosted = new Map<string, AnySystem>([...others, [system.id, system]]);
  const ids = await storedGameIds(db);
  const store = await openStore(db);
  try {
    const checked: CheckedGame[] = [];
    for (const id of ids) {
      const game = await store.getGame(id);
      if (!game) throw new Error(`game ${id} is listed but cannot be read`);
      const log = await store.actions(id);
      const other = game.system === system.id ? undefined : hosted.get(game.system);
      const mine = other ? undefined : replayLog(system, game, log, each);
      const replayed = other
        ? replayGeneric(other, game, log)
        : {
            hash: mine?.final && mpWholeHash(game, mine.final),
            publicHash: mine?.final && openHash(mp, game, mine.final),
          };
      const problems = [...(mine?.problems ?? []), ...("problems" in replayed ? replayed.problems : [])];
      const room = await GameRoom.load(store, hosted, id, { afterAction: () => undefined }, () => 0);
      if (!(room instanceof GameRoom)) problems.push(`GameRoom.load refuses it: ${room.message}`);
      else if (replayed.hash !== undefined && room.hash !== replayed.hash)
        problems.push("GameRoom.load ends at another hash");
      checked.push({ game, log, final: mine?.final, finalPublicHash: replayed.publicHash, problems });
    }
    return checked;
  } finally {
    await store.close();
  }
}

const ALL_GAMES = "SELECT id FROM games ORDER BY created_at, id";

/** The ids of all games in the database, oldest first (read-only, beside the store's own connection). */
async function storedGameIds(db: string): Promise<string[]> {
  if (isPostgresUrl(db)) {
    const client = new Client({ connectionString: db });
    await client.connect();
    try {
      return (await client.query<{ id: string }>(ALL_GAMES)).rows.map((r) => r.id);
    } finally {
      await client.end();
    }
  }
  const file = new Database(db, { readonly: true });
  try {
    return (file.prepare(ALL_GAMES).all() as { id: string }[]).map((r) => r.id);
  } finally {
    file.close();
  }
}

function replayLog(
  system: MpSystem,
  game: StoredGame,
  log: readonly StoredAction[],
  each:
    | ((ctx: GameContext, before: Position, entry: StoredAction, game: string, action: Action) => void)
    | undefined,
): { final: Position | undefined; problems: string[] } {
  const problems: string[] = [];
  if (game.system !== system.id) return { final: undefined, problems: [`a game of ${game.system}`] };
  const setup = system.parseSetup({ scenario: game.scenario, options: game.options });
  if (!setup.ok) return { final: undefined, problems: [`setup: ${setup.error.message}`] };
  const ctx = system.context(setup.value);
  if (!ctx.ok) return { final: undefined, problems: [`scenario ${game.scenario}: ${ctx.error.message}`] };
  const opened = newGame(ctx.value, { seed: 0, optionalRules: setup.value.options.optionalRules });
  if (!opened.ok) return { final: undefined, problems: [`opening: ${opened.error.message}`] };
  // The seed is not used: the stored opening PRNG state replaces it, as the server does.
  let position: Position = { ...opened.value.position, prng: game.openingPrng };
  const ids = new Set<string>();
  for (const [i, entry] of log.entries()) {
    const at = `action ${entry.seq} (${entry.actionId})`;
    if (entry.seq !== i + 1) problems.push(`${at}: the log is not gapless (expected seq ${i + 1})`);
    if (ids.has(entry.actionId)) problems.push(`${at}: its id is used twice`);
    ids.add(entry.actionId);
    if (position.phase === "game-over") {
      problems.push(`${at}: stored after the game was over`);
      break;
    }
    if (actor(position) !== entry.side)
      problems.push(`${at}: stored for ${entry.side}, but ${actor(position)} was to act`);
    const action = system.parseAction(entry.action);
    if (!action.ok) {
      problems.push(`${at}: not an action (${action.error.message}): ${JSON.stringify(entry.action)}`);
      break;
    }
    each?.(ctx.value, position, entry, game.id, action.value);
    const step = apply(ctx.value, position, action.value);
    if (!step.ok) {
      problems.push(`${at}: illegal (${step.error.message}): ${JSON.stringify(entry.action)}`);
      break;
    }
    position = step.value.position;
    const issues = positionIssues(ctx.value, position);
    if (issues.length > 0)
      problems.push(`${at}: leaves a position the rules forbid: ${JSON.stringify(issues)}`);
    if (mpWholeHash(game, position) !== entry.hash) problems.push(`${at}: replays to another hash`);
    if (openHash(mp, game, position) !== entry.publicHash)
      problems.push(`${at}: replays to another public hash`);
    if (JSON.stringify(diceOf(step.value.events)) !== JSON.stringify(entry.dice))
      problems.push(`${at}: rolls other dice than stored`);
  }
  const s = game.summary;
  if (s.seq !== log.length) problems.push(`summary at seq ${s.seq}, log has ${log.length} actions`);
  if (s.hash !== mpWholeHash(game, position))
    problems.push("summary hash differs from the replayed position's");
  // A game is over when its rules end it, or when its players do (a resignation, an agreed draw).
  const over = position.phase === "game-over" || game.table.ending !== null;
  if (s.status !== (over ? "over" : "playing"))
    problems.push(
      `summary status ${s.status} with phase ${position.phase} (ending ${JSON.stringify(game.table.ending)})`,
    );
  if (game.table.ending !== null && s.turn !== null)
    problems.push("a game its players ended has a side to act");
  return { final: position, problems };
}

/**
 * A game of another system replayed by hand through its RuleSystem, from the
 * stored opening PRNG state: each action the acting seat's, accepted, rolling
 * the stored dice and reaching the stored hashes.
 */
function replayGeneric(
  system: AnySystem,
  game: StoredGame,
  log: readonly StoredAction[],
): { hash: string | undefined; publicHash: string | undefined; problems: string[] } {
  const problems: string[] = [];
  const failed = (why: string) => ({ hash: undefined, publicHash: undefined, problems: [why] });
  const setup = system.parseSetup({ scenario: game.scenario, options: game.options });
  if (!setup.ok) return failed(`setup: ${setup.error.message}`);
  const ctx = system.context(setup.value);
  if (!ctx.ok) return failed(`context: ${ctx.error.message}`);
  const opened = system.open(ctx.value, setup.value, game.openingPrng);
  if (!opened.ok) return failed(`opening: ${opened.error.message}`);
  let position = opened.value.position;
  for (const [i, entry] of log.entries()) {
    const at = `action ${entry.seq} (${entry.actionId})`;
    if (entry.seq !== i + 1) problems.push(`${at}: the log is not gapless (expected seq ${i + 1})`);
    const toAct = system.toAct(position);
    if (toAct !== entry.side) problems.push(`${at}: stored for ${entry.side}, but ${toAct} was to act`);
    const action = system.parseAction(entry.action);
    const step = action.ok ? system.apply(ctx.value, position, action.value) : action;
    if (!step.ok) {
      problems.push(`${at}: illegal (${step.error.message}): ${JSON.stringify(entry.action)}`);
      break;
    }
    position = step.value.position;
    if (wholeHash(system, game, position) !== entry.hash) problems.push(`${at}: replays to another hash`);
    if (openHash(system, game, position) !== entry.publicHash)
      problems.push(`${at}: replays to another public hash`);
    if (JSON.stringify(step.value.dice) !== JSON.stringify(entry.dice))
      problems.push(`${at}: rolls other dice than stored`);
  }
  const hash = wholeHash(system, game, position);
  if (game.summary.seq !== log.length)
    problems.push(`summary at seq ${game.summary.seq}, log has ${log.length}`);
  if (game.summary.hash !== hash) problems.push("summary hash differs from the replayed position's");
  return { hash, publicHash: openHash(system, game, position), problems };
}

/**
 * The hashes as the game's format defines them (the server's
 * position-hashes.ts), worked out here from the definition, not by calling
 * the server's code. The public hash: of the public view, FNV-1a 64 of its
 * canonical JSON in formats 1 and 2, its structural digest in format 3. The
 * whole hash: of the whole position in format 1; from format 2, of the
 * public hash and the dice state together.
 */
function openHash(system: AnySystem, game: StoredGame, position: unknown): string {
  const view = system.publicView(position);
  return game.hashFormat === 3 ? system.hash(view, valueHasher("structural")) : system.hash(view);
}

function wholeHash(system: AnySystem, game: StoredGame, position: unknown): string {
  if (game.hashFormat === 1) return system.hash(position);
  return fnv1a64(`${openHash(system, game, position)}:${system.diceState(position)}`);
}

function mpWholeHash(game: StoredGame, position: Position): string {
  return game.hashFormat === 1
    ? positionHash(position)
    : fnv1a64(`${openHash(mp, game, position)}:${position.prng}`);
}
