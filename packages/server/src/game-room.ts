import { isPrngState } from "@tercio/core";
import {
  type Action,
  actor,
  apply,
  type Catalog,
  ENGINE_VERSION,
  ENGINES_REPLAYED,
  type GameContext,
  gameContext,
  makeSavedGame,
  newGame,
  type Position,
  positionHash,
  replaysEngine,
  type SavedGame,
  type Side,
} from "@tercio/musket-and-pike";
import {
  diceRolled,
  type ErrorCode,
  type GameInfo,
  PROTOCOL_VERSION,
  publicHash,
  publicPosition,
  type Role,
  type ServerMessage,
} from "@tercio/protocol";
import { SerialQueue } from "./serial-queue.js";
import type { GameStore, GameSummary, StoredAction, StoredGame } from "./store.js";

/** A failure to answer a client, as the `error` message will carry it. */
export interface Refusal {
  readonly code: ErrorCode;
  readonly message: string;
  readonly rule?: string;
  readonly seq?: number;
}

/** Someone watching or playing the game over a connection. */
export interface Member {
  readonly role: Role;
  send(message: ServerMessage): void;
  /** A message already in JSON: a broadcast is written once, whoever it goes to. */
  sendText(text: string): void;
}

export type SnapshotReason = "join" | "reconnect" | "requested" | "hash-mismatch" | "gap";

export type Submitted =
  | { readonly ok: true; readonly seq: number; readonly duplicate: boolean }
  | { readonly ok: false; readonly refusal: Refusal };

/** What the room tells its host after an action is stored (for AI seats and "your turn" notes). */
export interface RoomHooks {
  afterAction(room: GameRoom, previousTurn: Side | null): void;
}

const KEEP_HASHES = 256;
/** Presence is broadcast at most this often (milliseconds). */
const PRESENCE_MS = 100;
/** A client further behind than this gets a snapshot instead of every event it missed. */
const MAX_CATCH_UP = 2000;
/**
 * A catch-up may be this many times a snapshot's size: the client's log
 * stays whole (a snapshot leaves a hole in it), and a client asking for more
 * costs the server a snapshot.
 */
const CATCH_UP_FACTOR = 8;
/** The smallest an event's JSON can be: a catch-up that could not fit is not even read. */
const MIN_EVENT_BYTES = 96;

/**
 * One game in play: the authority for it. It holds the whole position, dice
 * state included, and is the only place an action is applied. Every action
 * goes through one queue, so concurrent actions on the game are applied one
 * at a time in the order they arrive; each is stored durably before it is
 * acknowledged, and broadcast only after that.
 */
export class GameRoom {
  readonly members = new Set<Member>();
  private readonly queue = new SerialQueue();
  private readonly recentHashes = new Map<number, string>();
  /** Hash mismatches reported by clients (never ignored: each is answered with a snapshot). */
  mismatches = 0;
  lastActive: number;
  /** The public position's JSON at one seq, shared by every snapshot sent at it. */
  private snapshotCache: { seq: number; position: string; hash: string } | undefined;
  /** A finished game's revealed record, in JSON: read from the log once. */
  private overCache: string | undefined;
  private saveCache: string | undefined;
  private presenceTimer: NodeJS.Timeout | undefined;

  private constructor(
    private stored: StoredGame,
    readonly ctx: GameContext,
    private position: Position,
    private summary: GameSummary,
    private readonly store: GameStore,
    private readonly hooks: RoomHooks,
    private readonly now: () => number,
  ) {
    this.lastActive = now();
    this.recentHashes.set(summary.seq, publicHash(position));
  }

  /** A new game's room, stored before anyone can join it. */
  static async create(
    store: GameStore,
    catalog: Catalog,
    record: Omit<StoredGame, "summary" | "rules" | "engine" | "delivered">,
    hooks: RoomHooks,
    now: () => number,
  ): Promise<GameRoom | Refusal> {
    const opened = openGame(catalog, record.scenario, record.optionalRules, record.openingPrng);
    if ("code" in opened) return opened;
    const summary = summarise(opened.position, 0, now());
    const full: StoredGame = {
      ...record,
      optionalRules: [...opened.position.options.optionalRules],
      rules: { version: catalog.rules.version, hash: catalog.rules.hash },
      engine: ENGINE_VERSION,
      summary,
      delivered: false,
    };
    await store.createGame(full);
    return new GameRoom(full, opened.ctx, opened.position, summary, store, hooks, now);
  }

