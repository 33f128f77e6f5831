import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { disc, distance, idOf, indexOfId } from "../hex/grid.js";
import { legalActions, legalMoves } from "../legal.js";
import { POSITION_FORMAT, type PositionInput } from "../state/position.js";
import { expectRefused, play, setup, testMapCatalog } from "../test-support/setup.js";
import guns from "./fixtures/guns.json" with { type: "json" };
import openGround from "./fixtures/open-ground.json" with { type: "json" };
import roadColumn from "./fixtures/road-column.json" with { type: "json" };

const fixture = (json: unknown) => setup(json as PositionInput);
const move = (unit: string, ...steps: string[]) => ({ type: "move" as const, unit, steps });
const end = { type: "end-phase" } as const;

function costs(json: unknown, unit: string): Map<string, number> {
  const { ctx, position } = fixture(json);
  const r = legalMoves(ctx, position, unit);
  if (!r.ok) throw new Error(r.error.message);
  return new Map(r.value.destinations.map((d) => [d.hex, d.cost]));
}

describe("5.1 how to move units", () => {
  it("[5.1A] a unit spends one Movement Point per clear hex entered", () => {
    const { ctx } = fixture(openGround);
    const reach = costs(openGround, "B-MP01");
    const start = indexOfId(ctx.map.grid, "4406");
    const expected = disc(ctx.map.grid, start, 3).filter((h) => h !== start);
    expect([...reach.keys()].sort()).toEqual(expected.map((h) => idOf(ctx.map.grid, h)).sort());
    for (const h of expected) expect(reach.get(idOf(ctx.map.grid, h))).toBe(distance(ctx.map.grid, start, h));
  });

  it("[5.1A] entry costs come from the Terrain Effects Chart, by unit class", () => {
    const { ctx, position } = setup({
      scenario: "16.31",
      phasing: "second",
      phase: "movement",
      units: {
        "G-LC01": { side: "second", type: "LC", force: "main" },
        "G-LC02": { side: "second", type: "LC", force: "main" },
      },
      stacks: { "3605": ["G-LC01"], "0212": ["G-LC02"] },
    });
    const cost = (unit: string, hex: string) => {
      const r = apply(ctx, position, move(unit, hex));
      return r.ok && r.value.events[0]?.type === "unit-moved"
        ? r.value.events[0].cost
        : r.ok
          ? -1
          : r.error.message;
    };
    expect(ctx.map.data.terrain[4]?.[34]).toBe("p");
    expect(cost("G-LC01", "3505")).toBe(4); // ploughed land: cavalry 4 MP
    expect(cost("G-LC01", "3604")).toBe(1); // clear: 1 MP
    expect(ctx.map.data.terrain[11]?.[2]).toBe("w");
    expect(cost("G-LC02", "0312")).toBe(3); // woods: cavalry 3 MP
    const infantry = setup({
      scenario: "16.31",
      phasing: "first",
      phase: "movement",
      units: { "B-MP01": { side: "first", type: "MP", force: "main" } },
      stacks: { "0212": ["B-MP01"] },
    });
    const r = apply(infantry.ctx, infantry.position, move("B-MP01", "0312", "0313"));
    expect(r.ok && r.value.events[0]?.type === "unit-moved" && r.value.events[0].cost).toBe(2); // woods: infantry 1 MP
  });

  it("[5.1B] movement is voluntary: a player may end his Movement Phase without moving", () => {
    const { ctx, position } = fixture(openGround);
    expect(play(ctx, position, end).position.phase).toBe("melee");
  });

  it("[5.1C] unused Movement Points are not carried to the next Movement Phase", () => {
    const { ctx, position } = fixture(openGround);
    let p = play(ctx, position, move("B-MP01", "4407"), end).position;
    for (let i = 0; i < 5; i++) p = play(ctx, p, end).position; // melee, then the Second Player-Turn, then fire
    expect([p.gameTurn, p.phasing, p.phase]).toEqual([4, "first", "movement"]);
    const r = legalMoves(ctx, p, "B-MP01");
    expect(r.ok).toBe(true);
    if (r.ok) expect(Math.max(...r.value.destinations.map((d) => d.cost))).toBe(3);
  });

  it("[5.1C] units move hex by hex", () => {
    const { ctx, position } = fixture(openGround);
    expectRefused(apply(ctx, position, move("B-MP01", "4408")), "5.1C", "move/not-adjacent");
    expectRefused(apply(ctx, position, move("B-MP01", "9999")), "5.1C", "move/off-map");
  });
});

