import type { Ending } from "@tercio/protocol";
import type { GameSummary, StoredAction, StoredGame } from "./store.js";

/**
 * How the PostgreSQL store's rows read and write: the games table's columns
 * as a list, so that the INSERT is made from it and a new column is one
 * entry here (and one in pg-schema.ts). Values go to `pg` as parameters,
 * never into the SQL text.
 */
export type Value = string | number | boolean | null;

/** A column and how its value is read from what is stored. */
type Column<T> = readonly [name: string, of: (from: T) => Value];

/** The summary's columns, written by every action as well as at creation. */
const SUMMARY_COLUMNS: readonly Column<GameSummary>[] = [
  ["status", (s) => s.status],
  ["seq", (s) => s.seq],
  ["hash", (s) => s.hash],
  ["turn", (s) => s.turn],
  ["game_turn", (s) => s.gameTurn],
  ["phase", (s) => s.phase],
  ["updated_at", (s) => s.updatedAt],
];

/** Every games column a new game is created with. */
const GAME_COLUMNS: readonly Column<StoredGame>[] = [
  ["id", (g) => g.id],
  ["system", (g) => g.system],
  ["scenario", (g) => g.scenario],
  ["options", (g) => JSON.stringify(g.options)],
  ["seats", (g) => JSON.stringify(g.seats)],
  ["rules_version", (g) => g.rules.version],
  ["rules_hash", (g) => g.rules.hash],
  // The system's version, named as in the SQLite file (where the column came before there were systems).
  ["engine", (g) => g.version],
  ["hash_format", (g) => g.hashFormat],
  ["opening_prng", (g) => g.openingPrng],
  ["token_first", (g) => g.tokens.first ?? null],
  ["token_second", (g) => g.tokens.second ?? null],
  ["token_spectator", (g) => g.tokens.spectator ?? null],
  ["creator", (g) => g.creator],
  ["created_at", (g) => g.createdAt],
  ["delivered", (g) => g.delivered],
  ["draw_offer", (g) => g.table.drawOffer],
  ["ending", (g) => endingText(g.table.ending)],
  ["rematch", (g) => g.table.rematch],
  ...SUMMARY_COLUMNS.map(([name, of]): Column<StoredGame> => [name, (g) => of(g.summary)]),
];

export interface Statement {
  readonly text: string;
  readonly values: readonly Value[];
}

/** `INSERT INTO games (...) VALUES ($1, ...)`. */
export function insertGame(game: StoredGame): Statement {
  return {
    text: `INSERT INTO games (${GAME_COLUMNS.map(([name]) => name).join(", ")})
      VALUES (${GAME_COLUMNS.map((_, i) => `$${i + 1}`).join(", ")})`,
    values: GAME_COLUMNS.map(([, of]) => of(game)),
  };
}

/** The game's new summary, written only if the game is at the action before it (else no row changes). */
export function updateSummary(id: string, s: GameSummary): Statement {
  const set = SUMMARY_COLUMNS.map(([name], i) => `${name} = $${i + 3}`).join(", ");
  return {
    text: `UPDATE games SET ${set} WHERE id = $1 AND seq = $2`,
    values: [id, s.seq - 1, ...SUMMARY_COLUMNS.map(([, of]) => of(s))],
  };
}

export function endingText(ending: Ending | null): string | null {
  return ending === null ? null : JSON.stringify(ending);
}

export const ACTION_COLUMNS = "seq, side, action_id, action, dice, hash, public_hash, at";

/** The parameters of `INSERT INTO actions (game_id, ${ACTION_COLUMNS})`. */
export function actionValues(id: string, a: StoredAction): Value[] {
  return [
    id,
    a.seq,
    a.side,
    a.actionId,
    JSON.stringify(a.action),
    JSON.stringify(a.dice),
    a.hash,
    a.publicHash,
    a.at,
  ];
}
