import { afterEach, describe, expect, it, vi } from "vitest";
import { frameBatch, paced } from "./frame-batch.js";

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

describe("the AI's actions shown at most every tenth of a second (defect 15)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A batch paced at 100 ms, its frames and its clock driven by the test (`clock.now`). */
  function pacedBatch(start: number) {
    vi.useFakeTimers();
    const clock = { now: start };
    const frames = fakeFrames();
    const committed: number[] = [];
    const batch = frameBatch<number>(
      (v) => committed.push(v),
      paced(100, frames.schedule, () => clock.now),
    );
    return { clock, frames, committed, batch };
  }

  it("the first value is drawn at the next frame, the next ones no sooner than the gap after it", () => {
    const { clock, frames, committed, batch } = pacedBatch(1000);
    batch.push(1);
    frames.run();
    expect(committed).toEqual([1]);
    // 30 ms later two more arrive: no frame is asked for before 1100.
    clock.now = 1030;
    batch.push(2);
    batch.push(3);
    expect(frames.pending).toBe(0);
    clock.now = 1099;
    vi.advanceTimersByTime(69);
    expect(frames.pending).toBe(0);
    clock.now = 1100;
    vi.advanceTimersByTime(1);
    expect(frames.pending).toBe(1);
    frames.run();
    expect(committed).toEqual([1, 3]);
    // A value arriving after a long pause is drawn at the next frame.
    clock.now = 1500;
    batch.push(4);
    expect(frames.pending).toBe(1);
    frames.run();
    expect(committed).toEqual([1, 3, 4]);
  });

  it("cancelled while it waits out the gap, nothing is drawn; a flush draws at once", () => {
    const { clock, frames, committed, batch } = pacedBatch(0);
    batch.push(1);
    frames.run();
    clock.now = 10;
    batch.push(2);
    batch.cancel();
    clock.now = 200;
    vi.advanceTimersByTime(200);
    frames.run();
    expect(committed).toEqual([1]);
    batch.push(5);
    batch.flush();
    expect(committed).toEqual([1, 5]);
    expect(frames.pending).toBe(0);
  });
});
