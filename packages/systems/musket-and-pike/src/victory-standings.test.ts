import { describe, expect, it } from "vitest";
import { distance, idOf, indexOfId } from "./hex/grid.js";
import { keyHex, region } from "./map/map-context.js";
import { ctxFor, deployed, setup } from "./test-support/setup.js";
import { victoryStandings } from "./victory.js";

describe("victory standings: each condition as the players follow it (16.0)", () => {
  it("[16.24] Lutzen at the start: the Swedes count their units on or west of the main road, judged after each Imperialist Player-Turn", () => {
    const { ctx, position } = deployed("16.24", 7);
    const [lutzen] = victoryStandings(ctx, position);
    expect(lutzen?.side).toBe("first");
    expect(lutzen?.kind).toBe("units-in-region");
    expect(lutzen?.when).toBe("at the end of every Imperialists' Player-Turn");
    const swedes = lutzen?.standings[0];
    expect(swedes?.side).toBe("first");
    // Counted independently: the Swedish units standing in the region's hexes.
    const area = region(ctx.map, "west-of-main-road");
    let inside = 0;
    for (const [hex, ids] of Object.entries(position.stacks)) {
      const h = ctx.map.grid.ids.indexOf(hex);
      if (area[h] === 1) inside += ids.filter((id) => position.units[id]?.side === "first").length;
    }
    expect(swedes?.progress).toEqual({ have: inside, need: 15 });
    expect(swedes?.fulfilled).toBe(inside >= 15);
    expect(swedes?.fact).toContain("(15 needed)");
  });

  it("[16.0] a control condition names its hexes and who controls each now, by occupancy or last occupancy", () => {
    const ctx = ctxFor("16.26");
    const nine = idOf(ctx.map.grid, keyHex(ctx.map, 9));
    const base = {
      scenario: "16.26",
      gameTurn: 3,
      phasing: "first" as const,
      phase: "movement" as const,
      units: { E1: { side: "first" as const, type: "PP" as const, force: "main" } },
      stacks: {},
      offMap: { E1: "eliminated" as const },
    };
    const nobody = setup(base);
    const shared = victoryStandings(nobody.ctx, nobody.position)[0];
    expect(shared?.side).toBe("either");
    expect(shared?.when).toBe("at the end of the game (Game-Turn 20)");
    expect(shared?.hexes).toEqual([{ hex: nine, controller: undefined }]);
    expect(shared?.standings.map((s) => [s.side, s.fulfilled, s.progress])).toEqual([
      ["first", false, { have: 0, need: 1 }],
      ["second", false, { have: 0, need: 1 }],
    ]);
    const held = setup({ ...base, control: { [nine]: "first" } });
    const english = victoryStandings(held.ctx, held.position)[0];
    expect(english?.hexes).toEqual([{ hex: nine, controller: "first" }]);
    expect(english?.standings[0]).toMatchObject({ fulfilled: true, progress: { have: 1, need: 1 } });
    expect(english?.standings[0]?.fact).toBe("English control hex 9");
    expect(english?.standings[1]?.fulfilled).toBe(false);
  });

  it("[16.41] holding hex 11 with too few units on the map is not counted as fulfilled (the game would be a draw)", () => {
    const ctx = ctxFor("16.41");
    const eleven = idOf(ctx.map.grid, keyHex(ctx.map, 11));
    const { position } = setup({
      scenario: "16.41",
      gameTurn: 2,
      phasing: "first",
      phase: "movement",
      units: { O1: { side: "second", type: "PP", force: "main" } },
      stacks: { [eleven]: ["O1"] },
      offMap: {},
    });
    const standing = victoryStandings(ctx, position)
      .flatMap((c) => c.standings)
      .find((s) => s.side === "second" && s.fact.includes("hex 11"));
    expect(standing?.fulfilled).toBe(false);
    expect(standing?.fact).toContain("(25 needed)");
  });

  it("[16.21] White Mountain: the Catholics' progress counts the Bohemian units eliminated", () => {
    const { ctx, position } = deployed("16.21", 1);
    const eliminate = victoryStandings(ctx, position).find((c) => c.kind === "eliminate-all");
    const enemy = eliminate?.side === "first" ? "second" : "first";
    const total = Object.values(position.units).filter((u) => u.side === enemy).length;
    const catholics = eliminate?.standings.find((s) => s.side === eliminate.side);
    expect(catholics?.progress?.need).toBe(total);
    const oneGone = Object.keys(position.units).find((id) => position.units[id]?.side === enemy) ?? "";
    const hexOf = Object.entries(position.stacks).find(([, ids]) => ids.includes(oneGone))?.[0] ?? "";
    const after = {
      ...position,
      stacks: { ...position.stacks, [hexOf]: (position.stacks[hexOf] ?? []).filter((id) => id !== oneGone) },
      offMap: { ...position.offMap, [oneGone]: "eliminated" as const },
    };
    const later = victoryStandings(ctx, after).find((c) => c.kind === "eliminate-all");
    expect(later?.standings.find((s) => s.side === eliminate?.side)?.progress).toEqual({
      have: 1,
      need: total,
    });
  });

  it("[16.21] White Mountain: the Bohemians' survival counts nothing; the Imperialists' elimination, judged as soon as it is achieved, says how many remain", () => {
    const { ctx, position } = deployed("16.21", 1);
    const bohemians = Object.values(position.units).filter((u) => u.side === "first").length;
    const [survive, eliminate] = victoryStandings(ctx, position);
    expect([survive?.side, survive?.kind, survive?.when]).toEqual([
      "first",
      "survive",
      "at the end of the game (Game-Turn 10)",
    ]);
    expect(survive?.standings).toEqual([
      { side: "first", fulfilled: true, fact: `Bohemians still have ${bohemians} units on the map` },
    ]);
    expect(eliminate?.when).toBe("as soon as it is achieved");
    expect(eliminate?.standings).toEqual([
      {
        side: "second",
        fulfilled: false,
        fact: `Imperialists have not eliminated every unit of the Bohemians (${bohemians} of ${bohemians} remain)`,
        progress: { have: 0, need: bohemians },
      },
    ]);
  });

  it("[16.23] Breitenfeld: the Swedes count the Imperialist guns destroyed, as soon as all are", () => {
    const { ctx, position } = deployed("16.23", 1);
    const guns = Object.keys(position.units).filter(
      (id) =>
        position.units[id]?.side === "second" &&
        ["LA", "MA", "HA", "EA"].includes(position.units[id]?.type ?? ""),
    );
    const one = guns[0] ?? "";
    const hex = Object.entries(position.stacks).find(([, ids]) => ids.includes(one))?.[0] ?? "";
    const gone = {
      ...position,
      stacks: { ...position.stacks, [hex]: (position.stacks[hex] ?? []).filter((id) => id !== one) },
      offMap: { ...position.offMap, [one]: "eliminated" as const },
    };
    const [artillery] = victoryStandings(ctx, gone);
    expect([artillery?.side, artillery?.kind, artillery?.when]).toEqual([
      "first",
      "destroy-all",
      "as soon as it is achieved",
    ]);
    expect(artillery?.standings).toEqual([
      {
        side: "first",
        fulfilled: false,
        fact: `Swedish have not destroyed every artillery unit of the Imperialists (${guns.length - 1} of ${guns.length} remain)`,
        progress: { have: 1, need: guns.length },
      },
    ]);
  });

  it("[16.22] Fleurus: the Protestants count the units they have taken off the north edge", () => {
    const { ctx, position } = deployed("16.22", 1);
    const protestants = Object.keys(position.units).filter((id) => position.units[id]?.side === "second");
    const out = { ...position, offMap: { ...position.offMap, [protestants[0] ?? ""]: "exited" as const } };
    const [exit] = victoryStandings(ctx, out);
    expect(exit?.kind).toBe("exit");
    expect(exit?.standings.map((s) => [s.side, s.fulfilled, s.progress])).toEqual([
      ["second", false, { have: 1, need: 20 }],
    ]);
  });

  it("[16.37] Dunbar: the Royalists count their units within three hexes of hex 3", () => {
    const { ctx, position } = deployed("16.37", 1);
    const three = keyHex(ctx.map, 3);
    let near = 0;
    for (const [hex, ids] of Object.entries(position.stacks)) {
      if (distance(ctx.map.grid, indexOfId(ctx.map.grid, hex), three) <= 3)
        near += ids.filter((id) => position.units[id]?.side === "second").length;
    }
    const [within] = victoryStandings(ctx, position);
    expect(within?.kind).toBe("units-within");
    expect(within?.standings.map((s) => [s.side, s.progress])).toEqual([
      ["second", { have: near, need: 10 }],
    ]);
  });
});
