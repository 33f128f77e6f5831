import { unitHexes } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { optionsOf } from "../interaction.js";
import { movementPhase, opening } from "../test-support.js";
import { entryHexes, focusOf } from "./focus.js";

describe("what the view follows", () => {
  it("[16.0] frames the zone being deployed in", () => {
    const { ctx, position } = opening("16.24");
    const options = optionsOf(ctx, position);
    const zone = new Set([...options.deploy.values()].flatMap((s) => [...s]));
    const f = focusOf(ctx, position, options);
    expect(new Set(f.hexes)).toEqual(zone);
  });

  it("[5.1] frames the units that may still move and where the reinforcements enter (Lützen)", () => {
    const { ctx, position } = movementPhase("16.24");
    const options = optionsOf(ctx, position);
    const f = focusOf(ctx, position, options);
    const at = unitHexes(position);
    const entries = entryHexes(ctx, position, options);
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(f.hexes).toContain(e);
    for (const u of options.movable) {
      const h = at.get(u);
      if (h) expect(f.hexes).toContain(h);
    }
    // Only the side to act's units: no enemy stack is framed for its own sake.
    for (const h of f.hexes) {
      const ids = position.stacks[h];
      if (ids && !entries.includes(h))
        expect(ids.some((id) => position.units[id]?.side === position.phasing)).toBe(true);
    }
  });

  it("frames the side's own units when the screen has no actions to offer (the AI's turn)", () => {
    const { ctx, position } = movementPhase("16.24");
    const f = focusOf(ctx, position, undefined);
    expect(f.hexes.length).toBeGreaterThan(0);
    for (const h of f.hexes)
      expect(position.stacks[h]?.some((id) => position.units[id]?.side === position.phasing)).toBe(true);
  });

  it("keys a new frame to each phase, and a hand's pan to the side", () => {
    const { ctx, position } = movementPhase("16.24");
    const a = focusOf(ctx, position, undefined);
    const b = focusOf(ctx, { ...position, phase: "melee" }, undefined);
    const c = focusOf(ctx, { ...position, phasing: "second" }, undefined);
    expect(b.key).not.toBe(a.key);
    expect(b.sideKey).toBe(a.sideKey);
    expect(c.sideKey).not.toBe(a.sideKey);
  });
});
