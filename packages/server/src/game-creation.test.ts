import { connect } from "node:net";
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

  it("leaves undelivered, for the sweeper, a game whose creator hung up before its links could go out", async () => {
    const store = new SqliteStore(":memory:");
    const createGameIn = store.createGame.bind(store);
    let made: string | undefined;
    let creating: () => void = () => undefined;
    const started = new Promise<void>((r) => {
      creating = r;
    });
    // The creator hangs up while the game is being stored (slowly, as on a loaded disk).
    store.createGame = async (game) => {
      creating();
      await new Promise((r) => setTimeout(r, 200));
      await createGameIn(game);
      made = game.id;
    };
    const server = await createServer({ store, log: () => undefined });
    const url = new URL(await server.listen(0, "127.0.0.1"));
    try {
      const body = JSON.stringify({
        scenario: "16.31",
        seats: { first: { kind: "human" }, second: { kind: "human" } },
      });
      const socket = connect(Number(url.port), "127.0.0.1", () => {
        socket.write(
          `POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        );
      });
      socket.on("error", () => undefined);
      await started;
      socket.resetAndDestroy();
      for (let i = 0; i < 250 && made === undefined; i++) await new Promise((r) => setTimeout(r, 20));
      // The handler goes on after the store: give it a moment to (not) mark the game.
      await new Promise((r) => setTimeout(r, 200));
      expect(made).toBeDefined();
      expect((await store.getGame(made as string))?.delivered).toBe(false);
      expect(await store.deleteUndelivered(Date.now() + 1)).toEqual([made]);
    } finally {
      await server.close();
    }
  });

  it("counts creations made at once one by one: ten at once under a limit of three make three games", async () => {
    // Storing a game takes a while (a commit on PostgreSQL, or on a loaded disk): others arrive meanwhile.
    const store = new SqliteStore(":memory:");
    const createGameIn = store.createGame.bind(store);
    store.createGame = async (game) => {
      await new Promise((r) => setTimeout(r, 30));
      await createGameIn(game);
    };
    const server = await createServer({ store, limits: { gamesPerHour: 3 }, log: () => undefined });
    const url = await server.listen(0, "127.0.0.1");
    try {
      const body = JSON.stringify({
        scenario: "16.31",
        seats: { first: { kind: "human" }, second: { kind: "human" } },
      });
      const statuses = await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${url}api/games`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          }).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
      expect(server.state.creations.size).toBe(0);
    } finally {
      await server.close();
    }
  });
});
