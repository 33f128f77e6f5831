import { type Point, turnBetween } from "@tercio/geometry";
import {
  type Action,
  type Ctx,
  type MoveOp,
  moveRate,
  type Position,
  pluckyPikesSystem,
  traitsOf,
  type UnitState,
} from "@tercio/plucky-pikes";
import { bearing, INCH } from "./geometry.js";

/**
 * Candidate moves of one unit, each applied by the engine and kept only if
 * it is accepted: nothing the engine refuses is proposed. The grammar: the
 * furthest straight advance (the whole move, or, where the engine refuses
 * it, the furthest it accepts on a quarter-inch lattice) and three
 * quarters, half and a quarter of the move; a pivot towards each aim
 * (about either end, as far as the move pays for: a URT's 30 degrees,
 * pro rata), alone, followed by the rest of the move or preceded by half
 * of it; pivots of 15 and 30 degrees either way with the rest of the move;
 * a withdrawal (about face and away, and about face again where the URTs
 * allow); a quarter or about face towards an aim for the units that face
 * rather than pivot (skirmishers, squares); each change of formation
 * asked for; guns unlimbering (or limbering and moving off); and the
 * still activities (untangling, reorganising, reloading) as far as the
 * move pays. Moves are exact fractions of the move in the engine; the
 * candidates only aim to land near its limits.
 */
export interface MoveCandidate {
  readonly action: Action;
  /** The unit where the move leaves it. */
  readonly after: UnitState;
  /** The position after the move. */
  readonly position: Position;
}

export interface CandidateOptions {
  /** Points to face or head for (pivots towards them are tried). */
  readonly aims?: readonly Point[];
  /** Fewer candidates (greedy's set). */
  readonly few?: boolean;
  /** Changes of formation worth trying. */
  readonly formations?: readonly string[];
  /** Guns: try limbering (and moving off). */
  readonly limber?: boolean;
}

const LATTICE = INCH / 4;

/**
 * The position after the action, or undefined if the engine refuses it. The
 * engine promises a Result and no throw; where it throws anyway (it did,
 * for an engagement from a footprint overlapping another: docs/ai.md) the
 * action is treated as refused.
 */
export function applied(ctx: Ctx, position: Position, action: Action): Position | undefined {
  try {
    const step = pluckyPikesSystem.apply(ctx, position, action);
    return step.ok ? step.value.position : undefined;
  } catch {
    return undefined;
  }
}

/** The part of a move one URT of the unit costs (its class's URT), as a number. */
export function urtShare(ctx: Ctx, id: string): number {
  const f = ctx.rules.data.classes[traitsOf(ctx, id).class].urt;
  return f.num / f.den;
}

/** The still activities the unit needs (reorganise, reload, untangle), as many as one move pays for. */
export function stillProgram(ctx: Ctx, id: string, u: UnitState): MoveOp[] {
  const share = urtShare(ctx, id);
  const out: MoveOp[] = [];
  let left = 1;
  const take = (urts: number, op: MoveOp) => {
    if (share * urts <= left + 1e-9) {
      out.push(op);
      left -= share * urts;
      return true;
    }
    return false;
  };
  for (let i = 0; i < u.muddle; i++) if (!take(1, { op: "untangle" })) break;
  if (u.muddle > 0) return out;
  if (u.disordered) take(1, { op: "reorganise" });
  for (let i = 0; i < u.reload; i++) if (!take(1, { op: "reload" })) break;
  for (let i = 0; i < u.pistols && u.reload === 0; i++) if (!take(1, { op: "reload" })) break;
  return out;
}

function advanced(program: readonly MoveOp[]): number {
  return program.reduce((n, op) => n + (op.op === "advance" ? op.ticks : 0), 0);
}

export class MoveGenerator {
  readonly out: MoveCandidate[] = [];
  private readonly seen = new Set<string>();
  private readonly u: UnitState;
  private readonly rate: number;
  private readonly share: number;
  private readonly pivotUrt: number;

  constructor(
    private readonly ctx: Ctx,
    private readonly position: Position,
    private readonly id: string,
  ) {
    const u = position.units[id];
    if (!u) throw new Error(`no unit ${id}`);
    this.u = u;
    const t = traitsOf(ctx, id);
    this.rate = moveRate(ctx, t, u.formation);
    this.share = urtShare(ctx, id);
    this.pivotUrt = (t.brigade ? ctx.rules.data.pivot.brigade : ctx.rules.data.pivot.battalion) * 100;
  }

  /** Tries a program; keeps it if the engine accepts it. */
  try(program: MoveOp[]): MoveCandidate | undefined {
    if (program.length === 0 || program.length > 16) return undefined;
    const key = JSON.stringify(program);
    if (this.seen.has(key)) return this.out.find((c) => JSON.stringify(c.action) === key);
    this.seen.add(key);
    const action: Action = { type: "move", unit: this.id, program };
    const next = applied(this.ctx, this.position, action);
    if (!next) return undefined;
    const after = next.units[this.id] as UnitState;
    const c = { action, after, position: next };
    this.out.push(c);
    return c;
  }

