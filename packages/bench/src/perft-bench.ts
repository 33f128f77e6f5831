import { type Catalog, legalActions, type PerftCounts, perft } from "@tercio/musket-and-pike";
import { loadFixtures } from "./fixtures.js";
import { timeOps } from "./micro.js";

export interface PerftFigure {
  readonly position: string;
  readonly at: string;
  readonly counts: PerftCounts;
  /** Median time of one legalActions call, in milliseconds. */
  readonly legalActionsMs: number;
  /** Legal actions generated per second: the count over the median call. */
  readonly actionsPerSecond: number;
  /** Median time of a whole perft count (every unit's legalMoves, the pairs, legalActions). */
  readonly perftMs: number;
}

/** Section 2: the perft positions' counts, and how fast the engine lists their legal actions. */
export async function perftBench(catalog: Catalog, quick: boolean): Promise<PerftFigure[]> {
  const figures: PerftFigure[] = [];
  for (const { name, ctx, position } of loadFixtures(catalog)) {
    const counts = perft(ctx, position);
    const iterations = quick ? 2 : 8;
    const legal = await timeOps(
      `legalActions ${name}`,
      () => legalActions(ctx, position).length,
      counts.legalActions,
      {
        quick,
        iterations,
      },
    );
    const whole = await timeOps(`perft ${name}`, () => perft(ctx, position).legalActions, 1, {
      quick,
      iterations,
    });
    figures.push({
      position: name,
      at: `${ctx.scenario.id} T${position.gameTurn} ${position.phasing} ${position.phase}`,
      counts,
      legalActionsMs: legal.medianMs,
      actionsPerSecond: legal.opsPerSecond,
      perftMs: whole.medianMs,
    });
  }
  return figures;
}
