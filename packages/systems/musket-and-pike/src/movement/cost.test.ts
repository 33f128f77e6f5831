import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import type { GameContext } from "../context.js";
import { legalMoves } from "../legal.js";
import type { Position } from "../state/position.js";
import { eventsOf, field, playWithDice } from "../test-support/combat.js";
import { expectRefused, setup } from "../test-support/setup.js";

const move = (unit: string, ...steps: string[]) => ({ type: "move" as const, unit, steps });

function costOf(ctx: GameContext, position: Position, unit: string, hex: string): number | undefined {
  const r = legalMoves(ctx, position, unit);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.destinations.find((d) => d.hex === hex)?.cost;
}

/** Nieuport (16.13): the east road runs 3012-3112-3211-3312-3411; the stream hexes 0608-0613 border clear ground. */
function nieuport(
  phasing: "first" | "second",
  units: Record<string, string>,
  stacks: Record<string, string[]>,
) {
  const records = Object.fromEntries(
    Object.entries(units).map(([id, type]) => [
      id,
      id.startsWith("G-HA")
        ? { side: "second" as const, type: "HA" as const, force: "fleet", role: "fleet" as const }
        : {
            side: id.startsWith("B") ? ("first" as const) : ("second" as const),
            type: type as "PP",
            force: "main",
            limbered: type === "MA",
          },
    ]),
  );
  return setup({ scenario: "16.13", phasing, phase: "movement", units: records, stacks });
}

describe("movement costs", () => {
  it("[5.3K] [16.13] where the fleet has its waters, the other units still march along a road at 1/2 MP a hex", () => {
    const { ctx, position } = nieuport(
      "first",
      { "B-PP01": "PP", "G-PP01": "PP" },
      { "3012": ["B-PP01"], "3020": ["G-PP01"] },
    );
    expect(costOf(ctx, position, "B-PP01", "3411")).toBe(2);
  });

  it("[16.13] no unit but the fleet enters the stream, and the fleet never goes ashore", () => {
    const land = nieuport(
      "first",
      { "B-PP01": "PP", "G-PP01": "PP" },
      { "0709": ["B-PP01"], "3020": ["G-PP01"] },
    );
    const wet = expectRefused(
      apply(land.ctx, land.position, move("B-PP01", "0609")),
      "16.13",
      "move/fleet-water",
    );
    expect(wet).toMatchObject({
      message: "16.13: no unit but the fleet may enter the stream or the North Sea (0609)",
      unit: "B-PP01",
      hex: "0609",
    });
    const sea = nieuport(
      "second",
      { "G-HA01": "HA", "B-PP01": "PP" },
      { "0609": ["G-HA01"], "3020": ["B-PP01"] },
    );
    const ashore = expectRefused(
      apply(sea.ctx, sea.position, move("G-HA01", "0709")),
      "16.13",
      "move/fleet-ashore",
    );
    expect(ashore).toMatchObject({
      message: "16.13: the fleet may only move in the stream and the sea, not 0709",
      unit: "G-HA01",
      hex: "0709",
    });
  });

  it("[9.0] [16.13] at Nieuport a gun kept out of woods is kept out by the Terrain Effects Chart, not by the fleet rule", () => {
    const { ctx, position } = nieuport(
      "first",
      { "B-MA01": "MA", "G-PP01": "PP" },
      { "1128": ["B-MA01"], "3020": ["G-PP01"] },
    );
    const e = expectRefused(apply(ctx, position, move("B-MA01", "1129")), "9.0", "move/terrain-prohibited");
    expect(e).toMatchObject({
      message: "9.0: artillery may not enter woods (hex 1129)",
      unit: "B-MA01",
      hex: "1129",
    });
  });

  it("[5.3K] a unit coming back along the road into the hex it left finds no other unit there: 1/2 MP", () => {
    // Test map: the road runs down column 05.
    const { ctx, position } = field({ "0507": ["B-PP1"], "1110": ["G-PP1"] }, { phase: "movement" });
    const s = playWithDice(ctx, position, [], move("B-PP1", "0508", "0507"));
    expect(eventsOf(s.events, "unit-moved")[0]?.cost).toBe(1);
  });
});