  /** The advance of `ticks` after `before`, or the furthest accepted one on the lattice (none if none is). */
  advance(before: MoveOp[], ticks: number): MoveCandidate | undefined {
    if (ticks < LATTICE / 2) return undefined;
    const whole = this.try([...before, { op: "advance", ticks }]);
    if (whole) return whole;
    let lo = 0;
    let hi = Math.floor(ticks / LATTICE);
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      const action: Action = {
        type: "move",
        unit: this.id,
        program: [...before, { op: "advance", ticks: mid * LATTICE }],
      };
      if (applied(this.ctx, this.position, action)) lo = mid;
      else hi = mid;
    }
    return lo > 0 ? this.try([...before, { op: "advance", ticks: lo * LATTICE }]) : undefined;
  }

  /** The ticks of advance the rest of the move pays for after spending `used` of it. */
  rest(used: number): number {
    return Math.floor(Math.max(0, 1 - used) * this.rate);
  }

  /** A pivot turning the unit by `turn` (clockwise positive) about the end named, capped by the move. */
  pivotOps(turn: number, budget: number): MoveOp[][] {
    const maxTurn = Math.floor((budget / this.share) * this.pivotUrt);
    const t = Math.sign(turn) * Math.min(Math.abs(turn), maxTurn, 18000);
    if (Math.abs(t) < 100) return [];
    // Clockwise: the right end pinned and the left swung forward, or the left pinned and the right swung back.
    return t > 0
      ? [[{ op: "pivot", end: "right", cdeg: t }], [{ op: "pivot", end: "left", cdeg: -t }]]
      : [[{ op: "pivot", end: "left", cdeg: -t }], [{ op: "pivot", end: "right", cdeg: t }]];
  }

  pivotCost(turn: number): number {
    return (this.share * Math.abs(turn)) / this.pivotUrt;
  }

  generate(options: CandidateOptions = {}): MoveCandidate[] {
    const u = this.u;
    if (u.muddle > 0) {
      this.try(stillProgram(this.ctx, this.id, u));
      return this.out;
    }
    const still = stillProgram(this.ctx, this.id, u);
    if (still.length > 0) this.try(still);
    const rate = this.rate;
    const fractions = options.few ? [0.5] : [0.75, 0.5, 0.25];
    if (rate > 0) {
      // The furthest straight advance (the whole move, or as far as the engine lets it go), then shorter ones.
      const furthest = this.advance([], rate);
      const most = furthest?.action.type === "move" ? advanced(furthest.action.program) : 0;
      for (const f of fractions) {
        const ticks = Math.floor(rate * f);
        if (ticks < most) this.try([{ op: "advance", ticks }]);
      }
    }
    const pivots = u.formation !== "hedgehog" && u.formation !== "skirmish" && u.formation !== "unlimbered";
    for (const aim of options.aims ?? []) {
      const b = bearing(u, aim);
      if (b === null) continue;
      const turn = turnBetween(u.facing, b);
      if (Math.abs(turn) < 150) continue;
      if (pivots && rate > 0) {
        for (const ops of this.pivotOps(turn, 1)) {
          const c = this.try(ops);
          if (!c) continue;
          const op = ops[0] as Extract<MoveOp, { op: "pivot" }>;
          this.advance(ops, this.rest(this.pivotCost(op.cdeg)));
          if (!options.few) {
            const half = Math.floor(rate / 2);
            for (const ops2 of this.pivotOps(turn, 0.5)) this.try([{ op: "advance", ticks: half }, ...ops2]);
          }
        }
      } else if (Math.abs(turn) > 4500) {
        const to = Math.abs(turn) > 13500 ? "about" : turn > 0 ? "right" : "left";
        const c = this.try([{ op: "face", to }]);
        if (c && rate > 0) this.advance([{ op: "face", to }], this.rest(this.share));
      }
    }
    if (!options.few && rate > 0) {
      // Falling back by choice: about face and away, and about face again where the URTs allow (still facing the enemy).
      const about: MoveOp = { op: "face", to: "about" };
      this.advance([about], this.rest(this.share));
      const between = this.rest(2 * this.share);
      if (between >= LATTICE) {
        const away = this.advance([about], between);
        if (away?.action.type === "move") this.try([...away.action.program, about]);
      }
    }
    if (!options.few && pivots && rate > 0)
      for (const turn of [1500, -1500, 3000, -3000])
        for (const ops of this.pivotOps(turn, 1)) {
          const c = this.try(ops);
          if (c) this.advance(ops, this.rest(this.pivotCost(turn)));
        }
    if (traitsOf(this.ctx, this.id).arm === "guns") {
      if (u.formation === "limbered") this.try([{ op: "unlimber" }]);
      else if (options.limber) {
        this.try([{ op: "limber" }]);
        const limbered =
          this.ctx.rules.data.movement.limberedGuns[traitsOf(this.ctx, this.id).gun ?? "falcon"];
        const t = traitsOf(this.ctx, this.id);
        const cost =
          this.share *
          (t.gun === "falcon" || t.gun === "saker"
            ? this.ctx.rules.data.urt.limberLight
            : this.ctx.rules.data.urt.limberHeavy);
        const ticks = Math.floor(Math.max(0, 1 - cost) * limbered);
        if (ticks > 0) this.advance([{ op: "limber" }], ticks);
      }
    }
    for (const f of options.formations ?? []) {
      if (f === u.formation) continue;
      this.try([{ op: "form", formation: f }]);
    }
    return this.out;
  }
}

/** The candidate moves of a unit (the engine accepts each). */
export function candidateMoves(
  ctx: Ctx,
  position: Position,
  id: string,
  options: CandidateOptions = {},
): MoveCandidate[] {
  return new MoveGenerator(ctx, position, id).generate(options);
}
