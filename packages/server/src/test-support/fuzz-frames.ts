import { type Policy, type PolicyRng, randomPolicy, rngInt, rngUint32 } from "@tercio/ai";
import {
  type Action,
  actor,
  apply,
  type GameContext,
  legalActions,
  type Position,
} from "@tercio/musket-and-pike";
import { ActSchema, MAX_CLIENT_MESSAGE_BYTES, PROTOCOL_VERSION } from "@tercio/protocol";
import fc from "fast-check";
import { NASTY_STRINGS } from "./nasty-strings.js";

/** What a fuzz frame is, for the tally. */
export type FuzzKind =
  | "bytes"
  | "text"
  | "bad-utf8"
  | "malformed-json"
  | "wrong-shape"
  | "hello-wrong"
  | "act-mutated"
  | "act-legal"
  | "act-wrong-seat"
  | "act-stale-seq"
  | "act-future-seq"
  | "act-duplicate-id"
  | "act-bad-id"
  | "hash-wrong"
  | "ping-sync"
  | "social"
  | "oversized";

/**
 * What the server may answer an act with: "maybe" an ack (the sender's seat
 * is to act at the seq it names, with a fresh id); "never" (a spectator, the
 * wrong seat, a stale or future seq, a malformed act); or only a duplicate ack
 * (an id the game has already stored).
 */
export type Expect = "maybe" | "never" | "duplicate";

export interface Frame {
  readonly kind: FuzzKind;
  readonly data: string | Buffer;
  readonly binary?: boolean;
  readonly act?: { readonly id: string; readonly expect: Expect; readonly action: unknown };
  /** The close code the server ends the connection with after this frame. */
  readonly closes?: number;
}

/** What a fuzzer knows of its game when it makes a frame. */
export interface SeatView {
  /** "first", "second", "spectator"; "none" for a connection that never said hello. */
  readonly role: string;
  readonly ctx: GameContext | undefined;
  readonly position: Position | undefined;
  readonly seq: number;
  /** Ids this seat has had accepted (sent again, they may only be duplicates). */
  readonly ownIds: readonly string[];
  /** The game this connection plays (hello frames never pair it with its own token). */
  readonly game: string;
}

/** Real games and their tokens: hellos pair a game with another game's token. */
export interface KnownTokens {
  /** Grows as games are created. */
  readonly games: { readonly id: string; readonly tokens: readonly string[] }[];
}

/** Values drawn once by fast-check from a seed, then picked from by the fuzzers' own generator. */
interface Pools {
  readonly strings: readonly string[];
  readonly json: readonly unknown[];
  readonly bytes: readonly Uint8Array[];
  readonly shapes: readonly unknown[];
}

const FIELDS = [
  "type",
  "id",
  "seq",
  "action",
  "game",
  "token",
  "protocol",
  "lastSeq",
  "hash",
  "n",
  "unit",
  "steps",
];
/**
 * The types wrong-shape frames claim. Of the players' word, only what
 * cannot end a game: a bare `{"type": "resign"}` is a valid resignation,
 * and a fuzzed game that ended would fuzz no more acts (social() sends the
 * rest, out of shape, and from spectators).
 */
const TYPES = ["hello", "act", "hash", "sync", "ping", "chat", "decline-draw", "rematch"];
const ACTION_TYPES = [
  "deploy",
  "undeploy",
  "move",
  "dismount",
  "remount",
  "form-square",
  "remove-square",
  "reorder",
  "fire",
  "attack",
  "withdraw",
  "resolve",
  "retreat",
  "advance",
  "end-phase",
];
const KEYWORDS = ["limber", "unlimber", "exit", "road-mode", "leave-road-mode"];
const ARRAY_FIELDS = ["steps", "targets", "order", "units"];
const HEX_FIELDS = ["hex", "target", "to"];

function makePools(seed: number): Pools {
  const numRuns = 1500;
  const shape = fc
    .tuple(
      fc.oneof(fc.constantFrom(...TYPES), fc.string()),
      fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
    )
    .map(([type, rest]) => ({ ...rest, type }));
  return {
    // Random strings, and the ones known to break servers (multi-byte, astral, lone surrogates, over-long).
    strings: [
      ...fc.sample(fc.string({ unit: "binary", maxLength: 48 }), { seed, numRuns }),
      ...NASTY_STRINGS,
    ],
    json: fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed: seed + 1, numRuns }),
    bytes: fc.sample(fc.uint8Array({ maxLength: 512 }), { seed: seed + 2, numRuns }),
    shapes: fc.sample(shape, { seed: seed + 3, numRuns }),
  };
}

