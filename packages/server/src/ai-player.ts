import { randomBytes } from "node:crypto";
import { createRng, findPolicy, type Policy, type PolicyRng } from "@tercio/ai";
import { defaultCatalog, type GameContext, gameContext, type Position } from "@tercio/musket-and-pike";
import type { AiReply, AiRequest } from "./ai-protocol.js";

/**
 * An AI seat's player: the same players as the browser's Web Worker. Each
 * game's seat keeps its own player (the strong level plans a whole phase and
 * follows the plan), so a game's requests always come to the same thread.
 * Runs in a worker thread (ai-worker.ts), or in process for tests.
 */
const MAX_PLAYERS = 2000;

export function aiPlayers(): (request: AiRequest) => AiReply | undefined {
  const catalog = defaultCatalog();
  const contexts = new Map<string, GameContext>();
  const players = new Map<string, { policy: Policy; rng: PolicyRng }>();

  /** One context per scenario: the optional rules in force live in the position, not the context. */
  const contextFor = (scenario: string): GameContext => {
    let ctx = contexts.get(scenario);
    if (!ctx) {
      const made = gameContext(catalog, scenario);
      if (!made.ok) throw new Error(made.error.message);
      ctx = made.value;
      contexts.set(scenario, ctx);
    }
    return ctx;
  };

  const playerFor = (game: string, side: string, level: string) => {
    const key = `${game}/${side}/${level}`;
    let player = players.get(key);
    if (!player) {
      const policy = findPolicy(level);
      if (!policy) throw new Error(`there is no AI level "${level}"`);
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
      const ctx = contextFor(request.scenario);
      const player = playerFor(request.game, request.side, request.level);
      const action = player.policy.choose(ctx, request.position as Position, player.rng);
      return { id: request.id, ok: true, action };
    } catch (e) {
      return { id: request.id, ok: false, message: e instanceof Error ? e.message : String(e) };
    }
  };
}
