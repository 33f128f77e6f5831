import { describe, expect, it } from "vitest";
import { formatOnlineHash, hashOf, linkUrl, parseOnlineHash } from "./links.js";

const game = "Vq3x-7_aB0cD9eFg";
const token = "Ab_-0123456789abcdefghijklmnopqrstuvwxyzABC";

describe("seat and spectator links", () => {
  it("formats and parses back", () => {
    const hash = formatOnlineHash({ game, token });
    expect(hash).toBe(`#/online/${game}/${token}`);
    expect(parseOnlineHash(hash)).toEqual({ game, token });
  });

  it("accepts the fragment without its # and with a trailing slash", () => {
    expect(parseOnlineHash(`/online/${game}/${token}`)).toEqual({ game, token });
    expect(parseOnlineHash(`#/online/${game}/${token}/`)).toEqual({ game, token });
  });

  it.each([
    ["", "empty"],
    ["#", "bare"],
    ["#/online/", "no ids"],
    [`#/online/${game}`, "no token"],
    [`#/online/${game}/${token}/extra`, "more parts"],
    [`#/online/${game.slice(1)}/${token}`, "short game id"],
    [`#/online/${game}/${token}x`, "long token"],
    [`#/online/${game}/${token.slice(0, 42)}!`, "character outside the alphabet"],
    [`#/offline/${game}/${token}`, "another route"],
  ])("refuses %s (%s)", (hash) => {
    expect(parseOnlineHash(hash)).toBeUndefined();
  });

  it("makes a full URL from the server's path, and finds the fragment again", () => {
    const path = `/#/online/${game}/${token}`;
    expect(linkUrl("https://tercio.example", path)).toBe(`https://tercio.example/#/online/${game}/${token}`);
    expect(linkUrl("https://tercio.example/", path)).toBe(`https://tercio.example/#/online/${game}/${token}`);
    expect(hashOf(linkUrl("https://tercio.example", path))).toBe(`#/online/${game}/${token}`);
    expect(hashOf("/no-fragment")).toBeUndefined();
  });
});
