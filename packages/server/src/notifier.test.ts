import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Notifier, type TurnNote } from "./notifier.js";
import {
  MAX_WEBHOOK_BODY,
  postWebhook,
  type Resolver,
  WEBHOOK_TIMEOUT_MS,
  webhookAddress,
} from "./webhook-post.js";

interface Received {
  readonly url: string;
  readonly host: string;
  readonly body: string;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A receiver on loopback that records each request and answers as told. */
async function receiver(
  answer: (res: ServerResponse, req: IncomingMessage) => void = (res) => res.end("ok"),
) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => {
      body += d;
    });
    req.on("end", () => {
      received.push({ url: req.url ?? "", host: req.headers.host ?? "", body });
      answer(res, req);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { received, port: (server.address() as AddressInfo).port };
}

/** A resolver that must not be asked (the host is a literal address, or the post fails before). */
const unasked: Resolver = () => Promise.reject(new Error("the resolver was asked"));
const answers =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address }));

const NOTE: TurnNote = {
  game: "g1",
  system: "musket-and-pike",
  side: "second",
  scenario: "Rocroi",
  gameTurn: 2,
  phase: "movement",
  status: "Game-Turn 2 of 12 — Spanish — Movement Phase",
  seq: 7,
  url: "/#/online/g1",
};

describe("webhook delivery", () => {
  it("resolves once and connects to the address it checked, even if the name would answer otherwise the second time", async () => {
    const { received, port } = await receiver();
    let calls = 0;
    // A rebinding name: loopback (allowed here) when checked, a private address when asked again.
    const rebinding: Resolver = async () => {
      calls += 1;
      return [{ address: calls === 1 ? "127.0.0.1" : "10.9.9.9" }];
    };
    await postWebhook(`http://webhook.test:${port}/turn`, '{"a":1}', {
      allowPrivate: true,
      resolve: rebinding,
    });
    expect(calls).toBe(1);
    // The name, not the address, is what the request is about (Host header; for https, SNI and the certificate).
    expect(received).toEqual([{ url: "/turn", host: `webhook.test:${port}`, body: '{"a":1}' }]);
  });

  it("a redirect is not followed: the post fails and the other receiver is never reached", async () => {
    const other = await receiver();
    const { received, port } = await receiver((res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${other.port}/elsewhere` });
      res.end();
    });
    await expect(
      postWebhook(`http://127.0.0.1:${port}/turn`, "{}", { allowPrivate: true, resolve: unasked }),
    ).rejects.toThrow("HTTP 302: a redirect, not followed");
    expect(received).toHaveLength(1);
    expect(other.received).toHaveLength(0);
  });

  it("a receiver that never answers, or a name that never resolves, fails at the deadline", async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(5000);
    const { received, port } = await receiver(() => {});
    const started = Date.now();
    await expect(
      postWebhook(`http://127.0.0.1:${port}/turn`, "{}", { allowPrivate: true, timeoutMs: 300 }),
    ).rejects.toThrow("no answer within 300 ms");
    expect(received).toHaveLength(1);
    const never: Resolver = () => new Promise(() => {});
    await expect(
      postWebhook("http://webhook.test/turn", "{}", { allowPrivate: true, resolve: never, timeoutMs: 300 }),
    ).rejects.toThrow("no answer within 300 ms");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("an answer other than 2xx is a failure; a note over the size limit is not sent at all", async () => {
    const { received, port } = await receiver((res) => {
      res.statusCode = 500;
      res.end("no");
    });
    await expect(postWebhook(`http://127.0.0.1:${port}/`, "{}", { allowPrivate: true })).rejects.toThrow(
      "HTTP 500",
    );
    await expect(
      postWebhook(`http://127.0.0.1:${port}/`, "x".repeat(MAX_WEBHOOK_BODY + 1), { allowPrivate: true }),
    ).rejects.toThrow("over 2048");
    expect(received).toHaveLength(1);
  });

  it("every address a name has is checked: one refused address refuses the webhook [RFC 6890]", async () => {
    await expect(webhookAddress("hook.test", { resolve: answers("8.8.8.8", "1.1.1.1") })).resolves.toBe(
      "8.8.8.8",
    );
    await expect(webhookAddress("hook.test", { resolve: answers("8.8.8.8", "10.0.0.1") })).rejects.toThrow(
      "10.0.0.1 is in 10.0.0.0/8",
    );
    await expect(webhookAddress("hook.test", { resolve: answers("2606:4700::1111", "::1") })).rejects.toThrow(
      "::1 is in ::1/128",
    );
    await expect(webhookAddress("hook.test", { resolve: answers() })).rejects.toThrow("has no address");
    await expect(webhookAddress("[::ffff:7f00:1]", { resolve: unasked })).rejects.toThrow("127.0.0.0/8");
    await expect(webhookAddress("169.254.169.254", { resolve: unasked })).rejects.toThrow(
      "--allow-private-webhooks",
    );
  });

  it("allowing private addresses lifts the policy but still needs a plain address", async () => {
    await expect(webhookAddress("127.0.0.1", { allowPrivate: true, resolve: unasked })).resolves.toBe(
      "127.0.0.1",
    );
    await expect(
      webhookAddress("hook.test", { allowPrivate: true, resolve: answers("10.0.0.1") }),
    ).resolves.toBe("10.0.0.1");
    await expect(
      webhookAddress("hook.test", { allowPrivate: true, resolve: answers("fe80::1%eth0") }),
    ).rejects.toThrow("not an IP address");
  });
});

describe("the notifier", () => {
  it("counts what was sent and what failed, and logs a failure with the game and side", async () => {
    const lines: string[] = [];
    const posted: string[] = [];
    const notifier = new Notifier(
      (l) => lines.push(l),
      async (url, body) => {
        if (url.includes("bad")) throw new Error("boom");
        posted.push(body);
      },
    );
    notifier.yourTurn("https://good.test/", NOTE);
    notifier.yourTurn("https://bad.test/", NOTE);
    await vi.waitFor(() => expect(notifier.sent + notifier.failed).toBe(2));
    expect([notifier.sent, notifier.failed]).toEqual([1, 1]);
    expect(JSON.parse(posted[0] ?? "")).toEqual({ text: "Tercio: your turn in Rocroi", ...NOTE });
    expect(lines).toEqual(["webhook for game g1 (second) failed: boom"]);
  });

  it("by default posts to no loopback address; allowed, it does", async () => {
    const { received, port } = await receiver();
    const lines: string[] = [];
    const guarded = new Notifier((l) => lines.push(l));
    guarded.yourTurn(`http://127.0.0.1:${port}/turn`, NOTE);
    await vi.waitFor(() => expect(guarded.failed).toBe(1));
    expect(lines[0]).toContain("127.0.0.1 is in 127.0.0.0/8 (loopback");
    expect(received).toHaveLength(0);
    const allowed = new Notifier((l) => lines.push(l), undefined, true);
    allowed.yourTurn(`http://127.0.0.1:${port}/turn`, NOTE);
    await vi.waitFor(() => expect(allowed.sent).toBe(1));
    expect(JSON.parse(received[0]?.body ?? "")).toMatchObject({ game: "g1", side: "second" });
  });
});
