import { describe, expect, it } from "vitest";
import { ApiError, createGame, type Fetch, fetchLobby, fetchSave, setWebhook } from "./api.js";

const GAME = "Vq3x-7_aB0cD9eFg";
const TOKEN = "a".repeat(43);
const INFO = {
  id: GAME,
  system: "musket-and-pike",
  systemTitle: "Musket & Pike",
  version: "0.3.0",
  scenario: "16.31",
  scenarioName: "Brentford",
  options: { optionalRules: [] },
  seatNames: { first: "Royalist", second: "Parliament" },
  seats: { first: { kind: "human", connected: false }, second: { kind: "ai", level: "greedy" } },
  status: "playing",
  seq: 0,
  turn: "first",
  progress: { turn: 1, phase: "deployment", text: "Game-Turn 1 of 8 — Royalist — Deployment" },
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  rules: { version: "x", hash: "0123456789abcdef" },
};

/** A fetch that records its requests and answers with one canned reply. */
function fake(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch: Fetch = async (url, init) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  };
  return { fetch, calls };
}

describe("the online server's HTTP API", () => {
  it("creates a game with a JSON POST", async () => {
    const reply = {
      game: INFO,
      links: { first: `/#/online/${GAME}/${TOKEN}`, spectator: `/#/online/${GAME}/${"b".repeat(43)}` },
      tokens: { first: TOKEN, spectator: "b".repeat(43) },
    };
    const { fetch, calls } = fake(201, reply);
    const created = await createGame(
      { scenario: "16.31", seats: { first: { kind: "human" }, second: { kind: "ai", level: "greedy" } } },
      { fetch },
    );
    expect(created).toEqual(reply);
    expect(calls[0]?.url).toBe("/api/games");
    expect(calls[0]?.init?.method).toBe("POST");
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({ scenario: "16.31" });
  });

  it("surfaces the server's message and code on a refusal", async () => {
    const { fetch } = fake(400, { error: { code: "bad-request", message: 'no scenario "99.9"' } });
    const p = createGame(
      { scenario: "99.9", seats: { first: { kind: "human" }, second: { kind: "human" } } },
      { fetch },
    );
    await expect(p).rejects.toThrow('no scenario "99.9"');
    await expect(p).rejects.toMatchObject({ code: "bad-request", status: 400 });
  });

  it("reads the lobby with the token as a bearer, never in the URL", async () => {
    const { fetch, calls } = fake(200, { ...INFO, role: "first" });
    const lobby = await fetchLobby(GAME, TOKEN, { fetch });
    expect(lobby.role).toBe("first");
    expect(calls[0]?.url).toBe(`/api/games/${GAME}`);
    expect(calls[0]?.init?.headers).toEqual({ authorization: `Bearer ${TOKEN}` });
  });

  it("refuses a reply that does not match the protocol", async () => {
    const { fetch } = fake(200, { ...INFO, role: "referee" });
    await expect(fetchLobby(GAME, TOKEN, { fetch })).rejects.toBeInstanceOf(ApiError);
  });

  it("sets and removes a webhook", async () => {
    const { fetch, calls } = fake(204, undefined);
    await setWebhook(GAME, TOKEN, null, { fetch });
    expect(calls[0]?.url).toBe(`/api/games/${GAME}/webhook`);
    expect(calls[0]?.init?.method).toBe("PUT");
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ webhook: null });
  });

  it("says so when the server cannot be reached, or the save is not one", async () => {
    const down: Fetch = async () => {
      throw new TypeError("Failed to fetch");
    };
    await expect(fetchLobby(GAME, TOKEN, { fetch: down })).rejects.toMatchObject({
      code: "network",
      status: 0,
    });
    const { fetch } = fake(200, { format: "nope" });
    await expect(fetchSave(GAME, TOKEN, { fetch })).rejects.toMatchObject({ code: "bad-reply" });
  });
});
