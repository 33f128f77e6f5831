import { isPrngState, prngGenerator } from "@tercio/core";
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

  it("the opening PRNG state is ChaCha20 under a fresh 256-bit key, at its first word", () => {
    const states = new Set(Array.from({ length: 100 }, newPrngState));
    expect(states.size).toBe(100);
    for (const s of states) {
      expect(s).toMatch(/^chacha20:[0-9a-f]{64}:0$/);
      expect(isPrngState(s)).toBe(true);
      expect(prngGenerator(s)).toBe("chacha20");
    }
    // The keys' bits are the operating system's: about half of 25,600 bits are set.
    const keyBits = [...states].map((s) => s.slice(9, 73)).join("");
    const set = [...keyBits].reduce(
      (n, h) => n + Number.parseInt(h, 16).toString(2).replace(/0/g, "").length,
      0,
    );
    expect(Math.abs(set - 12_800)).toBeLessThan(600);
  });
});
