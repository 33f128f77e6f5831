import { describe, expect, it } from "vitest";
import { straightRow } from "../hex/axial.js";
import {
  axialOf,
  type DirectionIndex,
  disc,
  distance,
  distanceToEdge,
  edgeHexes,
  idOf,
  indexOfId,
  isOnEdge,
  neighbourOf,
} from "../hex/index.js";
import { DEFAULT_MAP_JSON, defaultMap, parseMapData } from "./load.js";
import { hasRoad, keyHex, region, terrainAt } from "./map-context.js";

const map = defaultMap();
const { grid } = map;
const key = (n: number) => keyHex(map, n);
const townAround = (n: number) => map.towns[map.townOf[key(n)] as number] ?? [];
const neighbours = (h: number) =>
  [0, 1, 2, 3, 4, 5].map((d) => neighbourOf(grid, h, d as DirectionIndex)).filter((n) => n >= 0);
const main = map.roads.get("main") ?? [];

describe("the composite map sheet", () => {
  it("[3.1] covers a full-size sheet: at least 30 hexes on the short side and 40 on the long", () => {
    expect(Math.min(grid.columns, grid.rows)).toBeGreaterThanOrEqual(30);
    expect(Math.max(grid.columns, grid.rows)).toBeGreaterThanOrEqual(40);
    expect(idOf(grid, 0)).toBe("0101");
    expect(idOf(grid, grid.size - 1)).toBe(`${grid.columns}${grid.rows}`);
  });

  it("[16.0] numbers key hexes 1 to 16, each on distinct dry ground", () => {
    const seen = new Set<number>();
    for (let n = 1; n <= 16; n++) {
      const h = key(n);
      expect(seen.has(h), `key hex ${n}`).toBe(false);
      seen.add(h);
      expect(["stream", "bridge"]).not.toContain(terrainAt(map, h));
    }
  });

  it("[16.11] hexes 8 and 11 each lie in a town of several village hexes, and the towns are apart", () => {
    for (const n of [8, 11]) {
      expect(terrainAt(map, key(n))).toBe("village");
      expect(townAround(n).length, `town of hex ${n}`).toBeGreaterThanOrEqual(4);
    }
    expect(map.townOf[key(8)]).not.toBe(map.townOf[key(11)]);
  });

  it("[16.13] hex 6 lies in Town #6, with a stream on its sea side running the map north to south", () => {
    expect(terrainAt(map, key(6))).toBe("village");
    expect(townAround(6).length).toBeGreaterThanOrEqual(4);
    const sea = region(map, "north-sea");
    // The North Sea (west of the stream, errata directions) reaches the west edge and holds no part of the town.
    for (const h of edgeHexes(grid, "west")) expect(sea[h]).toBe(1);
    for (const h of townAround(6)) expect(sea[h]).toBe(0);
    // The sea is bounded by stream hexes: every sea hex's landward neighbours are sea or stream.
    for (let h = 0; h < grid.size; h++) {
      if (sea[h] !== 1) continue;
      for (const n of neighbours(h)) expect(sea[n] === 1 || terrainAt(map, n) === "stream").toBe(true);
    }
    // The stream runs from the north edge to the south edge, and lies west of hex 6.
    const streamWest = (row: number) =>
      Array.from({ length: grid.columns }, (_, c) => c * grid.rows + row).filter(
        (h) => terrainAt(map, h) === "stream" && neighbours(h).some((n) => sea[n] === 1),
      );
    for (let row = 0; row < grid.rows; row++)
      expect(streamWest(row).length, `row ${row + 1}`).toBeGreaterThan(0);
    const six = axialOf(grid, key(6));
    for (const h of streamWest(Math.floor(key(6) % grid.rows)))
      expect(axialOf(grid, h).q).toBeLessThan(six.q);
  });

  it("[16.13] the Dutch deployment zone around hex 6 is on the land side", () => {
    const sea = region(map, "north-sea");
    const zone = disc(grid, key(6), 5).filter((h) => sea[h] === 0 && terrainAt(map, h) !== "stream");
    expect(zone.length).toBeGreaterThanOrEqual(Math.ceil(57 / 2));
    expect(sea[key(6)]).toBe(0);
  });

  it("[16.22] a north-south road runs from edge to edge past hexes 15 and 12", () => {
    const first = main[0] ?? -1;
    const last = main.at(-1) ?? -1;
    expect(isOnEdge(grid, first, "north")).toBe(true);
    expect(isOnEdge(grid, last, "south")).toBe(true);
    const i15 = main.indexOf(key(15));
    const i12 = main.indexOf(key(12));
    expect(i15).toBeGreaterThan(0);
    expect(i12).toBeGreaterThan(i15);
    expect(distanceToEdge(grid, key(12), "south")).toBeLessThanOrEqual(8);
    for (const h of main) expect(hasRoad(map, h)).toBe(true);
  });

  it("[16.24] hex 14 lies within eight hexes of the east edge and well east of the road from 12 to 15", () => {
    expect(distanceToEdge(grid, key(14), "east")).toBeLessThanOrEqual(8);
    const segment = main.slice(main.indexOf(key(15)), main.indexOf(key(12)) + 1);
    expect(Math.min(...segment.map((h) => distance(grid, h, key(14))))).toBeGreaterThanOrEqual(7);
    const west = region(map, "west-of-main-road");
    for (const h of main) expect(west[h]).toBe(1);
    expect(west[key(14)]).toBe(0);
    expect(west[key(1)]).toBe(1);
  });

  it("[16.41] hex 10 lies within eight hexes of the south edge", () => {
    expect(distanceToEdge(grid, key(10), "south")).toBeLessThanOrEqual(8);
  });

  it("[16.25] hex 9 stands on a hill; [7.3G] every hilltop is enclosed by slopes", () => {
    expect(terrainAt(map, key(9))).toBe("hilltop");
    for (let h = 0; h < grid.size; h++) {
      if (terrainAt(map, h) !== "hilltop") continue;
      expect(isOnEdge(grid, h, "north") || isOnEdge(grid, h, "south")).toBe(false);
      for (const n of neighbours(h)) expect(["hilltop", "slope"]).toContain(terrainAt(map, n));
    }
  });

  it("[16.35] woods lie near hexes 13 and 15", () => {
    for (const n of [13, 15]) {
      const woods = disc(grid, key(n), 2).filter((h) => terrainAt(map, h) === "woods");
      expect(woods.length, `woods near hex ${n}`).toBeGreaterThanOrEqual(5);
    }
  });

  it("[16.37] the hexes from 8 to 3 form one straight hex row", () => {
    const row = straightRow(axialOf(grid, key(8)), axialOf(grid, key(3)));
    expect(row).toBeDefined();
    expect(row?.length).toBeGreaterThanOrEqual(5);
  });

  it("[13.0D] every bridge carries a road across a stream", () => {
    let bridges = 0;
    for (let h = 0; h < grid.size; h++) {
      if (terrainAt(map, h) !== "bridge") continue;
      bridges++;
      expect(hasRoad(map, h)).toBe(true);
      expect(neighbours(h).some((n) => terrainAt(map, n) === "stream")).toBe(true);
    }
    expect(bridges).toBeGreaterThan(0);
  });

  it("[5.3] roads are chains of adjacent hexes, and no road hex is a stream without a bridge", () => {
    for (const [, hexes] of map.roads) {
      for (const h of hexes) expect(terrainAt(map, h)).not.toBe("stream");
    }
  });
});

describe("loading a map file", () => {
  const clone = () => JSON.parse(JSON.stringify(DEFAULT_MAP_JSON));

  it("accepts the built-in map", () => {
    expect(parseMapData(clone()).ok).toBe(true);
  });

  it("names the field of each error: a short row, an unknown terrain, a broken road, a key hex off the map", () => {
    const m = clone();
    m.terrain[3] = m.terrain[3].slice(1);
    m.terrain[5] = `X${m.terrain[5].slice(1)}`;
    m.roads[0].hexes.splice(3, 1);
    m.keyHexes["4"] = "9999";
    const r = parseMapData(m);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const paths = r.error.issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(["terrain[3]", "terrain[5]", "roads[0].hexes[3]", "keyHexes.4"]),
    );
  });

  it("rejects a key hex numbered outside 1-16", () => {
    const m = clone();
    m.keyHexes["17"] = "0101";
    const r = parseMapData(m);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/keyHexes/);
  });
});

describe("hex ids on the map", () => {
  it("every hex id resolves back to its index", () => {
    for (let h = 0; h < grid.size; h += 37) expect(indexOfId(grid, idOf(grid, h))).toBe(h);
  });
});
