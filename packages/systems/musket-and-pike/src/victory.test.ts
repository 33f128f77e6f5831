import { describe, expect, it } from "vitest";
import type { GameContext } from "./context.js";
import { disc, distance, idOf } from "./hex/grid.js";
import { keyHex, region } from "./map/map-context.js";
import { hexRefHexes } from "./scenarios/zones.js";
import type { PositionInput } from "./state/position.js";
import { ctxFor, deployed, setup } from "./test-support/setup.js";
import { checkVictory, type VictoryMoment } from "./victory.js";
import { type Side, TERRAINS, type UnitType } from "./vocabulary.js";

type UnitInput = PositionInput["units"][string];
type Units = Record<string, UnitInput>;

const DURING: VictoryMoment = { kind: "during-play" };
const endOf = (side: Side): VictoryMoment => ({ kind: "end-of-player-turn", side });
/** The end of the Second Player-Turn: the end of the game on the last Game-Turn. */
const END = endOf("second");

const CLEAR = TERRAINS.indexOf("clear");

/** The hex id of a key hex, as the map data places it. */
function keyId(ctx: GameContext, n: number): string {
  return idOf(ctx.map.grid, keyHex(ctx.map, n));
}

/** Clear hexes within `radius` of key hex `key`, nearest first (any unit may stand on clear ground). */
function clearNear(
  ctx: GameContext,
  key: number,
  radius: number,
  accept: (h: number) => boolean = () => true,
) {
  const { grid } = ctx.map;
  const centre = keyHex(ctx.map, key);
  return disc(grid, centre, radius)
    .filter((h) => ctx.terrain[h] === CLEAR && accept(h))
    .sort((a, b) => distance(grid, a, centre) - distance(grid, b, centre) || a - b)
    .map((h) => idOf(grid, h));
}

/** `n` units of one type: ids prefix1..prefixN. */
function army(prefix: string, side: Side, type: UnitType, n: number, force = "main"): Units {
  const out: Units = {};
  for (let i = 1; i <= n; i++) out[`${prefix}${i}`] = { side, type, force };
  return out;
}

/** Stacks of at most `perHex` units, filling the hexes in order. */
function stacked(ids: readonly string[], hexes: readonly string[], perHex: number): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  ids.forEach((id, i) => {
    const hex = hexes[Math.floor(i / perHex)];
    if (hex === undefined) throw new Error(`not enough hexes for ${ids.length} units`);
    out[hex] = [...(out[hex] ?? []), id];
  });
  return out;
}

function statuses<S extends string>(ids: readonly string[], status: S): Record<string, S> {
  return Object.fromEntries(ids.map((id) => [id, status]));
}

