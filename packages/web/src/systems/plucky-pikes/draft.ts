import type { RuleError } from "@tercio/core";
import { applyOp, type Point, scaledDirection } from "@tercio/geometry";
import {
  type Action,
  type Ctx,
  centreKeepingFront,
  type Fraction,
  type MoveOp,
  type Position,
  pluckyPikesSystem,
  poseOf,
  sizeInFormation,
  type UnitState,
  unitCorners,
  unitSize,
} from "@tercio/plucky-pikes";
import { fractionWords, programCosts, sum } from "./urt.js";

/**
 * A unit's move being drawn (Movement: a program of activities): the ops
 * set, and the engine's answer for them. The engine is the move checker:
 * the program is played through the system's own `apply` on the position
 * (a move rolls no die), which says whether it is legal, where the unit
 * ends and what it used; a refusal is the engine's RuleError. Where the
 * program is refused, the ghost still follows it (the same geometry
 * kernel's motions the engine moves by), drawn as refused.
 */
export interface MovePreview {
  readonly legal: boolean;
  readonly error: RuleError | undefined;
  /** The unit after the program: the engine's when legal, else as drawn. */
  readonly ghost: UnitState;
  /** The engine's record of the move used (thousandths), when legal. */
  readonly used: number | undefined;
  /** Each activity's cost, from the rules data (in the open). */
  readonly costs: readonly (Fraction | undefined)[];
  readonly total: Fraction;
  /** The end the last pivot turned about, where it stood (the hinge). */
  readonly hinge: Point | undefined;
}

/** The pose of the unit after one activity, by the kernel's motions, as the engine moves it (display only). */
export function stepPose(ctx: Ctx, id: string, u: UnitState, op: MoveOp): UnitState {
  switch (op.op) {
    case "advance": {
      const v = scaledDirection(u.facing, op.ticks);
      return { ...u, x: u.x + v.x, y: u.y + v.y };
    }
    case "pivot": {
      const kc = op.end === "left" ? -op.cdeg : op.cdeg;
      const next = applyOp(poseOf(u), unitSize(ctx, id, u), { op: "wheel", corner: op.end, cdeg: kc });
      return { ...u, ...next.pose };
    }
    case "face": {
      const c = op.to === "about" ? 18000 : op.to === "left" ? -9000 : 9000;
      const next = applyOp(poseOf(u), unitSize(ctx, id, u), { op: "pivot", cdeg: c });
      return { ...u, ...next.pose };
    }
    case "form": {
      const centre = centreKeepingFront(
        poseOf(u),
        unitSize(ctx, id, u),
        sizeInFormation(ctx, id, u, op.formation),
      );
      return { ...u, ...centre, formation: op.formation, formedWith: u.strength };
    }
    case "limber":
      // The team goes onto the stand (Artillery); unlimbered, the engine puts it out behind the gun.
      return { ...u, formation: "limbered", ...(u.team ? { team: { points: u.team.points } } : {}) };
    case "unlimber":
      return { ...u, formation: "unlimbered" };
    case "dismount":
    case "mount": {
      // Bows & Crossbows: on foot as bowmen in open order, mounted in open order; the front edge stays.
      const next: UnitState = {
        ...u,
        dismounted: op.op === "dismount",
        formation: "open",
        formedWith: u.strength,
      };
      const centre = centreKeepingFront(poseOf(u), unitSize(ctx, id, u), unitSize(ctx, id, next));
      return { ...next, ...centre };
    }
    case "team":
      return u.team ? { ...u, team: { ...u.team, at: { x: op.x, y: op.y } } } : u;
    default:
      return u;
  }
}

/**
 * The program with the gun's horse team placed at `at` (Artillery: "anywhere
 * within 6" of an unlimbered gun"): a placement made before is replaced, the
 * new one last, after any unlimbering; the engine says whether it suits.
 */
export function withTeamPlaced(program: readonly MoveOp[], at: Point): MoveOp[] {
  return [
    ...program.filter((op) => op.op !== "team"),
    { op: "team", x: Math.round(at.x), y: Math.round(at.y) },
  ];
}

export function moveAction(id: string, program: readonly MoveOp[], run: boolean): Action {
  return { type: "move", unit: id, program: [...program], ...(run ? { run: true } : {}) };
}

export function previewMove(
  ctx: Ctx,
  position: Position,
  id: string,
  program: readonly MoveOp[],
  run: boolean,
): MovePreview | undefined {
  const u = position.units[id];
  if (!u || program.length === 0) return undefined;
  const costs = programCosts(ctx, id, u, program);
  let drawn = u;
  let hinge: Point | undefined;
  for (const op of program) {
    if (op.op === "pivot") {
      const c = unitCorners(ctx, id, drawn);
      hinge = op.end === "left" ? c.fl : c.fr;
    } else hinge = undefined;
    drawn = stepPose(ctx, id, drawn, op);
  }
  const step = pluckyPikesSystem.apply(ctx, position, moveAction(id, program, run));
  const after = step.ok ? step.value.position.units[id] : undefined;
  return {
    legal: step.ok,
    error: step.ok ? undefined : step.error,
    ghost: after ?? drawn,
    used: after?.used,
    costs,
    total: sum(costs),
    hinge,
  };
}

