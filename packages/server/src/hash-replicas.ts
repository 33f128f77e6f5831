import { type AnySystem, contextCache, type DataError, type Result, type ValueHasher } from "@tercio/core";
import { defaultSystems } from "@tercio/systems";
import type { HashReply, HashRequest } from "./hash-protocol.js";
import { gameHasher, type HashFormat, positionHashes } from "./position-hashes.js";

interface Replica {
  readonly system: AnySystem;
  readonly ctx: unknown;
  readonly format: HashFormat;
  position: unknown;
  /** The replica's positions share their unchanged parts, as the room's do: each hash reads only what changed. */
  readonly hasher: ValueHasher;
}

/**
 * A hash thread's games: a replica of each game's position, which applies
 * the actions its room applied (the engine is deterministic: the same
 * position and action give the same position, dice included) and answers
 * with the new position's hashes. Runs in a worker thread (hash-worker.ts),
 * or in process for tests.
 */
export function hashReplicas(
  systems: ReadonlyMap<string, AnySystem> = defaultSystems(),
): (request: HashRequest) => HashReply | undefined {
  /** A replica, or why a game has none (its seed failed): each of its actions is answered with that. */
  const replicas = new Map<string, Replica | string>();
  const contexts = new Map<string, (setup: unknown) => Result<unknown, DataError>>();

  const seed = (request: HashRequest & { kind: "seed" }): Replica | string => {
    const system = systems.get(request.system);
    if (!system) return `this thread hosts no system "${request.system}"`;
    if (system.version !== request.version || system.rules.hash !== request.rulesHash)
      return `this thread runs ${system.id} ${system.version} with rules ${system.rules.hash}, the room ${request.version} with ${request.rulesHash}`;
    let cache = contexts.get(system.id);
    if (!cache) {
      cache = contextCache(system);
      contexts.set(system.id, cache);
    }
    const ctx = cache(request.setup);
    if (!ctx.ok) return `the game's setup: ${ctx.error.message}`;
    const parsed = system.parsePosition(request.position);
    if (!parsed.ok) return `the game's position: ${parsed.error.message}`;
    return {
      system,
      ctx: ctx.value,
      format: request.hashFormat,
      position: parsed.value.position,
      hasher: gameHasher(request.hashFormat),
    };
  };

  const apply = (replica: Replica, raw: unknown) => {
    const { system } = replica;
    const action = system.parseAction(raw);
    const step = action.ok ? system.apply(replica.ctx, replica.position, action.value) : action;
    if (!step.ok) return `the replica refuses the action: ${step.error.message}`;
    replica.position = step.value.position;
    return positionHashes(system, replica.format, replica.position, replica.hasher);
  };

  return (request) => {
    if (request.kind === "forget") {
      replicas.delete(request.game);
      return undefined;
    }
    if (request.kind === "seed") {
      replicas.set(request.game, seed(request));
      return undefined;
    }
    const replica = replicas.get(request.game);
    if (replica === undefined || typeof replica === "string")
      return { id: request.id, ok: false, message: replica ?? `no replica of game ${request.game}` };
    try {
      const hashes = apply(replica, request.action);
      if (typeof hashes !== "string") return { id: request.id, ok: true, hashes };
      // Out of step with its room: dropped, so the room seeds it again.
      replicas.delete(request.game);
      return { id: request.id, ok: false, message: hashes };
    } catch (e) {
      replicas.delete(request.game);
      return { id: request.id, ok: false, message: e instanceof Error ? e.message : String(e) };
    }
  };
}
