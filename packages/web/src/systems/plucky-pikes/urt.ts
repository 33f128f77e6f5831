import {
  add,
  type Ctx,
  type Fraction,
  fraction,
  type MoveOp,
  times,
  traitsOf,
  type UnitState,
  type UnitTraits,
  ZERO,
} from "@tercio/plucky-pikes";

/**
 * Unit Reaction Times as the table shows them (Movement: "A URT is the time
 * it takes the unit to accomplish something ... it takes 1 URT to change
 * formation which means an elite unit takes 1/3 move while a line unit
 * takes ½ move"). The engine checks every move exactly and records what a
 * unit used (`used`, thousandths of its move); these are the same figures
 * read from the rules data for the screen, so that a pivot's cost can be
 * shown while it is being drawn, before the engine is asked. A test keeps
 * them equal to the engine's.
 */

/** A URT of the unit's class, as a part of its move (Guard ¼, Elite ⅓, Veteran ½, Recruit 1). */
export function urtOf(ctx: Ctx, t: UnitTraits): Fraction {
  return ctx.rules.data.classes[t.class].urt;
}

/** How many URTs make the whole move: the clock's segments. */
export function urtsPerMove(ctx: Ctx, t: UnitTraits): number {
  const u = urtOf(ctx, t);
  return Math.max(1, Math.round(u.den / u.num));
}

/** The URTs an activity takes (the URT Table), or undefined for an advance (its length, not URTs). */
export function opUrts(ctx: Ctx, t: UnitTraits, u: UnitState, op: MoveOp): Fraction | undefined {
  const d = ctx.rules.data.urt;
  switch (op.op) {
    case "advance":
      return undefined;
    case "pivot": {
      const per = (t.brigade ? ctx.rules.data.pivot.brigade : ctx.rules.data.pivot.battalion) * 100;
      return times(fraction(d.pivot), fraction(Math.abs(op.cdeg), per));
    }
    case "face":
      return fraction(d.aboutFace);
    case "form":
      return fraction(
        op.formation === "hedgehog" || u.formation === "hedgehog" ? d.formOrLeaveHedgehog : d.changeFormation,
      );
    case "reorganise":
      return fraction(d.reorganise);
    case "reload":
    case "untangle":
      return fraction(1);
    case "limber":
    case "unlimber":
      return fraction(t.gun === "falcon" || t.gun === "saker" ? d.limberLight : d.limberHeavy);
    case "dismount":
    case "mount":
      return fraction(d.mountOrDismount);
    case "team":
      // Placing the horse team takes no URT (Artillery: the models are placed).
      return ZERO;
  }
}

/** The move's rate in ticks for the formation (the Movement Table), open ground. */
export function rateOf(ctx: Ctx, t: UnitTraits, formation: string): number {
  const m = ctx.rules.data.movement;
  if (t.arm === "guns") return formation === "limbered" && t.gun ? m.limberedGuns[t.gun] : 0;
  if (t.arm === "horse") return m.horse[formation as keyof typeof m.horse] ?? 0;
  return m.foot[formation as keyof typeof m.foot] ?? 0;
}

/**
 * What an activity takes of the move: its URTs times the class's URT, or an
 * advance's length over the rate (in the open: woods and streams cost more,
 * and the engine's total says so).
 */
export function opCost(ctx: Ctx, t: UnitTraits, u: UnitState, op: MoveOp): Fraction | undefined {
  const urts = opUrts(ctx, t, u, op);
  if (urts) return times(urts, urtOf(ctx, t));
  if (op.op !== "advance") return undefined;
  const rate = rateOf(ctx, t, u.formation);
  return rate > 0 ? fraction(op.ticks, rate) : undefined;
}

/** The costs of a program's activities in turn, each from the unit as the ones before it left it. */
export function programCosts(
  ctx: Ctx,
  id: string,
  u: UnitState,
  program: readonly MoveOp[],
): (Fraction | undefined)[] {
  let now = u;
  return program.map((op) => {
    // Dismounted horse archers are foot for the rest of the move (Bows & Crossbows).
    const c = opCost(ctx, traitsOf(ctx, id, now), now, op);
    if (op.op === "form") now = { ...now, formation: op.formation };
    if (op.op === "limber") now = { ...now, formation: "limbered" };
    if (op.op === "unlimber") now = { ...now, formation: "unlimbered" };
    if (op.op === "dismount" || op.op === "mount")
      now = { ...now, dismounted: op.op === "dismount", formation: "open" };
    return c;
  });
}

export function sum(costs: readonly (Fraction | undefined)[]): Fraction {
  return costs.reduce<Fraction>((a, c) => (c ? add(a, c) : a), ZERO);
}

/** A fraction for the screen: "1/2", "1", "2/3", "1 1/2". */
export function fractionWords(f: Fraction): string {
  if (f.den === 1) return String(f.num);
  const whole = Math.floor(f.num / f.den);
  const rest = f.num - whole * f.den;
  return whole > 0 ? `${whole} ${rest}/${f.den}` : `${f.num}/${f.den}`;
}

/** "1/2 of its move" from thousandths (the engine's `used`). */
export function usedWords(used: number): string {
  if (used === 0) return "none of its move used";
  if (used === 1000) return "all of its move used";
  return `${(used / 1000).toFixed(2).replace(/0$/, "")} of its move used`;
}

/** A URT clock reading: the part of the move used, and how many of its URTs that is. */
export interface Clock {
  readonly segments: number;
  /** The part used, 0 to 1.5 (a charge or a run takes half again). */
  readonly used: number;
  readonly urtsUsed: number;
}

export function clockOf(ctx: Ctx, id: string, u: UnitState): Clock {
  const t = traitsOf(ctx, id, u);
  const segments = urtsPerMove(ctx, t);
  const used = u.used / 1000;
  return { segments, used, urtsUsed: Math.round(used * segments * 100) / 100 };
}

/** "URT clock: 1/2 of its move used (1 of 2 URTs)". */
export function clockWords(c: Clock): string {
  return `URT clock: ${usedWords(Math.round(c.used * 1000))} (${c.urtsUsed} of ${c.segments} URT${c.segments === 1 ? "" : "s"})`;
}

/** A pivot's cost in words: '30° about the left end: 1 URT, 1/2 of its move'. */
export function pivotWords(ctx: Ctx, id: string, u: UnitState, end: "left" | "right", cdeg: number): string {
  const t = traitsOf(ctx, id, u);
  const op: MoveOp = { op: "pivot", end, cdeg };
  const urts = opUrts(ctx, t, u, op) ?? ZERO;
  const cost = opCost(ctx, t, u, op) ?? ZERO;
  const swing = cdeg > 0 ? "forward" : "back";
  return `${Math.abs(cdeg) / 100}° about the ${end} end, the ${end === "left" ? "right" : "left"} end swinging ${swing}: ${fractionWords(urts)} URT, ${fractionWords(cost)} of its move`;
}
