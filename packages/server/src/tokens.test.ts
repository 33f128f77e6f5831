import { TOKEN_PATTERN } from "@tercio/protocol";
import { describe, expect, it } from "vitest";
import { newGameId, newPrngState, newToken, roleOf, tokenHash } from "./tokens.js";

describe("seat tokens", () => {
  it("are 256 random bits, url-safe, and never repeat", () => {
    const tokens = new Set(Array.from({ length: 1000 }, newToken));
    expect(tokens.size).toBe(1000);
    for (const t of tokens) expect(t).toMatch(TOKEN_PATTERN);
    expect(Buffer.from([...tokens][0] ?? "", "base64url").length).toBe(32);
    expect(newGameId()).toMatch(/^[\w-]{16}$/);
  });

  it("open exactly the role whose digest they hash to, and nothing else", () => {
    const [first, second, spectator] = [newToken(), newToken(), newToken()];
    const hashes = { first: tokenHash(first), second: tokenHash(second), spectator: tokenHash(spectator) };
    expect(roleOf(first, hashes)).toBe("first");
    expect(roleOf(second, hashes)).toBe("second");
    expect(roleOf(spectator, hashes)).toBe("spectator");
    expect(roleOf(newToken(), hashes)).toBeUndefined();
    // One character off is no token at all.
    const near = `${first.slice(0, -1)}${first.endsWith("A") ? "B" : "A"}`;
    expect(roleOf(near, hashes)).toBeUndefined();
  });

  it("an AI seat has no token, and no token opens it", () => {
    const spectator = newToken();
    const hashes = { first: undefined, second: undefined, spectator: tokenHash(spectator) };
    expect(roleOf(spectator, hashes)).toBe("spectator");
    expect(roleOf("", hashes)).toBeUndefined();
  });

  it("the opening PRNG state is 128 bits of hex, never all zeros", () => {
    const states = new Set(Array.from({ length: 100 }, newPrngState));
    expect(states.size).toBe(100);
    for (const s of states) expect(s).toMatch(/^[0-9a-f]{32}$/);
  });
});
