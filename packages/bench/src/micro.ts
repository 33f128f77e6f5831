import { Bench } from "tinybench";

export interface MicroTiming {
  /** Median time of one call of the timed function, in milliseconds. */
  readonly medianMs: number;
  /** The median per unit of work (a call does `ops` of them), in nanoseconds. */
  readonly nsPerOp: number;
  /** Units of work per second at the median. */
  readonly opsPerSecond: number;
  /** How many timed calls the median is of (after warm-up). */
  readonly samples: number;
}

export interface MicroOptions {
  readonly quick: boolean;
  /** Fewer timed calls for slow work (default 32, quick 8): the median of at least this many. */
  readonly iterations?: number;
}

// Results are folded in here so that the optimiser cannot drop the work.
let sink = 0;

/** What the timed functions returned, summed: printed nowhere, but it keeps the work alive. */
export function sinkValue(): number {
  return sink;
}

/**
 * Times `fn` with tinybench (warm-up, then as many calls as fit the time
 * budget, at least a minimum count) and reports the median call, divided by
 * the `ops` units of work each call does.
 */
export async function timeOps(
  name: string,
  fn: () => number,
  ops: number,
  options: MicroOptions,
): Promise<MicroTiming> {
  const bench = new Bench({
    name,
    time: options.quick ? 150 : 1000,
    iterations: options.iterations ?? (options.quick ? 8 : 32),
    warmupTime: options.quick ? 50 : 250,
    warmupIterations: Math.min(options.quick ? 4 : 16, options.iterations ?? 16),
    throws: true,
  });
  bench.add(name, () => {
    sink = (sink + fn()) | 0;
  });
  await bench.run();
  const task = bench.getTask(name);
  const result = task?.result;
  if (!task || !result || (result.state !== "completed" && result.state !== "aborted-with-statistics")) {
    throw new Error(`benchmark ${name} did not complete (${result?.state ?? "no result"})`);
  }
  const medianMs = result.latency.p50;
  return {
    medianMs,
    nsPerOp: (medianMs * 1e6) / ops,
    opsPerSecond: medianMs > 0 ? (ops * 1000) / medianMs : Number.POSITIVE_INFINITY,
    samples: task.runs,
  };
}
