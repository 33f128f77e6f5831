import {
  canonicalJson,
  contextCache,
  type DataError,
  type GameSetup,
  publicHash,
  type Result,
  type RuleSystem,
  type Seat,
  type ValueHasher,
  valueHasher,
} from "@tercio/core";
import type { ClientMessage, ServerMessage } from "@tercio/protocol";

/**
 * The client's copy of an online game of any rule system: the public
 * position (dice hidden), the sequence number of the last event applied,
 * and what each event did. The server is the authority: the replica replays
 * each accepted action through the game's system with the dice the server
 * rolled and compares the public hash it reaches with the server's. A gap
 * or a disagreement is never smoothed over: the replica stops applying
 * events and asks for a full snapshot. It knows no phase, unit or map.
 */

export type SnapshotMessage = Extract<ServerMessage, { type: "snapshot" }>;
export type EventMessage = Extract<ServerMessage, { type: "event" }>;

/** The game's system, and its contexts built once per setup (a snapshot of the same game keeps the board's). */
export interface ReplicaRules<C, P, A, E> {
  readonly system: RuleSystem<C, P, A, E, unknown>;
  readonly context: (setup: unknown) => Result<C, DataError>;
}

export function replicaRules<C, P, A, E>(system: RuleSystem<C, P, A, E, unknown>): ReplicaRules<C, P, A, E> {
  return { system, context: contextCache(system, 4) };
}

/** One accepted action as this client applied it. */
export interface ReplicaEntry<P = unknown, A = unknown, E = unknown> {
  readonly seq: number;
  readonly side: Seat;
  readonly action: A;
  /** The system's events from applying it (moves, die rolls, results), for the log. */
  readonly events: readonly E[];
  readonly dice: readonly number[];
  /** The public position after it. */
  readonly position: P;
}

export interface Replica<C = unknown, P = unknown, A = unknown, E = unknown> {
  readonly system: RuleSystem<C, P, A, E, unknown>;
  readonly ctx: C;
  /** The game's scenario and options, as the system reads them from the position. */
  readonly setup: GameSetup<unknown>;
  /** The sequence number of the last event applied; 0 before any action. */
  readonly seq: number;
  /** The public position after event `seq` (its dice state hidden). */
  readonly position: P;
  /** publicHash(system, position), made by `hasher`. */
  readonly hash: string;
  /**
   * How the game's public hashes are made (the snapshot names it), with a
   * memo of the positions' parts: each event's check reads only what changed.
   */
  readonly hasher: ValueHasher;
  /** The first position this client saw, where its log starts. */
  readonly opening: P;
  /** The events applied since `opening`, in order (a resync may leave a hole: the log shows what was seen). */
  readonly log: readonly ReplicaEntry<P, A, E>[];
  /** Why events are set aside until the next snapshot, or false when in step with the server. */
  readonly resyncing: false | "gap" | "hash-mismatch" | "unplayable";
}

export interface ReplicaStep<C = unknown, P = unknown, A = unknown, E = unknown> {
  readonly replica: Replica<C, P, A, E>;
  /** Messages for the server, in order: the hash report, a request for a snapshot. */
  readonly send: readonly ClientMessage[];
  /** What went wrong, in words for the player, if anything did. */
  readonly problem?: string;
}

type Loaded<T> = { readonly ok: true } & T;
type Failed = { readonly ok: false; readonly message: string };

/**
 * A public position from the wire (the system's plain JSON, its dice state
 * hidden) as the system's validated position, with the game's context and
 * setup. A position whose public view differs from it is refused: a server
 * that sent one would be showing the dice.
 */
export function parsePublicPosition<C, P, A, E>(
  rules: ReplicaRules<C, P, A, E>,
  json: unknown,
): Loaded<{ ctx: C; setup: GameSetup<unknown>; position: P }> | Failed {
  const { system } = rules;
  const parsed = system.parsePosition(json);
  if (!parsed.ok)
    return { ok: false, message: `the server's position does not load: ${parsed.error.message}` };
  const { position } = parsed.value;
  if (system.hash(system.publicView(position)) !== system.hash(position))
    return { ok: false, message: "the server's position carries a dice state; it should be hidden" };
  const setup = system.setupOf(parsed.value.ctx, position);
  const ctx = rules.context(setup);
  return { ok: true, ctx: ctx.ok ? ctx.value : parsed.value.ctx, setup, position };
}

