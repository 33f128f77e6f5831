import type { GameSummary, StoredAction, StoredGame } from "./store.js";

/** The store's records as SQLite rows to write: plain data, so that rows can cross to the writer thread. */
export function summaryRow(s: GameSummary) {
  return {
    status: s.status,
    seq: s.seq,
    hash: s.hash,
    turn: s.turn,
    game_turn: s.gameTurn,
    phase: s.phase,
    updated_at: s.updatedAt,
  };
}

/** A new game's row, for INSERT INTO games. */
export function gameRow(game: StoredGame) {
  return {
    id: game.id,
    system: game.system,
    scenario: game.scenario,
    options: JSON.stringify(game.options),
    seats: JSON.stringify(game.seats),
    rules_version: game.rules.version,
    rules_hash: game.rules.hash,
    engine: game.version,
    opening_prng: game.openingPrng,
    token_first: game.tokens.first ?? null,
    token_second: game.tokens.second ?? null,
    token_spectator: game.tokens.spectator,
    creator: game.creator,
    created_at: game.createdAt,
    delivered: game.delivered ? 1 : 0,
    hash_format: game.hashFormat,
    ...summaryRow(game.summary),
  };
}

/** An action's row, for INSERT INTO actions. */
export function actionRow(gameId: string, action: StoredAction) {
  return {
    game_id: gameId,
    seq: action.seq,
    side: action.side,
    action_id: action.actionId,
    action: JSON.stringify(action.action),
    dice: JSON.stringify(action.dice),
    hash: action.hash,
    public_hash: action.publicHash,
    at: action.at,
  };
}