  /**
   * A stored game brought back: its log replayed from the opening, every
   * action checked against the hash stored with it. A game stored by another
   * engine or under other rules data is refused rather than replayed wrong.
   */
  static async load(
    store: GameStore,
    catalog: Catalog,
    id: string,
    hooks: RoomHooks,
    now: () => number,
  ): Promise<GameRoom | Refusal> {
    const record = await store.getGame(id);
    if (!record) return { code: "unknown-game", message: `there is no game ${id} on this server` };
    if (!replaysEngine(record.engine) || record.rules.hash !== catalog.rules.hash)
      return {
        code: "incompatible",
        message: `game ${id} was played under engine ${record.engine} with rules data "${record.rules.version}" (${record.rules.hash}); this server runs engine ${ENGINE_VERSION} (which plays the games of engines ${ENGINES_REPLAYED.join(", ")}) with "${catalog.rules.version}" (${catalog.rules.hash}), which could play its log differently, so it is refused`,
      };
    const opened = openGame(catalog, record.scenario, record.optionalRules, record.openingPrng);
    if ("code" in opened) return opened;
    let position = opened.position;
    const log = await store.actions(id);
    for (const entry of log) {
      const step = apply(opened.ctx, position, entry.action);
      if (!step.ok || positionHash(step.value.position) !== entry.hash)
        return {
          code: "internal",
          message: `game ${id} does not replay: action ${entry.seq} ${step.ok ? "ends at another hash" : `is refused (${step.error.message})`}`,
        };
      position = step.value.position;
    }
    const summary = { ...record.summary };
    if (summary.seq !== log.length || (log.length > 0 && summary.hash !== positionHash(position)))
      return { code: "internal", message: `game ${id}'s summary does not match its log` };
    const room = new GameRoom(record, opened.ctx, position, summary, store, hooks, now);
    for (const entry of log.slice(-KEEP_HASHES)) room.recentHashes.set(entry.seq, entry.publicHash);
    return room;
  }

  get id(): string {
    return this.stored.id;
  }
  get record(): StoredGame {
    return this.stored;
  }

  /** The game's links reached someone: it is kept (see StoredGame.delivered). */
  async markDelivered(): Promise<void> {
    if (this.stored.delivered) return;
    this.stored = { ...this.stored, delivered: true };
    await this.store.markDelivered(this.id);
  }

  /** A seat's "your turn" webhook changed (already stored). */
  setWebhook(side: Side, url: string | null): void {
    if (this.stored.seats[side].kind !== "human") return;
    const seat = url === null ? { kind: "human" as const } : { kind: "human" as const, webhook: url };
    this.stored = { ...this.stored, seats: { ...this.stored.seats, [side]: seat } };
  }
  get seq(): number {
    return this.summary.seq;
  }
  get over(): boolean {
    return this.summary.status === "over";
  }
  /** The side to act, or null once the game is over. */
  get turn(): Side | null {
    return this.summary.turn;
  }
  /** The position as clients see it: without the dice. */
  get publicView(): Position {
    return publicPosition(this.position);
  }
  get hash(): string {
    return this.summary.hash;
  }

  info(): GameInfo {
    const seat = (side: Side) => {
      const s = this.record.seats[side];
      return s.kind === "ai"
        ? { kind: "ai" as const, level: s.level }
        : { kind: "human" as const, connected: [...this.members].some((m) => m.role === side) };
    };
    return {
      id: this.id,
      scenario: this.ctx.scenario.id,
      scenarioName: this.ctx.scenario.name,
      optionalRules: [...this.position.options.optionalRules],
      seats: { first: seat("first"), second: seat("second") },
      status: this.summary.status,
      seq: this.summary.seq,
      turn: this.summary.turn,
      gameTurn: this.summary.gameTurn,
      phase: this.summary.phase,
      createdAt: new Date(this.record.createdAt).toISOString(),
      updatedAt: new Date(this.summary.updatedAt).toISOString(),
      rules: { ...this.record.rules },
      engine: this.record.engine,
    };
  }

  /**
   * The snapshot message as JSON. The position's JSON is made once per
   * event however many clients ask for it: asking costs the server a copy,
   * not a serialisation.
   */
  snapshotText(reason: SnapshotReason): string {
    let cache = this.snapshotCache;
    if (cache?.seq !== this.seq) {
      cache = {
        seq: this.seq,
        position: JSON.stringify(this.publicView),
        hash: this.recentHashes.get(this.seq) ?? publicHash(this.position),
      };
      this.snapshotCache = cache;
    }
    return `{"type":"snapshot","seq":${cache.seq},"position":${cache.position},"hash":"${cache.hash}","reason":"${reason}"}`;
  }

