import { type Action, legalActions } from "@tercio/musket-and-pike";
import { mapSheet, stackCounters } from "@tercio/render";
import { describe, expect, it } from "vitest";
import { movementPhase, playPositions } from "../test-support.js";
import { cachedStackCounters, newStackCache } from "./stack-cache.js";

const { ctx, position } = movementPhase("16.24");
const { layout } = mapSheet(ctx);

const firstMove = () => {
  const move = legalActions(ctx, position).find(
    (a): a is Extract<Action, { type: "move" }> => a.type === "move" && a.steps.length > 0,
  );
  if (!move) throw new Error("no move in Lutzen's first Movement Phase");
  return move;
};

describe("each stack's counter kept between positions (defect 15)", () => {
  it("draws exactly what the renderer draws", () => {
    const cache = newStackCache();
    expect(cachedStackCounters(cache, layout, ctx, position)).toEqual(stackCounters(layout, ctx, position));
    const after = playPositions(ctx, position, firstMove());
    const spent = new Set([firstMove().unit]);
    expect(cachedStackCounters(cache, layout, ctx, after, spent)).toEqual(
      stackCounters(layout, ctx, after, spent),
    );
  });

  it("[5.1C] a move draws again only the stacks it changed, and reuses the others", () => {
    const cache = newStackCache();
    const before = cachedStackCounters(cache, layout, ctx, position);
    const move = firstMove();
    const from = Object.entries(position.stacks).find(([, ids]) => ids.includes(move.unit))?.[0];
    const after = playPositions(ctx, position, move);
    const to = Object.entries(after.stacks).find(([, ids]) => ids.includes(move.unit))?.[0];
    const drawn = cachedStackCounters(cache, layout, ctx, after);
    const old = new Map(before.map((s) => [s.hex, s]));
    const redrawn = drawn.filter((s) => old.get(s.hex) !== s).map((s) => s.hex);
    expect(redrawn.sort()).toEqual([from, to].filter((h) => h !== undefined && h in after.stacks).sort());
    expect(redrawn.length).toBeGreaterThan(0);
  });

  it("[8.4] a Disrupted marker, a square (12.0) or a spent stack draws the stack again", () => {
    const cache = newStackCache();
    const [hex, ids] = Object.entries(position.stacks)[0] ?? [];
    if (!hex || !ids?.[0]) throw new Error("no stack");
    const top = ids[0];
    const before = cachedStackCounters(cache, layout, ctx, position).find((s) => s.hex === hex);
    const unit = position.units[top];
    if (!unit) throw new Error("no unit");
    const disrupted = { ...position, units: { ...position.units, [top]: { ...unit, disrupted: true } } };
    const d = cachedStackCounters(cache, layout, ctx, disrupted).find((s) => s.hex === hex);
    expect(d).not.toBe(before);
    expect(d?.marks).not.toBe(before?.marks);
    const squared = { ...disrupted, squares: [hex] };
    const q = cachedStackCounters(cache, layout, ctx, squared).find((s) => s.hex === hex);
    expect(q).not.toBe(d);
    const s = cachedStackCounters(cache, layout, ctx, squared, new Set(ids)).find((c) => c.hex === hex);
    expect(s?.spent).toBe(true);
    // The same records again, in a copy of the position: the same counter.
    const copy = structuredClone(squared);
    expect(cachedStackCounters(cache, layout, ctx, copy, new Set(ids)).find((c) => c.hex === hex)).toBe(s);
  });

  it("[5.1C] a change of phase fades a stack or brings it back, as the renderer draws it", () => {
    const cache = newStackCache();
    const ids = Object.values(position.stacks)[0] ?? [];
    const spent = new Set(ids);
    cachedStackCounters(cache, layout, ctx, position);
    expect(cachedStackCounters(cache, layout, ctx, position, spent)).toEqual(
      stackCounters(layout, ctx, position, spent),
    );
    expect(cachedStackCounters(cache, layout, ctx, position)).toEqual(stackCounters(layout, ctx, position));
  });
});
