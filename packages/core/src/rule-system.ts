import type { DataError } from "./data-error.js";
import type { DiceFaces } from "./dice.js";
import type { ValueHasher } from "./hashing.js";
import type { PrngState } from "./prng.js";
import type { Result } from "./result.js";
import type { RuleError } from "./rule-error.js";

/**
 * The two seats at the table. A seat says who sits there, nothing of turn
 * order: a system whose initiative is rolled each turn still has a first and
 * a second seat, and `seatName` gives the words ("French Royalists", "Red").
 */
export const SEATS = ["first", "second"] as const;
export type Seat = (typeof SEATS)[number];

export function otherSeat(seat: Seat): Seat {
  return seat === "first" ? "second" : "first";
}

/**
 * What a game is opened from: a scenario and the system's options (Musket &
 * Pike's optional rules, a tabletop system's readings and optional rules).
 * Plain data, validated by the system's own `parseSetup`.
 */
export interface GameSetup<Options = Readonly<Record<string, unknown>>> {
  readonly scenario: string;
  readonly options: Options;
}

/** Who rolled the dice given to `apply`: players at a table, or Tercio's generator on another machine. */
export type DiceFrom = "table" | "generator";

/** The result of one action (or of opening a game): the position after it, what happened, the dice it rolled. */
export interface Applied<Pos, Ev> {
  readonly position: Pos;
  readonly events: readonly Ev[];
  /** The die results the action used, in order: a client replays it with exactly these. */
  readonly dice: readonly number[];
}

/** How a game ended. */
export interface GameOutcome {
  readonly winner: Seat | "draw";
  /** The grade of the win where the scenario grades it ("decisive", "marginal"). */
  readonly level?: string;
  /** Why, in the system's words. */
  readonly reason: string;
}

/** Where a game stands, in a host's words: for lobbies, summaries and notifications. */
export interface GameStatus {
  /** The game turn (1-based; 0 before the first, e.g. during deployment). */
  readonly turn: number;
  /** The system's phase id ("deployment", "movement", "shooting"). */
  readonly phase: string;
  /** One line: "Game-Turn 3, the Second Player's Movement Phase". */
  readonly text: string;
}

/** A scenario as a lobby lists it. */
export interface ScenarioEntry {
  readonly id: string;
  readonly name: string;
  readonly summary: string;
}

/** An option a game may be opened with, as a lobby offers it. */
export interface OptionEntry {
  readonly id: string;
  readonly name: string;
  /** "flag": on or off; "choice": one of `choices`. */
  readonly kind: "flag" | "choice";
  readonly choices?: readonly string[];
  readonly default: boolean | string;
  readonly summary: string;
}

/**
 * One rule system, as a frozen value: the same object on the server, in the
 * browser, in AI threads and in the CLI. Every host (server, protocol, AI
 * seats, arena, CLI, browser session) reaches a system through this and
 * nothing else; a system's own board and AI may use its wider API.
 *
 * Plain data in and out, every failure a Result. No phases or turns in the
 * interface: the sequence of play is the system's business; hosts ask only
 * who is to act (`toAct`) and whether it is over (`result`).
 *
 * Ctx is what a game needs besides its position (the scenario, the map or
 * table, the rules data), built once per game; Pos and Act are the system's
 * position and action; Ev its events.
 */
export interface RuleSystem<Ctx, Pos, Act, Ev, Options = Readonly<Record<string, unknown>>> {
  /** Readable and stable: "musket-and-pike", "horse-and-musket-ch11". */
  readonly id: string;
  /** The rule documents' title. */
  readonly title: string;
  /** The system's version: bumped when a logged action could play differently. */
  readonly version: string;
  /** Whether this system plays the logs of an earlier version exactly as that version did. */
  replaysVersion(version: string): boolean;
  /** The rules data in use (replaceable by a user's file): games record it and refuse other data. */
  readonly rules: { readonly version: string; readonly hash: string };
  /** The dice the system rolls: table dice given to `apply` must be its faces. */
  readonly dice: DiceFaces;
  /** The closed list of its rule errors' codes. */
  readonly errorCodes: readonly string[];

