import type { Seat as Side } from "@tercio/core";
import type { Ending, SeatSetup } from "@tercio/protocol";
import { type HashFormat, isHashFormat } from "./position-hashes.js";
import type { StoredAction, StoredGame } from "./store.js";

/** The store's rows as both engines read them back (the same columns, named the same), and the records made of them. */
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
  /** 1 or 0 in SQLite, a boolean in PostgreSQL. */
  delivered: number | boolean;
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

/** A stored game's hash format: one this server makes, or the game is refused rather than misread. */
function hashFormatOf(row: GameRow): HashFormat {
  if (isHashFormat(row.hash_format)) return row.hash_format;
  throw new Error(
    `game ${row.id} is stored in hash format ${row.hash_format}, which this server does not know`,
  );
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
    hashFormat: hashFormatOf(row),
    openingPrng: row.opening_prng,
    tokens: {
      first: row.token_first ?? undefined,
      second: row.token_second ?? undefined,
      spectator: row.token_spectator,
    },
    creator: row.creator,
    createdAt: row.created_at,
    delivered: row.delivered === 1 || row.delivered === true,
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
