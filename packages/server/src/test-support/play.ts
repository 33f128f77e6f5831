import { createRng, mpPolicy, type PolicyRng } from "@tercio/ai";
import { TokenBucket } from "../rate-limit.js";
import type { Msg, TestClient } from "./client.js";

/**
 * Plays a game between scripted clients until `done` holds: whoever's turn
 * it is picks an action with an AI level and sends it, and every client
 * must have seen the event before the next action. With `pace`, each client
 * sends no faster than a token bucket of that rate and burst allows (to stay
 * under a server's per-connection limit however fast the script runs).
 */
export async function playUntil(
  clients: readonly TestClient[],
  done: (c: TestClient) => boolean,
  options: {
    level?: string;
    seed?: number;
    maxActions?: number;
    pace?: { readonly perSecond: number; readonly burst: number };
  } = {},
): Promise<Msg[]> {
  const policies = new Map(clients.map((c) => [c, mpPolicy(options.level ?? "greedy")]));
  const rngs = new Map<TestClient, PolicyRng>(clients.map((c, i) => [c, createRng((options.seed ?? 1) + i)]));
  const { pace } = options;
  const buckets = new Map(
    clients.map((c) => [c, pace ? new TokenBucket(pace.perSecond, pace.burst, Date.now) : undefined]),
  );
  const acks: Msg[] = [];
  const lead = clients[0];
  if (!lead) throw new Error("no clients");
  for (let n = 0; n < (options.maxActions ?? 5000) && !done(lead); n++) {
    const mover = clients.find((c) => c.myTurn);
    if (!mover) {
      // An AI seat's turn: wait for its action.
      const seq = lead.seq;
      await lead.until(() => lead.seq > seq || lead.position?.phase === "game-over", 30_000);
      continue;
    }
    const policy = policies.get(mover);
    const rng = rngs.get(mover);
    if (!policy || !rng || !mover.position) throw new Error("client not ready");
    const bucket = buckets.get(mover);
    while (bucket && !bucket.take()) await new Promise((r) => setTimeout(r, 1000 / (pace?.perSecond ?? 1)));
    const reply = await mover.act(policy.choose(mover.ctx, mover.position, rng));
    if (reply.type !== "ack") throw new Error(`refused: ${JSON.stringify(reply)}`);
    acks.push(reply);
    for (const c of clients) await c.until(() => c.seq >= reply.seq);
  }
  return acks;
}
