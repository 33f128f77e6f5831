/** Wire limits shared by the server (which enforces them) and the browser (which stays inside them). */
/**
 * The protocol's version. 2: actions and positions of any rule system, games
 * name their system, refusals carry the whole rule error. 3: a snapshot
 * names how the game's hashes are made (`hashing`: new games compare a
 * structural digest). A client of another version is told to reload the
 * page (code "incompatible").
 */
export const PROTOCOL_VERSION = 3;

/**
 * The largest message a client may send, in bytes. The biggest legal one is
 * a move along a long path, well under 4 KiB; a frame over this is closed
 * with 1009 by the WebSocket layer before it is even parsed.
 */
export const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/** Client action ids: opaque, chosen by the client, unique per game. */
export const ACTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Game ids: 16 url-safe characters (96 random bits). */
export const GAME_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/** Seat and spectator tokens: 43 url-safe characters (256 random bits). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