describe("control victories", () => {
  const dunkirk = (over: Partial<Omit<PositionInput, "format" | "scenario">> = {}) =>
    setup({
      scenario: "16.26",
      gameTurn: 20,
      phasing: "second",
      phase: "melee",
      units: { ...army("E", "first", "PP", 1), ...army("S", "second", "PP", 1) },
      stacks: {},
      offMap: { E1: "eliminated", S1: "eliminated" },
      ...over,
    });

  it("[16.0] control by last occupancy: the English, last in hex 9, control it though it is empty", () => {
    const { ctx, position } = dunkirk({ control: { [keyId(ctxFor("16.26"), 9)]: "first" } });
    expect(checkVictory(ctx, position, END)).toEqual({
      winner: "first",
      reason: "English control hex 9 at the end of the game (Game-Turn 20): English win",
      gameTurn: 20,
    });
  });

  it("[16.0] control by occupancy: a Spanish unit in hex 9 now controls it, whoever was there before", () => {
    const nine = keyId(ctxFor("16.26"), 9);
    const { ctx, position } = dunkirk({
      stacks: { [nine]: ["S1"] },
      offMap: { E1: "eliminated" },
      control: { [nine]: "first" },
    });
    const result = checkVictory(ctx, position, END);
    expect(result?.winner).toBe("second");
    expect(result?.reason).toContain("Spanish control hex 9");
  });

  it("[16.0] nobody ever occupied hex 9: neither player controls it, a draw", () => {
    const { ctx, position } = dunkirk();
    const result = checkVictory(ctx, position, END);
    expect(result?.winner).toBe("draw");
    expect(result?.level).toBeUndefined();
    expect(result?.reason).toBe(
      "neither player controls hex 9 (hex 9: nobody) at the end of the game (Game-Turn 20): draw",
    );
  });

  it("[16.0] a control condition is judged only at the end of the game", () => {
    const { ctx, position } = dunkirk({ control: { [keyId(ctxFor("16.26"), 9)]: "first" } });
    expect(checkVictory(ctx, position, DURING)).toBeUndefined();
    expect(checkVictory(ctx, position, endOf("first"))).toBeUndefined();
    expect(checkVictory(ctx, { ...position, gameTurn: 19 }, END)).toBeUndefined();
  });

  it("[16.11] Mookerhyde: the Spanish control every hex of both towns, by occupancy or last occupancy", () => {
    const ctx = ctxFor("16.11");
    const town8 = hexRefHexes(ctx.map, { townOf: 8 }).map((h) => idOf(ctx.map.grid, h));
    const town11 = hexRefHexes(ctx.map, { townOf: 11 }).map((h) => idOf(ctx.map.grid, h));
    const [held, ...rest] = [...town8, ...town11];
    if (held === undefined) throw new Error("town of hex 8 has no hexes");
    const base = {
      scenario: "16.11",
      gameTurn: 20,
      phasing: "second" as const,
      phase: "melee" as const,
      units: { ...army("SP", "first", "EP", 1), ...army("D", "second", "MP", 1) },
    };
    const won = setup({
      ...base,
      stacks: { [held]: ["SP1"] },
      offMap: { D1: "eliminated" },
      control: statuses(rest, "first" as const),
    });
    const result = checkVictory(won.ctx, won.position, END);
    expect(result?.winner).toBe("first");
    expect(result?.reason).toBe(
      "Spanish control every hex of the towns of hexes 8 and 11 at the end of the game (Game-Turn 20): Spanish win",
    );

    // A Dutch unit standing in one town hex takes it, whatever the record says: no one holds both towns.
    const [last] = rest.slice(-1);
    if (last === undefined) throw new Error("town of hex 11 has no hexes");
    const lost = setup({
      ...base,
      stacks: { [held]: ["SP1"], [last]: ["D1"] },
      offMap: {},
      control: statuses(rest, "first" as const),
    });
    const draw = checkVictory(lost.ctx, lost.position, END);
    expect(draw?.winner).toBe("draw");
    expect(draw?.reason).toContain("neither player controls every hex of the towns of hexes 8 and 11");
    expect(draw?.reason).toContain(`of the ${town11.length} hexes of the town of hex 11: Spanish`);
    expect(draw?.reason).toContain("Dutch 1");
  });

  describe("[16.34] Marston Moor: Royalists need hexes 10 and 13, Parliamentarians hexes 7 and 10", () => {
    const marston = (control: Record<string, Side>) =>
      setup({
        scenario: "16.34",
        gameTurn: 15,
        phasing: "second",
        phase: "melee",
        units: { ...army("R", "first", "PP", 1, "a"), ...army("P", "second", "PP", 1) },
        offMap: { R1: "eliminated", P1: "eliminated" },
        control,
      });
    const ctx = ctxFor("16.34");
    const [h7, h10, h13] = [7, 10, 13].map((n) => keyId(ctx, n)) as [string, string, string];

    it("[16.34] Royalists holding hexes 10 and 13 win", () => {
      const { ctx, position } = marston({ [h10]: "first", [h13]: "first", [h7]: "second" });
      const result = checkVictory(ctx, position, END);
      expect(result?.winner).toBe("first");
      expect(result?.reason).toContain("Royalists control both hexes 10 and 13");
    });

    it("[16.34] Parliamentarians holding hexes 7 and 10 win", () => {
      const { ctx, position } = marston({ [h10]: "second", [h13]: "first", [h7]: "second" });
      const result = checkVictory(ctx, position, END);
      expect(result?.winner).toBe("second");
      expect(result?.reason).toContain("Parliamentarians control both hexes 7 and 10");
    });

    it("[16.34] both players fulfil: impossible, hex 10 is in both conditions; with hex 10 held by nobody, a draw", () => {
      const { ctx, position } = marston({ [h13]: "first", [h7]: "second" });
      const result = checkVictory(ctx, position, END);
      expect(result?.winner).toBe("draw");
      expect(result?.reason).toContain("Royalists do not control both hexes 10 and 13 (hex 10: nobody");
      expect(result?.reason).toContain("Parliamentarians do not control both hexes 7 and 10");
    });
  });

  describe("[16.35] Aberdeen: Covenanteers must control hex 14 (errata), otherwise Royalists win", () => {
    const aberdeen = (control: Record<string, Side>) =>
      setup({
        scenario: "16.35",
        gameTurn: 15,
        phasing: "second",
        phase: "melee",
        units: { ...army("R", "first", "EP", 1), ...army("C", "second", "PP", 1) },
        offMap: { R1: "eliminated", C1: "eliminated" },
        control,
      });

    it("[16.35] Covenanteers holding hex 14 at the end of the game win", () => {
      const { ctx, position } = aberdeen({ [keyId(ctxFor("16.35"), 14)]: "second" });
      const result = checkVictory(ctx, position, END);
      expect(result?.winner).toBe("second");
      expect(result?.reason).toContain("Covenanteers control hex 14");
    });

    it("[16.35] Covenanteers holding only hex 16 (the printed alternative, struck by errata): otherwise Royalists win", () => {
      const { ctx, position } = setup({
        scenario: "16.35",
        gameTurn: 15,
        phasing: "second",
        phase: "melee",
        units: { ...army("R", "first", "EP", 1), ...army("C", "second", "PP", 1) },
        stacks: { [keyId(ctxFor("16.35"), 16)]: ["C1"] },
        offMap: { R1: "eliminated" },
      });
      expect(ctx.victoryHexes[keyHex(ctx.map, 16)]).toBe(0);
      const result = checkVictory(ctx, position, END);
      expect(result?.winner).toBe("first");
      expect(result?.reason).toBe(
        "Covenanteers do not control hex 14 (hex 14: nobody) at the end of the game (Game-Turn 15): Royalists win",
      );
    });
  });

  describe("[16.41] Szentgotthard: the holder of hex 11 needs 25 units on the map, or it is a draw", () => {
    const szentgotthard = (onMap: number) => {
      const ctx = ctxFor("16.41");
      const ottomans = army("O", "second", "PP", onMap);
      const ids = Object.keys(ottomans);
      const eleven = keyId(ctx, 11);
      const rest = clearNear(ctx, 11, 6).filter((h) => h !== eleven);
      return setup({
        scenario: "16.41",
        gameTurn: 15,
        phasing: "second",
        phase: "melee",
        units: { ...ottomans, ...army("I", "first", "PP", 1, "a") },
        stacks: stacked(ids, [eleven, ...rest], 2),
        offMap: { I1: "eliminated" },
      });
    };

    it("[16.41] Ottomans hold hex 11 with 25 units on the map: Ottomans win", () => {
      const { ctx, position } = szentgotthard(25);
      const result = checkVictory(ctx, position, END);
      expect(result?.winner).toBe("second");
      expect(result?.reason).toContain("Ottomans control hex 11 with 25 units on the map");
    });

    it("[16.41] Ottomans hold hex 11 with only 24 units on the map: draw, and the reason says why", () => {
      const { ctx, position } = szentgotthard(24);
      const result = checkVictory(ctx, position, END);
      expect(result?.winner).toBe("draw");
      expect(result?.reason).toBe(
        "Ottomans control hex 11 but have only 24 units on the map (25 needed) at the end of the game (Game-Turn 15): draw",
      );
    });
  });
});

