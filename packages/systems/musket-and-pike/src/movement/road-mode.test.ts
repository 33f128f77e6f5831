import { describe, expect, it } from "vitest";
import type { Action } from "../actions.js";
import { apply } from "../apply.js";
import { legalMoves } from "../legal.js";
import { field } from "../test-support/combat.js";
import { setup } from "../test-support/setup.js";

/*
 * Road Movement Spaces (road-mode.ts, 13.0A) as they constrain each mover.
 * Test map: the road runs down column 05 (0501-0510). Several units are
 * asked about in one position, in both orders, since the constraints on
 * units out of Road Mode are worked out once per position and side.
 */
const move = (unit: string, ...steps: string[]): Action => ({ type: "move", unit, steps });
const roads = { optionalRules: ["road-movement" as const], phase: "movement" as const };
const code = (r: ReturnType<typeof apply>) => (r.ok ? "accepted" : r.error.code);

describe("13.0A Road Movement Spaces", () => {
  it("[13.0A] a unit in Road Mode moves along its own space; another's space stays closed to others in Road Mode", () => {
    const stacks = { "0506": ["B-PP1"], "0509": ["B-PP2"], "1110": ["G-PP1"] };
    // B-PP1's space is 0505-0507; B-PP2 in Road Mode at 0508 would take in 0507.
    const first = field(stacks, { ...roads, roadMode: ["B-PP1"] });
    expect(code(apply(first.ctx, first.position, move("B-PP2", "road-mode", "0508")))).toBe(
      "move/road-space-overlap",
    );
    expect(code(apply(first.ctx, first.position, move("B-PP1", "0507")))).toBe("accepted");
    const second = field(stacks, { ...roads, roadMode: ["B-PP1"] });
    expect(code(apply(second.ctx, second.position, move("B-PP1", "0507")))).toBe("accepted");
    expect(code(apply(second.ctx, second.position, move("B-PP2", "road-mode", "0508")))).toBe(
      "move/road-space-overlap",
    );
  });

  it("[13.0A] errata: only an enemy's Road Movement Space stops a unit out of Road Mode; a friend's does not", () => {
    const { ctx, position } = field(
      { "0506": ["B-PP1"], "0707": ["B-HC1"], "1110": ["G-PP1"] },
      { ...roads, roadMode: ["B-PP1"] },
    );
    const r = apply(ctx, position, move("B-HC1", "0607", "0507", "0508"));
    expect(r.ok && r.value.position.stacks["0508"]).toEqual(["B-HC1"]);
  });

  it("[16.22] a unit entering in Road Mode may do so though a unit on the map was asked about first", () => {
    const { ctx, position } = setup({
      scenario: "16.22",
      phasing: "second",
      phase: "movement",
      options: { optionalRules: ["road-movement"] },
      units: {
        "G-HC01": { side: "second", type: "HC", force: "main" },
        "G-PP02": { side: "second", type: "PP", force: "main" },
        "B-PP01": { side: "first", type: "PP", force: "main" },
      },
      stacks: { "3002": ["G-HC01"], "2220": ["B-PP01"] },
      offMap: { "G-PP02": "awaiting-entry" },
    });
    expect(legalMoves(ctx, position, "G-HC01").ok).toBe(true);
    expect(code(apply(ctx, position, move("G-PP02", "road-mode", "3032")))).toBe("accepted");
  });
  it("[13.0A] a Road Movement Space holds the unit's own hex: no unit converts next to a unit in Road Mode", () => {
    const { ctx, position } = field(
      { "0506": ["B-PP1"], "0507": ["B-PP2"], "1110": ["G-PP1"] },
      { ...roads, roadMode: ["B-PP1"] },
    );
    expect(code(apply(ctx, position, move("B-PP2", "road-mode")))).toBe("move/road-space-overlap");
  });

  it("[13.0A] errata: the space is the road hexes in front and behind, not every neighbour", () => {
    // 0606 is next to G-PP1 at 0506 but off the road: B-HC1 goes on through it.
    const { ctx, position } = field(
      { "0506": ["G-PP1"], "0707": ["B-HC1"] },
      { ...roads, roadMode: ["G-PP1"] },
    );
    const r = apply(ctx, position, move("B-HC1", "0606", "0706"));
    expect(r.ok && r.value.position.stacks["0706"]).toEqual(["B-HC1"]);
  });
});