const inches = (ticks: number) => `${Math.round((ticks / 6096) * 100) / 100}"`;

/** An activity in words: 'advance 3"', 'pivot 20° about the left end', 'form hedgehog'. */
export function opWords(op: MoveOp): string {
  switch (op.op) {
    case "advance":
      return `advance ${inches(op.ticks)}`;
    case "pivot":
      return `pivot ${Math.abs(op.cdeg) / 100}° ${op.cdeg > 0 ? "forward" : "back"} about the ${op.end} end`;
    case "face":
      return op.to === "about" ? "about face" : `face ${op.to}`;
    case "form":
      return `form ${op.formation}`;
    case "team":
      return `place the horse team at ${inches(op.x)}, ${inches(op.y)}`;
    default:
      return op.op;
  }
}

export function programWords(program: readonly MoveOp[]): string {
  return program.map(opWords).join(", ");
}

/** A program with each activity's cost: 'pivot 30° forward about the left end (1/2)'. */
export function costedWords(program: readonly MoveOp[], costs: readonly (Fraction | undefined)[]): string {
  return program
    .map((op, i) => {
      const c = costs[i];
      return c ? `${opWords(op)} (${fractionWords(c)})` : opWords(op);
    })
    .join(", ");
}

const near = (a: Point, b: Point, r: number) => (a.x - b.x) ** 2 + (a.y - b.y) ** 2 <= r * r;

/** What a press takes hold of on the unit being moved: a front corner pivots about the other end; inside, an advance. */
export type Grip = { readonly kind: "advance" } | { readonly kind: "pivot"; readonly end: "left" | "right" };

export function gripAt(
  ctx: Ctx,
  id: string,
  u: UnitState,
  p: Point,
  r: number,
  inside: boolean,
): Grip | undefined {
  const c = unitCorners(ctx, id, u);
  // The corner taken swings; the other end stays (Movement: "with one end stationary").
  if (near(p, c.fr, r)) return { kind: "pivot", end: "left" };
  if (near(p, c.fl, r)) return { kind: "pivot", end: "right" };
  return inside ? { kind: "advance" } : undefined;
}

/**
 * The pivot, in centidegrees, that takes the free end from `free` towards
 * `to` about `pin`: positive swings it forward (the engine's sign), whole
 * degrees, at most a half turn either way; 0 for none.
 */
export function pivotCdeg(end: "left" | "right", pin: Point, free: Point, to: Point): number {
  const ax = free.x - pin.x;
  const ay = free.y - pin.y;
  const bx = to.x - pin.x;
  const by = to.y - pin.y;
  // Anticlockwise positive (y north). The left end pinned: the right end forward is anticlockwise.
  const signed = Math.atan2(ax * by - ay * bx, ax * bx + ay * by);
  const forward = end === "left" ? signed : -signed;
  const deg = Math.round((forward * 180) / Math.PI);
  return Math.max(-180, Math.min(180, deg)) * 100;
}

/** Ticks straight ahead from `from` to `to` along the facing, at least 1. */
export function advanceTicks(facing: number, from: Point, to: Point): number {
  const f = scaledDirection(facing, 1_000_000);
  const along = ((to.x - from.x) * f.x + (to.y - from.y) * f.y) / 1_000_000;
  return Math.max(1, Math.round(along));
}

/** The op a drag of `grip` from `from` to `to` makes, from the unit as it stands at the start of the drag. */
export function dragOp(
  ctx: Ctx,
  id: string,
  u: UnitState,
  grip: Grip,
  from: Point,
  to: Point,
): MoveOp | undefined {
  if (grip.kind === "advance") return { op: "advance", ticks: advanceTicks(u.facing, from, to) };
  const c = unitCorners(ctx, id, u);
  const [pin, free] = grip.end === "left" ? [c.fl, c.fr] : [c.fr, c.fl];
  const cdeg = pivotCdeg(grip.end, pin, free, to);
  return cdeg === 0 ? undefined : { op: "pivot", end: grip.end, cdeg };
}

/** The draft of a unit's move: the activities set, the one being dragged, whether it runs. */
export interface MoveDraft {
  readonly program: readonly MoveOp[];
  /** The activities set and the one being dragged. */
  readonly ops: readonly MoveOp[];
  readonly setProgram: (p: readonly MoveOp[]) => void;
  readonly run: boolean;
  readonly setRun: (r: boolean) => void;
  readonly preview: ReturnType<typeof previewMove>;
}
