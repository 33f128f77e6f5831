import { describe, expect, it } from "vitest";
import { boardCommand, type KeyPress } from "./board-keys.js";

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: { tagName: "svg" },
  ...more,
});

describe("the board's keys", () => {
  it("maps N, E and M, in either case", () => {
    expect(boardCommand(press("n"))).toBe("next-unit");
    expect(boardCommand(press("N"))).toBe("next-unit");
    expect(boardCommand(press("e"))).toBe("end-phase");
    expect(boardCommand(press("m"))).toBe("last-moves");
    expect(boardCommand(press("L"))).toBe("line-of-sight");
    expect(boardCommand(press("x"))).toBeUndefined();
  });

  it("steals no key while the player types in a field", () => {
    for (const tagName of ["INPUT", "SELECT", "TEXTAREA"])
      expect(boardCommand(press("e", { target: { tagName } }))).toBeUndefined();
    expect(boardCommand(press("m", { target: { tagName: "DIV", isContentEditable: true } }))).toBeUndefined();
  });

  it("leaves the shortcuts with modifiers alone", () => {
    expect(boardCommand(press("e", { ctrlKey: true }))).toBeUndefined();
    expect(boardCommand(press("n", { metaKey: true }))).toBeUndefined();
    expect(boardCommand(press("m", { altKey: true }))).toBeUndefined();
  });

  it("never repeats a held key: a held E ends one phase, not the game", () => {
    expect(boardCommand(press("e", { repeat: true }))).toBeUndefined();
  });
});