/**
 * The replica after a snapshot: the position replaced, the log kept up to
 * the snapshot's event (with that event's position corrected), anything
 * later dropped. An error if the position does not load or does not hash
 * to what the server says: then this page and the server disagree on the
 * rules (another version), and no amount of resyncing would help.
 */
export function applySnapshot<C, P, A, E>(
  rules: ReplicaRules<C, P, A, E>,
  msg: SnapshotMessage,
  previous: Replica<C, P, A, E> | undefined,
): Loaded<{ replica: Replica<C, P, A, E> }> | Failed {
  const parsed = parsePublicPosition(rules, msg.position);
  if (!parsed.ok) return parsed;
  // The same game and hashing keep their memo: the parts of positions checked before are not read again.
  const hasher =
    previous !== undefined && previous.hasher.hashing === msg.hashing
      ? previous.hasher
      : valueHasher(msg.hashing);
  const hash = publicHash(rules.system, parsed.position, hasher);
  if (hash !== msg.hash)
    return {
      ok: false,
      message: `the server's position hashes to ${msg.hash} there but ${hash} here: this page and the server play different rules (reload the page?)`,
    };
  // The same game keeps its log (and, through the context cache, its context: the board is not redrawn).
  const same =
    previous !== undefined &&
    previous.system === rules.system &&
    canonicalJson(previous.setup) === canonicalJson(parsed.setup);
  const log = (same ? previous.log : [])
    .filter((e) => e.seq <= msg.seq)
    .map((e) => (e.seq === msg.seq ? { ...e, position: parsed.position } : e));
  return {
    ok: true,
    replica: {
      system: rules.system,
      ctx: parsed.ctx,
      setup: parsed.setup,
      seq: msg.seq,
      position: parsed.position,
      hash,
      hasher,
      opening: log.length > 0 && same ? previous.opening : parsed.position,
      log,
      resyncing: false,
    },
  };
}

/** The replica after one event from the server: applied and checked, or set aside with a request for a snapshot. */
export function applyEvent<C, P, A, E>(
  replica: Replica<C, P, A, E>,
  msg: EventMessage,
): ReplicaStep<C, P, A, E> {
  // Waiting for a snapshot: it will include this event, or follow it.
  if (replica.resyncing) return { replica, send: [] };
  // Already applied (sent again after a reconnect): nothing to do.
  if (msg.seq <= replica.seq) return { replica, send: [] };
  if (msg.seq !== replica.seq + 1)
    return resync(
      replica,
      "gap",
      `Missed events ${replica.seq + 1} to ${msg.seq - 1}: asking the server for the position.`,
    );
  const { system } = replica;
  const action = system.parseAction(msg.action);
  if (!action.ok)
    return resync(
      replica,
      "unplayable",
      `Event ${msg.seq} is not an action of ${system.title} (${action.error.message}): resynchronising.`,
    );
  // The server's generator rolled these dice: the log tells them as a local game's own rolls.
  const step = system.apply(replica.ctx, replica.position, action.value, msg.dice, "generator");
  if (!step.ok)
    return resync(
      replica,
      "unplayable",
      `Event ${msg.seq} does not apply here (${step.error.message}): resynchronising.`,
    );
  const position = system.publicView(step.value.position);
  const hash = publicHash(system, position, replica.hasher);
  const entry: ReplicaEntry<P, A, E> = {
    seq: msg.seq,
    side: msg.side,
    action: action.value,
    events: step.value.events,
    dice: msg.dice,
    position,
  };
  const next: Replica<C, P, A, E> = {
    ...replica,
    seq: msg.seq,
    position,
    hash,
    log: [...replica.log, entry],
  };
  const report: ClientMessage = { type: "hash", seq: msg.seq, hash };
  if (hash === msg.hash) return { replica: next, send: [report] };
  return {
    replica: { ...next, resyncing: "hash-mismatch" },
    send: [report, { type: "sync" }],
    problem: `After event ${msg.seq} this page reached position ${hash}, the server ${msg.hash}: resynchronising.`,
  };
}

/** The replica set aside until the next snapshot, with a request for one. */
export function resync<C, P, A, E>(
  replica: Replica<C, P, A, E>,
  why: Exclude<Replica["resyncing"], false>,
  problem: string,
): ReplicaStep<C, P, A, E> {
  return { replica: { ...replica, resyncing: why }, send: [{ type: "sync" }], problem };
}
