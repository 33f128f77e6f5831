import { type Point, type Pose, scaledDirection, segmentWithin, turnBetween } from "@tercio/geometry";
import {
  allowanceOf,
  type Ctx,
  checkMove,
  type Position,
  PreviewJudge,
  type ProgramOp,
  playProgram,
  threatOf,
  typeRules,
  type UnitState,
  unitSize,
  wheelPose,
} from "@tercio/horse-and-musket-nt";
import { aimsOf } from "./aim.js";
import { atPose, bearing, INCH, poseOfUnit, withUnit } from "./geometry.js";

/**
 * Candidate moves of one rolled unit (1.2: its Dx known), each checked by
 * the engine's checkMove with the preview judge (a move a roll-off may
 * allow is offered, as legalActions offers it): nothing the engine refuses
 * is proposed. The grammar: an advance (the whole allowance or double it
 * where the move may be doubled, the clamp of a refused one, three
 * quarters, half, a quarter, and the lengths that bring the front level
 * with a friend's); a wheel towards each aim or by a fixed angle (as far as
 * the allowance lets the far rear corner swing), alone or followed by an
 * advance; an advance then a wheel to face the first aim; and an advance,
 * a wheel and an advance (the rest halved either side); for a column on a
 * road, legs along it.
 */
export interface MoveCandidate {
  readonly program: ProgramOp[];
  readonly pose: Pose;
}

export interface CandidateOptions {
  /** Points to head for or face (bearings tried as wheels). */
  readonly aims: readonly Point[];
  /** Front-line lengths to try (ticks ahead), e.g. to come level with a friend. */
  readonly lengths?: readonly number[];
  /** Fewer candidates (greedy's cheaper set). */
  readonly few?: boolean;
  /** A bridge or ford ahead: the point before it on its axis, and the facing square to it. */
  readonly square?: { readonly entry: Point; readonly facing: number };
}

const FIXED_TURNS = [1500, -1500, 3000, -3000, 4500, -4500, 9000, -9000];
const FEW_TURNS = [3000, -3000];
const MIN_TICKS = INCH / 4;
/** The lattice a refused advance is clamped on. */
const STEP = INCH / 4;

/** The wheel op turning by `turn` centidegrees (positive clockwise: pin the right corner). */
export function wheelOp(turn: number): ProgramOp {
  return turn > 0
    ? { op: "wheel", corner: "right", cdeg: turn }
    : { op: "wheel", corner: "left", cdeg: -turn };
}

/** The far rear corner's travel in a wheel of `cdeg` (the longest corner: the diagonal's arc). */
export function wheelCost(ctx: Ctx, u: UnitState, cdeg: number): number {
  const s = unitSize(ctx, u);
  return (Math.sqrt(s.frontage * s.frontage + s.depth * s.depth) * Math.abs(cdeg) * Math.PI) / 18000;
}

/** The largest wheel the allowance pays for (centidegrees). */
function mostTurn(ctx: Ctx, u: UnitState, allowance: number): number {
  const s = unitSize(ctx, u);
  const diag = Math.sqrt(s.frontage * s.frontage + s.depth * s.depth);
  return Math.min(18000, Math.floor((allowance * 18000) / (Math.PI * diag)));
}

export class MoveGenerator {
  readonly out: MoveCandidate[] = [];
  private readonly seen = new Set<string>();
  private readonly judge: PreviewJudge;
  private readonly u: UnitState;
  private pointBlankBefore: Set<string> | undefined;

  constructor(
    private readonly ctx: Ctx,
    private readonly position: Position,
    private readonly id: string,
  ) {
    this.judge = new PreviewJudge(position.settled);
    this.u = position.units[id] as UnitState;
  }

  /**
   * Whether the engine accepts the program. A move into an enemy's threat zone is legal only
   * when it ends with a new point blank target, which the engine judges by line of sight to
   * every enemy twice: it is asked only when the players' fast aim (aim.ts) finds one.
   */
  legal(program: readonly ProgramOp[]): { legal: boolean; pose: Pose } {
    const played = playProgram(this.ctx, this.u.type, poseOfUnit(this.u), this.u.formation, program);
    const enters = played.sweeps.some(
      (s) => threatOf(this.ctx, this.position, this.id, s.region) !== undefined,
    );
    if (enters && !this.newPointBlank(played.pose)) return { legal: false, pose: played.pose };
    const c = checkMove(this.ctx, this.position, this.id, program, this.judge, { clamp: false });
    return { legal: c.legal, pose: c.pose };
  }

