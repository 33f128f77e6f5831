import { GameRoom, type Refusal, type RoomHooks, type Systems } from "./game-room.js";
import type { PositionHasher } from "./hash-threads.js";
import { type Ownership, SOLE_OWNER } from "./pg-ownership.js";
import type { GameStore, NewGameRecord } from "./store.js";

/** A game another server process holds (several over one database): its URL, as that process named itself. */
export interface Elsewhere {
  readonly owner: string;
}

export function isElsewhere(found: GameRoom | Refusal | Elsewhere): found is Elsewhere {
  return "owner" in found;
}

/**
 * The games in memory. A game is loaded from storage when someone joins it
 * and dropped again when nobody has watched or played it for a while, so a
 * server can hold games that last for weeks without keeping them all in memory.
 */
export class Rooms {
  private readonly rooms = new Map<string, GameRoom>();
  private readonly loading = new Map<string, Promise<GameRoom | Refusal | Elsewhere>>();
  private readonly roomHooks: RoomHooks;

  constructor(
    private readonly store: GameStore,
    private readonly systems: Systems,
    private readonly hooks: RoomHooks & { loaded(room: GameRoom): void; dropped(room: GameRoom): void },
    private readonly now: () => number,
    /** Which games this process may serve (several processes over one database); all of them when alone. */
    private readonly ownership: Ownership = SOLE_OWNER,
    /** The room threads that hash each action's position, if any (hash-threads.ts). */
    private readonly hasher?: PositionHasher,
  ) {
    this.roomHooks = {
      afterAction: (room, previous) => hooks.afterAction(room, previous),
      lost: (room) => this.lose(room),
    };
  }

  async create(record: NewGameRecord): Promise<GameRoom | Refusal> {
    const room = await GameRoom.create(
      this.store,
      this.systems,
      record,
      this.roomHooks,
      this.now,
      this.hasher,
    );
    if (room instanceof GameRoom) {
      this.rooms.set(room.id, room);
      this.hooks.loaded(room);
    }
    return room;
  }

  /**
   * The room of a game, loading it once however many ask at the same time;
   * with other processes over the database, only once this one holds the
   * game (else where it is served).
   */
  get(id: string): Promise<GameRoom | Refusal | Elsewhere> {
    const room = this.rooms.get(id);
    if (room) return Promise.resolve(room);
    let loading = this.loading.get(id);
    if (!loading) {
      loading = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, loading);
    }
    return loading;
  }

  private async load(id: string): Promise<GameRoom | Refusal | Elsewhere> {
    const claim = await this.ownership.claim(id);
    if (claim.kind === "elsewhere") return { owner: claim.node };
    if (claim.kind === "unavailable") return { code: "busy", message: `${claim.why}: try again shortly` };
    const r = await GameRoom.load(this.store, this.systems, id, this.roomHooks, this.now, this.hasher);
    if (r instanceof GameRoom) {
      this.rooms.set(id, r);
      this.hooks.loaded(r);
    }
    return r;
  }

  /**
   * A room whose game this process no longer holds (another took it over,
   * or the lease was lost): dropped, and its members told to reconnect,
   * which brings them to the game's owner.
   */
  lose(room: GameRoom): void {
    if (this.rooms.get(room.id) !== room) return;
    this.rooms.delete(room.id);
    this.hooks.dropped(room);
    for (const member of [...room.members]) member.moved?.();
  }

  /** Rooms lost at once: these games' (another process took them), or all (this process's lease is gone). */
  loseGames(ids: readonly string[] | "all"): void {
    const rooms = ids === "all" ? [...this.rooms.values()] : ids.map((id) => this.rooms.get(id));
    for (const room of rooms) if (room) this.lose(room);
  }

  get size(): number {
    return this.rooms.size;
  }

  values(): IterableIterator<GameRoom> {
    return this.rooms.values();
  }

  /** Forgets a room whose game was deleted. */
  drop(id: string): void {
    const room = this.rooms.get(id);
    if (!room) return;
    this.rooms.delete(id);
    this.hooks.dropped(room);
  }

  /** Drops the rooms nobody is in and nothing has happened in for `idleMs`. */
  sweep(idleMs: number, busy: (room: GameRoom) => boolean): number {
    let dropped = 0;
    const t = this.now();
    for (const room of this.rooms.values()) {
      if (room.members.size === 0 && t - room.lastActive >= idleMs && !busy(room)) {
        this.rooms.delete(room.id);
        this.hooks.dropped(room);
        dropped += 1;
      }
    }
    return dropped;
  }
}
