import { describe, expect, it } from "vitest";
import { keyCommand } from "./keys.js";

const k = (key: string, mods: Partial<{ shiftKey: boolean; altKey: boolean; ctrlKey: boolean }> = {}) => ({
  key,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe("the board's keys", () => {
  it("zooms with + and −, home with 0", () => {
    expect(keyCommand(k("+"), false)).toEqual({ kind: "zoom", dir: 1 });
    expect(keyCommand(k("-"), true)).toEqual({ kind: "zoom", dir: -1 });
    expect(keyCommand(k("0"), false)).toEqual({ kind: "home" });
  });

  it("pans with the arrows when no move is drawn, or with Shift", () => {
    expect(keyCommand(k("ArrowUp"), false)).toEqual({ kind: "pan", dx: 0, dy: -1 });
    expect(keyCommand(k("ArrowLeft", { shiftKey: true }), true)).toEqual({ kind: "pan", dx: -1, dy: 0 });
  });

  it("draws the move with the arrows when a unit is selected", () => {
    expect(keyCommand(k("ArrowUp"), true)).toEqual({ kind: "leg", dir: 1 });
    expect(keyCommand(k("ArrowDown"), true)).toEqual({ kind: "leg", dir: -1 });
    expect(keyCommand(k("ArrowRight"), true)).toEqual({ kind: "pivot", dir: 1 });
    expect(keyCommand(k("ArrowLeft"), true)).toEqual({ kind: "pivot", dir: -1 });
  });

  it("leaves Ctrl chords (undo) to the shell", () => {
    expect(keyCommand(k("z", { ctrlKey: true }), true)).toBeUndefined();
    expect(keyCommand(k("ArrowUp", { ctrlKey: true }), true)).toBeUndefined();
  });
});
