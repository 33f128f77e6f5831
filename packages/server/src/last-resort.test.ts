import { describe, expect, it } from "vitest";
import { installLastResort } from "./last-resort.js";
import { newStats } from "./server-stats.js";

/** What Node does with an error no handler caught. */
const raise = (e: Error) =>
  (process.emit as (event: string, ...args: unknown[]) => boolean)("uncaughtException", e);

describe("the process's last resort", () => {
  it("logs and counts an error that escaped every handler, and exits for its supervisor only after a storm of them", () => {
    const stats = newStats();
    const logged: string[] = [];
    const exits: number[] = [];
    const clock = { t: 0 };
    const uninstall = installLastResort(
      (l) => logged.push(l),
      stats,
      () => clock.t,
      (code) => exits.push(code),
    );
    try {
      raise(new Error("one bad input"));
      expect(stats.uncaught).toBe(1);
      expect(logged[0]).toMatch(/an uncaught exception \(the server goes on\): Error: one bad input/);
      expect(exits).toEqual([]);
      // Spread out, many are survived...
      for (let i = 0; i < 30; i++) {
        clock.t += 10_000;
        raise(new Error(`spread ${i}`));
      }
      expect(exits).toEqual([]);
      // ...but more than ten within a minute end the process.
      clock.t += 120_000;
      for (let i = 0; i < 10; i++) raise(new Error("storm"));
      expect(exits).toEqual([]);
      raise(new Error("storm"));
      expect(exits).toEqual([70]);
    } finally {
      uninstall();
    }
  });
});
