import { describe, expect, it } from "vitest";
import { frameBatch } from "./frame-batch.js";

/** A scheduler driven by the test: each call queues a callback, `run` fires them. */
function fakeFrames() {
  let queued: (() => void)[] = [];
  return {
    schedule: (f: () => void) => {
      queued.push(f);
      return () => {
        queued = queued.filter((g) => g !== f);
      };
    },
    run: () => {
      const now = queued;
      queued = [];
      for (const f of now) f();
    },
    get pending() {
      return queued.length;
    },
  };
}

describe("the AI's actions handed to the page once per frame (defect 15)", () => {
  it("several values pushed within a frame are committed once, the last of them", () => {
    const frames = fakeFrames();
    const committed: number[] = [];
    const batch = frameBatch<number>((v) => committed.push(v), frames.schedule);
    batch.push(1);
    batch.push(2);
    batch.push(3);
    expect(committed).toEqual([]);
    expect(frames.pending).toBe(1);
    frames.run();
    expect(committed).toEqual([3]);
    batch.push(4);
    frames.run();
    expect(committed).toEqual([3, 4]);
    frames.run();
    expect(committed).toEqual([3, 4]);
  });

  it("a cancelled batch commits nothing, and flush commits at once", () => {
    const frames = fakeFrames();
    const committed: number[] = [];
    const batch = frameBatch<number>((v) => committed.push(v), frames.schedule);
    batch.push(1);
    batch.cancel();
    frames.run();
    expect(committed).toEqual([]);
    batch.push(2);
    batch.flush();
    expect(committed).toEqual([2]);
    frames.run();
    expect(committed).toEqual([2]);
  });
});
