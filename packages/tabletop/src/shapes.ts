import { z } from "zod";
import { LengthSchema } from "./length.js";

/**
 * Points, polygons and polylines as scenario data: [x, y] in inches (x
 * east, y north from the table's south-west corner), integer ticks after
 * load.
 */
export const PointSchema = z.tuple([LengthSchema, LengthSchema]).transform(([x, y]) => ({ x, y }));
export const PolygonSchema = z.array(PointSchema).min(3).max(64);
export const PolylineSchema = z.array(PointSchema).min(2).max(64);

/** An id a scenario gives a unit or a piece: a letter, then letters, digits and hyphens. */
export const PIECE_ID = /^[A-Za-z][A-Za-z0-9-]{0,31}$/;
