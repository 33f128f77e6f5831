import { describe, expect, it } from "vitest";
import { batchThisTick } from "./tick-batch.js";

function socket() {
  const calls: string[] = [];
  return { calls, cork: () => calls.push("cork"), uncork: () => calls.push("uncork") };
}

describe("sends batched per tick", () => {
  it("corks a socket once however often it is written to in a turn, and uncorks every socket after the turn", async () => {
    const a = socket();
    const b = socket();
    batchThisTick(a);
    batchThisTick(a);
    batchThisTick(b);
    expect(a.calls).toEqual(["cork"]);
    expect(b.calls).toEqual(["cork"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(a.calls).toEqual(["cork", "uncork"]);
    expect(b.calls).toEqual(["cork", "uncork"]);
    // The next turn corks afresh.
    batchThisTick(a);
    expect(a.calls).toEqual(["cork", "uncork", "cork"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(a.calls).toEqual(["cork", "uncork", "cork", "uncork"]);
  });
});
