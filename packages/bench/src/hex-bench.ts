import { firstBlocking, type HexGrid } from "@tercio/musket-and-pike";
import { type HoneycombSide, honeycombSide, lerpLineClear, type Tile } from "./hex-honeycomb.js";
import { oursSide } from "./hex-ours.js";
import { FULL_SIZE, type HexWorkload, hexWorkload, LOS_MAX_RANGE, QUICK_SIZE } from "./hex-workload.js";
import { timeOps } from "./micro.js";

export interface HexFigure {
  readonly name: string;
  /** Units of work per timed call. */
  readonly ops: number;
  readonly checksum: number;
  readonly oursNsPerOp: number;
  readonly honeycombNsPerOp: number;
  /** honeycomb's time over ours: how many times faster Tercio's grid is. */
  readonly ratio: number;
}

export interface HexReport {
  readonly seed: number;
  readonly grid: string;
  readonly figures: readonly HexFigure[];
  /** honeycomb's own `line` traverser on the same pairs: not 7.3(G), for reference. */
  readonly lerpLine: { readonly nsPerOp: number; readonly pairsDiffering: number; readonly pairs: number };
  /** Share of the line-of-sight pairs that are clear. */
  readonly clearShare: number;
}

interface Work {
  readonly name: string;
  readonly ops: (w: HexWorkload, grid: HexGrid) => number;
  readonly key: "neighbours" | "distances" | "sight" | "ranges";
}

const WORK: readonly Work[] = [
  { name: "neighbours of every hex", key: "neighbours", ops: (_, g) => g.size * 6 },
  { name: "distance of random pairs", key: "distances", ops: (w) => w.distanceA.length },
  { name: `line of sight (2-${LOS_MAX_RANGE} hexes)`, key: "sight", ops: (w) => w.sightA.length },
  { name: "movement range (budget 12)", key: "ranges", ops: (w) => w.rangeFrom.length },
];

/**
 * Section 1: Tercio's hex grid against honeycomb-grid on the same map shape
 * and the same seeded work. Each pair of answers must agree before either
 * side is timed.
 */
export async function hexBench(grid: HexGrid, seed: number, quick: boolean): Promise<HexReport> {
  const w = hexWorkload(grid, seed, quick ? QUICK_SIZE : FULL_SIZE);
  const ours = oursSide(grid, w);
  const theirs = honeycombSide(grid, w);
  const figures: HexFigure[] = [];
  for (const work of WORK) {
    const a = ours[work.key]();
    const b = theirs[work.key]();
    if (a !== b) {
      throw new Error(
        `hex bench "${work.name}": checksums differ (Tercio ${a}, honeycomb-grid ${b}): not the same work`,
      );
    }
    const ops = work.ops(w, grid);
    const mine = await timeOps(`tercio ${work.name}`, ours[work.key], ops, { quick });
    const other = await timeOps(`honeycomb ${work.name}`, theirs[work.key], ops, { quick });
    figures.push({
      name: work.name,
      ops,
      checksum: a,
      oursNsPerOp: mine.nsPerOp,
      honeycombNsPerOp: other.nsPerOp,
      ratio: other.nsPerOp / mine.nsPerOp,
    });
  }
  const lerp = await timeOps("honeycomb line()", theirs.lerpSight, w.sightA.length, { quick });
  return {
    seed,
    grid: `${grid.columns} x ${grid.rows}`,
    figures,
    lerpLine: { nsPerOp: lerp.nsPerOp, ...differingPairs(grid, w, theirs) },
    clearShare: clearShare(grid, w),
  };
}

function clearShare(grid: HexGrid, w: HexWorkload): number {
  let clear = 0;
  for (let i = 0; i < w.sightA.length; i++) {
    const blocked = firstBlocking(grid, w.sightA[i] as number, w.sightB[i] as number, (h) => w.mask[h] === 1);
    if (blocked < 0) clear++;
  }
  return clear / w.sightA.length;
}

/** On how many pairs honeycomb's plain `line` answers otherwise than 7.3(G). */
function differingPairs(
  grid: HexGrid,
  w: HexWorkload,
  theirs: HoneycombSide,
): { pairsDiffering: number; pairs: number } {
  let pairsDiffering = 0;
  for (let i = 0; i < w.sightA.length; i++) {
    const a = w.sightA[i] as number;
    const b = w.sightB[i] as number;
    const exact = firstBlocking(grid, a, b, (h) => w.mask[h] === 1) < 0;
    const lerp = lerpLineClear(theirs.hg, theirs.tiles[a] as Tile, theirs.tiles[b] as Tile);
    if (exact !== lerp) pairsDiffering++;
  }
  return { pairsDiffering, pairs: w.sightA.length };
}
