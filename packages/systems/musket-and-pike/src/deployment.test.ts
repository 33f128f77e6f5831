import { describe, expect, it } from "vitest";
import { apply } from "./apply.js";
import { type Catalog, catalogWithRules, gameContext, zoneKey } from "./context.js";
import { autoDeploy, describeDeployment, groundError } from "./deployment.js";
import { distance, idOf, indexOfId } from "./hex/grid.js";
import { keyHex } from "./map/map-context.js";
import { newGame } from "./new-game.js";
import { DEFAULT_RULES_JSON } from "./rules-data/load.js";
import { stackingLimit } from "./stacking.js";
import type { Position, UnitRecord } from "./state/position.js";
import { unitStats } from "./state/unit-stats.js";
import { field } from "./test-support/combat.js";
import { ctxFor, expectRefused, play, setup } from "./test-support/setup.js";
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

function contextOn(catalog: Catalog, scenario: string) {
  const r = gameContext(catalog, scenario);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

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
    expect(
      expectRefused(
        apply(ctx, first, { type: "deploy", unit: "G-EA01", hex: hex ?? "", limbered: true }),
        "5.4L",
        "deploy/limber",
      ).message,
    ).toBe("5.4(L): G-EA01 is never limbered (no Movement Allowance)");
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
    expect(
      expectRefused(
        apply(ctx, position, { type: "deploy", unit: "G-PP4", hex: "0810" }),
        "5.2F",
        "deploy/enemy-hex",
      ).message,
    ).toBe("5.2(F): hex 0810 holds enemy units");
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

describe("setting up, unit by unit (16.0)", () => {
  it("[16.0] [3.3] the refusals of a deployment, each whole", () => {
    const { ctx, position } = opening("16.31");
    const four = idOf(ctx.map.grid, keyHex(ctx.map, 4));
    const deploy = (unit: string, hex: string, p: Position = position) =>
      apply(ctx, p, { type: "deploy", unit, hex });
    expect(expectRefused(deploy("B-XX99", four), "3.3", "action/unknown-unit")).toEqual({
      code: "action/unknown-unit",
      rule: "3.3",
      message: "3.3: there is no unit B-XX99",
      unit: "B-XX99",
      hex: four,
    });
    expect(expectRefused(deploy("G-LC01", four), "16.0", "deploy/not-your-turn").message).toBe(
      "16.0: the first player deploys now; G-LC01 is not his",
    );
    const started = play(ctx, position, ...autoDeploy(ctx, position), end).position;
    const over = play(ctx, started, ...autoDeploy(ctx, started), end).position;
    expect(expectRefused(deploy("B-MP01", four, over), "16.0", "deploy/not-now")).toEqual({
      code: "deploy/not-now",
      rule: "16.0",
      message: "16.0: deployment is over",
      unit: "B-MP01",
      hex: four,
    });
    // Off the map altogether: outside the zone too.
    expect(expectRefused(deploy("B-MP01", "9999"), "16.31", "deploy/outside-zone").message).toBe(
      "16.31: B-MP01 deploys within 4 hexes of hex 4; 9999 is not",
    );
  });

  it("[16.0] [16.24] a unit waiting at an edge is not set up; each force deploys in its own zone", () => {
    const { ctx, position } = opening("16.24");
    // B-PP05 of the Swedes' force (b) enters from the east edge during play.
    const waiting = expectRefused(
      apply(ctx, position, { type: "deploy", unit: "B-PP05", hex: "1724" }),
      "16.0",
      "deploy/not-deployable",
    );
    expect(waiting.message).toBe("16.0: B-PP05 is awaiting-entry, not deployed by placement");
    const swedes = play(ctx, position, ...autoDeploy(ctx, position), end).position;
    // The Imperialists' force (b) deploys within four hexes of hex 1, not by the road as force (a).
    const far = idOf(ctx.map.grid, keyHex(ctx.map, 15));
    const e = expectRefused(
      apply(ctx, swedes, { type: "deploy", unit: "G-LC01", hex: far }),
      "16.24",
      "deploy/outside-zone",
    );
    expect(e.message).toBe(`16.24: G-LC01 deploys within 4 hexes of hex 1; ${far} is not`);
  });

  it("[9.0] [5.3] [16.13] a unit stands only where it may enter, a road taking precedence; the fleet only in its waters", () => {
    // The test map's woods (0402, 0403) are closed to artillery, but for the road through them (0502, 0503).
    const { ctx, position } = field({ "0101": ["B-MA1"], "1210": ["G-PP1"] }, { phase: "movement" });
    const gun = position.units["B-MA1"] as UnitRecord;
    expect(groundError(ctx, "B-MA1", gun, indexOfId(ctx.map.grid, "0402"))).toEqual({
      code: "deploy/terrain",
      rule: "9.0",
      message: "9.0: artillery may not stand in woods (0402)",
      unit: "B-MA1",
      hex: "0402",
    });
    expect(groundError(ctx, "B-MA1", gun, indexOfId(ctx.map.grid, "0502"))).toBeUndefined();
    expect(groundError(ctx, "B-MA1", gun, indexOfId(ctx.map.grid, "0101"))).toBeUndefined();
    // Nieuport: the fleet (G-HA01) keeps to the sea, the army (G-PP01) to the land.
    const nieuport = opening("16.13");
    const grid = nieuport.ctx.map.grid;
    const sea = grid.ids.findIndex((_, h) => nieuport.ctx.fleetWater?.[h] === 1);
    const land = keyHex(nieuport.ctx.map, 6);
    const ground = (unit: string, h: number) =>
      groundError(nieuport.ctx, unit, nieuport.position.units[unit] as UnitRecord, h);
    expect(ground("G-HA01", sea)).toBeUndefined();
    expect(ground("G-PP01", land)).toBeUndefined();
    expect(ground("G-HA01", land)).toEqual({
      code: "deploy/water",
      rule: "16.13",
      message: `16.13: the fleet stays in the stream and the sea, not ${idOf(grid, land)}`,
      unit: "G-HA01",
      hex: idOf(grid, land),
    });
    expect(ground("G-PP01", sea)?.message).toBe(
      `16.13: no unit but the fleet may be in the stream or the sea (${idOf(grid, sea)})`,
    );
  });

  it("[9.0] a gun may not be set up where it may not move, though the hex is in its zone", () => {
    // Grantham (16.32): 3116 is in the Parliamentarians' zone, and artillery may not enter it.
    const { ctx, position } = opening("16.32");
    expect(
      expectRefused(
        apply(ctx, position, { type: "deploy", unit: "B-MA01", hex: "3116" }),
        "9.0",
        "deploy/terrain",
      ).message,
    ).toMatch(/^9\.0: artillery may not stand in /);
  });

  it("[5.4L] only artillery that can move is ever set up limbered, and not the fleet", () => {
    const nieuport = opening("16.13");
    const { ctx } = nieuport;
    const dutch = play(ctx, nieuport.position, ...autoDeploy(ctx, nieuport.position), end).position;
    const sixth = idOf(ctx.map.grid, keyHex(ctx.map, 6));
    const sea = ctx.map.grid.ids.find((_, h) => ctx.fleetWater?.[h] === 1) ?? "";
    const limbered = (unit: string, hex: string) =>
      apply(ctx, dutch, { type: "deploy", unit, hex, limbered: true });
    expect(expectRefused(limbered("G-PP01", sixth), "5.4L", "deploy/limber")).toEqual({
      code: "deploy/limber",
      rule: "5.4L",
      message: "5.4(L): G-PP01 is never limbered",
      unit: "G-PP01",
      hex: sixth,
    });
    expect(expectRefused(limbered("G-HA01", sea), "5.4L", "deploy/limber").message).toBe(
      "5.4(L): G-HA01 is never limbered",
    );
    const ma =
      Object.keys(dutch.units).find(
        (id) => dutch.units[id]?.type === "MA" && dutch.units[id]?.side === "second",
      ) ?? "";
    expect(
      play(ctx, dutch, { type: "deploy", unit: ma, hex: sixth, limbered: true }).position.units[ma]?.limbered,
    ).toBe(true);
  });

  it("[16.0] each unit set up is logged; a unit placed again leaves its hex", () => {
    const { ctx, position } = opening("16.31");
    const four = idOf(ctx.map.grid, keyHex(ctx.map, 4));
    const once = play(ctx, position, { type: "deploy", unit: "B-MP01", hex: four });
    expect(once.events).toEqual([{ type: "unit-deployed", unit: "B-MP01", hex: four }]);
    const both = play(ctx, once.position, { type: "deploy", unit: "B-PM01", hex: four });
    const again = play(ctx, both.position, { type: "deploy", unit: "B-MP01", hex: four }).position;
    expect(again.stacks[four]).toEqual(["B-MP01", "B-PM01"]);
  });

  it("[16.0] only the deploying player's units set up this deployment are taken back", () => {
    const { ctx, position } = opening("16.31");
    const four = idOf(ctx.map.grid, keyHex(ctx.map, 4));
    const placed = play(ctx, position, { type: "deploy", unit: "B-MP01", hex: four }).position;
    const undeploy = (unit: string, p: Position = placed) => apply(ctx, p, { type: "undeploy", unit });
    const refusal = (unit: string) => ({
      code: "deploy/undeploy",
      rule: "16.0",
      message: `16.0: ${unit} is not a unit the deploying player has placed`,
      unit,
    });
    expect(expectRefused(undeploy("B-XX99"), "16.0")).toEqual(refusal("B-XX99"));
    expect(expectRefused(undeploy("B-PM01"), "16.0")).toEqual(refusal("B-PM01"));
    const royalists = play(ctx, placed, ...autoDeploy(ctx, placed), end).position;
    expect(expectRefused(undeploy("B-MP01", royalists), "16.0")).toEqual(refusal("B-MP01"));
    const started = play(ctx, royalists, ...autoDeploy(ctx, royalists), end).position;
    // Play has begun, with the First Player phasing: his units stay.
    expect(expectRefused(undeploy("B-MP01", started), "16.0")).toEqual(refusal("B-MP01"));
    expect(play(ctx, placed, { type: "undeploy", unit: "B-MP01" }).events).toEqual([
      { type: "unit-undeployed", unit: "B-MP01" },
    ]);
  });

  it("[16.24] [16.35] [16.37] [16.13] [16.22] each kind of deployment is described as printed", () => {
    const described = (scenario: string, side: "first" | "second", force: string) => {
      const ctx = ctxFor(scenario);
      const f = ctx.scenario.players.find((p) => p.side === side)?.forces.find((x) => x.id === force);
      return f ? describeDeployment(f.deployment) : "";
    };
    expect(described("16.31", "first", "main")).toBe("within 4 hexes of hex 4");
    expect(described("16.35", "first", "main")).toBe("within 2 hexes of hex 13 or 15");
    expect(described("16.24", "second", "a")).toBe("within 3 hexes of the road from hex 12 to hex 15");
    expect(described("16.37", "second", "main")).toBe(
      "within 2 hexes of the row of hexes from hex 8 to hex 3",
    );
    expect(described("16.13", "second", "fleet")).toBe("in the north sea");
    expect(described("16.22", "second", "main")).toBe(
      "entering on the south edge on Game-Turn 1, within 8 hexes of hex 12",
    );
  });
});

describe("autoDeploy, the set-up helper", () => {
  it.each(
    ["16.23", "16.24", "16.34", "16.37"].flatMap((scenario) => [
      [scenario, "as listed"],
      [scenario, "listed backwards"],
    ]),
  )(
    "[16.0] %s, the units to set up %s: infantry forward, then artillery, then cavalry, the strongest first; the hexes nearest the enemy first, each to the limit",
    (scenario, order) => {
      const opened = opening(scenario);
      const { ctx } = opened;
      // The order comes from autoDeploy, not from the position's list of units.
      const listed = Object.entries(opened.position.offMap);
      const position: Position = {
        ...opened.position,
        offMap: Object.fromEntries(order === "as listed" ? listed : listed.reverse()),
      };
      const actions = autoDeploy(ctx, position);
      const side = position.phasing;
      const limit = stackingLimit(ctx, side);
      const enemy = [...ctx.zones].flatMap(([key, zone]) => (key.startsWith("second/") ? zone.hexes : []));
      const front = (hex: string) =>
        Math.min(...enemy.map((e) => distance(ctx.map.grid, indexOfId(ctx.map.grid, hex), e)));
      const placed = actions.flatMap((a) => (a.type === "deploy" ? [{ unit: a.unit, hex: a.hex }] : []));
      expect(placed).toHaveLength(undeployed(position, side).length);
      const rank = { infantry: 0, artillery: 1, cavalry: 2 } as const;
      const key = (unit: string) => {
        const stats = unitStats(ctx.rules, ctx.scenario, position.units[unit] as UnitRecord);
        return [rank[stats.class], -stats.melee] as const;
      };
      const counts = new Map<string, number>();
      for (const { hex } of placed) counts.set(hex, (counts.get(hex) ?? 0) + 1);
      for (const n of counts.values()) expect(n).toBeLessThanOrEqual(limit);
      // Force by force (each has its zone):
      const forces = new Set(placed.map((p) => position.units[p.unit]?.force));
      for (const force of forces) {
        const mine = placed.filter((p) => position.units[p.unit]?.force === force);
        // the units by class, then melee strength (strongest first), then id;
        for (const [i, { unit }] of mine.entries()) {
          const before = mine[i - 1];
          if (!before) continue;
          const [a, b] = [key(before.unit), key(unit)];
          expect(
            a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && before.unit < unit))),
            unit,
          ).toBe(true);
        }
        // the hexes in the order first used, nearest the enemy's zones first, then by hex, each filled before the next.
        const used = [...new Set(mine.map((p) => p.hex))];
        for (const [i, hex] of used.entries()) {
          const next = used[i + 1];
          if (next === undefined) break;
          expect(
            front(hex) < front(next) || (front(hex) === front(next) && hex < next),
            `${hex} before ${next}`,
          ).toBe(true);
          expect(counts.get(hex), hex).toBe(limit);
        }
      }
      // Nothing left to set up, or the phase over: nothing to do.
      const done = play(ctx, position, ...actions).position;
      expect(autoDeploy(ctx, done)).toEqual([]);
      expect(autoDeploy(ctx, play(ctx, done, end).position).length).toBeGreaterThan(0);
      const over = play(
        ctx,
        play(ctx, done, end).position,
        ...autoDeploy(ctx, play(ctx, done, end).position),
        end,
      );
      expect(autoDeploy(ctx, over.position)).toEqual([]);
    },
  );

  it("[16.37] Dunbar: the row's empty hexes first, then the front", () => {
    const { ctx, position } = opening("16.37");
    const royalists = play(ctx, position, ...autoDeploy(ctx, position), end).position;
    const zone = ctx.zones.get(zoneKey("second", "main"));
    const row = zone?.kind === "deploy" ? zone.mustOccupy.map((h) => idOf(ctx.map.grid, h)) : [];
    expect(row.length).toBeGreaterThan(2);
    // One unit already on the row's first hex: the others are filled first (to the limit, two).
    const first = Object.keys(royalists.offMap).find((id) => royalists.offMap[id] === "undeployed") ?? "";
    const one = play(ctx, royalists, { type: "deploy", unit: first, hex: row[0] ?? "" }).position;
    const next = autoDeploy(ctx, one).slice(0, 2 * (row.length - 1));
    expect(next.map((a) => (a.type === "deploy" ? a.hex : ""))).toEqual(row.slice(1).flatMap((h) => [h, h]));
  });

  it("[16.37] [5.2F] an enemy unit alone on the row: its hex is passed over, though it has room", () => {
    // Enough Royalists to fill the row and then the front, where 0810 lies (nearest the enemy's zone).
    const royalists = Array.from({ length: 40 }, (_, i) => `G-PP${i + 1}`);
    const { ctx, position } = setup(
      {
        scenario: "16.37",
        phasing: "second",
        phase: "deployment",
        units: {
          "B-PP1": { side: "first", type: "PP", force: "main" },
          ...Object.fromEntries(royalists.map((id) => [id, { side: "second", type: "PP", force: "main" }])),
        },
        stacks: { "0810": ["B-PP1"] },
        offMap: Object.fromEntries(royalists.map((id) => [id, "undeployed" as const])),
      },
      rowDownColumn8,
    );
    const set = play(ctx, position, ...autoDeploy(ctx, position)).position;
    expect(set.stacks["0810"]).toEqual(["B-PP1"]);
    expect(undeployed(set, "second")).toEqual([]);
  });

  it("[16.37] [5.2F] [10.0] where the zones meet, the enemy's hexes are passed over, and units with no room left are not set up", () => {
    // The test map with Dunbar's row down column 08: the Parliamentarians, set up first nearest the
    // enemy, take much of the Royalists' zone.
    const r = newGame(contextOn(rowDownColumn8, "16.37"), { seed: 5 });
    if (!r.ok) throw new Error(r.error.message);
    const ctx = contextOn(rowDownColumn8, "16.37");
    const parliament = play(ctx, r.value.position, ...autoDeploy(ctx, r.value.position), end).position;
    const actions = autoDeploy(ctx, parliament);
    const set = play(ctx, parliament, ...actions).position;
    for (const a of actions) {
      if (a.type === "deploy") expect(parliament.stacks[a.hex]?.length ?? 0, a.hex).toBe(0);
    }
    expect(undeployed(set, "second").length).toBeGreaterThan(0);
    expect(actions.length).toBeGreaterThan(0);
  });
});
