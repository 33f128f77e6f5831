import { describe, expect, it } from "vitest";
import { replayKey } from "./replay-keys.js";

describe("the replay's keys", () => {
  it("steps with the arrows, Home and End, and plays or pauses with Space", () => {
    expect(replayKey("ArrowLeft", "BODY")).toEqual({ kind: "go", to: "back" });
    expect(replayKey("ArrowRight", "DIV")).toEqual({ kind: "go", to: "forward" });
    expect(replayKey("Home", undefined)).toEqual({ kind: "go", to: "start" });
    expect(replayKey("End", "svg")).toEqual({ kind: "go", to: "end" });
    expect(replayKey(" ", "BODY")).toEqual({ kind: "toggle" });
  });

  it("leaves a field's keys and a button's Space to them", () => {
    expect(replayKey("ArrowLeft", "INPUT")).toBeUndefined();
    expect(replayKey("Home", "SELECT")).toBeUndefined();
    expect(replayKey(" ", "BUTTON")).toBeUndefined();
    expect(replayKey("ArrowRight", "BUTTON")).toEqual({ kind: "go", to: "forward" });
    expect(replayKey("a", "BODY")).toBeUndefined();
  });
});
