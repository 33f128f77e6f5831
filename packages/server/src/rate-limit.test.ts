import { describe, expect, it } from "vitest";
import { Counter, TokenBucket } from "./rate-limit.js";
import { SerialQueue } from "./serial-queue.js";

describe("rate limits", () => {
  it("a token bucket lets a burst through, then the refill rate", () => {
    let t = 0;
    const bucket = new TokenBucket(10, 5, () => t);
    const burst = Array.from({ length: 8 }, () => bucket.take());
    expect(burst.filter(Boolean).length).toBe(5);
    t += 100; // one message's worth at 10 a second
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    t += 60_000; // never more than the burst, however long the pause
    expect(Array.from({ length: 8 }, () => bucket.take()).filter(Boolean).length).toBe(5);
  });

  it("counts open connections per address", () => {
    const c = new Counter();
    c.add("a");
    c.add("a");
    c.add("b");
    c.remove("a");
    expect(c.get("a")).toBe(1);
    c.remove("a");
    c.remove("a");
    expect(c.get("a")).toBe(0);
    expect(c.get("b")).toBe(1);
  });
});

describe("the serial queue", () => {
  it("runs tasks one at a time in order, and a failure does not stop the next", async () => {
    const q = new SerialQueue();
    const log: string[] = [];
    const task = (name: string, ms: number, fail = false) =>
      q.run(async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([task("a", 20), task("b", 1, true), task("c", 5)]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });
});
