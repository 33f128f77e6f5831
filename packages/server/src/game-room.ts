import {
  type AnySystem,
  type DataError,
  type GameSetup,
  isPrngState,
  makeSave,
  publicHash,
  type RuleError,
  type Save,
  type Seat,
  type ValueHasher,
} from "@tercio/core";
import {
  CHAT_BURST,
  CHAT_PER_SECOND,
  type ChatLine,
  type ErrorCode,
  type GameInfo,
  PROTOCOL_VERSION,
  type Role,
  type ServerMessage,
} from "@tercio/protocol";
import type { HashRequest } from "./hash-protocol.js";
import type { PositionHasher } from "./hash-threads.js";
import {
  gameHasher,
  HASH_FORMAT,
  hashingOf,
  type PositionHashes,
  positionHashes,
} from "./position-hashes.js";
import { TokenBucket } from "./rate-limit.js";
import { SerialQueue } from "./serial-queue.js";
import {
  EMPTY_TABLE,
  type GameStore,
  type GameSummary,
  type GameTable,
  type NewGameRecord,
  NotOwner,
  type StoredAction,
  type StoredGame,
} from "./store.js";
import { afterAction, checkChat, decide, type TableRequest } from "./table.js";

/** A failure to answer a client, as the `error` message will carry it. */
export interface Refusal {
  readonly code: ErrorCode;
  readonly message: string;
  /** An illegal action's rule, cited the system's way ("5.2(F)"). */
  readonly rule?: string;
  /** An illegal action's whole rule error, as the system gave it. */
  readonly refusal?: RuleError;
  readonly seq?: number;
}

/** The rule systems a server hosts, by id. */
export type Systems = ReadonlyMap<string, AnySystem>;

/** Someone watching or playing the game over a connection. */
export interface Member {
  readonly role: Role;
  send(message: ServerMessage): void;
  /** A message already in JSON: a broadcast is written once, whoever it goes to. */
  sendText(text: string): void;
  /** The game is served by another process now: the member is to reconnect (which reaches it). */
  moved?(): void;
}

export type SnapshotReason = "join" | "reconnect" | "requested" | "hash-mismatch" | "gap";

export type Submitted =
  | { readonly ok: true; readonly seq: number; readonly duplicate: boolean }
  | { readonly ok: false; readonly refusal: Refusal };

/** What the room tells its host after an action is stored (for AI seats and "your turn" notes). */
export interface RoomHooks {
  afterAction(room: GameRoom, previousTurn: Seat | null): void;
  /** A write was refused because another process holds the game now (NotOwner): the room is to be given up. */
  lost?(room: GameRoom): void;
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
 * One game in play, of any rule system: the authority for it. It holds the
 * whole position, dice state included, and is the only place an action is
 * applied. It reaches the game only through the system's RuleSystem
 * interface; positions and actions are the system's, opaque here. Every action
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
  /** The game's chat, read from the store once. */
  private chatCache: ChatLine[] | undefined;
  /** Each seat's chat bucket: per player, however many tabs or sockets they hold. */
  private readonly chatBuckets = new Map<Seat, TokenBucket>();
  /** Hashes this game's positions, remembering their parts: each action's hash reads only what it changed. */
  private readonly digests: ValueHasher;

  private constructor(
    private stored: StoredGame,
    readonly system: AnySystem,
    readonly ctx: unknown,
    private readonly setup: GameSetup<unknown>,
    private position: unknown,
    private summary: GameSummary,
    private readonly store: GameStore,
    private readonly hooks: RoomHooks,
    private readonly now: () => number,
    /** The room threads, when the server has them: each action's hashes are made there. */
    private readonly hasher: PositionHasher | undefined,
  ) {
    this.lastActive = now();
    this.digests = gameHasher(stored.hashFormat);
    this.recentHashes.set(summary.seq, publicHash(this.system, position, this.digests));
  }

