import { basePolygon } from "@tercio/geometry";
import {
  type ChargeReach,
  type HandToHandWorking,
  type ShotWorking,
  sizeOf,
  type UnitState,
} from "@tercio/horse-and-musket-ch11";
import type { Point } from "../tabletop/frame.js";

/**
 * "Show working": the exact points, segments and polygons the engine used
 * for a shot, a charge or a retreat (the library's shotWorking,
 * chargeWorking, retreatWorking), named for drawing and listing. Every
 * shape is the engine's own; the board only labels them.
 */
export interface WorkingShape {
  readonly kind: "point" | "segment" | "polygon";
  readonly points: readonly Point[];
  readonly label: string;
}

export interface Working {
  readonly title: string;
  readonly shapes: readonly WorkingShape[];
  /** For an action already resolved: whether the working, measured again, gives the event's numbers. */
  readonly check?: { readonly agrees: boolean; readonly text: string };
}

export function shotShapes(w: ShotWorking): Working {
  const r = w.range;
  const shapes: WorkingShape[] = [];
  if (!w.allRound)
    shapes.push({
      kind: "polygon",
      points: w.fieldOfFire,
      label: `field of fire (${w.fieldOfFireReading}): ${w.target} ${w.inArc ? "in" : "outside"} it`,
    });
  else if (w.allRoundArea)
    shapes.push({
      kind: "polygon",
      points: w.allRoundArea.polygon,
      label: `all-round fire from ${w.allRoundArea.name}`,
    });
  shapes.push({
    kind: r.fromShape.length === 2 ? "segment" : r.fromShape.length === 1 ? "point" : "polygon",
    points: r.fromShape,
    label: `range measured from the shooter's ${r.fromPart}`,
  });
  shapes.push({
    kind: r.toShape.length === 1 ? "point" : "polygon",
    points: r.toShape,
    label: `to ${w.target}'s ${r.toPart}`,
  });
  shapes.push({
    kind: "segment",
    points: [r.from, r.to],
    label: `nearest points: ${r.text}${r.exact ? "" : " (points rounded to the tick)"}, ${r.inRange ? "in" : "out of"} range of ${r.limit === null ? "none" : `${r.limit / 6096}"`}`,
  });
  if (w.lineOfSight)
    shapes.push({
      kind: "segment",
      points: [w.lineOfSight.from, w.lineOfSight.to],
      label: w.lineOfSight.blocker
        ? `line of sight blocked by ${w.lineOfSight.blocker.name}`
        : "line of sight, clear",
    });
  if (w.lineOfSight?.blocker)
    shapes.push({
      kind: "polygon",
      points: w.lineOfSight.blocker.polygon,
      label: `${w.lineOfSight.blocker.name}, in the way`,
    });
  if (w.cover)
    shapes.push({ kind: "polygon", points: w.cover.area.polygon, label: `cover: ${w.cover.area.name}` });
  return { title: `${w.shooter} shooting at ${w.target}`, shapes };
}

export function chargeShapes(charger: string, unit: UnitState, c: ChargeReach): Working {
  const size = sizeOf(unit);
  const p = c.path;
  const shapes: WorkingShape[] = [
    {
      kind: "polygon",
      points: basePolygon(p.turned, size),
      label: `after the turn of ${p.turn / 100}º about the centre`,
    },
    {
      kind: "segment",
      points: [p.reach.from, p.reach.to],
      label: `the centre's whole allowance ahead (${p.allowance / 6096}")`,
    },
    { kind: "polygon", points: p.swept, label: `the ground swept: ${p.text} to first contact` },
    { kind: "polygon", points: basePolygon(p.end, size), label: `in contact (${c.touching})` },
    ...c.cornerRays.map(
      (r): WorkingShape => ({
        kind: "segment",
        points: [r.from, r.to],
        label: `${c.target}'s ${r.corner} corner ray`,
      }),
    ),
    {
      kind: "point",
      points: [c.sidePoint],
      label: `${charger}'s front centre: in ${c.target}'s ${c.side}${c.onRay ? ` (on a ray: the ${c.onRayReading} reading)` : ""}`,
    },
    { kind: "point", points: c.contactPoints, label: "where the bases touch" },
  ];
  return { title: `${charger} charging ${c.target}`, shapes };
}

/** A fight's retreat, when the defender would survive. */
export function retreatShapes(w: HandToHandWorking): WorkingShape[] {
  const r = w.retreat;
  if (!r) return [];
  return [
    {
      kind: "polygon",
      points: r.swept,
      label: `${r.unit}'s retreat: ${r.text} of ${r.full / 6096}"${r.stop ? ` (${r.stop.message})` : ""}`,
    },
  ];
}

/** "(12192, 30480)". */
export function pointText(p: Point): string {
  return `(${p.x}, ${p.y})`;
}
