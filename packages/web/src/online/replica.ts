import { HIDDEN_PRNG } from "@tercio/core";
import {
  type Action,
  ActionSchema,
  apply,
  type Catalog,
  type GameContext,
  type GameEvent,
  type Position,
  parsePosition,
  publicHash,
  publicView,
  type Side,
} from "@tercio/musket-and-pike";
import type { ClientMessage, ServerMessage } from "@tercio/protocol";

/**
 * The client's copy of an online game: the public position (dice hidden),
 * the sequence number of the last event applied, and what each event did.
 * The server is the authority: the replica replays each accepted action with
 * the dice the server rolled and compares the hash it reaches with the
 * server's. A gap or a disagreement is never smoothed over: the replica
 * stops applying events and asks for a full snapshot.
 */

export type SnapshotMessage = Extract<ServerMessage, { type: "snapshot" }>;
export type EventMessage = Extract<ServerMessage, { type: "event" }>;

/** One accepted action as this client applied it. */
export interface ReplicaEntry {
  readonly seq: number;
  readonly side: Side;
  readonly action: Action;
  /** The engine's events from applying it (moves, die rolls, results), for the log. */
  readonly events: readonly GameEvent[];
  readonly dice: readonly number[];
  /** The public position after it. */
  readonly position: Position;
}

export interface Replica {
  readonly ctx: GameContext;
  /** The sequence number of the last event applied; 0 before any action. */
  readonly seq: number;
  /** The public position after event `seq` (its PRNG state is HIDDEN_PRNG). */
  readonly position: Position;
  /** publicHash(position). */
  readonly hash: string;
  /** The first position this client saw, where its log starts. */
  readonly opening: Position;
  /** The events applied since `opening`, in order (a resync may leave a hole: the log shows what was seen). */
  readonly log: readonly ReplicaEntry[];
  /** Why events are set aside until the next snapshot, or false when in step with the server. */
  readonly resyncing: false | "gap" | "hash-mismatch" | "unplayable";
}

export interface ReplicaStep {
  readonly replica: Replica;
  /** Messages for the server, in order: the hash report, a request for a snapshot. */
  readonly send: readonly ClientMessage[];
  /** What went wrong, in words for the player, if anything did. */
  readonly problem?: string;
}

/**
 * A public position from the wire (the engine's plain JSON, its PRNG state
 * the public placeholder) as a validated Position. Any other PRNG state is
 * refused: a server that sent one would be showing the dice.
 */
export function parsePublicPosition(
  catalog: Catalog,
  json: unknown,
): { ok: true; ctx: GameContext; position: Position } | { ok: false; message: string } {
  const parsed = parsePosition(catalog, json);
  if (!parsed.ok)
    return { ok: false, message: `the server's position does not load: ${parsed.error.message}` };
  if (parsed.value.position.prng !== HIDDEN_PRNG)
    return { ok: false, message: "the server's position carries a dice state; it should be hidden" };
  return { ok: true, ctx: parsed.value.ctx, position: parsed.value.position };
}

/**
 * The replica after a snapshot: the position replaced, the log kept up to
 * the snapshot's event (with that event's position corrected), anything
 * later dropped. An error if the position does not load or does not hash
 * to what the server says: then this page and the server disagree on the
 * rules (another version), and no amount of resyncing would help.
 */
export function applySnapshot(
  catalog: Catalog,
  msg: SnapshotMessage,
  previous: Replica | undefined,
): { ok: true; replica: Replica } | { ok: false; message: string } {
  const parsed = parsePublicPosition(catalog, msg.position);
  if (!parsed.ok) return parsed;
  const hash = publicHash(parsed.position);
  if (hash !== msg.hash)
    return {
      ok: false,
      message: `the server's position hashes to ${msg.hash} there but ${hash} here: this page and the server play different rules (reload the page?)`,
    };
  // The same scenario keeps the same context, so that the board is not redrawn from scratch.
  const ctx = previous?.ctx.scenario.id === parsed.ctx.scenario.id ? previous.ctx : parsed.ctx;
  const log = (previous?.ctx === ctx ? previous.log : [])
    .filter((e) => e.seq <= msg.seq)
    .map((e) => (e.seq === msg.seq ? { ...e, position: parsed.position } : e));
  return {
    ok: true,
    replica: {
      ctx,
      seq: msg.seq,
      position: parsed.position,
      hash,
      opening: log.length > 0 && previous ? previous.opening : parsed.position,
      log,
      resyncing: false,
    },
  };
}

/** The replica after one event from the server: applied and checked, or set aside with a request for a snapshot. */
export function applyEvent(replica: Replica, msg: EventMessage): ReplicaStep {
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
  const action = ActionSchema.safeParse(msg.action);
  if (!action.success)
    return resync(
      replica,
      "unplayable",
      `Event ${msg.seq} is not an action this page knows: resynchronising.`,
    );
  const step = apply(replica.ctx, replica.position, action.data, { dice: msg.dice });
  if (!step.ok)
    return resync(
      replica,
      "unplayable",
      `Event ${msg.seq} does not apply here (${step.error.message}): resynchronising.`,
    );
  const position = publicView(step.value.position);
  const hash = publicHash(position);
  const entry: ReplicaEntry = {
    seq: msg.seq,
    side: msg.side,
    action: action.data,
    events: step.value.events,
    dice: msg.dice,
    position,
  };
  const next: Replica = { ...replica, seq: msg.seq, position, hash, log: [...replica.log, entry] };
  const report: ClientMessage = { type: "hash", seq: msg.seq, hash };
  if (hash === msg.hash) return { replica: next, send: [report] };
  return {
    replica: { ...next, resyncing: "hash-mismatch" },
    send: [report, { type: "sync" }],
    problem: `After event ${msg.seq} this page reached position ${hash}, the server ${msg.hash}: resynchronising.`,
  };
}

function resync(replica: Replica, why: Exclude<Replica["resyncing"], false>, problem: string): ReplicaStep {
  return { replica: { ...replica, resyncing: why }, send: [{ type: "sync" }], problem };
}