  /** A new game's room, stored before anyone can join it. */
  static async create(
    store: GameStore,
    systems: Systems,
    record: NewGameRecord,
    hooks: RoomHooks,
    now: () => number,
    hasher?: PositionHasher,
  ): Promise<GameRoom | Refusal> {
    const system = systems.get(record.system);
    if (!system) return { code: "bad-message", message: unknownSystem(record.system, systems) };
    const opened = openGame(system, record.scenario, record.options, record.openingPrng);
    if ("code" in opened) return opened;
    const summary = summarise(
      system,
      opened.ctx,
      opened.position,
      0,
      now(),
      positionHashes(system, HASH_FORMAT, opened.position).hash,
    );
    const full: StoredGame = {
      ...record,
      hashFormat: HASH_FORMAT,
      scenario: opened.setup.scenario,
      options: plain(opened.setup.options),
      rules: { version: system.rules.version, hash: system.rules.hash },
      version: system.version,
      summary,
      delivered: record.delivered ?? false,
      table: EMPTY_TABLE,
    };
    await store.createGame(full);
    return new GameRoom(
      full,
      system,
      opened.ctx,
      opened.setup,
      opened.position,
      summary,
      store,
      hooks,
      now,
      hasher,
    );
  }

  /**
   * A stored game brought back: its log replayed from the opening, every
   * action checked against the hash stored with it. A game stored by another
   * engine or under other rules data is refused rather than replayed wrong.
   */
  static async load(
    store: GameStore,
    systems: Systems,
    id: string,
    hooks: RoomHooks,
    now: () => number,
    hasher?: PositionHasher,
  ): Promise<GameRoom | Refusal> {
    const record = await store.getGame(id);
    if (!record) return { code: "unknown-game", message: `there is no game ${id} on this server` };
    const system = systems.get(record.system);
    if (!system)
      return { code: "incompatible", message: `game ${id} is ${unknownSystem(record.system, systems)}` };
    if (!system.replaysVersion(record.version) || record.rules.hash !== system.rules.hash)
      return {
        code: "incompatible",
        message: `game ${id} was played under ${record.system} ${record.version} with rules data "${record.rules.version}" (${record.rules.hash}); this server runs ${system.id} ${system.version} with "${system.rules.version}" (${system.rules.hash}), which could play its log differently, so it is refused`,
      };
    const opened = openGame(system, record.scenario, record.options, record.openingPrng);
    if ("code" in opened) return opened;
    let position = opened.position;
    const log = await store.actions(id);
    // One hash of the position per action from format 2: its `hash` pins the public hash too.
    const digests = gameHasher(record.hashFormat);
    const hashOf = (p: unknown) => positionHashes(system, record.hashFormat, p, digests).hash;
    for (const entry of log) {
      const action = system.parseAction(entry.action);
      const step = action.ok ? system.apply(opened.ctx, position, action.value) : action;
      if (!step.ok || hashOf(step.value.position) !== entry.hash)
        return {
          code: "internal",
          message: `game ${id} does not replay: action ${entry.seq} ${step.ok ? "ends at another hash" : `is refused (${step.error.message})`}`,
        };
      position = step.value.position;
    }
    const summary = { ...record.summary };
    if (summary.seq !== log.length || (log.length > 0 && summary.hash !== hashOf(position)))
      return { code: "internal", message: `game ${id}'s summary does not match its log` };
    const room = new GameRoom(
      record,
      system,
      opened.ctx,
      opened.setup,
      position,
      summary,
      store,
      hooks,
      now,
      hasher,
    );
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
  setWebhook(side: Seat, url: string | null): void {
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
  /** The seat to act, or null once the game is over. */
  get turn(): Seat | null {
    return this.summary.turn;
  }
  /** The position as clients see it (without the dice), as plain data. */
  get publicView(): unknown {
    return this.system.makePosition(this.system.publicView(this.position));
  }
  get hash(): string {
    return this.summary.hash;
  }
  /** What the players have said beside the rules: a standing draw offer, an end by their word, a rematch. */
  get table(): GameTable {
    return this.stored.table;
  }

  info(): GameInfo {
    const seat = (side: Seat) => {
      const s = this.record.seats[side];
      return s.kind === "ai"
        ? { kind: "ai" as const, level: s.level }
        : { kind: "human" as const, connected: [...this.members].some((m) => m.role === side) };
    };
    const { system, ctx } = this;
    return {
      id: this.id,
      system: system.id,
      systemTitle: system.title,
      version: this.record.version,
      scenario: this.setup.scenario,
      scenarioName: system.scenarios().find((s) => s.id === this.setup.scenario)?.name ?? this.setup.scenario,
      options: { ...this.record.options },
      seatNames: { first: system.seatName(ctx, "first"), second: system.seatName(ctx, "second") },
      seats: { first: seat("first"), second: seat("second") },
      status: this.summary.status,
      seq: this.summary.seq,
      turn: this.summary.turn,
      progress: system.status(ctx, this.position),
      createdAt: new Date(this.record.createdAt).toISOString(),
      updatedAt: new Date(this.summary.updatedAt).toISOString(),
      rules: { ...this.record.rules },
      ...(this.table.ending ? { ending: this.table.ending } : {}),
      ...(this.table.rematch ? { rematch: this.table.rematch } : {}),
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
        hash: this.recentHashes.get(this.seq) ?? publicHash(this.system, this.position, this.digests),
      };
      this.snapshotCache = cache;
    }
    const hashing = hashingOf(this.stored.hashFormat);
    return `{"type":"snapshot","seq":${cache.seq},"position":${cache.position},"hash":"${cache.hash}","hashing":"${hashing}","reason":"${reason}"}`;
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
  revealedSave(log: readonly StoredAction[]): Save {
    return makeSave(this.system, {
      setup: this.system.setupOf(this.ctx, this.position),
      seed: 0,
      openingPrng: this.record.openingPrng,
      actions: log.map((e) => e.action),
      final: this.position,
    });
  }

  async save(): Promise<Save> {
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
   * apply at most once. The action is plain data from the wire: the
   * system parses it.
   */
  submit(role: Role, actionId: string, seq: number, raw: unknown, sender?: Member): Promise<Submitted> {
    return this.writing(async () => {
      this.lastActive = this.now();
      // The role first: a spectator learns nothing about the seats' action ids.
      if (role === "spectator") return refuse("spectator", "spectators watch; they cannot act");
      // Ids are the seat's own: another seat (or the server's AI) using the same id is another action.
      const prior = await this.store.findAction(this.id, role, actionId);
      if (prior) return { ok: true, seq: prior.seq, duplicate: true };
      if (this.summary.status === "over") return refuse("game-over", "the game is over");
      if (seq !== this.summary.seq)
        return refuse(
          "stale-seq",
          `your action follows event ${seq}, but the game is at event ${this.summary.seq}: catch up and try again`,
          this.summary.seq,
        );
      const { system, ctx } = this;
      const toAct = system.toAct(this.position);
      if (toAct !== role)
        return refuse(
          "not-your-turn",
          `it is ${toAct === null ? "nobody" : `the ${system.seatName(ctx, toAct)} player`}'s turn to act, not yours`,
        );
      const action = system.parseAction(raw);
      if (!action.ok)
        return refuse("bad-message", `not a ${system.id} action (${issueWords(action.error)})`.slice(0, 500));
      const step = system.apply(ctx, this.position, action.value);
      if (!step.ok) return refused(step.error, system.cite(step.error.rule));
      const next = step.value.position;
      const stored = plain(action.value);
      // Without room threads, not even a microtask is added: the default server runs as it always has.
      const hashes = this.hasher
        ? await this.threadHashes(stored, next)
        : positionHashes(system, this.stored.hashFormat, next, this.digests);
      const entry: StoredAction = {
        seq: this.summary.seq + 1,
        side: role,
        actionId,
        action: stored,
        dice: [...step.value.dice],
        ...hashes,
        at: this.now(),
      };
      const summary = summarise(system, ctx, next, entry.seq, entry.at, entry.hash);
      try {
        await this.store.append(this.id, entry, summary);
      } catch (e) {
        // The replica applied an action the game does not have: it is dropped, and seeded again if the game goes on.
        this.hasher?.forget(this.id);
        throw e;
      }
      // A finished game takes no more actions: its replica is memory for nothing.
      if (summary.status === "over") this.hasher?.forget(this.id);
      const previousTurn = this.summary.turn;
      this.position = next;
      this.summary = summary;
      this.recentHashes.set(entry.seq, entry.publicHash);
      this.recentHashes.delete(entry.seq - KEEP_HASHES);
      sender?.send({ type: "ack", id: actionId, seq: entry.seq, duplicate: false });
      this.broadcast(eventOf(entry));
      // Playing on answers a draw offer made to this side; an end by the rules answers any.
      const table = afterAction(this.table, summary.status === "over" ? null : role);
      if (table !== this.table) await this.setTable(table);
      if (summary.status === "over") this.broadcastText(await this.overText());
      this.hooks.afterAction(this, previousTurn);
      return { ok: true, seq: entry.seq, duplicate: false };
    });
  }

  /**
   * The hashes of `next`, the position after `action`, made by the game's
   * replica in its room thread (seeded with the position before the action
   * when it has none), or here when the thread cannot.
   */
  private threadHashes(action: unknown, next: unknown): Promise<PositionHashes> {
    const here = () => positionHashes(this.system, this.stored.hashFormat, next, this.digests);
    if (!this.hasher) return Promise.resolve(here());
    return this.hasher.hashAfter(this.id, () => this.replicaSeed(), action, here);
  }

  /** What a room thread needs to hold a replica of this game: its position now, and how to read and hash it. */
  private replicaSeed(): HashRequest & { kind: "seed" } {
    const { system } = this;
    return {
      kind: "seed",
      game: this.id,
      system: system.id,
      version: system.version,
      rulesHash: system.rules.hash,
      setup: { scenario: this.stored.scenario, options: this.stored.options },
      hashFormat: this.stored.hashFormat,
      position: system.makePosition(this.position),
    };
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
      member.send(this.tableMessage());
      const chat = await this.chat();
      if (chat.length > 0) member.send({ type: "chat", lines: chat });
      await this.markDelivered();
      this.members.add(member);
      this.lastActive = this.now();
      // The one joining learns at once who is here; the others shortly, with everyone else who came or went.
      member.send(this.presence());
      this.announcePresence();
    });
  }

  private tableMessage(): ServerMessage {
    const { drawOffer, ending, rematch } = this.table;
    return { type: "table", drawOffer, ending, rematch };
  }

  /** Stores the table (with the summary when the players end the game), then tells everyone. */
  private async setTable(table: GameTable, summary?: GameSummary): Promise<void> {
    await this.store.setTable(this.id, table, summary);
    this.stored = { ...this.stored, table };
    if (summary) this.summary = summary;
    this.broadcast(this.tableMessage());
  }

  /**
   * A seat resigns, offers a draw, or answers an offer. An end by the
   * players' word is stored with the game's summary (over, nobody to act)
   * before anyone is told; then the dice are revealed as at any end. The
   * position is left as it was: the record replays to it.
   */
  tell(role: Role, request: TableRequest): Promise<Refusal | undefined> {
    return this.writing(async () => {
      this.lastActive = this.now();
      const decided = decide(this.table, request, role, this.over, this.stored.seats);
      if (!decided.ok) return { code: decided.code, message: decided.message };
      if (decided.table === this.table) return undefined;
      if (!decided.ends) {
        await this.setTable(decided.table);
        return undefined;
      }
      const previousTurn = this.summary.turn;
      const at = this.now();
      await this.setTable(decided.table, { ...this.summary, status: "over", turn: null, updatedAt: at });
      // Ended by its players: no action follows, so its replica (if any) is memory for nothing.
      this.hasher?.forget(this.id);
      this.broadcastText(await this.overText());
      this.hooks.afterAction(this, previousTurn);
      return undefined;
    });
  }

  private async chat(): Promise<ChatLine[]> {
    this.chatCache ??= await this.store.chatLines(this.id);
    return this.chatCache;
  }

  /** A line of chat from a seat: checked, kept with the game, then sent to everyone in it. */
  say(role: Role, raw: string): Promise<Refusal | undefined> {
    return this.writing(async () => {
      this.lastActive = this.now();
      const lines = await this.chat();
      const checked = checkChat(role, raw, lines.length);
      if (!checked.ok) return { code: checked.code, message: checked.message };
      let bucket = this.chatBuckets.get(checked.side);
      if (!bucket) {
        bucket = new TokenBucket(CHAT_PER_SECOND, CHAT_BURST, this.now);
        this.chatBuckets.set(checked.side, bucket);
      }
      if (!bucket.take())
        return {
          code: "chat-too-fast",
          message: `at most ${CHAT_BURST} lines at once, then one every ${1 / CHAT_PER_SECOND} s: wait a moment`,
        };
      const line: ChatLine = { n: lines.length + 1, side: checked.side, text: checked.text, at: this.now() };
      await this.store.addChat(this.id, line);
      this.chatCache = [...lines, line];
      this.broadcast({ type: "chat", lines: [line] });
      return undefined;
    });
  }

  /**
   * The rematch, once the game is over: a new game of the same system,
   * scenario and options with the seats exchanged (each seat's setup, AI
   * level or webhook, goes with it to the other side), made by `create`
   * once however often it is asked for. The same tokens open it, each in
   * the other seat, so the same two players (and spectators) are in it with
   * nothing new to send them. Its dice are a fresh secret (`openingPrng`,
   * the server's): this game's were revealed at its end, so any state
   * derived from them would let both players foresee the rematch's dice.
   * `fresh` is the new game's id and opening state, the server's to draw.
   */
  rematch(
    role: Role,
    fresh: () => { readonly id: string; readonly openingPrng: string },
    create: (record: NewGameRecord) => Promise<GameRoom | Refusal>,
  ): Promise<Refusal | undefined> {
    return this.writing(async () => {
      this.lastActive = this.now();
      if (role === "spectator")
        return { code: "spectator", message: "spectators watch: only a seat asks for a rematch" };
      if (!this.over)
        return {
          code: "game-not-over",
          message: "a rematch follows the end of the game: resign or offer a draw first",
        };
      if (this.table.rematch !== null) {
        // Asked for again (by either seat): the same rematch, told again.
        this.broadcast(this.tableMessage());
        return undefined;
      }
      const { seats, tokens } = this.stored;
      const made = await create({
        ...fresh(),
        system: this.stored.system,
        scenario: this.stored.scenario,
        options: this.stored.options,
        seats: { first: seats.second, second: seats.first },
        tokens: { first: tokens.second, second: tokens.first, spectator: tokens.spectator },
        creator: this.stored.creator,
        createdAt: this.now(),
        delivered: true,
      });
      if (!(made instanceof GameRoom)) return made;
      await this.setTable({ ...this.table, rematch: made.id });
      return undefined;
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

  /**
   * Work that writes, in the queue. A write refused because another process
   * holds the game now gives the room up (its host drops it and sends its
   * members to reconnect); the error goes on to the caller, nothing of it applied.
   */
  private writing<T>(work: () => Promise<T>): Promise<T> {
    return this.queue.run(work).catch((e: unknown) => {
      if (e instanceof NotOwner) this.hooks.lost?.(this);
      throw e;
    });
  }

  /** Waits for every action queued so far (for shutdown). */
  idle(): Promise<void> {
    return this.queue.run(async () => undefined);
  }
}

function refuse(code: ErrorCode, message: string, seq?: number): Submitted {
  return { ok: false, refusal: { code, message, ...(seq !== undefined ? { seq } : {}) } };
}

/** An illegal action: the system's whole rule error goes with it, so any board can show what and where. */
function refused(error: RuleError, cited: string): Submitted {
  return {
    ok: false,
    refusal: { code: "illegal-action", message: error.message, rule: cited, refusal: error },
  };
}

/** A short key is repeated back; anything longer the client may have written stays with it. */
const SHORT_PATH = /^[A-Za-z0-9_.[\]-]{1,64}$/;

/** A bad action's issues in words that never repeat a client's own keys or values (the first three). */
function issueWords(error: DataError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => {
      const path = SHORT_PATH.test(i.path) ? i.path : "(a field)";
      const words = /^Unrecognized key/i.test(i.message) ? "unknown fields" : i.message.slice(0, 120);
      return `${path}: ${words}`;
    })
    .join("; ");
}

/** An action or options as plain JSON data (what the store and the wire carry). */
function plain<T>(value: T): Record<string, unknown> & T {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown> & T;
}

function unknownSystem(id: string, systems: Systems): string {
  const hosted = [...systems.keys()].join(", ");
  return SHORT_PATH.test(id)
    ? `a game of ${id}, which this server does not host (it hosts ${hosted})`
    : `a game of a system this server does not host (it hosts ${hosted})`;
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

/** The summary after an action, with the position's whole hash in the game's format (hashing is the costly part). */
function summarise(
  system: AnySystem,
  ctx: unknown,
  position: unknown,
  seq: number,
  at: number,
  hash: string,
): GameSummary {
  const turn = system.toAct(position);
  const status = system.status(ctx, position);
  return {
    status: turn === null ? "over" : "playing",
    seq,
    hash,
    turn,
    gameTurn: status.turn,
    phase: status.phase,
    updatedAt: at,
  };
}

function openGame(
  system: AnySystem,
  scenario: string,
  options: unknown,
  openingPrng: string,
): { ctx: unknown; setup: GameSetup<unknown>; position: unknown } | Refusal {
  const setup = system.parseSetup({ scenario, options });
  if (!setup.ok) return { code: "bad-message", message: setup.error.message };
  const ctx = system.context(setup.value);
  if (!ctx.ok) return { code: "bad-message", message: ctx.error.message };
  if (!isPrngState(openingPrng))
    return { code: "internal", message: "the game's opening PRNG state is malformed" };
  const opened = system.open(ctx.value, setup.value, openingPrng);
  if (!opened.ok) return { code: "bad-message", message: opened.error.message };
  return { ctx: ctx.value, setup: setup.value, position: opened.value.position };
}