  private newPointBlank(end: Pose): boolean {
    this.pointBlankBefore ??= new Set(
      aimsOf(this.ctx, this.position, this.id)
        .filter((a) => a.band === "point-blank")
        .map((a) => a.id),
    );
    const there = withUnit(this.position, this.id, atPose(this.u, end));
    const first = aimsOf(this.ctx, there, this.id)[0];
    return first !== undefined && first.band === "point-blank" && !this.pointBlankBefore.has(first.id);
  }

  /** Checks a program and keeps it when legal; returns its pose. */
  add(program: ProgramOp[]): Pose | undefined {
    const key = JSON.stringify(program);
    if (this.seen.has(key)) return undefined;
    this.seen.add(key);
    const c = this.legal(program);
    if (!c.legal) return undefined;
    this.out.push({ program, pose: c.pose });
    return c.pose;
  }

  /**
   * The furthest legal advance (or road leg) after `head` up to `ticks`, or 0: the whole if
   * legal, else a bisection on a quarter-inch lattice (the engine's own clamp bisects to the
   * tick, three times the checks).
   */
  furthest(head: ProgramOp[], ticks: number, op: "advance" | "road" = "advance"): number {
    if (ticks < 1) return 0;
    const legal = (t: number) => this.legal([...head, { op, ticks: t }]).legal;
    if (legal(ticks)) return ticks;
    let lo = 0;
    let hi = Math.ceil(ticks / STEP);
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (legal(mid * STEP)) lo = mid;
      else hi = mid;
    }
    return lo * STEP;
  }

  /** Advances after `head` of the given lengths (at most `max`). */
  advances(
    head: ProgramOp[],
    max: number,
    fractions: readonly number[],
    extra: readonly number[] = [],
  ): void {
    const lengths = new Set<number>();
    for (const f of fractions) lengths.add(Math.floor(max * f));
    for (const l of extra) if (l > 0 && l <= max) lengths.add(l);
    for (const l of lengths) if (l >= MIN_TICKS) this.add([...head, { op: "advance", ticks: l }]);
  }
}

/** The turn that faces `aim` from the pose (null when it is the pose's own centre). */
function turnTowards(pose: Pose, aim: Point): number | null {
  const b = bearing(pose, aim);
  return b === null ? null : turnBetween(pose.facing, b);
}

export function candidateMoves(
  ctx: Ctx,
  position: Position,
  id: string,
  options: CandidateOptions,
): MoveCandidate[] {
  const u = position.units[id] as UnitState;
  const g = new MoveGenerator(ctx, position, id);
  const straight = allowanceOf(ctx, id, u, true);
  const column = u.formation === "column";
  const turning = allowanceOf(ctx, id, u, column);
  const double = ctx.rules.data.move.doubleFactor;
  const fractions = options.few ? [1, 0.5] : [1, 0.75, 0.5, 0.25];
  // Straight ahead (keeps the Bonus); the double move where it begins and stays over 12" away.
  const far = g.furthest([], straight * double);
  g.advances([], far, fractions, options.lengths ?? []);
  // Wheels: towards each aim, and by fixed angles, within what the allowance pays for.
  const wheels = Math.max(1, column ? 4 : typeRules(ctx, u).wheels);
  const most = mostTurn(ctx, u, turning);
  const turns = new Set<number>();
  for (const aim of options.aims) {
    const t = turnTowards(u, aim);
    if (t !== null && Math.abs(t) >= 200) turns.add(Math.sign(t) * Math.min(Math.abs(t), most));
  }
  for (const t of options.few ? FEW_TURNS : FIXED_TURNS) if (Math.abs(t) <= most) turns.add(t);
  for (const t of turns) {
    if (Math.abs(t) < 100) continue;
    const head = [wheelOp(t)];
    if (!g.add(head)) continue;
    const rest = turning - wheelCost(ctx, u, t);
    if (rest >= MIN_TICKS) {
      const reach = g.furthest(head, Math.floor(rest * double));
      g.advances(head, reach, options.few ? [1] : [1, 0.5]);
    }
  }
  const aim = options.aims[0];
  if (aim && !options.few) endTurns(ctx, u, g, turning, aim, wheels);
  if (options.square && wheels > 1) squareUp(ctx, u, g, turning, options.square);
  if (column) roadLegs(ctx, u, g, straight * double);
  return g.out;
}

/**
 * A column on a road (Terrain vi: its centre on the road's band) facing along it: legs along
 * the road, the whole allowance (double where it may) or as far as is legal, and half that.
 */