describe("[16.21] White Mountain", () => {
  const whiteMountain = (gameTurn: number, bohemiansOnMap: number) => {
    const ctx = ctxFor("16.21");
    const bohemians = Object.keys(army("B", "first", "PP", 3));
    const standing = bohemians.slice(0, bohemiansOnMap);
    return setup({
      scenario: "16.21",
      gameTurn,
      phasing: "second",
      phase: "melee",
      units: { ...army("B", "first", "PP", 3), ...army("I", "second", "PP", 2) },
      stacks: {
        ...stacked(standing, clearNear(ctx, 10, 4), 1),
        ...stacked(["I1", "I2"], clearNear(ctx, 2, 3), 2),
      },
      offMap: statuses(bohemians.slice(bohemiansOnMap), "eliminated" as const),
    });
  };

  it.each([
    [4, "decisive", 5],
    [5, "decisive", 5],
    [6, "substantive", 8],
    [8, "substantive", 8],
    [9, "marginal", 10],
    [10, "marginal", 10],
  ] as const)(
    "[16.21] every Bohemian eliminated in Game-Turn %i: Imperialist %s victory",
    (turn, level, by) => {
      const { ctx, position } = whiteMountain(turn, 0);
      expect(checkVictory(ctx, position, DURING)).toEqual({
        winner: "second",
        level,
        reason: `Imperialists have eliminated all 3 units of the Bohemians in Game-Turn ${turn} (${level} by Game-Turn ${by}): Imperialists win a ${level} victory`,
        gameTurn: turn,
      });
    },
  );

  it("[16.21] the game ends when the last Bohemian goes, not before", () => {
    const { ctx, position } = whiteMountain(3, 1);
    expect(checkVictory(ctx, position, DURING)).toBeUndefined();
    expect(checkVictory(ctx, position, END)).toBeUndefined();
  });

  it("[16.21] Bohemians with a unit left at the end of Game-Turn 10 win (no level)", () => {
    const { ctx, position } = whiteMountain(10, 1);
    const result = checkVictory(ctx, position, END);
    expect(result?.winner).toBe("first");
    expect(result?.level).toBeUndefined();
    expect(result?.reason).toBe(
      "Bohemians still have 1 unit on the map at the end of the game (Game-Turn 10): Bohemians win",
    );
  });
});

