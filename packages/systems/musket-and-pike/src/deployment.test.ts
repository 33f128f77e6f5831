import { describe, expect, it } from "vitest";
import { apply } from "./apply.js";
import { type Catalog, catalogWithRules, zoneKey } from "./context.js";
import { autoDeploy, describeDeployment } from "./deployment.js";
import { distance, idOf, indexOfId } from "./hex/grid.js";
import { keyHex } from "./map/map-context.js";
import { newGame } from "./new-game.js";
import { DEFAULT_RULES_JSON } from "./rules-data/load.js";
import type { Position } from "./state/position.js";
import { field } from "./test-support/combat.js";
import { ctxFor, expectRefused, play } from "./test-support/setup.js";
import testMapJson from "./test-support/test-map.json" with { type: "json" };

const end = { type: "end-phase" } as const;

function opening(scenario: string) {
  const ctx = ctxFor(scenario);
  const r = newGame(ctx, { seed: 5 });
  if (!r.ok) throw new Error(r.error.message);
  return { ctx, position: r.value.position };
}

/** The test map with Dunbar's row (hex 8 to hex 3) laid down column 08, within reach of hex 10 (1010). */
const rowDownColumn8: Catalog = (() => {
  const r = catalogWithRules(DEFAULT_RULES_JSON, {
    ...testMapJson,
    keyHexes: { ...testMapJson.keyHexes, "8": "0806", "3": "0810" },
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

const undeployed = (p: Position, side: string) =>
  Object.entries(p.offMap).filter(([id, s]) => s === "undeployed" && p.units[id]?.side === side);

describe("deployment (16.0)", () => {
  it("[16.0] the First Player deploys, then the Second, then Game-Turn 1 begins with the First Player", () => {
    const { ctx, position } = opening("16.31");
    expect([position.phase, position.phasing]).toEqual(["deployment", "first"]);
    const afterFirst = play(ctx, position, ...autoDeploy(ctx, position), end).position;
    expect([afterFirst.phase, afterFirst.phasing]).toEqual(["deployment", "second"]);
    expect(undeployed(afterFirst, "first")).toEqual([]);
    const started = play(ctx, afterFirst, ...autoDeploy(ctx, afterFirst), end).position;
    expect([started.gameTurn, started.phase, started.phasing]).toEqual([1, "fire", "first"]);
  });

  it("[16.0] the Second Player does not deploy before the First, and every unit must be set up", () => {
    const { ctx, position } = opening("16.31");
    const green = Object.keys(position.units).find((id) => position.units[id]?.side === "second") ?? "";
    expectRefused(
      apply(ctx, position, { type: "deploy", unit: green, hex: "1408" }),
      "16.0",
      "deploy/not-your-turn",
    );
    const e = expectRefused(apply(ctx, position, end), "16.0", "deploy/incomplete");
    expect(e.message).toMatch(/Parliamentarians still has 16 unit\(s\) to deploy/);
  });

  it("[16.31] units deploy within their zone: Parliamentarians within four hexes of hex 4", () => {
    const { ctx, position } = opening("16.31");
    const four = keyHex(ctx.map, 4);
    const inside = idOf(ctx.map.grid, four);
    play(ctx, position, { type: "deploy", unit: "B-MP01", hex: inside });
    const far =
      ctx.map.grid.ids.find((id) => distance(ctx.map.grid, indexOfId(ctx.map.grid, id), four) === 5) ?? "";
    const e = expectRefused(
      apply(ctx, position, { type: "deploy", unit: "B-MP01", hex: far }),
      "16.31",
      "deploy/outside-zone",
    );
    expect(e.message).toBe(`16.31: B-MP01 deploys within 4 hexes of hex 4; ${far} is not`);
  });

  it("[16.0] a deployed unit may be placed again or taken back before deployment ends", () => {
    const { ctx, position } = opening("16.31");
    const four = idOf(ctx.map.grid, keyHex(ctx.map, 4));
    const p = play(
      ctx,
      position,
      { type: "deploy", unit: "B-MP01", hex: four },
      { type: "deploy", unit: "B-MP01", hex: "2414" },
    );
    expect(p.position.stacks[four]).toBeUndefined();
    expect(p.position.stacks["2414"]).toEqual(["B-MP01"]);
    const back = play(ctx, p.position, { type: "undeploy", unit: "B-MP01" }).position;
    expect(back.offMap["B-MP01"]).toBe("undeployed");
  });

  it("[5.4L] guns set up unlimbered unless the player chooses otherwise; guns that cannot move are never limbered", () => {
    const { ctx, position } = opening("16.21");
    const first = play(ctx, position, ...autoDeploy(ctx, position), end).position;
    const twelve = keyHex(ctx.map, 12);
    const hex = ctx.map.grid.ids.find((id) => {
      const h = indexOfId(ctx.map.grid, id);
      return (
        distance(ctx.map.grid, h, twelve) <= 2 && ctx.map.data.terrain[h % 32]?.[Math.floor(h / 32)] === "."
      );
    });
    expectRefused(
      apply(ctx, first, { type: "deploy", unit: "G-EA01", hex: hex ?? "", limbered: true }),
      "5.4L",
    );
    expect(
      play(ctx, first, { type: "deploy", unit: "G-EA01", hex: hex ?? "" }).position.units["G-EA01"]?.limbered,
    ).toBe(false);
  });

  it("[16.22] a side whose whole army enters from a map edge does not deploy: the Protestants at Fleurus", () => {
    const { ctx, position } = opening("16.22");
    const p = play(ctx, position, ...autoDeploy(ctx, position), end).position;
    expect([p.gameTurn, p.phase, p.phasing]).toEqual([1, "fire", "first"]);
    const waiting = Object.values(p.offMap).filter((s) => s === "awaiting-entry");
    expect(waiting).toHaveLength(16 + 12 + 10 + 6 + 2);
  });

  it("[16.37] Dunbar: at least one Royalist unit on every hex of the row from hex 8 to hex 3", () => {
    const { ctx, position } = opening("16.37");
    const royalists = play(ctx, position, ...autoDeploy(ctx, position), end).position;
    const zone = ctx.zones.get(zoneKey("second", "main"));
    expect(zone?.kind === "deploy" && zone.mustOccupy.length).toBeGreaterThanOrEqual(5);
    const placed = play(ctx, royalists, ...autoDeploy(ctx, royalists)).position;
    if (zone?.kind !== "deploy") return;
    for (const h of zone.mustOccupy) expect(placed.stacks[idOf(ctx.map.grid, h)]?.length).toBeGreaterThan(0);
    // Empty one row hex by moving its units elsewhere in the zone: deployment may not end.
    const rowHex = idOf(ctx.map.grid, zone.mustOccupy[2] ?? 0);
    const spare = zone.hexes
      .map((h) => idOf(ctx.map.grid, h))
      .filter((id) => !placed.stacks[id] && !zone.mustOccupy.includes(indexOfId(ctx.map.grid, id)));
    let p = placed;
    for (const [i, id] of (placed.stacks[rowHex] ?? []).entries()) {
      p = play(ctx, p, { type: "deploy", unit: id, hex: spare[i] ?? "" }).position;
    }
    const e = expectRefused(apply(ctx, p, end), "16.37", "deploy/row-unoccupied");
    expect(e.hex).toBe(rowHex);
  });

  it("[16.37] Dunbar: a row hex counts only with a Royalist unit on it, not with the enemy's", () => {
    // The zones never meet on the game's map. On the test map with the row from hex 8 to hex 3 laid
    // down column 08 (0806 to 0810), the Parliamentarians' zone (within four hexes of hex 10, 1010)
    // takes in 0810, and a Parliamentarian set up there keeps the Royalists out of it (5.2F).
    const { ctx, position } = field(
      {
        "0806": ["G-PP1"],
        "0807": ["G-PP2"],
        "0808": ["G-PP3"],
        "0809": ["G-PP4"],
        "0810": ["B-PP1"],
      },
      { scenario: "16.37", phase: "deployment", phasing: "second", catalog: rowDownColumn8 },
    );
    const e = expectRefused(apply(ctx, position, end), "16.37", "deploy/row-unoccupied");
    expect(e).toMatchObject({
      message: "16.37: at least one unit must be placed on every hex of the row, including 0810",
      hex: "0810",
    });
    expectRefused(
      apply(ctx, position, { type: "deploy", unit: "G-PP4", hex: "0810" }),
      "5.2F",
      "deploy/enemy-hex",
    );
  });

  it("[16.13] Nieuport: the fleet sets up west of the stream, the Dutch army around hex 6 on land", () => {
    const { ctx, position } = opening("16.13");
    const dutch = play(ctx, position, ...autoDeploy(ctx, position), end).position;
    const set = play(ctx, dutch, ...autoDeploy(ctx, dutch)).position;
    const sea = ctx.fleetWater;
    expect(sea).not.toBeNull();
    for (const [hex, ids] of Object.entries(set.stacks)) {
      const h = indexOfId(ctx.map.grid, hex);
      for (const id of ids) expect(sea?.[h] === 1, `${id} at ${hex}`).toBe(set.units[id]?.role === "fleet");
    }
    expectRefused(
      apply(ctx, dutch, { type: "deploy", unit: "G-HA01", hex: idOf(ctx.map.grid, keyHex(ctx.map, 6)) }),
      "16.13",
    );
    expect(describeDeployment({ kind: "region", region: "north-sea" })).toBe("in the north sea");
  });

  it("[16.0] setting a unit up on a victory hex gives its side control of it: hex 9 at Dunkirk Dunes", () => {
    const { ctx, position } = opening("16.26");
    const english = play(ctx, position, ...autoDeploy(ctx, position), end).position;
    const nine = idOf(ctx.map.grid, keyHex(ctx.map, 9));
    const step = play(ctx, english, { type: "deploy", unit: "G-PP01", hex: nine });
    expect(step.position.control).toEqual({ [nine]: "second" });
    expect(step.events).toContainEqual({ type: "control-changed", hex: nine, side: "second" });
  });
});