/**
 * Makes fuzz frames for one connection: random and malformed frames, and
 * acts built from the legal actions of the connection's replica, mutated,
 * sent with wrong seqs, reused ids or from the wrong seat. Every choice
 * comes from the seeded generator.
 */
export class FrameMaker {
  private readonly pools: Pools;
  private readonly legal = new WeakMap<Position, Action[]>();
  private readonly policy: Policy;
  private ids = 0;

  constructor(
    private readonly rng: PolicyRng,
    private readonly name: string,
    private readonly known: KnownTokens,
    seed: number,
  ) {
    this.pools = makePools(seed);
    this.policy = randomPolicy;
  }

  /** A frame that leaves the connection open (the server answers it, or ignores it). */
  next(seat: SeatView): Frame {
    // The seat to act sends acts two times in three: those reach the engine. Anyone else, one time
    // in seven: that none of those is ever applied shows soon enough.
    if (actorOf(seat.position) === seat.role ? this.int(3) < 2 : this.int(7) === 0) return this.act(seat);
    const r = this.int(1000);
    if (r < 270) return this.wrongShape();
    if (r < 480) return this.malformedJson(seat);
    if (r < 620) return { kind: "text", data: this.pick(this.pools.strings) };
    if (r < 730) return { kind: "bytes", data: Buffer.from(this.pick(this.pools.bytes)), binary: true };
    if (r < 820) return this.helloWrong(seat);
    if (r < 930) return this.hashWrong(seat);
    if (r < 970) return this.social(seat);
    return this.pingSync();
  }

