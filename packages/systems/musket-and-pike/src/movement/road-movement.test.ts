import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { assessAttack } from "../combat/assess.js";
import { distance, indexOfId } from "../hex/grid.js";
import { legalActions, legalMoves } from "../legal.js";
import { attack, eventsOf, field, playWithDice, resolve } from "../test-support/combat.js";
import { deployed, expectRefused } from "../test-support/setup.js";

/*
 * Test map: the road runs down column 05 (0501-0510), through woods at 0502
 * and 0503 and over the bridge at 0505 (the stream is row 05).
 */
const roads = { optionalRules: ["road-movement" as const], phase: "movement" as const };
const move = (unit: string, ...steps: string[]) => ({ type: "move" as const, unit, steps });

function destinations(
  stacks: Record<string, string[]>,
  unit: string,
  options: Parameters<typeof field>[1] = roads,
) {
  const { ctx, position } = field(stacks, options);
  const r = legalMoves(ctx, position, unit);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.destinations;
}

describe("13.0 road movement, advanced (optional)", () => {
  it("[13.0] only units in Road Mode use the road: converting costs 1 MP, then 1/2 MP a road hex", () => {
    const d = destinations({ "0506": ["B-PP1"], "1110": ["G-PP1"] }, "B-PP1");
    // Out of Road Mode 0510 is 4 MP away, beyond a PP's 3; in Road Mode 1 + 4 x 1/2 = 3.
    expect(d.filter((x) => x.hex === "0510")).toEqual([
      {
        hex: "0510",
        cost: 3,
        steps: ["road-mode", "0507", "0508", "0509", "0510"],
        canUnlimber: false,
        roadMode: true,
      },
    ]);
    expect(d.find((x) => x.hex === "0508" && !x.roadMode)?.cost).toBe(2);
    // With the basic rule (5.3K) every unit uses the road rate.
    const basic = destinations({ "0506": ["B-PP1"], "1110": ["G-PP1"] }, "B-PP1", { phase: "movement" });
    expect(basic.find((x) => x.hex === "0510")?.cost).toBe(2);
  });

  it("[13.0D] a bridge is crossed at the road rate only in Road Mode; otherwise it costs 3 MP", () => {
    const { ctx, position } = field({ "0506": ["B-HC1"], "1110": ["G-PP1"] }, roads);
    const plain = playWithDice(ctx, position, [], move("B-HC1", "0505"));
    expect(eventsOf(plain.events, "unit-moved")[0]?.cost).toBe(3);
    const marching = playWithDice(ctx, position, [], move("B-HC1", "road-mode", "0505"));
    expect(eventsOf(marching.events, "unit-moved")[0]?.cost).toBe(1.5);
  });

  it("[13.0] [9.0] out of Road Mode the road through woods is woods: guns pass it only in Road Mode", () => {
    const { ctx, position } = field(
      { "0504": ["B-LA1"], "1110": ["G-PP1"] },
      { ...roads, limbered: ["B-LA1"] },
    );
    expectRefused(apply(ctx, position, move("B-LA1", "0503")), "9.0", "move/terrain-prohibited");
    expect(apply(ctx, position, move("B-LA1", "road-mode", "0503")).ok).toBe(true);
  });

  it("[13.0A] no unit moving in Road Mode overlaps its Road Movement Space with another's", () => {
    const { ctx, position } = field(
      { "0506": ["B-PP1"], "0510": ["B-PP2"], "1110": ["G-PP1"] },
      { ...roads, roadMode: ["B-PP1"] },
    );
    // B-PP1's space is 0505-0507; B-PP2 in Road Mode at 0509 (space 0508-0510) is clear of it, at 0508 it is not.
    expect(apply(ctx, position, move("B-PP2", "road-mode", "0509")).ok).toBe(true);
    expectRefused(
      apply(ctx, position, move("B-PP2", "road-mode", "0509", "0508")),
      "13.0A",
      "move/road-space-overlap",
    );
  });

  it("[13.0A] errata: a unit not in Road Mode stops on entering an enemy's Road Movement Space", () => {
    const { ctx, position } = field(
      { "0506": ["G-PP1"], "0707": ["B-HC1"] },
      { ...roads, roadMode: ["G-PP1"] },
    );
    expect(apply(ctx, position, move("B-HC1", "0607", "0507")).ok).toBe(true);
    expectRefused(
      apply(ctx, position, move("B-HC1", "0607", "0507", "0508")),
      "13.0A",
      "move/road-space-stop",
    );
    const r = legalMoves(ctx, position, "B-HC1");
    expect(r.ok && r.value.destinations.some((x) => x.steps.includes("0507") && x.hex !== "0507")).toBe(
      false,
    );
  });

  it("[13.0B] friendly units not in Road Mode do not hinder a unit in Road Mode", () => {
    const { ctx, position } = field(
      { "0506": ["B-PP1"], "0507": ["B-MP1"], "1110": ["G-PP1"] },
      { ...roads, roadMode: ["B-PP1"] },
    );
    const s = playWithDice(ctx, position, [], move("B-PP1", "0507", "0508"));
    expect(eventsOf(s.events, "unit-moved")[0]?.cost).toBe(1);
  });

  it("[13.0C] a unit in Road Mode may not attack", () => {
    const { ctx, position } = field(
      { "0506": ["B-EP1"], "0507": ["G-PP1"] },
      { ...roads, phase: "melee", roadMode: ["B-EP1"] },
    );
    expectRefused(apply(ctx, position, attack("B-EP1", "0507")), "13.0C", "combat/road-mode");
  });

  it("[13.0E] a unit in Road Mode stays the topmost unit of its stack", () => {
    const { ctx, position } = field(
      { "0506": ["B-PP1"], "0606": ["B-MP1"], "1110": ["G-PP1"] },
      { ...roads, roadMode: ["B-PP1"] },
    );
    const s = playWithDice(ctx, position, [], move("B-MP1", "0506"));
    expect(s.position.stacks["0506"]).toEqual(["B-PP1", "B-MP1"]);
    expectRefused(
      apply(ctx, s.position, { type: "reorder", hex: "0506", order: ["B-MP1", "B-PP1"] }),
      "13.0E",
      "reorder/road-mode",
    );
    expect(legalActions(ctx, s.position).filter((a) => a.type === "reorder")).toEqual([]);
  });

  it("[13.0F] a unit in Road Mode is halved in defence against fire and melee", () => {
    const shot = field(
      { "0508": ["B-PM1"], "0506": ["G-PP1"] },
      { ...roads, phase: "fire", roadMode: ["G-PP1"] },
    );
    const f = assessAttack(shot.ctx, shot.position, {
      kind: "fire",
      attackers: ["B-PM1"],
      targets: ["0506"],
    });
    expect(f.ok && f.value.protection).toEqual({ hex: "0506", strength: 1, rule: "13.0F" });
    const melee = field(
      { "0606": ["B-PP1"], "0506": ["G-PP1"] },
      { ...roads, phase: "melee", roadMode: ["G-PP1"] },
    );
    const m = assessAttack(melee.ctx, melee.position, {
      kind: "melee",
      attackers: ["B-PP1"],
      targets: ["0506"],
    });
    expect(m.ok && [m.value.attack, m.value.defence, m.value.odds]).toEqual([4, 2, "2-1"]);
  });

  it("[13.0F] disrupted, a unit first leaves Road Mode (1 MP) and then retreats with what is left", () => {
    const { ctx, position } = field(
      { "0606": ["B-EP1"], "0506": ["G-PP1"] },
      { ...roads, phase: "melee", roadMode: ["G-PP1"] },
    );
    // EP 6 against PP 4 halved to 2: 3-1; a 3 is D. The PP leaves Road Mode and retreats 2 MP, not 3.
    const s = playWithDice(ctx, position, [3], attack("B-EP1", "0506"), resolve("0506"));
    expect(s.position.units["G-PP1"]).toMatchObject({ roadMode: false, disrupted: true });
    const options = s.position.decision?.kind === "retreat" ? legalActions(ctx, s.position) : [];
    const ends = [
      ...eventsOf(s.events, "unit-retreated").map((e) => e.to),
      ...options.map((a) => (a.type === "retreat" ? a.to : "")),
    ];
    expect(ends.length).toBeGreaterThan(0);
    // Two MP of clear ground (no road rate out of Road Mode): no end more than 2 hexes from 0506.
    for (const hex of ends)
      expect(
        distance(ctx.map.grid, indexOfId(ctx.map.grid, "0506"), indexOfId(ctx.map.grid, hex)),
      ).toBeLessThanOrEqual(2);
  });

  it("[13.0G] units convert in and out of Road Mode as often as their Movement Points allow", () => {
    const { ctx, position } = field({ "0507": ["B-HC1"], "1110": ["G-PP1"] }, roads);
    const s = playWithDice(
      ctx,
      position,
      [],
      move("B-HC1", "road-mode", "0508", "0509", "leave-road-mode", "0609"),
    );
    expect(eventsOf(s.events, "unit-moved")[0]?.cost).toBe(4);
    expect(s.position.units["B-HC1"]?.roadMode).toBe(false);
    const staying = playWithDice(ctx, position, [], move("B-HC1", "road-mode"));
    expect(staying.position.units["B-HC1"]?.roadMode).toBe(true);
    expectRefused(
      apply(ctx, position, move("B-HC1", "0607", "road-mode")),
      "13.0",
      "move/road-mode-off-road",
    );
  });
});

describe("16.22 Fleurus", () => {
  it("[16.22] the Protestants may enter the map in Road Movement Mode", () => {
    const { ctx, position } = deployed("16.22", 1);
    const movement = playWithDice(
      ctx,
      position,
      [],
      { type: "end-phase" },
      { type: "end-phase" },
      { type: "end-phase" },
      { type: "end-phase" },
    );
    expect(movement.position).toMatchObject({ phasing: "second", phase: "movement" });
    const entering =
      Object.keys(movement.position.units).find((id) => movement.position.offMap[id] === "awaiting-entry") ??
      "";
    const r = legalMoves(ctx, movement.position, entering);
    if (!r.ok) throw new Error(r.error.message);
    const inRoadMode = r.value.destinations.find((d) => d.roadMode && d.steps[0] === "road-mode");
    expect(inRoadMode?.steps.slice(0, 2)).toEqual(["road-mode", "3032"]);
    const steps = [...(inRoadMode?.steps ?? [])];
    const s = playWithDice(ctx, movement.position, [], { type: "move", unit: entering, steps });
    expect(s.position.units[entering]?.roadMode).toBe(true);
  });
});
