import { GameRoom, type Refusal, type RoomHooks, type Systems } from "./game-room.js";
import type { GameStore, NewGameRecord } from "./store.js";

/**
 * The games in memory. A game is loaded from storage when someone joins it
 * and dropped again when nobody has watched or played it for a while, so a
 * server can hold games that last for weeks without keeping them all in memory.
 */
export class Rooms {
  private readonly rooms = new Map<string, GameRoom>();
  private readonly loading = new Map<string, Promise<GameRoom | Refusal>>();

  constructor(
    private readonly store: GameStore,
    private readonly systems: Systems,
    private readonly hooks: RoomHooks & { loaded(room: GameRoom): void; dropped(room: GameRoom): void },
    private readonly now: () => number,
  ) {}

  async create(record: NewGameRecord): Promise<GameRoom | Refusal> {
    const room = await GameRoom.create(this.store, this.systems, record, this.hooks, this.now);
    if (room instanceof GameRoom) {
      this.rooms.set(room.id, room);
      this.hooks.loaded(room);
    }
    return room;
  }

  /** The room of a game, loading it once however many ask at the same time. */
  get(id: string): Promise<GameRoom | Refusal> {
    const room = this.rooms.get(id);
    if (room) return Promise.resolve(room);
    let loading = this.loading.get(id);
    if (!loading) {
      loading = GameRoom.load(this.store, this.systems, id, this.hooks, this.now).then((r) => {
        this.loading.delete(id);
        if (r instanceof GameRoom) {
          this.rooms.set(id, r);
          this.hooks.loaded(r);
        }
        return r;
      });
      this.loading.set(id, loading);
    }
    return loading;
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