describe("5.2 movement prohibitions", () => {
  it("[5.2D] no enemy movement during a player's Movement Phase", () => {
    const { ctx, position } = fixture(openGround);
    expectRefused(apply(ctx, position, move("G-LC01", "4604")), "5.2D");
  });

  it("[5.2E] a Movement Phase admits only movement: no fire or melee actions are legal", () => {
    const { ctx, position } = fixture(openGround);
    const types = new Set(legalActions(ctx, position).map((a) => a.type));
    expect([...types].sort()).toEqual(["end-phase", "move", "reorder"]);
  });

  it("[5.2F] units never enter or pass through a hex containing enemy units", () => {
    const json = {
      ...openGround,
      stacks: { ...openGround.stacks, "4405": ["G-LC01"] },
      units: openGround.units,
    };
    const { stacks } = json;
    delete (stacks as Record<string, unknown>)["4603"];
    const { ctx, position } = fixture(json);
    const e = expectRefused(apply(ctx, position, move("B-MP01", "4405")), "5.2F", "move/enemy-hex");
    expect(e.message).toBe("5.2(F): hex 4405 holds enemy units");
    expectRefused(apply(ctx, position, move("B-MP01", "4405", "4404")), "5.2F");
    expect(costs(json, "B-MP01").has("4405")).toBe(false);
    // The hex beyond is still reached, around the enemy: 4210 -> 4110 -> 4109 -> 4208 is three hexes.
    expect(costs(json, "B-MP01").get("4404")).toBe(3);
  });

  it("[5.0] no zones of control (errata): a unit may move past and away from adjacent enemy units", () => {
    const json = {
      ...openGround,
      stacks: { "4406": ["B-MP01"], "4409": ["B-PM01", "B-PM02"], "4506": ["G-LC01"] },
    };
    const { ctx, position } = fixture(json);
    const step = play(ctx, position, move("B-MP01", "4405", "4505", "4605"));
    expect(step.position.stacks["4605"]).toEqual(["B-MP01"]);
  });

  it("[5.2G] once moved, a unit may not be moved again in that Movement Phase", () => {
    const { ctx, position } = fixture(openGround);
    const p = play(ctx, position, move("B-MP01", "4405")).position;
    expectRefused(apply(ctx, p, move("B-MP01", "4404")), "5.2G", "move/already-moved");
    expect(legalActions(ctx, p).some((a) => a.type === "move" && a.unit === "B-MP01")).toBe(false);
  });

  it("[5.2H] a unit needs enough Movement Points for each hex as it enters it", () => {
    const { ctx, position } = fixture(openGround);
    const e = expectRefused(apply(ctx, position, move("B-MP01", "4405", "4404", "4403", "4402")), "5.2H");
    expect(e.message).toMatch(/costs 1 MP and B-MP01 has 0 of its 3 left/);
    // Different terrain in one move is fine: clear then a village for a PM (4 MP) elsewhere.
    expect(play(ctx, position, move("B-MP01", "4405", "4404", "4403")).position.stacks["4403"]).toEqual([
      "B-MP01",
    ]);
  });

  it("[5.2J] units move through friendly units; stacking counts only at the end of the phase", () => {
    const { ctx, position } = fixture(openGround);
    // 4213 holds two PMs (the Parliamentarian limit is 2); the MP passes through it.
    const p = play(ctx, position, move("B-MP01", "4407", "4408", "4409")).position;
    expect(p.stacks["4409"]).toEqual(["B-MP01", "B-PM01", "B-PM02"]);
    expectRefused(apply(ctx, p, end), "10.0", "stacking/over-limit");
    const fixed = play(ctx, p, move("B-PM02", "4410"), end).position;
    expect(fixed.phase).toBe("melee");
  });
});

