import { describe, expect, it } from "vitest";
import { KeyedQueue } from "./keyed-queue.js";

describe("KeyedQueue", () => {
  it("runs one key's tasks one at a time in order, other keys beside them, past a failure, and forgets idle keys", async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      async () => {
        log.push(`${name} starts`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`${name} ends`);
        if (fail) throw new Error(name);
        return name;
      };
    const a1 = queue.run("a", task("a1", 30, true));
    const a2 = queue.run("a", task("a2", 5));
    const b1 = queue.run("b", task("b1", 5));
    expect(queue.size).toBe(2);
    await expect(a1).rejects.toThrow("a1");
    expect(await a2).toBe("a2");
    expect(await b1).toBe("b1");
    expect(log).toEqual(["a1 starts", "b1 starts", "b1 ends", "a1 ends", "a2 starts", "a2 ends"]);
    await new Promise((r) => setTimeout(r, 0));
    expect(queue.size).toBe(0);
  });
});