  /** A frame after which the server closes the connection: over the size limit, or not UTF-8. */
  closing(): Frame {
    if (this.int(3) > 0) {
      const pad = "x".repeat(MAX_CLIENT_MESSAGE_BYTES + 1 + this.int(4000));
      return { kind: "oversized", data: `{"type":"ping","pad":"${pad}"}`, closes: 1009 };
    }
    const bad = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]);
    return { kind: "bad-utf8", data: bad, binary: false, closes: 1007 };
  }

  private act(seat: SeatView): Frame {
    const { position, ctx } = seat;
    if (!position || !ctx || position.phase === "game-over")
      return this.actFrame("act-mutated", seat, this.freshId(), seat.seq, { type: "end-phase" });
    const mine = seat.role === actor(position);
    const legal = this.legalOf(ctx, position);
    const base =
      legal.length > 0 ? (legal[this.int(legal.length)] as Action) : ({ type: "end-phase" } as Action);
    const r = this.int(100);
    if (!mine)
      return this.actFrame(
        "act-wrong-seat",
        seat,
        this.freshId(),
        seat.seq,
        this.int(2) ? base : this.mutate(base, legal, position),
      );
    // The seat to act: a real move now and then keeps the game going into every phase.
    if (r < 8)
      return this.actFrame("act-legal", seat, this.freshId(), seat.seq, this.progress(ctx, position, legal));
    if (r < 18) return this.actFrame("act-stale-seq", seat, this.freshId(), seat.seq - 1 - this.int(4), base);
    if (r < 28) return this.actFrame("act-future-seq", seat, this.freshId(), this.futureSeq(seat.seq), base);
    if (r < 35 && seat.ownIds.length > 0)
      return this.actFrame(
        "act-duplicate-id",
        seat,
        this.pick(seat.ownIds),
        this.int(2) ? seat.seq : this.int(seat.seq + 1),
        this.mutate(base, legal, position),
      );
    if (r < 40) return this.actFrame("act-bad-id", seat, this.badId(), seat.seq, base);
    return this.actFrame("act-mutated", seat, this.freshId(), seat.seq, this.mutate(base, legal, position));
  }

  private actFrame(kind: FuzzKind, seat: SeatView, id: unknown, seq: unknown, action: unknown): Frame {
    const message = { type: "act", id, seq, action };
    const data = JSON.stringify(message);
    // Judged as the server sees it: JSON drops a field whose value is undefined, which can make a mutated act valid.
    const valid = ActSchema.safeParse(JSON.parse(data)).success;
    const fresh = typeof id === "string" && !seat.ownIds.includes(id);
    const toAct = seat.position && seat.position.phase !== "game-over" ? actor(seat.position) : undefined;
    const expect: Expect = !valid
      ? "never"
      : !fresh
        ? "duplicate"
        : seat.role === toAct && seq === seat.seq
          ? "maybe"
          : "never";
    return typeof id === "string" ? { kind, data, act: { id, expect, action } } : { kind, data };
  }

  /**
   * A real move for the seat to act, so that fuzz games go on into every
   * phase: the random player's choice, else any listed legal action. Fuzzed
   * deploys that were legal one by one can leave a deployment that may not
   * end (a stack over the limit) with nothing left to place: then a unit
   * from the tallest stack is taken back.
   */
  private progress(ctx: GameContext, position: Position, legal: readonly Action[]): Action {
    try {
      const chosen = this.policy.choose(ctx, position, this.rng);
      if (apply(ctx, position, chosen).ok) return chosen;
    } catch {
      // A dead end for the random player: fall back below.
    }
    if (legal.length > 0) return this.pick(legal);
    const stacks = Object.values(position.stacks).filter(
      (ids) => position.units[ids[0] ?? ""]?.side === position.phasing,
    );
    const tallest = stacks.sort((a, b) => b.length - a.length)[0] ?? [];
    return tallest.length > 0 ? { type: "undeploy", unit: this.pick(tallest) } : { type: "end-phase" };
  }

  private legalOf(ctx: GameContext, position: Position): Action[] {
    let legal = this.legal.get(position);
    if (!legal) {
      legal = legalActions(ctx, position);
      this.legal.set(position, legal);
    }
    return legal;
  }

  /**
   * A legal action changed in one to three ways, each as a hand might slip
   * or a cheat might try. Most changes keep the message's shape (another
   * unit, a hex nearby, a path cut short or run on, a field of another legal
   * action), so that the engine, not the schema, has to refuse it; one in
   * four breaks the shape (another type, a field too many or missing, a number).
   */
  private mutate(action: Action, legal: readonly Action[], position: Position): Record<string, unknown> {
    let a = structuredClone(action) as Record<string, unknown>;
    const rounds = 1 + this.int(3);
    for (let i = 0; i < rounds; i++) {
      if (this.int(4) === 0) this.breakShape(a);
      else a = this.bend(a, legal, position);
    }
    return a;
  }

  private bend(
    a: Record<string, unknown>,
    legal: readonly Action[],
    position: Position,
  ): Record<string, unknown> {
    const keys = Object.keys(a);
    switch (this.int(7)) {
      case 0:
        if ("unit" in a)
          a.unit = this.int(3) && typeof a.unit === "string" ? this.nearMiss(a.unit) : this.unitId(position);
        return a;
      case 1: {
        const field = keys.find((k) => HEX_FIELDS.includes(k));
        if (field) a[field] = this.hex(a[field]);
        return a;
      }
      case 2: {
        const field = keys.find((k) => ARRAY_FIELDS.includes(k));
        if (field) a[field] = this.mutateArray(a[field], position);
        return a;
      }
      case 3: {
        // Crossover: a field of another legal action (another unit's path, another target).
        const other = (legal.length > 0 ? this.pick(legal) : { type: "end-phase" }) as Record<
          string,
          unknown
        >;
        const field = this.pick(Object.keys(other));
        a[field] = structuredClone(other[field]);
        return a;
      }
      case 4: {
        const other = structuredClone(this.pick(legal.length > 0 ? legal : [a])) as Record<string, unknown>;
        // A path cut short (a mutated action's may already be empty).
        if (Array.isArray(other.steps) && other.steps.length > 0)
          other.steps = other.steps.slice(0, 1 + this.int(other.steps.length));
        return other;
      }
      case 5:
        if (a.type === "deploy") a.limbered = this.int(2) === 0;
        else if ("unit" in a) a.unit = this.unitId(position);
        return a;
      default:
        // Another of the mover's own units, or the enemy's, on the same path.
        if ("unit" in a) a.unit = this.unitId(position);
        return a;
    }
  }

  private breakShape(a: Record<string, unknown>): void {
    const keys = Object.keys(a);
    switch (this.int(6)) {
      case 0:
        a.type = this.pick(ACTION_TYPES);
        return;
      case 1:
        a[this.pick(this.pools.strings)] = this.pick(this.pools.json);
        return;
      case 2:
        if (keys.length > 0) delete a[this.pick(keys)];
        return;
      case 3:
        a[keys.length > 0 ? this.pick(keys) : "unit"] = this.weirdNumber();
        return;
      case 4:
        a[keys.find((k) => ARRAY_FIELDS.includes(k)) ?? this.pick(ARRAY_FIELDS)] = this.pick(this.pools.json);
        return;
      default:
        a[this.pick(["unit", ...HEX_FIELDS])] = this.int(2)
          ? this.pick(this.pools.strings)
          : this.pick([null, true, [], {}]);
        if (this.int(2)) a.limbered = this.pick(["yes", 1, null]);
    }
  }

  /** An array field changed: cut, run on, reordered, emptied, or very long (still under the frame limit). */
  private mutateArray(value: unknown, position: Position): unknown {
    const xs: unknown[] = Array.isArray(value) ? [...value] : [];
    const element = () => {
      const r = this.int(4);
      if (r === 0) return this.pick(KEYWORDS);
      if (r === 1) return this.unitId(position);
      return this.hex(xs.at(-1));
    };
    switch (this.int(8)) {
      case 0:
        if (xs.length > 0) xs.splice(this.int(xs.length), 1);
        return xs;
      case 1:
        xs.splice(this.int(xs.length + 1), 0, element());
        return xs;
      case 2:
        if (xs.length > 0) xs.push(xs[this.int(xs.length)]);
        return xs;
      case 3:
        return xs.reverse();
      case 4:
        return this.int(4) === 0 ? [] : xs.slice(0, 1 + this.int(Math.max(1, xs.length)));
      case 5:
        // The engine must refuse a path hundreds of hexes long, not choke on it.
        return Array.from({ length: 100 + this.int(400) }, element);
      case 6:
        for (let i = xs.length - 1; i > 0; i--) {
          const j = this.int(i + 1);
          [xs[i], xs[j]] = [xs[j], xs[i]];
        }
        return xs;
      default:
        xs.push(element(), element());
        return xs;
    }
  }

  /** A unit id: any unit of the game (either side), or one letter off. */
  private unitId(position: Position): string {
    const ids = Object.keys(position.units);
    if (ids.length === 0) return "A";
    return this.int(5) === 0 ? this.nearMiss(this.pick(ids)) : this.pick(ids);
  }

  private nearMiss(id: string): string {
    if (id.length === 0) return "A";
    const i = this.int(id.length);
    const c = String.fromCharCode(id.charCodeAt(i) + (this.int(2) ? 1 : -1));
    return id.slice(0, i) + c + id.slice(i + 1);
  }

  /** A hex id next to the one given, or any four digits (many are off the map). */
  private hex(near: unknown): string {
    if (this.int(2) === 0 && typeof near === "string" && /^\d{4}$/.test(near)) {
      const col = Number(near.slice(0, 2)) + this.int(3) - 1;
      const row = Number(near.slice(2)) + this.int(3) - 1;
      return `${String(Math.max(0, col)).padStart(2, "0")}${String(Math.max(0, row)).padStart(2, "0")}`;
    }
    return String(this.int(10_000)).padStart(4, "0");
  }

  private weirdNumber(): number {
    return this.pick([-1, 0, 1.5, -(2 ** 31), 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER, 1e308, -1e-9]);
  }

  private futureSeq(seq: number): unknown {
    const r = this.int(6);
    if (r < 3) return seq + 1 + this.int(1000);
    return this.pick([Number.MAX_SAFE_INTEGER, 2 ** 60, seq + 0.5, -1, `${seq}`, null]);
  }

  private freshId(): string {
    this.ids += 1;
    return `${this.name}-${this.ids}-${(rngUint32(this.rng) % 1e6).toString(36)}`;
  }

  private badId(): unknown {
    // Never a valid id: a valid one sent twice would be a duplicate, not a bad id.
    return this.pick(["", "x".repeat(65), "has space", "ü", "a/b", "a\u0000", 42, null, ["a"], { id: "a" }]);
  }

  private wrongShape(): Frame {
    const r = this.int(3);
    const value = r === 0 ? this.pick(this.pools.json) : this.pick(this.pools.shapes);
    return { kind: "wrong-shape", data: JSON.stringify(value) ?? "null" };
  }

  /** A real message cut short, or with a character changed: JSON no more (or another message). */
  private malformedJson(seat: SeatView): Frame {
    const real = JSON.stringify({
      type: "act",
      id: this.freshId(),
      seq: seat.seq,
      action: { type: "end-phase" },
    });
    const r = this.int(4);
    let data: string;
    if (r === 0) data = real.slice(0, this.int(real.length));
    else if (r === 1) {
      const i = this.int(real.length);
      data = real.slice(0, i) + this.pick(["{", "}", '"', ",", ":", "\\", "\u0000", "]"]) + real.slice(i + 1);
    } else if (r === 2) data = `${real}${this.pick(["}", ",", " x", "[]"])}`;
    else data = this.pick(["", " ", "{", "[", "nul", "tru", "01", "NaN", "{'type':'ping'}", "\ufeff{}"]);
    // A cut that happens to leave valid JSON is still only a malformed act (never accepted: it may be `end-phase`).
    return { kind: "malformed-json", data };
  }

  /**
   * A hello with a token for another game, a made-up token, an unknown game,
   * the wrong protocol or no token at all. On a joined connection it is
   * refused without closing; on a fresh one it closes it (4401, 4404).
   */
  private helloWrong(seat: SeatView): Frame {
    const others = this.known.games.filter((g) => g.id !== seat.game);
    const r = this.int(6);
    const game = r === 1 && others.length > 0 ? this.pick(others).id : seat.game;
    const foreign = others.flatMap((g) => g.tokens);
    const token =
      r === 0 && foreign.length > 0
        ? this.pick(foreign)
        : r === 2
          ? randomToken(this.rng)
          : r === 3
            ? this.pick(this.pools.strings)
            : randomToken(this.rng);
    const message: Record<string, unknown> = {
      type: "hello",
      protocol: r === 4 ? PROTOCOL_VERSION + 1 : PROTOCOL_VERSION,
      game: r === 5 ? randomGameId(this.rng) : game,
      token,
    };
    if (this.int(2)) message.lastSeq = this.pick([0, seat.seq, seat.seq + 5, -1]);
    return { kind: "hello-wrong", data: JSON.stringify(message) };
  }

  private hashWrong(seat: SeatView): Frame {
    const r = this.int(10);
    const hash = Array.from({ length: 16 }, () => "0123456789abcdef"[this.int(16)]).join("");
    // A wrong hash at a real seq is answered with a whole snapshot: few of those.
    if (r === 0) return { kind: "hash-wrong", data: JSON.stringify({ type: "hash", seq: seat.seq, hash }) };
    if (r < 5)
      return {
        kind: "hash-wrong",
        data: JSON.stringify({ type: "hash", seq: seat.seq + 1 + this.int(100), hash }),
      };
    const badHash = this.pick([hash.toUpperCase(), hash.slice(1), `${hash}0`, "", 12, null]);
    return {
      kind: "hash-wrong",
      data: JSON.stringify({ type: "hash", seq: this.pick([seat.seq, -1, 0.5]), hash: badHash }),
    };
  }

  /**
   * The players' word: chat lines of every strange string (too long, empty,
   * control characters, markup), the messages out of shape, and from a
   * spectator even resigning and accepting. A seat never sends what would
   * end its game (a resignation, an accepted or a second offer), so that the
   * acts go on being fuzzed; spectators' are all refused.
   */
  private social(seat: SeatView): Frame {
    const r = this.int(10);
    const strange = this.pick(this.pools.strings);
    if (r < 4)
      return {
        kind: "social",
        data: JSON.stringify({
          type: "chat",
          // Longer than a line may be, yet well inside the frame limit (escaped, a control character is six bytes).
          text: this.pick([
            strange,
            strange.slice(0, 100).repeat(20),
            "<b>x</b>",
            "",
            "\u0000",
            7,
            null,
            ["x"],
          ]),
        }),
      };
    if (r < 6)
      return {
        kind: "social",
        data: JSON.stringify({
          type: this.pick(["resign", "offer-draw", "accept-draw", "rematch"]),
          [strange]: 1,
        }),
      };
    const safe = ["decline-draw", "rematch"];
    const all = ["resign", "offer-draw", "accept-draw", "decline-draw", "rematch"];
    return {
      kind: "social",
      data: JSON.stringify({ type: this.pick(seat.role === "spectator" ? all : safe) }),
    };
  }

  private pingSync(): Frame {
    const r = this.int(20);
    if (r === 0) return { kind: "ping-sync", data: JSON.stringify({ type: "sync" }) };
    if (r === 1) return { kind: "ping-sync", data: JSON.stringify({ type: "sync", extra: 1 }) };
    return {
      kind: "ping-sync",
      data: JSON.stringify({ type: "ping", n: this.pick([1, -1, 2 ** 53, 0.5, "x"]) }),
    };
  }

  private int(n: number): number {
    return rngInt(this.rng, n);
  }

  private pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)] as T;
  }
}

function actorOf(position: Position | undefined): string | undefined {
  return position && position.phase !== "game-over" ? actor(position) : undefined;
}

const URL_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A well-formed token no game was given (256 random bits would be needed to hit one). */
export function randomToken(rng: PolicyRng): string {
  return Array.from({ length: 43 }, () => URL_SAFE[rngInt(rng, 64)]).join("");
}

export function randomGameId(rng: PolicyRng): string {
  return Array.from({ length: 16 }, () => URL_SAFE[rngInt(rng, 64)]).join("");
}
