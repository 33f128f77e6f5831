import {
  applyOp,
  type BaseSize,
  basePolygon,
  frontCentre,
  normalizeCdeg,
  type Point,
  type Pose,
  rotationSweep,
  scaledDirection,
  segmentWithinBand,
  translationSweep,
  withinBand,
} from "@tercio/geometry";
import type { ProgramOp } from "../actions.js";
import { sizeOf } from "../bases.js";
import type { Ctx } from "../context.js";
import type { Formation, UnitType } from "../vocabulary.js";

/**
 * A move's program played out (1.2 Move, Maneuvering i-iv): the pose and
 * formation after each op, each corner's travel, the swept regions, and
 * what the program did (wheels, a reform, road legs). Pure geometry: the
 * rules are checked by check-move.ts.
 *
 * Corner travel ("no corner exceeding the total distance allowed"): an
 * advance moves every corner its length; a reform's slide moves every
 * corner the slide's length; a wheel pinned on a front corner moves that
 * corner 0, the rear corner behind it on the depth's arc, the swinging
 * front corner on the frontage's arc and the swinging rear corner on the
 * diagonal's arc (kernel arc metering, deterministic floats). A change of
 * formation is about the front-centre point and moves no corner further
 * than the slide it comes with (the rules data's column is the same base
 * marked, turned).
 */
export interface Played {
  readonly pose: Pose;
  readonly formation: Formation;
  /** Travel of the corners fl, fr, rl, rr, in ticks (floats for arcs). */
  readonly corners: readonly [number, number, number, number];
  /** Each op's swept region, and whether it is a road leg (Terrain vi). */
  readonly sweeps: readonly { readonly region: Point[]; readonly road: boolean }[];
  /** The pose and footprint after each op. */
  readonly bases: readonly Point[][];
  readonly wheels: number;
  readonly reforms: number;
  /** The squared length of the reform slide(s), ticks². */
  readonly reformSq: number;
  readonly straightOnly: boolean;
  readonly formationChanged: boolean;
  readonly offRoad: boolean;
}

function hypot(a: number, b: number): number {
  return Math.sqrt(a * a + b * b);
}

function arc(radius: number, cdeg: number): number {
  return (radius * cdeg * Math.PI) / 18000;
}

/** The pose of a footprint changed about the front-centre point (Maneuvering ii: into or out of column). */
export function reformAbout(pose: Pose, from: BaseSize, to: BaseSize): Pose {
  const fc = frontCentre(pose, from);
  const back = scaledDirection(pose.facing, to.depth / 2);
  return { x: fc.x - back.x, y: fc.y - back.y, facing: pose.facing };
}

export function playProgram(
  ctx: Ctx,
  type: UnitType,
  start: Pose,
  formation: Formation,
  program: readonly ProgramOp[],
): Played {
  let pose = start;
  let form = formation;
  const corners: [number, number, number, number] = [0, 0, 0, 0];
  const sweeps: { region: Point[]; road: boolean }[] = [];
  const bases: Point[][] = [];
  let wheels = 0;
  let reforms = 0;
  let reformSq = 0;
  let straightOnly = true;
  let formationChanged = false;
  let offRoad = false;
  for (const op of program) {
    const size = sizeOf(ctx, type, form);
    const before = basePolygon(pose, size);
    switch (op.op) {
      case "advance":
      case "road": {
        const next = applyOp(pose, size, { op: "advance", ticks: op.ticks }).pose;
        for (let i = 0; i < 4; i++) corners[i] = (corners[i] as number) + op.ticks;
        sweeps.push({
          region: translationSweep(before, { x: next.x - pose.x, y: next.y - pose.y }),
          road: op.op === "road",
        });
        if (op.op === "road") {
          const from = { x: pose.x, y: pose.y };
          const to = { x: next.x, y: next.y };
          const follows = ctx.roads.some(
            (r) => withinBand(from, r.line, r.width / 2) && segmentWithinBand(from, to, r.line, r.width / 2),
          );
          if (!follows || form !== "column") offRoad = true;
        }
        pose = next;
        break;
      }
      case "wheel": {
        // The other corner swings FORWARD: a left pin turns anticlockwise.
        const cdeg = op.corner === "left" ? -op.cdeg : op.cdeg;
        const next = applyOp(pose, size, { op: "wheel", corner: op.corner, cdeg }).pose;
        const pin = op.corner === "left" ? before[1] : before[0];
        sweeps.push({ region: rotationSweep(before, pin as Point, 0, cdeg), road: false });
        const diag = hypot(size.frontage, size.depth);
        const travel =
          op.corner === "left"
            ? [0, arc(size.frontage, op.cdeg), arc(size.depth, op.cdeg), arc(diag, op.cdeg)]
            : [arc(size.frontage, op.cdeg), 0, arc(diag, op.cdeg), arc(size.depth, op.cdeg)];
        for (let i = 0; i < 4; i++) corners[i] = (corners[i] as number) + (travel[i] as number);
        wheels++;
        straightOnly = false;
        pose = { ...next, facing: normalizeCdeg(next.facing) };
        break;
      }
      case "reform": {
        reforms++;
        straightOnly = false;
        reformSq += op.dx * op.dx + op.dy * op.dy;
        const slid = { x: pose.x + op.dx, y: pose.y + op.dy, facing: pose.facing };
        const length = hypot(op.dx, op.dy);
        for (let i = 0; i < 4; i++) corners[i] = (corners[i] as number) + length;
        sweeps.push({ region: translationSweep(before, { x: op.dx, y: op.dy }), road: false });
        pose = slid;
        if (op.formation && op.formation !== form) {
          const to = sizeOf(ctx, type, op.formation);
          pose = reformAbout(pose, size, to);
          form = op.formation;
          formationChanged = true;
          sweeps.push({ region: basePolygon(pose, to), road: false });
        }
        break;
      }
    }
    bases.push(basePolygon(pose, sizeOf(ctx, type, form)));
  }
  return {
    pose,
    formation: form,
    corners,
    sweeps,
    bases,
    wheels,
    reforms,
    reformSq,
    straightOnly,
    formationChanged,
    offRoad,
  };
}