describe("[16.21] White Mountain at the end of the game", () => {
  const whiteMountain = (gameTurn: number) => {
    const bohemians = Object.keys(army("B", "first", "PP", 3));
    return setup({
      scenario: "16.21",
      gameTurn,
      phasing: "second",
      phase: "melee",
      units: { ...army("B", "first", "PP", 3), ...army("I", "second", "PP", 2) },
      stacks: stacked(["I1", "I2"], clearNear(ctxFor("16.21"), 2, 3), 2),
      offMap: statuses(bohemians, "eliminated" as const),
    });
  };

  it("[16.21] no Bohemian left at the end of Game-Turn 10: the Bohemians have not survived, the Imperialists win", () => {
    const { ctx, position } = whiteMountain(10);
    expect(checkVictory(ctx, position, END)).toEqual({
      winner: "second",
      level: "marginal",
      reason:
        "Imperialists have eliminated all 3 units of the Bohemians at the end of the game (Game-Turn 10) (marginal by Game-Turn 10): Imperialists win a marginal victory",
      gameTurn: 10,
    });
  });

  it("[16.21] every Bohemian eliminated only after Game-Turn 10 is no Imperialist victory", () => {
    const { ctx, position } = whiteMountain(10);
    const late = checkVictory(ctx, { ...position, gameTurn: 11 }, DURING);
    expect(late).toBeUndefined();
    const atEnd = checkVictory(ctx, { ...position, gameTurn: 11 }, END);
    expect(atEnd).toMatchObject({ winner: "draw", gameTurn: 11 });
    expect(atEnd?.reason).toContain(
      "Imperialists eliminated every unit of the Bohemians only in Game-Turn 11, after Game-Turn 10",
    );
    expect(atEnd?.reason).toContain("Bohemians have no units left on the map");
    expect(atEnd?.level).toBeUndefined();
  });
});