describe("5.3 road movement", () => {
  it("[5.3K] along a road each hex costs 1/2 MP", () => {
    const reach = costs(roadColumn, "B-MP01");
    expect(reach.get("3009")).toBe(3);
    expect(reach.has("3010")).toBe(false);
    // Leaving the road pays the terrain: 1603 -> 1703 is clear, 1 MP.
    expect(reach.get("3103")).toBe(1);
  });

  it("[5.3K] not at the road rate into a hex holding another friendly unit", () => {
    const json = { ...roadColumn, stacks: { "3003": ["B-MP01"], "3005": ["B-MP02"] }, offMap: {} };
    const reach = costs(json, "B-MP01");
    expect(reach.get("3005")).toBe(1.5);
    expect(reach.get("3008")).toBe(3);
    expect(reach.has("3009")).toBe(false);
  });

  it("[5.3K] the road takes precedence over the other terrain of its hex: guns go through woods by road", () => {
    const base = {
      format: POSITION_FORMAT,
      scenario: "16.32",
      phasing: "first" as const,
      phase: "movement" as const,
      units: { "B-MA01": { side: "first" as const, type: "MA" as const, force: "main", limbered: true } },
      stacks: { "0501": ["B-MA01"] },
    };
    const { ctx, position } = setup(base, testMapCatalog);
    const r = legalMoves(ctx, position, "B-MA01");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const reach = new Map(r.value.destinations.map((d) => [d.hex, d.cost]));
    expect(reach.get("0502")).toBe(0.5);
    expect(reach.get("0503")).toBe(1);
    // Off the road the woods stay closed to artillery (9.0).
    expectRefused(apply(ctx, position, move("B-MA01", "0502", "0402")), "9.0", "move/terrain-prohibited");
  });

  it("[13.0D] a bridge costs 3 MP when not entered along its road; by road it is a road hex", () => {
    const { ctx, position } = setup(
      {
        scenario: "16.32",
        phasing: "first",
        phase: "movement",
        units: {
          "B-PM01": { side: "first", type: "PM", force: "main" },
          "B-PM02": { side: "first", type: "PM", force: "main" },
        },
        stacks: { "0404": ["B-PM01"], "0504": ["B-PM02"] },
      },
      testMapCatalog,
    );
    const off = apply(ctx, position, move("B-PM01", "0505"));
    expect(off.ok && off.value.events[0]?.type === "unit-moved" && off.value.events[0].cost).toBe(3);
    const by = apply(ctx, position, move("B-PM02", "0505"));
    expect(by.ok && by.value.events[0]?.type === "unit-moved" && by.value.events[0].cost).toBe(0.5);
  });
});

