import { basePolygon, type Pose, translationSweep } from "@tercio/geometry";
import {
  type ChargePath,
  type Ctx,
  fieldOfFire,
  inAllRoundTerrain,
  type Position,
  unitFrontCentre,
  unitFrontEdge,
  unitPolygon,
} from "@tercio/horse-and-musket-ch11";
import type { Point } from "./frame.js";

/**
 * "Show working": the exact points, segments and polygons the engine used
 * for a shot or a charge, as integer ticks, to draw and to list. Every
 * shape is the engine's own (fieldOfFire, the bases, the charge's sweep);
 * the board only names them.
 */
export interface WorkingShape {
  readonly kind: "point" | "segment" | "polygon";
  readonly points: readonly Point[];
  readonly label: string;
}

export interface Working {
  readonly title: string;
  readonly shapes: readonly WorkingShape[];
}

export function shotWorkingShapes(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  targetId: string,
): Working | undefined {
  const s = position.units[shooterId];
  const t = position.units[targetId];
  if (!s || !t) return undefined;
  const allRound = inAllRoundTerrain(ctx, s, unitPolygon(s)) !== undefined;
  const shapes: WorkingShape[] = [];
  if (!allRound)
    shapes.push({
      kind: "polygon",
      points: fieldOfFire(ctx, s, ctx.options.fieldOfFire),
      label: `field of fire (${ctx.options.fieldOfFire})`,
    });
  const from = ctx.options.rangeFrom;
  if (from === "front-edge")
    shapes.push(
      allRound
        ? {
            kind: "polygon",
            points: unitPolygon(s),
            label: "range measured from the whole base (all-round fire)",
          }
        : { kind: "segment", points: unitFrontEdge(s), label: "range measured from the front edge" },
    );
  else
    shapes.push({
      kind: "point",
      points: [from === "front-centre" ? unitFrontCentre(s) : s],
      label: `range measured from the ${from}`,
    });
  shapes.push({
    kind: "polygon",
    points: unitPolygon(t),
    label: `${targetId}'s base (to its nearest point)`,
  });
  return { title: `${shooterId} shooting at ${targetId}`, shapes };
}

export function chargeWorkingShapes(
  position: Position,
  id: string,
  target: string,
  turn: number,
  path: ChargePath,
): Working | undefined {
  const u = position.units[id];
  const t = position.units[target];
  if (!u || !t) return undefined;
  const turned: Pose = { x: u.x, y: u.y, facing: (((u.facing + turn) % 36000) + 36000) % 36000 };
  const from = basePolygon(turned, u);
  const end = { ...u, x: path.pose.x, y: path.pose.y, facing: path.pose.facing };
  return {
    title: `${id} charging ${target}`,
    shapes: [
      { kind: "polygon", points: from, label: `after the turn of ${turn / 100}º about the centre` },
      {
        kind: "polygon",
        points: translationSweep(from, { x: path.pose.x - turned.x, y: path.pose.y - turned.y }),
        label: "the straight sweep to first contact",
      },
      { kind: "polygon", points: basePolygon(path.pose, u), label: `in contact (${path.touching})` },
      {
        kind: "point",
        points: [unitFrontCentre(end)],
        label: `front centre: in ${target}'s ${path.side} zone`,
      },
      { kind: "polygon", points: unitPolygon(t), label: `${target}'s base` },
    ],
  };
}

/** "(12192, 30480)". */
export function pointText(p: Point): string {
  return `(${p.x}, ${p.y})`;
}