function roadLegs(ctx: Ctx, u: UnitState, g: MoveGenerator, allowance: number): void {
  for (const road of ctx.roads)
    for (let i = 0; i + 1 < road.line.length; i++) {
      const a = road.line[i] as Point;
      const b = road.line[i + 1] as Point;
      if (!segmentWithin(u, a, b, road.width / 2)) continue;
      for (const end of [a, b]) {
        const along = bearing(u, end);
        if (along === null || Math.abs(turnBetween(u.facing, along)) > 300) continue;
        const far = g.furthest([], allowance, "road");
        for (const l of [far, Math.floor(far / 2)]) if (l >= MIN_TICKS) g.add([{ op: "road", ticks: l }]);
      }
    }
}

/** An advance then a wheel to face the aim; and an advance, a wheel and an advance. */
function endTurns(
  ctx: Ctx,
  u: UnitState,
  g: MoveGenerator,
  allowance: number,
  aim: Point,
  wheels: number,
): void {
  const size = unitSize(ctx, u);
  for (const share of [0.5, 0.25]) {
    const first = Math.floor(allowance * share);
    if (first < MIN_TICKS) continue;
    const ahead = scaledDirection(u.facing, first);
    const mid: Pose = { x: u.x + ahead.x, y: u.y + ahead.y, facing: u.facing };
    const t = turnTowards(mid, aim);
    if (t === null || Math.abs(t) < 300) continue;
    const most = mostTurn(ctx, u, allowance - first);
    const turn = Math.sign(t) * Math.min(Math.abs(t), most);
    if (Math.abs(turn) < 100) continue;
    const head: ProgramOp[] = [{ op: "advance", ticks: first }, wheelOp(turn)];
    if (!g.add(head)) continue;
    const rest = allowance - first - wheelCost(ctx, u, turn);
    if (rest >= MIN_TICKS) g.add([...head, { op: "advance", ticks: Math.floor(rest) }]);
    // A second wheel back to face the aim from where the first left it (not for foot).
    if (wheels > 1 && rest >= MIN_TICKS) {
      const after = wheelPose(mid, size, turn > 0 ? "right" : "left", Math.abs(turn));
      const back = turnTowards(after, aim);
      if (back !== null && Math.abs(back) >= 300 && wheelCost(ctx, u, back) <= rest)
        g.add([...head, wheelOp(back)]);
    }
  }
}

/**
 * To a crossing's axis and square to it (a unit that may wheel twice): a
 * wheel to face the point before the crossing, the advance to it, a wheel
 * square to the crossing and the rest straight on; or, already on the
 * axis, the wheel square and on.
 */
function squareUp(
  ctx: Ctx,
  u: UnitState,
  g: MoveGenerator,
  allowance: number,
  square: { readonly entry: Point; readonly facing: number },
): void {
  const size = unitSize(ctx, u);
  const start = poseOfUnit(u);
  const heads: { ops: ProgramOp[]; pose: Pose; spent: number }[] = [{ ops: [], pose: start, spent: 0 }];
  const t = turnTowards(start, square.entry);
  if (t !== null) {
    const ops: ProgramOp[] = Math.abs(t) >= 100 ? [wheelOp(t)] : [];
    const pose = ops.length > 0 ? wheelPose(start, size, t > 0 ? "right" : "left", Math.abs(t)) : start;
    const spent = ops.length > 0 ? wheelCost(ctx, u, t) : 0;
    const to = Math.floor(Math.sqrt((square.entry.x - pose.x) ** 2 + (square.entry.y - pose.y) ** 2));
    if (to >= MIN_TICKS && spent + to <= allowance) {
      const ahead = scaledDirection(pose.facing, to);
      heads.push({
        ops: [...ops, { op: "advance", ticks: to }],
        pose: { x: pose.x + ahead.x, y: pose.y + ahead.y, facing: pose.facing },
        spent: spent + to,
      });
    }
  }
  for (const head of heads) {
    const turn = turnBetween(head.pose.facing, square.facing);
    const ops = Math.abs(turn) >= 100 ? [...head.ops, wheelOp(turn)] : head.ops;
    const spent = head.spent + (Math.abs(turn) >= 100 ? wheelCost(ctx, u, turn) : 0);
    if (ops.length === 0 || spent > allowance) continue;
    if (!g.add(ops)) continue;
    const rest = Math.floor(allowance - spent);
    if (rest >= MIN_TICKS) {
      const reach = g.furthest(ops, rest);
      if (reach >= MIN_TICKS) g.add([...ops, { op: "advance", ticks: reach }]);
    }
  }
}