describe("[16.22] Fleurus: twenty Protestant units exited off the north edge", () => {
  const fleurus = (exited: number) => {
    const protestants = Object.keys(army("P", "second", "PP", 22));
    return setup({
      scenario: "16.22",
      gameTurn: 20,
      phasing: "second",
      phase: "melee",
      units: { ...army("P", "second", "PP", 22), ...army("S", "first", "PP", 1) },
      offMap: {
        ...statuses(protestants.slice(0, exited), "exited" as const),
        ...statuses(protestants.slice(exited), "eliminated" as const),
        S1: "eliminated",
      },
    });
  };

  it("[16.22] twenty exited by the end of the game: Protestants win", () => {
    const { ctx, position } = fleurus(20);
    const result = checkVictory(ctx, position, END);
    expect(result?.winner).toBe("second");
    expect(result?.reason).toContain("Protestants have exited 20 units off the north edge");
  });

  it("[16.22] exits count only at the end of the game", () => {
    const { ctx, position } = fleurus(20);
    expect(checkVictory(ctx, position, DURING)).toBeUndefined();
    expect(checkVictory(ctx, { ...position, gameTurn: 12 }, END)).toBeUndefined();
  });

  it("[16.22] nineteen exited: Spanish win", () => {
    const { ctx, position } = fleurus(19);
    const result = checkVictory(ctx, position, END);
    expect(result?.winner).toBe("first");
    expect(result?.reason).toContain("Protestants have exited only 19 units");
    expect(result?.reason).toContain("(20 needed)");
    expect(result?.reason).toMatch(/Spanish win$/);
  });

  it("[16.22] only Protestant units count: a Spanish unit off the map is not one of the twenty", () => {
    const { ctx, position } = fleurus(19);
    const result = checkVictory(ctx, { ...position, offMap: { ...position.offMap, S1: "exited" } }, END);
    expect(result?.winner).toBe("first");
    expect(result?.reason).toContain("Protestants have exited only 19 units");
  });
});

describe("[16.23] Breitenfeld: the Swedes must destroy all Imperialist artillery", () => {
  const breitenfeld = (gameTurn: number, gunsLeft: number) => {
    const ctx = ctxFor("16.23");
    const guns = Object.keys(army("EA", "second", "EA", 5));
    return setup({
      scenario: "16.23",
      gameTurn,
      phasing: "first",
      phase: "melee",
      units: {
        ...army("EA", "second", "EA", 5),
        ...army("I", "second", "PP", 1),
        ...army("S", "first", "SC", 1),
      },
      stacks: {
        ...stacked([...guns.slice(0, gunsLeft), "I1"], clearNear(ctx, 9, 4), 1),
        ...stacked(["S1"], clearNear(ctx, 6, 3), 1),
      },
      offMap: statuses(guns.slice(gunsLeft), "eliminated" as const),
    });
  };

  it("[16.23] the last Imperialist gun eliminated: Swedes win at once, whatever other units remain", () => {
    const { ctx, position } = breitenfeld(9, 0);
    const result = checkVictory(ctx, position, DURING);
    expect(result).toEqual({
      winner: "first",
      reason: "Swedish have destroyed all 5 artillery units of the Imperialists in Game-Turn 9: Swedish win",
      gameTurn: 9,
    });
  });

  it("[16.23] one gun left: play goes on, and at the end of the game the Imperialists win", () => {
    const { ctx, position } = breitenfeld(15, 1);
    expect(checkVictory(ctx, position, DURING)).toBeUndefined();
    expect(checkVictory(ctx, position, endOf("first"))).toBeUndefined();
    const result = checkVictory(ctx, position, END);
    expect(result?.winner).toBe("second");
    expect(result?.reason).toContain("(1 of 5 remain)");
    expect(result?.reason).toMatch(/Imperialists win$/);
  });
});

