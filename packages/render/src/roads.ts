import {
  type DirectionIndex,
  directionBetween,
  type MapContext,
  neighbourOf,
  TERRAINS,
} from "@tercio/musket-and-pike";
import { centre, type Layout, towards } from "./layout.js";
import { INK, ROAD, ROAD_CASING } from "./palette.js";
import { el, type Point, polyline, segment } from "./svg.js";

const OFF_MAP_ORDER: readonly DirectionIndex[] = [0, 3, 5, 4, 1, 2];

/** Where a road that runs off the map edge from hex `end` (coming from `prev`) leaves the sheet. */
function offMapPoint(layout: Layout, map: MapContext, end: number, prev: number): Point | undefined {
  const onward = directionBetween(map.grid, prev, end);
  const d =
    onward !== undefined && neighbourOf(map.grid, end, onward) < 0
      ? onward
      : OFF_MAP_ORDER.find((x) => neighbourOf(map.grid, end, x) < 0);
  if (d === undefined) return undefined;
  const c = centre(layout, map.grid, end);
  const v = towards(d);
  const reach = layout.hexHeight * 0.5;
  return { x: c.x + v.x * reach, y: c.y + v.y * reach };
}

/** Roads as brown lines from hex centre to hex centre (5.3), on a pale casing; bridges with parapets. */
export function roadLayer(layout: Layout, map: MapContext): string {
  let d = "";
  for (const hexes of map.roads.values()) {
    const points = hexes.map((h) => centre(layout, map.grid, h));
    const first = hexes[0];
    const second = hexes[1];
    const last = hexes.at(-1);
    const beforeLast = hexes.at(-2);
    if (first !== undefined && second !== undefined && map.roadEnds[first] === 1) {
      const p = offMapPoint(layout, map, first, second);
      if (p) points.unshift(p);
    }
    if (last !== undefined && beforeLast !== undefined && map.roadEnds[last] === 1) {
      const p = offMapPoint(layout, map, last, beforeLast);
      if (p) points.push(p);
    }
    d += polyline(points);
  }
  const s = layout.size;
  const common = { d, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" };
  return el(
    "g",
    { id: "roads" },
    el("path", { ...common, stroke: ROAD_CASING, "stroke-width": s * 0.26 }) +
      el("path", { ...common, stroke: ROAD, "stroke-width": s * 0.13 }) +
      bridges(layout, map),
  );
}

/** A bridge: the road over the blue stream hex, with a parapet on each side and splayed ends. */
function bridges(layout: Layout, map: MapContext): string {
  const bridge = TERRAINS.indexOf("bridge");
  const s = layout.size;
  let d = "";
  for (let h = 0; h < map.grid.size; h++) {
    if (map.terrain[h] !== bridge) continue;
    const mask = map.roadMask[h] as number;
    const dir = ([0, 1, 2, 3, 4, 5] as const).find((x) => (mask & (1 << x)) !== 0) ?? 0;
    const c = centre(layout, map.grid, h);
    const v = towards(dir);
    const p = { x: -v.y, y: v.x };
    for (const side of [1, -1]) {
      const off = { x: c.x + p.x * s * 0.2 * side, y: c.y + p.y * s * 0.2 * side };
      const a = { x: off.x - v.x * s * 0.32, y: off.y - v.y * s * 0.32 };
      const b = { x: off.x + v.x * s * 0.32, y: off.y + v.y * s * 0.32 };
      d += segment(a, b);
      const splay = s * 0.14;
      d += segment(a, {
        x: a.x - v.x * splay + p.x * splay * side,
        y: a.y - v.y * splay + p.y * splay * side,
      });
      d += segment(b, {
        x: b.x + v.x * splay + p.x * splay * side,
        y: b.y + v.y * splay + p.y * splay * side,
      });
    }
  }
  return d === ""
    ? ""
    : el("path", {
        d,
        fill: "none",
        stroke: INK,
        "stroke-width": s * 0.07,
        "stroke-linecap": "round",
      });
}
