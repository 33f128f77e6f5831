import { type DataError, type DataIssue, dataError, err, ok, type Result, zodIssues } from "@tercio/core";
import { createGrid, directionBetween, indexOfId } from "../hex/grid.js";
import { compileMap, type MapContext } from "./map-context.js";
import mapJson from "./musket-and-pike.map.json" with { type: "json" };
import { type MapData, MapDataSchema } from "./schema.js";

/** Validates map data: its shape (zod), then that every hex, road and key hex makes sense on the grid. */
export function parseMapData(json: unknown): Result<MapData, DataError> {
  const parsed = MapDataSchema.safeParse(json);
  if (!parsed.success) return err(dataError("map", zodIssues(parsed.error)));
  const issues = consistencyIssues(parsed.data);
  return issues.length > 0 ? err(dataError("map", issues)) : ok(parsed.data);
}

function consistencyIssues(map: MapData): DataIssue[] {
  const issues: DataIssue[] = [];
  const grid = createGrid(map.columns, map.rows);
  if (map.terrain.length !== map.rows) {
    issues.push({ path: "terrain", message: `needs ${map.rows} rows, has ${map.terrain.length}` });
  }
  map.terrain.forEach((line, r) => {
    if (line.length !== map.columns) {
      issues.push({
        path: `terrain[${r}]`,
        message: `row ${r + 1} needs ${map.columns} hexes, has ${line.length}`,
      });
    }
    [...line].forEach((ch, c) => {
      if (!(ch in map.legend)) {
        issues.push({ path: `terrain[${r}]`, message: `"${ch}" at column ${c + 1} is not in the legend` });
      }
    });
  });
  const roadIds = new Set<string>();
  map.roads.forEach((road, ri) => {
    if (roadIds.has(road.id))
      issues.push({ path: `roads[${ri}].id`, message: `duplicate road "${road.id}"` });
    roadIds.add(road.id);
    road.hexes.forEach((id, i) => {
      const h = indexOfId(grid, id);
      if (h < 0) {
        issues.push({ path: `roads[${ri}].hexes[${i}]`, message: `hex ${id} is not on the map` });
        return;
      }
      const prev = i > 0 ? indexOfId(grid, road.hexes[i - 1] ?? "") : -1;
      if (i > 0 && prev >= 0 && directionBetween(grid, prev, h) === undefined) {
        issues.push({
          path: `roads[${ri}].hexes[${i}]`,
          message: `hex ${id} is not adjacent to ${road.hexes[i - 1]}`,
        });
      }
    });
  });
  const seen = new Map<string, string>();
  for (const [n, id] of Object.entries(map.keyHexes)) {
    if (indexOfId(grid, id) < 0)
      issues.push({ path: `keyHexes.${n}`, message: `hex ${id} is not on the map` });
    const other = seen.get(id);
    if (other) issues.push({ path: `keyHexes.${n}`, message: `hex ${id} is already key hex ${other}` });
    seen.set(id, n);
  }
  for (const [name, region] of Object.entries(map.regions)) {
    if ("road" in region.barrier && !roadIds.has(region.barrier.road)) {
      issues.push({ path: `regions.${name}.barrier.road`, message: `no road "${region.barrier.road}"` });
    }
  }
  return issues;
}

export function loadMap(json: unknown = mapJson): Result<MapContext, DataError> {
  const parsed = parseMapData(json);
  return parsed.ok ? ok(compileMap(parsed.value)) : parsed;
}

/** The built-in composite map. */
export function defaultMap(): MapContext {
  const loaded = loadMap(mapJson);
  if (!loaded.ok) throw new Error(`built-in map is invalid: ${loaded.error.message}`);
  return loaded.value;
}

export const DEFAULT_MAP_JSON: unknown = mapJson;
