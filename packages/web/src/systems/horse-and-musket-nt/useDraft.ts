import {
  allowanceOf,
  type Ctx,
  checkMove,
  farFromEnemies,
  type MoveCheck,
  type Played,
  type Position,
  PreviewJudge,
  type ProgramOp,
  playProgram,
  poseOf,
  type UnitState,
  unitCorners,
  unitPolygon,
} from "@tercio/horse-and-musket-nt";
import { useMemo, useState } from "react";
import type { Point } from "../tabletop/frame.js";
import { posed } from "./draft.js";
import type { CornerMeter } from "./Layers.js";

/**
 * The move being drawn for a rolled unit: the legs set, the leg being
 * dragged, and checkMove's answer for them all (legality, each corner's
 * travel, the rule that stops it, the roll-offs it would need).
 */
export interface Draft {
  readonly program: readonly ProgramOp[];
  readonly ops: readonly ProgramOp[];
  readonly setProgram: (p: readonly ProgramOp[]) => void;
  readonly live: ProgramOp | undefined;
  readonly setLive: (op: ProgramOp | undefined) => void;
  /** The unit where the next leg starts (the end of the legs set). */
  readonly base: UnitState | undefined;
  readonly ghost: UnitState | undefined;
  readonly check: MoveCheck | undefined;
  readonly meters: readonly CornerMeter[];
  readonly hinge: Point | undefined;
  /** The questions too close to call this move would roll off (Grey Areas). */
  readonly rollOffs: readonly string[];
  readonly limit: number;
  /** The longest corner's travel over the whole program drawn (checkMove's is its legal prefix's). */
  readonly travel: number;
  /** Whether the limit is the doubled allowance (1.2: begins and remains over 12" from all enemy Units). */
  readonly doubled: boolean;
}

/**
 * The limit a refused program is measured against (checkMove reports the
 * legal prefix's): its allowance, doubled where the whole move would begin
 * and remain over 12" from every enemy (1.2), as checkMove's metering does.
 */
function refusedLimit(ctx: Ctx, position: Position, id: string, u: UnitState, played: Played): number {
  const allowance = allowanceOf(ctx, id, u, played.straightOnly || u.formation === "column");
  if (Math.max(...played.corners) <= allowance) return allowance;
  const far = farFromEnemies(ctx, position, id, [unitPolygon(ctx, u), ...played.sweeps.map((s) => s.region)]);
  return far.exact || far.close ? allowance * ctx.rules.data.move.doubleFactor : allowance;
}

export function useDraft(
  ctx: Ctx,
  position: Position,
  id: string | undefined,
  u: UnitState | undefined,
): Draft {
  const [program, setProgram] = useState<readonly ProgramOp[]>([]);
  const [live, setLive] = useState<ProgramOp | undefined>();
  const ops = useMemo(() => (live ? [...program, live] : program), [program, live]);
  const base = useMemo(() => {
    if (!u) return undefined;
    if (program.length === 0) return u;
    return posed(u, playProgram(ctx, u.type, poseOf(u), u.formation, program).pose);
  }, [ctx, u, program]);
  const worked = useMemo(() => {
    if (!u || !id || ops.length === 0) return undefined;
    const played = playProgram(ctx, u.type, poseOf(u), u.formation, ops);
    const judge = new PreviewJudge(position.settled);
    const check = checkMove(ctx, position, id, ops, judge, { clamp: false });
    const limit = check.legal ? check.limit : refusedLimit(ctx, position, id, u, played);
    const ghost = posed(u, played.pose);
    const c = unitCorners(ctx, ghost);
    const meters: CornerMeter[] = (["fl", "fr", "rl", "rr"] as const).map((name, i) => ({
      name,
      at: c[name],
      travel: played.corners[i] as number,
      limit,
    }));
    const last = ops[ops.length - 1];
    let hinge: Point | undefined;
    if (last?.op === "wheel") {
      const before = ops.length > 1 ? (played.poses[ops.length - 2] ?? poseOf(u)) : poseOf(u);
      const bc = unitCorners(ctx, posed(u, before));
      hinge = last.corner === "left" ? bc.fl : bc.fr;
    }
    const travel = Math.max(...played.corners);
    const doubled = check.legal
      ? check.doubled
      : limit > allowanceOf(ctx, id, u, played.straightOnly || u.formation === "column");
    return {
      check,
      ghost,
      meters,
      hinge,
      limit,
      travel,
      doubled,
      rollOffs: judge.pending.map((q) => q.text),
    };
  }, [ctx, position, id, u, ops]);
  return {
    program,
    ops,
    setProgram,
    live,
    setLive,
    base,
    ghost: worked?.ghost,
    check: worked?.check,
    meters: worked?.meters ?? [],
    hinge: worked?.hinge,
    rollOffs: worked?.rollOffs ?? [],
    limit: worked?.limit ?? 0,
    travel: worked?.travel ?? 0,
    doubled: worked?.doubled ?? false,
  };
}