describe("5.4 artillery movement", () => {
  it("[5.4L] unlimbered artillery must limber (3 MP) before it moves", () => {
    const { ctx, position } = fixture(guns);
    expectRefused(apply(ctx, position, move("B-MA01", "4405")), "5.4L", "move/unlimbered");
    const p = play(ctx, position, move("B-MA01", "limber", "4405", "4404")).position;
    expect(p.units["B-MA01"]?.limbered).toBe(true);
    expect(p.stacks["4404"]).toEqual(["B-MA01"]);
    expectRefused(apply(ctx, position, move("B-MA01", "limber", "4405", "4404", "4403")), "5.2H");
  });

  it("[5.4L] limbered artillery may move and unlimber, as long as the Movement Points last", () => {
    const { ctx, position } = fixture(guns);
    const p = play(ctx, position, move("B-MA02", "4410", "unlimber")).position;
    expect(p.units["B-MA02"]?.limbered).toBe(false);
    expectRefused(apply(ctx, position, move("B-MA02", "4410", "4411", "4412", "unlimber")), "5.2H");
    // Heavy Artillery (3 MP) can limber in one phase and only move in the next.
    expectRefused(apply(ctx, position, move("B-HA01", "limber", "4211")), "5.2H");
    const r = legalMoves(ctx, position, "B-HA01");
    expect(r.ok && r.value.destinations).toEqual([]);
  });

  it("[5.4L] reachability plans the limbering: destinations list the steps and whether unlimbering fits", () => {
    const { ctx, position } = fixture(guns);
    const r = legalMoves(ctx, position, "B-MA01");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const d = r.value.destinations.find((x) => x.hex === "4405");
    expect(d).toEqual({
      hex: "4405",
      cost: 4,
      steps: ["limber", "4405"],
      canUnlimber: false,
      roadMode: false,
    });
    const limbered = legalMoves(ctx, position, "B-MA02");
    expect(limbered.ok && limbered.value.destinations.find((x) => x.hex === "4410")?.canUnlimber).toBe(true);
  });

  it("[5.4L] artillery with no Movement Allowance never limbers or moves", () => {
    const json = {
      scenario: "16.21",
      phasing: "second" as const,
      phase: "movement" as const,
      units: { "G-EA01": { side: "second" as const, type: "EA" as const, force: "main" } },
      stacks: { "3026": ["G-EA01"] },
    };
    const { ctx, position } = setup(json);
    expectRefused(apply(ctx, position, move("G-EA01", "limber")), "5.4L", "move/immobile");
    expect(() =>
      setup({ ...json, units: { "G-EA01": { ...json.units["G-EA01"], limbered: true } } }),
    ).toThrow(/5\.4\(L\)/);
  });

  it("[8.4] disrupted units do not move", () => {
    const json = {
      ...openGround,
      units: { ...openGround.units, "B-MP01": { ...openGround.units["B-MP01"], disrupted: true } },
    };
    const { ctx, position } = fixture(json);
    expectRefused(apply(ctx, position, move("B-MP01", "4405")), "8.4", "move/disrupted");
  });
});

describe("9.0 entry costs on every terrain", () => {
  // On the test map: clear 0101, woods 0402, ploughed 0903, stream 0105, bridge 0505 (off the road),
  // slope 0807, hilltop 0908, village 0208.
  const cases = [
    ["clear", "0101", "0201"],
    ["woods", "0402", "0302"],
    ["ploughed", "0903", "0803"],
    ["stream", "0105", "0104"],
    ["bridge", "0505", "0404"],
    ["slope", "0807", "0806"],
    ["hilltop", "0908", "0808"],
    ["village", "0208", "0207"],
  ] as const;
  const units = {
    infantry: { type: "PM", limbered: false },
    cavalry: { type: "SC", limbered: false },
    artillery: { type: "MA", limbered: true },
  } as const;
  for (const [terrain, target, from] of cases) {
    it(`[9.0] entering ${terrain} costs what the chart says for each class`, () => {
      for (const [cls, u] of Object.entries(units)) {
        const { ctx, position } = setup(
          {
            scenario: "16.32",
            phasing: "first",
            phase: "movement",
            units: { "B-X01": { side: "first", type: u.type, force: "main", limbered: u.limbered } },
            stacks: { [from]: ["B-X01"] },
          },
          testMapCatalog,
        );
        const chart = ctx.rules.data.terrain[terrain].movement[cls as keyof typeof units];
        const r = apply(ctx, position, move("B-X01", target));
        if (chart === "prohibited") expectRefused(r, "9.0");
        else
          expect(r.ok && r.value.events[0]?.type === "unit-moved" && r.value.events[0].cost, `${cls}`).toBe(
            chart,
          );
      }
    });
  }
});
