import { randomBytes } from "node:crypto";
import { type AnyPolicy, aiLevels, createRng, findPolicy, type PolicyRng } from "@tercio/ai";
import { type AnySystem, contextCache, type DataError, type Result } from "@tercio/core";
import { defaultSystems } from "@tercio/systems";
import type { AiReply, AiRequest } from "./ai-protocol.js";

/**
 * An AI seat's player: the same players as the browser's Web Worker. Each
 * game's seat keeps its own player (the strong level plans a whole phase and
 * follows the plan), so a game's requests always come to the same thread.
 * Runs in a worker thread (ai-worker.ts), or in process for tests.
 */
const MAX_PLAYERS = 2000;

/** The AI levels a system's seats may be given (none for a system without AI players). */
export function aiLevelsOf(system: string): readonly string[] {
  return aiLevels(system);
}

export function aiPlayers(
  systems: ReadonlyMap<string, AnySystem> = defaultSystems(),
): (request: AiRequest) => AiReply | undefined {
  /** Per system, its contexts by setup: built once for every game of that scenario and options. */
  const contexts = new Map<string, (setup: unknown) => Result<unknown, DataError>>();
  const players = new Map<string, { policy: AnyPolicy; rng: PolicyRng }>();

  const systemOf = (id: string): AnySystem => {
    const system = systems.get(id);
    if (!system) throw new Error(`this server hosts no system "${id}"`);
    return system;
  };

  const contextFor = (system: AnySystem, setup: unknown): unknown => {
    let cache = contexts.get(system.id);
    if (!cache) {
      cache = contextCache(system);
      contexts.set(system.id, cache);
    }
    const ctx = cache(setup);
    if (!ctx.ok) throw new Error(ctx.error.message);
    return ctx.value;
  };

  const playerFor = (game: string, system: string, side: string, level: string) => {
    const key = `${game}/${side}/${level}`;
    let player = players.get(key);
    if (!player) {
      const policy = findPolicy(system, level);
      if (!policy) throw new Error(`there is no AI level "${level}" for ${system}`);
      // The AI's own choices need no secret: its moves are logged, not replayed from a seed.
      player = { policy, rng: createRng(randomBytes(4).readUInt32LE(0)) };
      if (players.size >= MAX_PLAYERS) {
        const oldest = players.keys().next().value;
        if (oldest !== undefined) players.delete(oldest);
      }
    } else {
      // Most recently used last, so the oldest idle seat is the one dropped.
      players.delete(key);
    }
    players.set(key, player);
    return player;
  };

  return (request) => {
    if (request.kind === "forget") {
      for (const key of players.keys()) if (key.startsWith(`${request.game}/`)) players.delete(key);
      return undefined;
    }
    try {
      const system = systemOf(request.system);
      const ctx = contextFor(system, request.setup);
      // The position is the system's to check: a thread trusts nothing it is sent.
      const parsed = system.parsePosition(request.position);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const player = playerFor(request.game, request.system, request.side, request.level);
      const action = player.policy.choose(ctx, parsed.value.position, player.rng);
      return { id: request.id, ok: true, action };
    } catch (e) {
      return { id: request.id, ok: false, message: e instanceof Error ? e.message : String(e) };
    }
  };
}