describe("[16.24] Lutzen: fifteen Swedish units on or west of the road at the end of an Imperialist Player-Turn", () => {
  const lutzen = (gameTurn: number, west: number, phasing: Side) => {
    const ctx = ctxFor("16.24");
    const inside = region(ctx.map, "west-of-main-road");
    const road = ctx.map.roads.get("main") ?? [];
    // One stack on a road hex itself: "on or west of" includes the road.
    const onRoad = idOf(ctx.map.grid, road[Math.floor(road.length / 2)] ?? 0);
    const westHexes = clearNear(ctx, 15, 8, (h) => inside[h] === 1 && !road.includes(h));
    const eastHex = clearNear(ctx, 15, 8, (h) => inside[h] === 0)[0] ?? "";
    const swedes = Object.keys(army("S", "first", "PP", 16, "a"));
    return setup({
      scenario: "16.24",
      gameTurn,
      phasing,
      phase: "melee",
      units: { ...army("S", "first", "PP", 16, "a"), ...army("I", "second", "PP", 1, "a") },
      stacks: {
        ...stacked(swedes.slice(0, west), [onRoad, ...westHexes], 2),
        ...stacked(swedes.slice(west), [eastHex], 2),
      },
      offMap: { I1: "eliminated" },
    });
  };

  it("[16.24] Swedes win with 15 units west of the road at the end of an Imperialist Player-Turn", () => {
    const { ctx, position } = lutzen(7, 15, "second");
    expect(checkVictory(ctx, position, endOf("second"))).toEqual({
      winner: "first",
      reason:
        "Swedish have 15 units on or west of the main road (15 needed) at the end of the Imperialists' Player-Turn of Game-Turn 7: Swedish win",
      gameTurn: 7,
    });
  });

  it("[16.24] 15 units west of the road at the end of a Swedish Player-Turn, or during play, do not end the game", () => {
    const { ctx, position } = lutzen(7, 15, "first");
    expect(checkVictory(ctx, position, endOf("first"))).toBeUndefined();
    expect(checkVictory(ctx, position, DURING)).toBeUndefined();
  });

  it("[16.24] 14 units at the end of an Imperialist Player-Turn: play goes on", () => {
    const { ctx, position } = lutzen(7, 14, "second");
    expect(checkVictory(ctx, position, endOf("second"))).toBeUndefined();
  });

  it("[16.24] 14 units at the end of the last Imperialist Player-Turn: Imperialists win", () => {
    const { ctx, position } = lutzen(15, 14, "second");
    const result = checkVictory(ctx, position, END);
    expect(result?.winner).toBe("second");
    expect(result?.reason).toBe(
      "Swedish have only 14 units on or west of the main road (15 needed) at the end of the game (Game-Turn 15): Imperialists win",
    );
  });
});

describe("[16.37] Dunbar: Royalists need ten units within three hexes of hex 3, Parliamentarians hex 8", () => {
  const dunbar = (royalistsNear3: number, parliamentHolds8: boolean) => {
    const ctx = ctxFor("16.37");
    const near = clearNear(ctx, 3, 3);
    const far = clearNear(ctx, 3, 9, (h) => distance(ctx.map.grid, h, keyHex(ctx.map, 3)) > 3);
    const royalists = Object.keys(army("R", "second", "MP", 12));
    return setup({
      scenario: "16.37",
      gameTurn: 20,
      phasing: "second",
      phase: "melee",
      units: { ...army("R", "second", "MP", 12), ...army("P", "first", "PP", 1) },
      stacks: {
        ...stacked(royalists.slice(0, royalistsNear3), near, 2),
        ...stacked(royalists.slice(royalistsNear3), far, 2),
        ...(parliamentHolds8 ? { [keyId(ctx, 8)]: ["P1"] } : {}),
      },
      offMap: parliamentHolds8 ? {} : { P1: "eliminated" },
    });
  };

  it("[16.37] ten Royalist units within three hexes of hex 3: Royalists win", () => {
    const { ctx, position } = dunbar(10, false);
    const result = checkVictory(ctx, position, END);
    expect(result?.winner).toBe("second");
    expect(result?.reason).toContain("Royalists have 10 units within 3 hexes of hex 3 (10 needed)");
  });

  it("[16.37] Parliamentarians hold hex 8 and the Royalists have nine near hex 3: Parliamentarians win", () => {
    const { ctx, position } = dunbar(9, true);
    const result = checkVictory(ctx, position, END);
    expect(result?.winner).toBe("first");
    expect(result?.reason).toContain("Parliamentarians control hex 8");
  });

  it("[16.37] neither condition met: draw", () => {
    const { ctx, position } = dunbar(9, false);
    const result = checkVictory(ctx, position, END);
    expect(result?.winner).toBe("draw");
    expect(result?.reason).toContain("Royalists have only 9 units within 3 hexes of hex 3");
    expect(result?.reason).toContain("Parliamentarians do not control hex 8");
  });

  it("[16.37] [16.0] both players fulfil their conditions: draw", () => {
    const { ctx, position } = dunbar(10, true);
    const result = checkVictory(ctx, position, END);
    expect(result?.winner).toBe("draw");
    expect(result?.reason).toMatch(/^both players fulfil their conditions: /);
    expect(result?.reason).toContain("Royalists have 10 units within 3 hexes of hex 3");
    expect(result?.reason).toContain("Parliamentarians control hex 8");
  });

  it("[16.37] judged only at the end of the game", () => {
    const { ctx, position } = dunbar(10, false);
    expect(checkVictory(ctx, { ...position, gameTurn: 19 }, END)).toBeUndefined();
    expect(checkVictory(ctx, position, DURING)).toBeUndefined();
  });
});

