import { describe, expect, it } from "vitest";
import { createServer } from "./server.js";
import { SqliteStore } from "./sqlite-store.js";
import { createGame } from "./test-support/client.js";

/**
 * A game's links are its only way in, so the game must outlive any crash
 * once they have gone out. The mark that keeps it (`delivered`) was made
 * once the reply had been handed to the network: the crash test killed the
 * server in between, and the next start deleted a game whose links the
 * script held. The mark is now durable before the reply is sent.
 */
describe("creating a game", () => {
  it("marks the game delivered in the store before its links go out", async () => {
    const store = new SqliteStore(":memory:");
    const order: string[] = [];
    const markDelivered = store.markDelivered.bind(store);
    // Slow, as a commit waiting on a loaded disk would be: a reply sent first would come back before it.
    store.markDelivered = async (id: string) => {
      await new Promise((r) => setTimeout(r, 150));
      await markDelivered(id);
      order.push("marked");
    };
    const server = await createServer({ store, log: () => undefined });
    const url = await server.listen(0, "127.0.0.1");
    try {
      const created = await createGame(url, {
        scenario: "16.31",
        seats: { first: { kind: "human" }, second: { kind: "human" } },
      });
      order.push("reply");
      expect(order).toEqual(["marked", "reply"]);
      expect((await store.getGame(created.game.id))?.delivered).toBe(true);
    } finally {
      await server.close();
    }
  });
});
