import type { Seat as Side } from "@tercio/core";
import type { Ending, SeatSetup } from "@tercio/protocol";
import type { GameSummary, StoredAction, StoredGame } from "./store.js";

/** The store's records as SQLite rows and back: plain data, so that rows can cross to the writer thread. */
export interface GameRow {
  id: string;
  system: string;
  scenario: string;
  options: string;
  seats: string;
  rules_version: string;
  rules_hash: string;
  engine: string;
  opening_prng: string;
  token_first: string | null;
  token_second: string | null;
  token_spectator: string;
  creator: string;
  created_at: number;
  status: "playing" | "over";
  seq: number;
  hash: string;
  turn: Side | null;
  game_turn: number;
  phase: string;
  updated_at: number;
  delivered: number;
  draw_offer: Side | null;
  ending: string | null;
  rematch: string | null;
  hash_format: number;
}

export interface ActionRow {
  seq: number;
  side: Side;
  action_id: string;
  action: string;
  dice: string;
  hash: string;
  public_hash: string;
  at: number;
}

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

export function gameOf(row: GameRow): StoredGame {
  return {
    id: row.id,
    system: row.system,
    scenario: row.scenario,
    options: JSON.parse(row.options) as Record<string, unknown>,
    seats: JSON.parse(row.seats) as Record<Side, SeatSetup>,
    rules: { version: row.rules_version, hash: row.rules_hash },
    version: row.engine,
    hashFormat: row.hash_format === 1 ? 1 : 2,
    openingPrng: row.opening_prng,
    tokens: {
      first: row.token_first ?? undefined,
      second: row.token_second ?? undefined,
      spectator: row.token_spectator,
    },
    creator: row.creator,
    createdAt: row.created_at,
    delivered: row.delivered === 1,
    table: {
      drawOffer: row.draw_offer,
      ending: row.ending === null ? null : (JSON.parse(row.ending) as Ending),
      rematch: row.rematch,
    },
    summary: {
      status: row.status,
      seq: row.seq,
      hash: row.hash,
      turn: row.turn,
      gameTurn: row.game_turn,
      phase: row.phase,
      updatedAt: row.updated_at,
    },
  };
}

export function actionOf(row: ActionRow): StoredAction {
  return {
    seq: row.seq,
    side: row.side,
    actionId: row.action_id,
    action: JSON.parse(row.action) as unknown,
    dice: JSON.parse(row.dice) as number[],
    hash: row.hash,
    publicHash: row.public_hash,
    at: row.at,
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