  /** The `over` message of a finished game, with its revealed record (read from the log once). */
  private async overText(): Promise<string> {
    this.overCache ??= `{"type":"over","seq":${this.seq},"save":${await this.saveText()}}`;
    return this.overCache;
  }

  /** A finished game's revealed record as JSON, made once. */
  async saveText(): Promise<string> {
    this.saveCache ??= JSON.stringify(await this.save());
    return this.saveCache;
  }

  /** The events after `afterSeq`, as stored: what a reconnecting client missed. */
  async eventsSince(afterSeq: number): Promise<ServerMessage[]> {
    return (await this.store.actions(this.id, afterSeq)).map(eventOf);
  }

  /**
   * The verified record of a finished game: its log with the opening PRNG
   * state revealed, so anyone can replay it and check every die.
   */
  revealedSave(log: readonly StoredAction[]): SavedGame {
    return makeSavedGame(
      this.ctx,
      { seed: 0, optionalRules: this.position.options.optionalRules },
      log.map((e) => e.action),
      this.position,
      undefined,
      this.record.openingPrng,
    );
  }

  async save(): Promise<SavedGame> {
    return this.revealedSave(await this.store.actions(this.id));
  }

  /** The public hash after event `seq`, if still remembered (else from the log). */
  async publicHashAt(seq: number): Promise<string | undefined> {
    const known = this.recentHashes.get(seq);
    if (known !== undefined) return known;
    if (seq === 0) return undefined;
    // One row, not the rest of the log: a hash report must not cost a client nothing and the server a game's log.
    const [entry] = await this.store.actions(this.id, seq - 1, 1);
    return entry?.seq === seq ? entry.publicHash : undefined;
  }

  /**
   * Applies one action for `role` if it is that side's to take and legal;
   * stores it; acknowledges it to the sender; then broadcasts it. `seq` is
   * the last event the sender had seen; `actionId` makes a resubmission
   * apply at most once.
   */
  submit(role: Role, actionId: string, seq: number, action: Action, sender?: Member): Promise<Submitted> {
    return this.queue.run(async () => {
      this.lastActive = this.now();
      // The role first: a spectator learns nothing about the seats' action ids.
      if (role === "spectator") return refuse("spectator", "spectators watch; they cannot act");
      // Ids are the seat's own: another seat (or the server's AI) using the same id is another action.
      const prior = await this.store.findAction(this.id, role, actionId);
      if (prior) return { ok: true, seq: prior.seq, duplicate: true };
      if (this.summary.status === "over") return refuse("game-over", "4.1: the game is over", "4.1");
      if (seq !== this.summary.seq)
        return refuse(
          "stale-seq",
          `your action follows event ${seq}, but the game is at event ${this.summary.seq}: catch up and try again`,
          undefined,
          this.summary.seq,
        );
      const toAct = actor(this.position);
      if (toAct !== role)
        return refuse(
          "not-your-turn",
          `4.0: it is the ${toAct === "first" ? "First" : "Second"} Player's turn to act, not yours`,
          "4.0",
        );
      const step = apply(this.ctx, this.position, action);
      if (!step.ok) return refuse("illegal-action", step.error.message, step.error.rule);
      const next = step.value.position;
      const entry: StoredAction = {
        seq: this.summary.seq + 1,
        side: role,
        actionId,
        action,
        dice: diceRolled(step.value.events),
        hash: positionHash(next),
        publicHash: publicHash(next),
        at: this.now(),
      };
      const summary = summarise(next, entry.seq, entry.at, entry.hash);
      await this.store.append(this.id, entry, summary);
      const previousTurn = this.summary.turn;
      this.position = next;
      this.summary = summary;
      this.recentHashes.set(entry.seq, entry.publicHash);
      this.recentHashes.delete(entry.seq - KEEP_HASHES);
      sender?.send({ type: "ack", id: actionId, seq: entry.seq, duplicate: false });
      this.broadcast(eventOf(entry));
      if (summary.status === "over") this.broadcastText(await this.overText());
      this.hooks.afterAction(this, previousTurn);
      return { ok: true, seq: entry.seq, duplicate: false };
    });
  }

