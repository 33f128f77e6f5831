import type { ProgramOp } from "@tercio/horse-and-musket-ch11";

/**
 * A move being drawn (headless, plain data): the pivot at the start, the
 * straight leg (signed: positive ahead, negative straight back), the pivot
 * at the end, and whether it goes by road. The board turns it into the
 * engine's program (004 Movement: Turning: an optional pivot, one straight
 * leg, an optional pivot) and asks checkMove what of it is legal.
 *
 * Example: { unit: "A-INF1", startPivot: -4500, leg: 18288, endPivot: 0, road: false }
 * is "pivot 45º left, advance 3 inches".
 */
export interface MoveDraft {
  readonly unit: string;
  /** Centidegrees, clockwise positive, in (−18000, 18000]. */
  readonly startPivot: number;
  /** Ticks; negative: straight back, the facing kept. */
  readonly leg: number;
  readonly endPivot: number;
  readonly road: boolean;
}

export function emptyDraft(unit: string): MoveDraft {
  return { unit, startPivot: 0, leg: 0, endPivot: 0, road: false };
}

/** A turn in (−18000, 18000]. */
export function normTurn(cdeg: number): number {
  const t = (((cdeg % 36000) + 36000) % 36000) as number;
  return t > 18000 ? t - 36000 : t;
}

/** Whether the draft asks anything of the unit yet. */
export function isEmpty(d: MoveDraft): boolean {
  return d.startPivot === 0 && d.leg === 0 && d.endPivot === 0;
}

/**
 * The engine's program for a draft. With no leg the two pivots are one
 * (the grammar has one pivot at a time). By road, the leg is a road leg
 * (ahead only: a road move is a straight leg ahead on the road).
 */
export function programOf(d: MoveDraft): ProgramOp[] {
  if (d.leg === 0) {
    const turn = normTurn(d.startPivot + d.endPivot);
    return turn === 0 ? [] : [{ op: "pivot", cdeg: turn }];
  }
  const ops: ProgramOp[] = [];
  if (d.startPivot !== 0) ops.push({ op: "pivot", cdeg: normTurn(d.startPivot) });
  if (d.road) ops.push({ op: "road", ticks: Math.abs(d.leg) });
  else if (d.leg > 0) ops.push({ op: "advance", ticks: d.leg });
  else ops.push({ op: "back", ticks: -d.leg });
  if (d.endPivot !== 0) ops.push({ op: "pivot", cdeg: normTurn(d.endPivot) });
  return ops;
}

/** A program in words for the readout: "pivot 45º left, advance 3.25", pivot 10º right". */
export function programWords(ops: readonly ProgramOp[]): string {
  if (ops.length === 0) return "no move";
  return ops
    .map((op) => {
      if (op.op === "pivot") return `pivot ${Math.abs(op.cdeg) / 100}º ${op.cdeg > 0 ? "right" : "left"}`;
      const inches = `${Math.round((op.ticks / 6096) * 100) / 100}"`;
      return op.op === "advance"
        ? `advance ${inches}`
        : op.op === "back"
          ? `back ${inches}`
          : `road ${inches}`;
    })
    .join(", ");
}
