import { z } from "zod";
import { EDGES } from "../hex/grid.js";
import { TERRAINS } from "../vocabulary.js";

/**
 * The map sheet as data. The 1973 sheet is not available, so Tercio's map is
 * a composite designed to satisfy every scenario (docs/rules/map.md).
 *
 * Terrain is a grid of one character per hex, one string per map row
 * (north first), looked up in `legend`. Roads are chains of adjacent hexes;
 * they cross the hexsides between consecutive hexes.
 */
const hexId = z.string().regex(/^\d{4}$/, "a four-digit hex id, column then row (e.g. 1204)");

export const RegionSchema = z.discriminatedUnion("kind", [
  /**
   * The hexes reachable from a map edge without crossing a barrier (stream
   * hexes, or a named road's hexes): "west of the stream", "on or west of
   * the road".
   */
  z.strictObject({
    kind: z.literal("edge-flood"),
    edge: z.enum(EDGES),
    barrier: z.union([z.strictObject({ terrain: z.enum(TERRAINS) }), z.strictObject({ road: z.string() })]),
    includeBarrier: z.boolean(),
  }),
]);

export const MapDataSchema = z.strictObject({
  format: z.literal("tercio/map@1"),
  id: z.string().min(1),
  name: z.string().min(1),
  version: z.string().min(1),
  note: z.string(),
  columns: z.number().int().min(1).max(99),
  rows: z.number().int().min(1).max(99),
  legend: z.record(z.string().length(1), z.enum(TERRAINS)),
  terrain: z.array(z.string()),
  roads: z.array(z.strictObject({ id: z.string().min(1), name: z.string(), hexes: z.array(hexId).min(2) })),
  /** 16.0: the numbers 1-16 printed on the map, used for deployment and victory. */
  keyHexes: z.record(z.string().regex(/^([1-9]|1[0-6])$/, "key hexes are numbered 1 to 16"), hexId),
  regions: z.record(z.string(), RegionSchema),
});

export type MapData = z.infer<typeof MapDataSchema>;
export type Region = z.infer<typeof RegionSchema>;