describe("5.3K / 12.2B: moves listed again after the position changes", () => {
  // The same game context throughout, so that the searches of the first listing are remembered.
  const base = () =>
    field({ "0506": ["B-PP1"], "0608": ["B-PP2"], "1110": ["G-PP1"] }, { phase: "movement" });
  const withStacks = (p: Position, stacks: Position["stacks"]): Position => ({ ...p, stacks });

  it("[5.3K] a friend now on the road ahead: the road rate into his hex is lost", () => {
    const { ctx, position } = base();
    expect(costOf(ctx, position, "B-PP1", "0510")).toBe(2);
    const after = playWithDice(ctx, position, [], move("B-PP2", "0508")).position;
    expect(costOf(ctx, after, "B-PP1", "0508")).toBe(1.5);
    expect(costOf(ctx, after, "B-PP1", "0510")).toBe(2.5);
  });

  it("[5.3K] the friend gone again: the road rate is back", () => {
    const { ctx, position } = base();
    const crowded = withStacks(position, { ...position.stacks, "0508": ["B-PP2"], "0608": [] });
    delete (crowded.stacks as Record<string, unknown>)["0608"];
    expect(costOf(ctx, crowded, "B-PP1", "0510")).toBe(2.5);
    expect(costOf(ctx, position, "B-PP1", "0510")).toBe(2);
  });

  it("[5.3K] a friend arriving on the road from out of the search's sight is seen too", () => {
    const { ctx, position } = field(
      { "0506": ["B-PP1"], "1201": ["B-PP2"], "1110": ["G-PP1"] },
      { phase: "movement" },
    );
    expect(costOf(ctx, position, "B-PP1", "0510")).toBe(2);
    const crowded = withStacks(position, { "0506": ["B-PP1"], "0508": ["B-PP2"], "1110": ["G-PP1"] });
    expect(costOf(ctx, crowded, "B-PP1", "0510")).toBe(2.5);
  });

  it("[5.2F] an enemy now on the road ahead: the unit may not pass him", () => {
    const { ctx, position } = base();
    expect(costOf(ctx, position, "B-PP1", "0509")).toBe(1.5);
    const blocked = withStacks(position, { "0506": ["B-PP1"], "0608": ["B-PP2"], "0508": ["G-PP1"] });
    expect(costOf(ctx, blocked, "B-PP1", "0508")).toBeUndefined();
    // Round the enemy off the road (0507, 0407, 0408) 0509 is 3 1/2 MP away, beyond a PP's 3.
    expect(costOf(ctx, blocked, "B-PP1", "0408")).toBe(2.5);
    expect(costOf(ctx, blocked, "B-PP1", "0509")).toBeUndefined();
  });

  it("[5.2F] an enemy now in a hex off the road, then gone again: the hex is closed, then open", () => {
    const { ctx, position } = base();
    expect(costOf(ctx, position, "B-PP1", "0406")).toBe(1);
    const held = withStacks(position, { ...position.stacks, "0406": ["G-PP1"] });
    delete (held.stacks as Record<string, unknown>)["1110"];
    expect(costOf(ctx, held, "B-PP1", "0406")).toBeUndefined();
    expect(costOf(ctx, position, "B-PP1", "0406")).toBe(1);
  });

  it("[12.2B] a friendly square now ahead: no other unit moves into or through it", () => {
    const { ctx, position } = base();
    expect(costOf(ctx, position, "B-PP1", "0608")).toBe(2);
    const r = legalMoves(ctx, position, "B-PP1");
    const path = (r.ok && r.value.destinations.find((d) => d.hex === "0608")?.steps) || [];
    const squared: Position = { ...position, squares: ["0608"] };
    expect(costOf(ctx, squared, "B-PP1", "0608")).toBeUndefined();
    // The hex is friendly: the refusal is the square's (12.2B), not an enemy's (5.2F).
    const e = expectRefused(apply(ctx, squared, move("B-PP1", ...path)), "12.2B", "move/square");
    expect(e).toMatchObject({
      unit: "B-PP1",
      hex: "0608",
      message: "12.2(B): no unit may move into or through the square in 0608",
    });
  });
});

describe("units on the map and units entering it", () => {
  it("[5.1A] a unit in the hex numbered 1 on the grid (0102) moves from it like any other", () => {
    // Off the map is hex number -1: no hex of the grid may be taken for it.
    const { ctx, position } = field({ "0102": ["B-PP1"], "1110": ["G-PP1"] }, { phase: "movement" });
    expect(costOf(ctx, position, "B-PP1", "0103")).toBe(1);
    expect(costOf(ctx, position, "B-PP1", "0104")).toBe(2);
  });
});