  scenarios(): readonly ScenarioEntry[];
  options(): readonly OptionEntry[];
  /** A setup from the wire, a file or a flag: the scenario must exist and the options be the system's. */
  parseSetup(raw: unknown): Result<GameSetup<Options>, DataError>;
  context(setup: GameSetup<Options>): Result<Ctx, DataError>;
  /** The opening position, its generator at `prng` (a local game's seed, an online game's secret key). */
  open(ctx: Ctx, setup: GameSetup<Options>, prng: PrngState): Result<Applied<Pos, Ev>, RuleError | DataError>;
  /** The setup a position was opened with (for saves made from a position). */
  setupOf(ctx: Ctx, position: Pos): GameSetup<Options>;

  /** The wire edge: strict validation of an untrusted action. */
  parseAction(raw: unknown): Result<Act, DataError>;
  /** An untrusted position, validated, with the context it names. */
  parsePosition(raw: unknown): Result<{ readonly ctx: Ctx; readonly position: Pos }, DataError>;
  /** The position as JSON-ready plain data: parsePosition(makePosition(p)) gives p back. */
  makePosition(position: Pos): unknown;
  /**
   * The position's hash: FNV-1a 64 of its canonical JSON (what files record),
   * or what `hasher` makes of the same value (a memo, a structural digest).
   */
  hash(position: Pos, hasher?: ValueHasher): string;

  /**
   * Plays an action; `dice` are die results given from outside (the replay
   * of a save, a client). `from` says who rolled them, for the log's words
   * only: dice read off at a table ("table", the default), or Tercio's own
   * generator elsewhere ("generator": the server's dice a client follows),
   * which a log tells as it tells the generator's rolls here.
   */
  apply(
    ctx: Ctx,
    position: Pos,
    action: Act,
    dice?: readonly number[],
    from?: DiceFrom,
  ): Result<Applied<Pos, Ev>, RuleError>;
  /** The seat to act now, or null exactly when the game has a result. */
  toAct(position: Pos): Seat | null;
  result(position: Pos): GameOutcome | null;
  /** The position as a client may see it: the dice state hidden, every other field as it is. */
  publicView(position: Pos): Pos;
  /**
   * What `publicView` hides: the dice state (the PRNG state, or HIDDEN_PRNG
   * in a public view). A host that stores the public hash can hash this
   * beside it instead of hashing the whole position a second time.
   */
  diceState(position: Pos): PrngState;
  /**
   * The actions open now, where they can be listed (a hex system); a
   * tabletop system's moves are a continuum and it lists its discrete
   * choices plus sample moves (its own wider API has the move checker).
   */
  legalActions(ctx: Ctx, position: Pos): readonly Act[];

  status(ctx: Ctx, position: Pos): GameStatus;
  seatName(ctx: Ctx, seat: Seat): string;
  /** One log line for an event, or undefined for the bookkeeping events a log does not show. */
  describeEvent(ctx: Ctx, event: Ev): string | undefined;
  /** A rule as the text prints it: "5.2F" -> "5.2(F)". */
  cite(rule: string): string;
}

/**
 * A system as a generic host holds it: its context, positions and actions
 * opaque. Every RuleSystem is one (the interface's members are methods, so
 * their parameters compare bivariantly), with no cast and no `any`. A host
 * only ever hands a system back what that same system gave it: a position
 * it opened or parsed, an action it parsed.
 */
export type AnySystem = RuleSystem<unknown, unknown, unknown, unknown, unknown>;

/**
 * The hash both ends of an online game compare after each action: of the
 * position as a client may see it (`publicView`, the dice state hidden).
 */
export function publicHash<C, P, A, E, O>(
  system: RuleSystem<C, P, A, E, O>,
  position: P,
  hasher?: ValueHasher,
): string {
  return system.hash(system.publicView(position), hasher);
}