describe("every scenario from its opening position", () => {
  // With the automatic deployment of seed 1: who would win if the game ended as it began.
  it.each([
    ["16.11", "draw", "neither player controls every hex of the towns of hexes 8 and 11"],
    ["16.12", "draw", "neither player controls every hex of the town of hex 6"],
    ["16.13", "draw", "neither player controls every hex of the town of hex 6"],
    ["16.21", "first", "Bohemians still have 25 units on the map"],
    ["16.22", "first", "Protestants have exited no units off the north edge"],
    [
      "16.23",
      "second",
      "Swedish have not destroyed every artillery unit of the Imperialists (5 of 5 remain)",
    ],
    ["16.24", "second", "Swedish have no units on or west of the main road"],
    ["16.25", "draw", "neither player controls both hexes 9 and 11"],
    ["16.26", "second", "Spanish control hex 9"],
    ["16.31", "draw", "neither player controls hex 3"],
    ["16.32", "draw", "neither player controls both hexes 8 and 11"],
    ["16.33", "draw", "neither player controls hex 1"],
    ["16.34", "draw", "Royalists do not control both hexes 10 and 13"],
    ["16.35", "first", "Covenanteers do not control hex 14"],
    ["16.36", "first", "Parliamentarians control hex 8"],
    ["16.37", "second", "units within 3 hexes of hex 3"],
    ["16.41", "draw", "neither player controls hex 11"],
    ["16.51", "draw", "neither player controls hex 8"],
  ] as const)("[%s] opening: no result during play; at the end of the game: %s (%s)", (id, winner, why) => {
    const { ctx, position } = deployed(id);
    expect(checkVictory(ctx, position, DURING)).toBeUndefined();
    expect(checkVictory(ctx, position, endOf("first"))).toBeUndefined();
    const last = { ...position, gameTurn: ctx.scenario.gameLength };
    expect(checkVictory(ctx, last, endOf("first"))).toBeUndefined();
    const result = checkVictory(ctx, last, END);
    expect(result?.winner).toBe(winner);
    expect(result?.gameTurn).toBe(ctx.scenario.gameLength);
    expect(result?.reason).toContain(why);
    expect(result?.reason).toContain(`at the end of the game (Game-Turn ${ctx.scenario.gameLength})`);
  });
});

