import { findPolicy } from "@tercio/ai";
import { contextCache, seedPrng } from "@tercio/core";
import { loadSystem } from "@tercio/systems";
import { describe, expect, it } from "vitest";
import { answer, type Held, type Loaded } from "./answer.js";
import type { AiRequest } from "./protocol.js";

const loaded = (() => {
  const system = loadSystem("musket-and-pike");
  if (!system.ok) throw new Error(system.error.message);
  return { system: system.value, contexts: contextCache(system.value) } satisfies Loaded;
})();
const load = () => loaded;
const players = () => {
  const made = new Map<string, ReturnType<typeof findPolicy>>();
  return (system: string, level: string, seat: string) => {
    const key = `${system}/${level}/${seat}`;
    if (!made.has(key)) made.set(key, findPolicy(system, level));
    const p = made.get(key);
    if (!p) throw new Error("no level");
    return p;
  };
};

const setup = { scenario: "16.31", options: { optionalRules: [] } };
describe("the AI worker's answers", () => {
  it("continues from the position it holds, its answer applied, as if the page had sent that position whole", () => {
    const ctx = loaded.contexts(setup);
    if (!ctx.ok) throw new Error(ctx.error.message);
    const parsed = loaded.system.parseSetup(setup);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const opened = loaded.system.open(ctx.value, parsed.value, seedPrng(1));
    if (!opened.ok) throw new Error(opened.error.message);
    const base = { system: "musket-and-pike", setup, level: "greedy" } as const;
    // A run of questions, the first with the position, the others after the one before: deployment,
    // moves and combats, whose dice come from the position's generator on both sides alike.
    let page = opened.value.position as unknown;
    let held: Held | undefined;
    const byContinuing = players();
    const byWhole = players();
    const kinds = new Set<string>();
    for (let id = 1; id <= 150; id++) {
      const seed = 1000 + id;
      const req: AiRequest =
        id === 1 ? { ...base, id, seed, position: page } : { ...base, id, seed, after: id - 1 };
      const done = answer(req, load, byContinuing, held);
      const whole = answer({ ...base, id, seed, position: page }, load, byWhole, undefined);
      expect(done.reply).toEqual(whole.reply);
      if (!done.reply.ok) throw new Error(done.reply.message);
      kinds.add((done.reply.action as { type: string }).type);
      const action = loaded.system.parseAction(done.reply.action);
      if (!action.ok) throw new Error(action.error.message);
      const step = loaded.system.apply(ctx.value, page, action.value);
      if (!step.ok) throw new Error(step.error.message);
      page = step.value.position;
      held = done.held;
      expect(held?.id).toBe(id);
      expect(loaded.system.hash(held?.position)).toBe(loaded.system.hash(page));
    }
    expect([...kinds]).toEqual(expect.arrayContaining(["deploy", "move", "resolve"]));
  });

  it("answers 'stale' for a position it does not hold, so the page sends it whole", () => {
    const base = { system: "musket-and-pike", setup, level: "random", seed: 1 } as const;
    const none = answer({ ...base, id: 5, after: 4 }, load, players(), undefined);
    expect(none).toEqual({ reply: { id: 5, ok: false, message: "stale", stale: true }, held: undefined });
    const held: Held = { id: 4, key: `musket-and-pike\n\n${JSON.stringify(setup)}`, position: {} };
    expect(answer({ ...base, id: 5, after: 3 }, load, players(), held).reply).toMatchObject({ stale: true });
    // Another scenario's position is never taken for this one.
    const other = { ...base, setup: { scenario: "16.21", options: { optionalRules: [] } } };
    expect(answer({ ...other, id: 5, after: 4 }, load, players(), held).reply).toMatchObject({ stale: true });
  });
});
