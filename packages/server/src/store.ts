import type { Seat as Side } from "@tercio/core";
import type { ChatLine, Ending, SeatSetup } from "@tercio/protocol";
import type { HashFormat } from "./position-hashes.js";
import type { TokenHashes } from "./tokens.js";

/**
 * Where games live: an append-only action log per game, with the game's
 * setup and secrets. Asynchronous so that a networked database (PostgreSQL)
 * can stand behind it later; SQLite answers at once.
 */
/** What a new game is created from: its options as given (the room keeps them as the system parsed them). */
export type NewGameRecord = Omit<
  StoredGame,
  "summary" | "rules" | "version" | "delivered" | "options" | "table" | "hashFormat"
> & {
  readonly options: unknown;
  /** A rematch is delivered already: the players of the game it follows are told of it as it is made. */
  readonly delivered?: boolean;
};

/** What the players have said of the game beside the rules (protocol's social.ts). */
export interface GameTable {
  /** The seat whose draw offer stands. */
  readonly drawOffer: Side | null;
  /** How the game ended by the players' word: a resignation, an agreed draw. */
  readonly ending: Ending | null;
  /** The id of its rematch, once asked for. */
  readonly rematch: string | null;
}

export const EMPTY_TABLE: GameTable = { drawOffer: null, ending: null, rematch: null };

export interface StoredGame {
  readonly id: string;
  /** The rule system that plays it ("musket-and-pike"). */
  readonly system: string;
  readonly scenario: string;
  /** The system's options for the game (Musket & Pike's `{ optionalRules }`), as the system parsed them. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly seats: Readonly<Record<Side, SeatSetup>>;
  readonly rules: { readonly version: string; readonly hash: string };
  /** The system's version that plays it: another version is refused unless it replays this one's games. */
  readonly version: string;
  /** How its actions' and summary's hashes are made (position-hashes.ts); games stored before schema 5 are format 1. */
  readonly hashFormat: HashFormat;
  /** The secret opening PRNG state; revealed only when the game is over. */
  readonly openingPrng: string;
  readonly tokens: TokenHashes;
  /** The address that created it (for the per-address cap). */
  readonly creator: string;
  readonly createdAt: number;
  /**
   * Whether its links may have gone out: it is marked, durably, before the
   * reply to its creation is sent (and when anyone joins it). A game never
   * marked is deleted (its tokens exist nowhere else: nobody could ever
   * open it).
   */
  readonly delivered: boolean;
  readonly summary: GameSummary;
  readonly table: GameTable;
}

/** What the lobby shows without replaying the game; updated with every action. */
export interface GameSummary {
  readonly status: "playing" | "over";
  readonly seq: number;
  /** Hash of the whole position (dice state included) after `seq`, in the game's hash format. */
  readonly hash: string;
  readonly turn: Side | null;
  /** The system's status: its game turn and phase id. */
  readonly gameTurn: number;
  readonly phase: string;
  readonly updatedAt: number;
}

export interface StoredAction {
  /** 1 for the first action of the game; gapless. */
  readonly seq: number;
  readonly side: Side;
  /**
   * The action id, the seat's own: unique per game and side. A client
   * chooses it (ACTION_ID_PATTERN); AI seats use "ai:<seq>:<attempt>", which
   * no client id can be.
   */
  readonly actionId: string;
  /** The action as plain data, the system's to parse when the log is replayed. */
  readonly action: unknown;
  readonly dice: readonly number[];
  /** Hash of the whole position after the action, in the game's hash format. */
  readonly hash: string;
  /** Hash of the public position after the action, as clients see it. */
  readonly publicHash: string;
  readonly at: number;
}

/** Thrown by `append` when the sequence number or action id is already taken. */
export class StoreConflict extends Error {}

/**
 * Thrown by a write of a server that no longer holds the game (several
 * servers over one PostgreSQL: pg-ownership.ts): another server took it
 * over, or this one's lease ran out. Nothing of the write is stored; the
 * room is given up and its clients reconnect to the game's new owner.
 */
export class NotOwner extends StoreConflict {}

export interface GameStore {
  createGame(game: StoredGame): Promise<void>;
  getGame(id: string): Promise<StoredGame | undefined>;
  /** The actions after `afterSeq`, in order; at most `limit` of them when given. */
  actions(id: string, afterSeq?: number, limit?: number): Promise<StoredAction[]>;
  /** The action `side` sent with `actionId`, if any: ids are scoped by seat. */
  findAction(id: string, side: Side, actionId: string): Promise<StoredAction | undefined>;
  /**
   * Appends one action and the game's new summary in one transaction. It has
   * returned only once both are durable: the caller acknowledges after it.
   */
  append(id: string, action: StoredAction, summary: GameSummary): Promise<void>;
  setWebhook(id: string, side: Side, url: string | null): Promise<void>;
  /**
   * Stores what the players said (a draw offered or answered, a rematch);
   * with a summary, the game's end by their word in the same transaction
   * (refused with StoreConflict unless the game is still at `summary.seq`).
   */
  setTable(id: string, table: GameTable, summary?: GameSummary): Promise<void>;
  /** The game's chat, oldest first. */
  chatLines(id: string): Promise<ChatLine[]>;
  /** Adds a line of chat (StoreConflict if its number is taken). */
  addChat(id: string, line: ChatLine): Promise<void>;
  /** Its creator has its links (the creation reply went out, or someone joined). */
  markDelivered(id: string): Promise<void>;
  /** Deletes the games created before `before` whose links never reached anyone; their ids. */
  deleteUndelivered(before: number): Promise<string[]>;
  gamesCreatedSince(creator: string, since: number): Promise<number>;
  /** Ids of games still being played (for AI seats to resume after a restart). */
  playingGames(): Promise<string[]>;
  /** How its writes are being committed (the health page's). */
  readonly commits?: CommitStats;
  close(): Promise<void>;
}

/** A group-committing store's counters. */
export interface CommitStats {
  /** Writes committed (or refused), and the transactions that committed them. */
  readonly writes: number;
  readonly batches: number;
  /** The most writes one transaction has held. */
  readonly largestBatch: number;
  /**
   * The longest one transaction took to commit, ms (its fsync included):
   * every write of a batch waits for it, so a long one shows in every
   * acknowledgement's latency at once.
   */
  readonly longestCommitMs: number;
  /** Writes sent and not yet answered: in a transaction, or waiting for one. */
  readonly waiting: number;
}