describe("the reasons given", () => {
  it("[16.0] a failed town condition counts who holds its hexes: each side that holds some, and nobody", () => {
    const ctx = ctxFor("16.11");
    const town8 = hexRefHexes(ctx.map, { townOf: 8 }).map((h) => idOf(ctx.map.grid, h));
    const town11 = hexRefHexes(ctx.map, { townOf: 11 }).map((h) => idOf(ctx.map.grid, h));
    const dutch = town11.at(-1) ?? "";
    const { position } = setup({
      scenario: "16.11",
      gameTurn: 20,
      phasing: "second",
      phase: "melee",
      units: { ...army("SP", "first", "EP", 1), ...army("D", "second", "MP", 1) },
      stacks: { [dutch]: ["D1"] },
      offMap: { SP1: "eliminated" },
      // Town 8 is all Spanish; of town 11 the Spanish hold all but two: one the Dutch stand in, one nobody ever held.
      control: statuses([...town8, ...town11.slice(0, -2)], "first" as const),
    });
    expect(checkVictory(ctx, position, END)?.reason).toBe(
      `neither player controls every hex of the towns of hexes 8 and 11 (of the ${town8.length} hexes of the town of hex 8: Spanish ${town8.length}; of the ${town11.length} hexes of the town of hex 11: Spanish ${town11.length - 2}, Dutch 1, nobody 1) at the end of the game (Game-Turn 20): draw`,
    );
  });

  it("[16.0] a failed condition on single hexes names the holder of each", () => {
    const ctx = ctxFor("16.25");
    const { position } = setup({
      scenario: "16.25",
      gameTurn: ctx.scenario.gameLength,
      phasing: "second",
      phase: "melee",
      units: { ...army("F", "first", "PP", 1), ...army("S", "second", "PP", 1) },
      offMap: { F1: "eliminated", S1: "eliminated" },
      control: { [keyId(ctx, 9)]: "first" },
    });
    const first = ctx.scenario.players[0]?.name;
    expect(checkVictory(ctx, position, END)?.reason).toContain(
      `neither player controls both hexes 9 and 11 (hex 9: ${first}; hex 11: nobody)`,
    );
  });

  it("[16.23] a result at the end of a Player-Turn names that Player-Turn: the Swedish, the Imperialists'", () => {
    const ctx = ctxFor("16.23");
    const { position } = setup({
      scenario: "16.23",
      gameTurn: 9,
      phasing: "first",
      phase: "melee",
      units: { ...army("EA", "second", "EA", 1), ...army("S", "first", "SC", 1) },
      stacks: stacked(["S1"], clearNear(ctx, 6, 3), 1),
      offMap: { EA1: "eliminated" },
    });
    expect(checkVictory(ctx, position, endOf("first"))?.reason).toBe(
      "Swedish have destroyed all 1 artillery units of the Imperialists at the end of the Swedish Player-Turn of Game-Turn 9: Swedish win",
    );
    expect(checkVictory(ctx, { ...position, phasing: "second" }, endOf("second"))?.reason).toBe(
      "Swedish have destroyed all 1 artillery units of the Imperialists at the end of the Imperialists' Player-Turn of Game-Turn 9: Swedish win",
    );
  });

  it("[16.23] Imperialists with no artillery at all: the Swedes' condition is met, and the reason says so", () => {
    const ctx = ctxFor("16.23");
    const { position } = setup({
      scenario: "16.23",
      gameTurn: 9,
      phasing: "first",
      phase: "melee",
      units: { ...army("I", "second", "PP", 1), ...army("S", "first", "SC", 1) },
      stacks: { ...stacked(["S1"], clearNear(ctx, 6, 3), 1), ...stacked(["I1"], clearNear(ctx, 9, 4), 1) },
    });
    expect(checkVictory(ctx, position, DURING)?.reason).toBe(
      "the Imperialists have no artillery units left in Game-Turn 9: Swedish win",
    );
  });

  it("[16.21] a composed position with no Bohemian unit at all: nothing was eliminated, no Imperialist victory", () => {
    const ctx = ctxFor("16.21");
    const { position } = setup({
      scenario: "16.21",
      gameTurn: 4,
      phasing: "second",
      phase: "melee",
      units: army("I", "second", "PP", 2),
      stacks: stacked(["I1", "I2"], clearNear(ctx, 2, 3), 2),
    });
    expect(checkVictory(ctx, position, DURING)).toBeUndefined();
  });
});