  /**
   * Lets a member in: the welcome, then what it missed (the events after
   * `lastSeq`, or a snapshot), then every event from here on. It runs in the
   * queue, so no action can fall between the catch-up and the first event.
   */
  join(member: Member, lastSeq: number | undefined): Promise<void> {
    return this.queue.run(async () => {
      member.send({ type: "welcome", protocol: PROTOCOL_VERSION, role: member.role, game: this.info() });
      const catchUp = lastSeq === undefined ? undefined : await this.catchUp(lastSeq);
      if (catchUp) for (const event of catchUp) member.sendText(event);
      else
        member.sendText(
          this.snapshotText(lastSeq === undefined ? "join" : lastSeq > this.seq ? "gap" : "reconnect"),
        );
      if (this.over) member.sendText(await this.overText());
      await this.markDelivered();
      this.members.add(member);
      this.lastActive = this.now();
      // The one joining learns at once who is here; the others shortly, with everyone else who came or went.
      member.send(this.presence());
      this.announcePresence();
    });
  }

  leave(member: Member): void {
    if (this.members.delete(member)) {
      this.lastActive = this.now();
      this.announcePresence();
    }
  }

  /**
   * Tells every member who is here, at most once every PRESENCE_MS: a crowd
   * of sockets joining or leaving at once costs one broadcast, not one per
   * socket to every other (which grows with the square of the crowd).
   */
  private announcePresence(): void {
    if (this.presenceTimer !== undefined) return;
    this.presenceTimer = setTimeout(() => {
      this.presenceTimer = undefined;
      this.broadcast(this.presence());
    }, PRESENCE_MS);
    this.presenceTimer.unref();
  }

  /**
   * The events after `lastSeq` as JSON, or undefined when they would be
   * more than CATCH_UP_FACTOR snapshots: then the client gets a snapshot.
   */
  private async catchUp(lastSeq: number): Promise<string[] | undefined> {
    if (lastSeq > this.seq || this.seq - lastSeq > MAX_CATCH_UP) return undefined;
    const snapshotBytes = this.snapshotText("reconnect").length * CATCH_UP_FACTOR;
    if ((this.seq - lastSeq) * MIN_EVENT_BYTES > snapshotBytes) return undefined;
    const events = (await this.eventsSince(lastSeq)).map((e) => JSON.stringify(e));
    let bytes = 0;
    for (const e of events) bytes += e.length;
    return bytes > snapshotBytes ? undefined : events;
  }

  /**
   * Sends a member the whole position, in order with the events. The reason
   * is asked for when it goes: requests made while it waited are folded in.
   */
  resync(member: Member, reason: () => SnapshotReason): Promise<void> {
    return this.queue.run(async () => member.sendText(this.snapshotText(reason())));
  }

  broadcast(message: ServerMessage): void {
    this.broadcastText(JSON.stringify(message));
  }

  private broadcastText(text: string): void {
    for (const m of this.members) m.sendText(text);
  }

  presence(): ServerMessage {
    let first = false;
    let second = false;
    let spectators = 0;
    for (const m of this.members) {
      if (m.role === "first") first = true;
      else if (m.role === "second") second = true;
      else spectators += 1;
    }
    return { type: "presence", first, second, spectators };
  }

  /** Waits for every action queued so far (for shutdown). */
  idle(): Promise<void> {
    return this.queue.run(async () => undefined);
  }
}

function refuse(code: ErrorCode, message: string, rule?: string, seq?: number): Submitted {
  return {
    ok: false,
    refusal: {
      code,
      message,
      ...(rule !== undefined ? { rule } : {}),
      ...(seq !== undefined ? { seq } : {}),
    },
  };
}

function eventOf(entry: StoredAction): ServerMessage {
  return {
    type: "event",
    seq: entry.seq,
    side: entry.side,
    action: entry.action,
    dice: entry.dice,
    hash: entry.publicHash,
  };
}

/** The summary after an action; `hash` is passed in when already known (hashing a position is the costly part). */
function summarise(position: Position, seq: number, at: number, hash = positionHash(position)): GameSummary {
  const over = position.phase === "game-over";
  return {
    status: over ? "over" : "playing",
    seq,
    hash,
    turn: over ? null : actor(position),
    gameTurn: position.gameTurn,
    phase: position.phase,
    updatedAt: at,
  };
}

function openGame(
  catalog: Catalog,
  scenario: string,
  optionalRules: StoredGame["optionalRules"],
  openingPrng: string,
): { ctx: GameContext; position: Position } | Refusal {
  const ctx = gameContext(catalog, scenario);
  if (!ctx.ok) return { code: "bad-message", message: ctx.error.message };
  if (!isPrngState(openingPrng))
    return { code: "internal", message: "the game's opening PRNG state is malformed" };
  // The seed is not used: the opening PRNG state replaces the one it would give.
  const opened = newGame(ctx.value, { seed: 0, optionalRules });
  if (!opened.ok) return { code: "bad-message", message: opened.error.message };
  return { ctx: ctx.value, position: { ...opened.value.position, prng: openingPrng } };
}
