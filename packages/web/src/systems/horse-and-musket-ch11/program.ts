import type { ProgramOp } from "@tercio/horse-and-musket-ch11";

/**
 * A move being drawn (headless, plain data): the pivot at the start, the
 * straight leg (signed: positive ahead, negative straight back), the pivot
 * at the end, and whether it goes by road. The board turns it into the
 * engine's program (004 Movement: Turning: an optional pivot, one straight
 * leg, an optional pivot) and asks checkMove what of it is legal. A move by
 * road (004 Movement: Roads) may follow the road's bends: after its first
 * leg come `bends`, each a pivot where the road turns and the next road leg.
 *
 * Examples: { unit: "A-INF1", startPivot: -4500, leg: 18288, endPivot: 0, road: false, bends: [] }
 * is "pivot 45º left, advance 3 inches"; with road: true and
 * bends: [{ turn: 4500, ticks: 6096 }] it is "road 3", pivot 45º right, road 1"".
 */
export interface MoveDraft {
  readonly unit: string;
  /** Centidegrees, clockwise positive, in (−18000, 18000]. */
  readonly startPivot: number;
  /** Ticks; negative: straight back, the facing kept. */
  readonly leg: number;
  readonly endPivot: number;
  readonly road: boolean;
  /** By road only: the pivots at the road's bends and the legs after them. */
  readonly bends: readonly RoadBend[];
}

/** A pivot where the road bends (centidegrees, clockwise positive, never 0) and the road leg after it (ticks, > 0). */
export interface RoadBend {
  readonly turn: number;
  readonly ticks: number;
}

export function emptyDraft(unit: string): MoveDraft {
  return { unit, startPivot: 0, leg: 0, endPivot: 0, road: false, bends: [] };
}

/** A turn in (−18000, 18000]. */
export function normTurn(cdeg: number): number {
  const t = (((cdeg % 36000) + 36000) % 36000) as number;
  return t > 18000 ? t - 36000 : t;
}

/** Whether the draft asks anything of the unit yet. */
export function isEmpty(d: MoveDraft): boolean {
  return d.startPivot === 0 && d.leg === 0 && d.endPivot === 0 && d.bends.length === 0;
}

/** The centre's whole travel, ticks: the first leg (its length) and the legs after the bends. */
export function travelOf(d: MoveDraft): number {
  return d.bends.reduce((t, b) => t + b.ticks, Math.abs(d.leg));
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
  if (d.road) {
    ops.push({ op: "road", ticks: Math.abs(d.leg) });
    for (const b of d.bends)
      ops.push({ op: "pivot", cdeg: normTurn(b.turn) }, { op: "road", ticks: b.ticks });
  } else if (d.leg > 0) ops.push({ op: "advance", ticks: d.leg });
  else ops.push({ op: "back", ticks: -d.leg });
  if (d.endPivot !== 0) ops.push({ op: "pivot", cdeg: normTurn(d.endPivot) });
  return ops;
}

/**
 * The draft a program is (the inverse of programOf): what a refused draft
 * settles to is its legal ops read back. Pivots and legs in the grammar's
 * order; anything else ends the reading.
 */
export function draftOf(unit: string, ops: readonly ProgramOp[], road: boolean): MoveDraft {
  let d: MoveDraft = { ...emptyDraft(unit), road };
  let legs = 0;
  let pending = 0;
  for (const op of ops) {
    if (op.op === "pivot") {
      if (legs === 0) d = { ...d, startPivot: normTurn(d.startPivot + op.cdeg) };
      else pending = normTurn(pending + op.cdeg);
      continue;
    }
    const ticks = op.op === "back" ? -op.ticks : op.ticks;
    if (legs === 0) d = { ...d, leg: ticks };
    else if (road && pending !== 0) d = { ...d, bends: [...d.bends, { turn: pending, ticks }] };
    else break;
    pending = 0;
    legs++;
  }
  return pending !== 0 ? { ...d, endPivot: pending } : d;
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
